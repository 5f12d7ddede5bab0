// The one option no single vendor owns: when a payload is (or was) sent. Formats whose times are relative
// (Pinpoint's `TimeToLive`, FCM's `ttl`) declare it to convert them to and from an absolute expiration.

extension FormatOption {
    /// `sendTime`: when the payload is (or was) sent, in UNIX epoch seconds.
    package static let sendTime = FormatOption(
        "sendTime", kind: .integer(minimum: 0),
        summary:
            "when the payload is (or was) sent, in UNIX epoch seconds: converts relative times (`TimeToLive`) to "
            + "and from an absolute expiration (`apns-expiration`)")
}

extension FormatOptions {
    /// `sendTime`: when the payload is (or was) sent, in UNIX epoch seconds. It lets a relative time (Pinpoint's
    /// `TimeToLive`) and an absolute one (`apns-expiration`, canonical `delivery.expiration`) be converted into each
    /// other; without it they are not, and the loss says why.
    public var sendTime: Int64? {
        get { hasOnlyDefaults ? nil : value(.sendTime)?.int64Value }
        set { set(.sendTime, newValue.map(JSONValue.integer)) }
    }
}

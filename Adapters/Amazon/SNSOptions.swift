public import PushCore

// The option the `sns` format reads, declared by it.

extension FormatOption {
    /// `snsPlatform`: which SNS key holds the APNs payload: `APNS` (default) or `APNS_SANDBOX`.
    package static let snsPlatform = FormatOption(
        "snsPlatform", kind: .string(allowed: ["APNS", "APNS_SANDBOX"]), default: "APNS",
        summary: "which SNS key holds the APNs payload: `APNS` or `APNS_SANDBOX`")
}

extension FormatOptions {
    /// `snsPlatform`: which SNS key holds the APNs payload: `APNS` (default) or `APNS_SANDBOX`.
    public var snsPlatform: String {
        get { hasOnlyDefaults ? "APNS" : string(.snsPlatform) ?? "APNS" }
        set { set(.snsPlatform, .string(newValue)) }
    }
}

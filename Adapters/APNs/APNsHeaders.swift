public import PushCore

/// The APNs request headers the model holds (``PushCore/PushNotification/Delivery``), each header name spelt once:
/// here, in the APNs format, so that `PushCore` names no vendor. Formats that carry APNs headers (FCM's
/// `apns.headers`, SNS, Pinpoint's expiry) and the facade's render result use these names.
public enum APNsHeaders {
    /// `apns-push-type`.
    public static let pushType = "apns-push-type"
    /// `apns-priority`: 10, 5 or 1.
    public static let priority = "apns-priority"
    /// `apns-expiration`: UNIX seconds; 0 means do not store.
    public static let expiration = "apns-expiration"
    /// `apns-collapse-id`: at most 64 bytes.
    public static let collapseID = "apns-collapse-id"
    /// `apns-topic`.
    public static let topic = "apns-topic"
    /// `apns-id`.
    public static let id = "apns-id"

    /// The six names in the order they are written.
    public static let all = [pushType, priority, expiration, collapseID, topic, id]
}

extension PushNotification.Delivery {
    /// The APNs request headers, in a fixed order (``APNsHeaders``).
    public var headers: JSONObject {
        var headers = JSONObject()
        if let pushType { headers.appendUnchecked(APNsHeaders.pushType, .string(pushType)) }
        if let priority { headers.appendUnchecked(APNsHeaders.priority, .string(String(priority))) }
        if let expiration { headers.appendUnchecked(APNsHeaders.expiration, .string(String(expiration))) }
        if let collapseID { headers.appendUnchecked(APNsHeaders.collapseID, .string(collapseID)) }
        if let topic { headers.appendUnchecked(APNsHeaders.topic, .string(topic)) }
        if let id { headers.appendUnchecked(APNsHeaders.id, .string(id)) }
        return headers
    }
}

package import WireTables

/// The keys of the FCM HTTP v1 send request and `Message`, each spelt once: lowerCamelCase as declared (the REST
/// reference's), with the snake_case spelling the Admin SDKs send, which FCM writes. Android's part is
/// ``FCMAndroidWire``; `apns.payload` is APNs' own table (``APNsWire``).
package enum FCMV1Wire {
    // MARK: - SendMessageRequest

    package static let message: WireKey = "message"
    package static let validateOnly = WireKey(camel: "validateOnly", snake: "validate_only")

    // MARK: - Message

    package static let name: WireKey = "name"
    package static let data: WireKey = "data"
    package static let notification: WireKey = "notification"
    package static let android: WireKey = "android"
    package static let webpush: WireKey = "webpush"
    package static let apns: WireKey = "apns"
    package static let fcmOptions = WireKey(camel: "fcmOptions", snake: "fcm_options")
    package static let token: WireKey = "token"
    package static let topic: WireKey = "topic"
    package static let condition: WireKey = "condition"
    package static let fid: WireKey = "fid"
    /// The targets, in reading and writing order.
    package static let targets = [token, topic, condition]
    /// The members of a Message (a send request has none of them beside `message`).
    package static let messageKeys = [
        name, data, notification, android, webpush, apns, fcmOptions, token, topic, condition, fid,
    ]

    // MARK: - Notification

    /// `title`, `body`, `image`: the content the model holds once (`notification`, the APNs alert and
    /// `android.notification` each may name it).
    package static let notificationContent: [WireKey] = ["title", "body", "image"]

    // MARK: - ApnsConfig

    package static let headers: WireKey = "headers"
    package static let payload: WireKey = "payload"
    /// `apns.fcm_options.image`.
    package static let image: WireKey = "image"
    /// ApnsConfig members the model does not hold, kept verbatim in the spelling they came in.
    package static let apnsKept = [WireKey(camel: "liveActivityToken", snake: "live_activity_token")]

    // MARK: - Checked only (kept verbatim by the reader)

    /// `fcm_options.analytics_label` (`FcmOptions`, `ApnsFcmOptions`, `AndroidFcmOptions`, `WebpushFcmOptions`).
    static let analyticsLabel = WireKey(camel: "analyticsLabel", snake: "analytics_label")
    /// `webpush.fcm_options.link`.
    static let link: WireKey = "link"
    /// `webpush.notification.dir`.
    static let direction: WireKey = "dir"
}

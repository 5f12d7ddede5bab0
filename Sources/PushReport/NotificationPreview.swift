public import PushCore

/// What a person would see of a notification: the text and images an iOS banner and an Android shade entry show,
/// taken from the canonical notification only (nothing is fetched).
public struct NotificationPreview: Sendable, Equatable {
    /// The app named by the payload (its APNs topic, the bundle ID), if any.
    public var app: String?
    public var title: String?
    public var subtitle: String?
    public var body: String?
    /// The iOS attachment (the first media URL) and its kind.
    public var attachment: String?
    public var attachmentKind: String?
    /// Android's own title, body, big picture and channel (falling back to the shared title, body and media).
    public var androidTitle: String?
    public var androidBody: String?
    public var androidPicture: String?
    public var channel: String?

    public init() {}

    /// The preview of `notification`. A localised title or body without text shows as its key in brackets.
    public init(_ notification: PushNotification) {
        app = notification.delivery?.topic
        title = notification.title ?? notification.titleLocKey.map { "[\($0)]" }
        subtitle = notification.subtitle ?? notification.subtitleLocKey.map { "[\($0)]" }
        body = notification.body ?? notification.bodyLocKey.map { "[\($0)]" }
        attachment = notification.media.first?.url
        attachmentKind = notification.media.first?.kind?.rawValue
        let android = notification.androidPart
        androidTitle = android.title ?? android.titleLocKey.map { "[\($0)]" } ?? title
        androidBody = android.body ?? android.bodyLocKey.map { "[\($0)]" } ?? body
        // The shade's big picture shows an image only: a video or audio attachment is not drawn there.
        let pictureKind = notification.media.first?.kind
        androidPicture = android.image ?? (pictureKind == .video || pictureKind == .audio ? nil : attachment)
        channel = android.channelID
    }

    /// The preview's fields by name, in a fixed order (the JSON form's keys).
    var fields: [(String, String?)] {
        [
            ("app", app), ("title", title), ("subtitle", subtitle), ("body", body), ("attachment", attachment),
            ("attachmentKind", attachmentKind), ("androidTitle", androidTitle), ("androidBody", androidBody),
            ("androidPicture", androidPicture), ("channel", channel),
        ]
    }

    /// `{"title": …, …}` with the absent fields left out.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        for (key, value) in fields {
            if let value { object[key] = .string(value) }
        }
        return .object(object)
    }

    /// The preview a JSON form describes (unknown keys and non-string values are ignored).
    public init(json: JSONValue?) {
        let object = json?.objectValue ?? JSONObject()
        func text(_ key: String) -> String? { object[key]?.stringValue }
        app = text("app")
        title = text("title")
        subtitle = text("subtitle")
        body = text("body")
        attachment = text("attachment")
        attachmentKind = text("attachmentKind")
        androidTitle = text("androidTitle")
        androidBody = text("androidBody")
        androidPicture = text("androidPicture")
        channel = text("channel")
    }
}

package import PushCore

/// FCM's image fields (`notification.image`, `android.notification.image`, the legacy `notification.image`) show
/// a picture: a URL whose extension says video or audio is not written there but declared lost, with its reason.
package enum FCMImageField {
    /// True when `url` (of `kind`, or the kind its extension implies) can go into an image field: an image, a GIF,
    /// or a URL whose kind is unknown.
    package static func takes(_ url: String, kind: PushNotification.MediaKind? = nil) -> Bool {
        takes(resolved: kind ?? PushNotification.MediaKind(url: url))
    }

    /// True when a URL of `kind`, the kind it was found to be (nil: unknown), can go into an image field.
    package static func takes(resolved kind: PushNotification.MediaKind?) -> Bool {
        switch kind {
        case .video?, .audio?: return false
        default: return true
        }
    }

    /// Why `url` of `kind` is lost rather than written into `field`.
    package static func reason(_ url: String, kind: PushNotification.MediaKind? = nil, field: String) -> String {
        text(kind ?? PushNotification.MediaKind(url: url), field: field)
    }

    /// The v1 message's image fields.
    enum Field {
        /// `notification.image`.
        case notification
        /// `android.notification.image`.
        case android
    }

    /// ``reason(_:kind:field:)`` for a URL of `kind`, the kind it was found to be (nil: unknown), lost rather than
    /// written into `field`: its text built once per kind (a message's reason was built for each loss).
    static func reason(resolved kind: PushNotification.MediaKind?, field: Field) -> String {
        switch field {
        case .notification: return notificationReasons[kind]
        case .android: return androidReasons[kind]
        }
    }

    private static let notificationReasons = Reasons(field: "notification.image")
    private static let androidReasons = Reasons(field: "android.notification.image")

    /// The reason for each kind of URL lost rather than written into one field.
    private struct Reasons {
        let byKind: [PushNotification.MediaKind: String]
        let unknown: String

        init(field: String) {
            byKind = Dictionary(
                uniqueKeysWithValues: PushNotification.MediaKind.allCases.map {
                    ($0, FCMImageField.text($0, field: field))
                })
            unknown = FCMImageField.text(nil, field: field)
        }

        subscript(kind: PushNotification.MediaKind?) -> String { kind.flatMap { byKind[$0] } ?? unknown }
    }

    /// The reason's text for a URL of `kind` (nil: unknown) lost rather than written into `field`.
    private static func text(_ kind: PushNotification.MediaKind?, field: String) -> String {
        "FCM's \(field) shows only images: a \(kind?.rawValue ?? "media") URL would be a broken picture"
    }
}

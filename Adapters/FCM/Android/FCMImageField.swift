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
        let what = (kind ?? PushNotification.MediaKind(url: url))?.rawValue ?? "media"
        return "FCM's \(field) shows only images: a \(what) URL would be a broken picture"
    }
}

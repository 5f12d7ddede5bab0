package import PushCore

/// The FCM wire spellings (snake_case, as the Admin SDKs send them; ``camel(_:)`` gives the lowerCamelCase spelling
/// the REST reference and the discovery document use, which FCM accepts too).
package enum FCMKeys {
    /// The extension namespace of every FCM-only value.
    package static let namespace = "fcm"

    /// `HelloWorld_key` → `helloWorldKey`: the lowerCamelCase spelling of a snake_case key.
    package static func camel(_ snake: String) -> String {
        guard snake.contains("_") else { return snake }
        var out = ""
        var upper = false
        for character in snake {
            if character == "_" {
                upper = true
            } else if upper {
                out += character.uppercased()
                upper = false
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// `SendMessageRequest`.
    package enum Request {
        package static let message = "message"
        package static let validateOnly = "validate_only"
    }

    /// `Message`.
    package enum Message {
        static let name = "name"
        package static let data = "data"
        static let notification = "notification"
        static let android = "android"
        static let webpush = "webpush"
        package static let apns = "apns"
        static let fcmOptions = "fcm_options"
        static let token = "token"
        static let topic = "topic"
        static let condition = "condition"
        static let fid = "fid"
        /// The top-level keys of a Message (for recognising a bare one).
        static let all = [name, data, notification, android, webpush, apns, fcmOptions, token, topic, condition, fid]
    }

    /// `Notification`.
    package enum Notification {
        static let title = "title"
        static let body = "body"
        static let image = "image"
    }

    /// The keys of FCM's `Notification` (an unknown key of a `notification` block is any other).
    package static let notificationFields: Set<String> = [Notification.title, Notification.body, Notification.image]

    /// `AndroidConfig`.
    package enum Android {
        static let collapseKey = "collapse_key"
        static let priority = "priority"
        static let ttl = "ttl"
        static let restrictedPackageName = "restricted_package_name"
        static let data = "data"
        static let notification = "notification"
        static let fcmOptions = "fcm_options"
        static let directBootOK = "direct_boot_ok"
    }

    /// `AndroidNotification`: the keys the canonical model holds, in writing order, with their canonical names.
    package enum AndroidNotification {
        static let title = "title"
        static let body = "body"
        static let image = "image"
        static let sound = "sound"
        static let icon = "icon"
        static let color = "color"
        static let tag = "tag"
        static let clickAction = "click_action"
        static let channelID = "channel_id"
        static let notificationPriority = "notification_priority"
        static let visibility = "visibility"
        static let bodyLocKey = "body_loc_key"
        static let bodyLocArgs = "body_loc_args"
        static let titleLocKey = "title_loc_key"
        static let titleLocArgs = "title_loc_args"
        nonisolated(unsafe) static let strings:
            [(wire: String, path: WritableKeyPath<PushNotificationAndroid, String?>)] = [
                (icon, \.icon), (color, \.color), (tag, \.tag), (clickAction, \.clickAction), (channelID, \.channelID),
                (notificationPriority, \.notificationPriority), (visibility, \.visibility),
            ]
        /// The localised keys: Android's own only where they differ from the shared (APNs) ones, which Android
        /// inherits (a string resource of the same name).
        nonisolated(unsafe) static let locKeys:
            [(
                wire: String, android: WritableKeyPath<PushNotificationAndroid, String?>,
                shared: KeyPath<PushNotification, String?>
            )] = [
                (bodyLocKey, \.bodyLocKey, \.bodyLocKey), (titleLocKey, \.titleLocKey, \.titleLocKey),
            ]
        nonisolated(unsafe) static let locArgs:
            [(
                wire: String, android: WritableKeyPath<PushNotificationAndroid, [String]?>,
                shared: KeyPath<PushNotification, [String]?>
            )] = [
                (bodyLocArgs, \.bodyLocArgs, \.bodyLocArgs), (titleLocArgs, \.titleLocArgs, \.titleLocArgs),
            ]
        static let notificationCount = "notification_count"
    }

    /// `ApnsConfig`.
    package enum APNs {
        static let headers = "headers"
        static let payload = "payload"
        static let fcmOptions = "fcm_options"
        static let image = "image"
    }

    /// `extensions.fcm` keys.
    package enum Extension {
        /// Layout memory: where the message put each shared value (``FCMLayout``).
        package static let layout = "layout"
        package static let validateOnly = "validateOnly"
        /// Other members of the send request.
        package static let request = "request"
        /// Members of the message the model does not hold (`name`, `fid`, unknown keys).
        package static let message = "message"
        /// `notification`'s values that neither platform shows (each overridden on both), and its unknown keys.
        package static let notification = "notification"
        /// `message.data` values that differ from the same key in `apns.payload`.
        package static let messageData = "messageData"
        /// AndroidConfig members the model does not hold (`fcm_options`, `bandwidth_constrained_ok`, unknown).
        package static let android = "android"
        /// AndroidNotification members the model does not hold (`ticker`, `light_settings`, …).
        package static let androidNotification = "androidNotification"
        /// ApnsConfig members the model does not hold (`fcm_options` but its image, `live_activity_token`, unknown).
        package static let apns = "apns"
        /// `apns.headers` other than the six APNs headers the model holds.
        package static let apnsHeaders = "apnsHeaders"
        package static let webpush = "webpush"
        package static let fcmOptions = "fcmOptions"
    }
}

/// The Android part's type, named for key paths in the tables.
package typealias PushNotificationAndroid = PushNotification.Android

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


import PushCore
import WireTables

/// The FCM wire spellings (snake_case, as the Admin SDKs send them; ``camel(_:)`` gives the lowerCamelCase spelling
/// the REST reference and the discovery document use, which FCM accepts too).
package enum FCMKeys {
    /// The extension namespace of every FCM-only value.
    package static let namespace = "fcm"

    /// `channel_id` → `channelId`: the lowerCamelCase spelling of a snake_case key (each letter after an underscore
    /// upper-cased, the underscores dropped; the first letter is left as it is).
    package static func camel(_ snake: String) -> String {
        let underscore = UInt8(ascii: "_")
        guard snake.utf8.contains(underscore) else { return snake }
        if snake.utf8.allSatisfy({ $0 < 0x80 }) {
            // The wire keys: ASCII, so bytes (`Character` iteration costs ten times as much, on every FCM lookup);
            // a key of up to 15 bytes is a small string, with nothing allocated.
            return String(unsafeUninitializedCapacity: snake.utf8.count) { out in
                var count = 0
                var upper = false
                for byte in snake.utf8 {
                    if byte == underscore {
                        upper = true
                        continue
                    }
                    out[count] = upper && byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 0x20 : byte
                    count += 1
                    upper = false
                }
                return count
            }
        }
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

    // The wire keys are spelt once, in ``FCMV1Wire`` (and Android's in ``FCMAndroidWire``); these are their
    // snake_case spellings as strings, for the code that builds ``JSONObject``s.
    private typealias W = FCMV1Wire

    /// `SendMessageRequest`.
    package enum Request {
        package static let message = W.message.name(.snakeCase)
        package static let validateOnly = W.validateOnly.name(.snakeCase)
    }

    /// `Message`.
    package enum Message {
        static let name = W.name.name(.snakeCase)
        package static let data = W.data.name(.snakeCase)
        static let notification = W.notification.name(.snakeCase)
        static let android = W.android.name(.snakeCase)
        static let webpush = W.webpush.name(.snakeCase)
        package static let apns = W.apns.name(.snakeCase)
        static let fcmOptions = W.fcmOptions.name(.snakeCase)
        static let token = W.token.name(.snakeCase)
        static let topic = W.topic.name(.snakeCase)
        static let condition = W.condition.name(.snakeCase)
        static let fid = W.fid.name(.snakeCase)
    }

    /// `Notification`.
    package enum Notification {
        static let title = W.notificationContent[0].description
        static let body = W.notificationContent[1].description
        static let image = W.notificationContent[2].description
    }

    /// The keys of FCM's `Notification` (an unknown key of a `notification` block is any other).
    package static let notificationFields = Set(W.notificationContent.map(\.description))

    /// `ApnsConfig`.
    package enum APNs {
        static let headers = W.headers.name(.snakeCase)
        static let payload = W.payload.name(.snakeCase)
        static let fcmOptions = W.fcmOptions.name(.snakeCase)
        static let image = W.image.name(.snakeCase)
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

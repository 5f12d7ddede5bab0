import PushCore
import WireTables

/// The keys of the legacy send body (`POST /fcm/send`), each spelt once. The legacy API has one spelling,
/// snake_case; its Android options are AndroidConfig's keys and the Android keys of its `notification` are
/// AndroidNotification's, so both are ``FCMAndroidWire``'s lines.
enum FCMLegacyWire {
    typealias Line = FCMAndroidWire.Line

    static let to = "to"
    /// A `to` naming a topic.
    static let topicPrefix = "/topics/"
    static let registrationIDs = "registration_ids"
    static let condition = "condition"
    static let notification = "notification"
    static let data = "data"
    static let timeToLive = "time_to_live"
    static let dryRun = "dry_run"
    static let delayWhileIdle = "delay_while_idle"
    static let priority = FCMAndroidWire.priority
    static let collapseKey = FCMAndroidWire.collapseKey
    static let restrictedPackageName = FCMAndroidWire.restrictedPackageName
    static let contentAvailable = Line.bool("content_available", .contentAvailable)
    static let mutableContent = Line.bool("mutable_content", .mutableContent)

    /// The legacy `notification`'s shared content (its Android keys are ``FCMAndroidWire/legacyNotification``).
    enum Notification {
        static let title = "title"
        static let body = "body"
        static let sound = "sound"
        static let badge = "badge"
        static let titleLocKey = "title_loc_key"
        static let titleLocArgs = "title_loc_args"
        static let bodyLocKey = "body_loc_key"
        static let bodyLocArgs = "body_loc_args"
        static let image = "image"
    }

    /// The documented top-level keys.
    static let rootKeys = [
        to, registrationIDs, condition, notification, data, priority.key.description, timeToLive,
        collapseKey.key.name(.snakeCase), contentAvailable.key.description, mutableContent.key.description,
        restrictedPackageName.key.name(.snakeCase), dryRun, delayWhileIdle,
    ]

    /// The snake_case key of a line.
    static func key(_ line: Line) -> String { line.key.name(.snakeCase) }
}

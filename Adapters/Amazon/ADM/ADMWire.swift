import JSONCodec
import PushCore
package import WireTables

/// Amazon Device Messaging's message, the body of `POST /messaging/registrations/{registrationId}/messages` (format
/// `adm`), as wire tables: `data` (a map of strings), `notification` (title, body, icon, color, sound, tag,
/// click_action and the localised keys, shown by ADM itself), `consolidationKey`, `expiresAfter` (seconds) and
/// `md5` (the base64 MD5 of `data`). Each key is spelt here once.
///
/// ADM delivers to Fire OS (Android) devices only, so a message's content is the content every platform shows:
/// `notification.title` and `body`, the sound and the localised keys are the shared fields; `icon`, `color`,
/// `tag` and `click_action` are Android's, as in the legacy FCM `notification` ADM's copies.
/// `consolidationKey` is Android's collapse key and `expiresAfter` its time to live.
package enum ADMWire {
    /// What only ADM reads and writes itself.
    package enum Hook: Sendable {
        /// `data`: custom data, every value a string.
        case data
        /// `notification.sound`: a sound resource name (the model's sound is a name with iOS options).
        case sound
        /// `expiresAfter`: whole seconds, the model's `android.ttl` duration.
        case expiresAfter
        /// `md5`: checked to be a base64 MD5 (16 bytes).
        case md5
    }

    package typealias Line = WireTable<Hook>.Line

    /// The extension namespace of ADM-only values.
    package static let namespace = "adm"

    /// The `extensions.adm` keys.
    package enum Extension {
        /// `md5`, verbatim.
        package static let md5 = "md5"
        /// The message's keys ADM does not define, kept in input order and written back.
        package static let unknown = "unknown"
        /// The `notification` keys the model does not hold, kept and written back.
        package static let notification = "notification"
        /// What a rendering needs to give the message its shape back (`{"emptyData": true}`: `"data": {}`, ADM's
        /// sync message).
        package static let layout = "layout"
        /// The layout's flag for an empty `data` object.
        package static let emptyData = "emptyData"
    }

    // MARK: - Message

    static let data: WireKey = "data"
    static let notification: WireKey = "notification"
    static let consolidationKey: WireKey = "consolidationKey"
    static let expiresAfter: WireKey = "expiresAfter"
    static let md5: WireKey = "md5"

    // MARK: - Notification

    /// ADM's notification (Amazon's "message types" page): the shared content, then Android's keys.
    package static let notificationTable = WireTable<Hook>(
        namespace: namespace,
        lines: [
            .text("title", .title),
            .text("body", .body),
            .text("icon", .androidIcon),
            .text("color", .androidColor),
            .hook("sound", .sound, carries: ["sound"]),
            .text("tag", .androidTag),
            .text("click_action", .androidClickAction),
            .text("title_loc_key", .titleLocKey),
            .strings("title_loc_args", .titleLocArgs),
            .text("body_loc_key", .bodyLocKey),
            .strings("body_loc_args", .bodyLocArgs),
        ],
        unmodelled: Extension.notification,
        unmodelledOthersLose: "these are ADM notification keys the model does not hold")

    /// The message.
    package static let message = WireTable<Hook>(
        namespace: namespace,
        lines: [
            .hook(data, .data, carries: ["data"]),
            .object(notification, notificationTable),
            .text(consolidationKey, .androidCollapseKey),
            .hook(expiresAfter, .expiresAfter, carries: ["android"]),
            .kept(
                md5, as: Extension.md5, .string, check: .md5,
                othersLose: "it is ADM's checksum of `data`; other formats have no integrity field"),
        ],
        unmodelled: Extension.unknown,
        unmodelledOthersLose: "these are keys ADM does not define",
        losses: [
            .init("subtitle", "an ADM notification has only a title and a body"),
            .init("badge", "ADM has no app badge"),
            .init("media", "an ADM notification has no image"),
            .init("category", "an ADM notification has no action buttons (category)"),
            .init("group", "an ADM notification has no thread (`tag` replaces, it does not group)"),
            .init("contentAvailable", "ADM has no background-update flag (a message with only `data` is one)"),
            .init("mutableContent", "ADM has no notification service extension"),
            .init("target", "an ADM message names no recipient: the registration ID is in the request's URL"),
        ])

    /// The `android` fields an ADM message has no place for, with the reason. ADM writes the shared content, so
    /// Android's own content where it differs has no second place.
    package static let unsupportedAndroid: [(key: String, reason: String)] = [
        ("title", "an ADM notification has one title, the shared one"),
        ("body", "an ADM notification has one body, the shared one"),
        ("titleLocKey", "an ADM notification's localised keys are the shared ones"),
        ("titleLocArgs", "an ADM notification's localised keys are the shared ones"),
        ("bodyLocKey", "an ADM notification's localised keys are the shared ones"),
        ("bodyLocArgs", "an ADM notification's localised keys are the shared ones"),
        ("sound", "an ADM notification has one sound, the shared one"),
        ("data", "an ADM message has one `data` map, the shared custom data"),
        ("image", "an ADM notification has no image"),
        ("imageIcon", "an ADM notification has no large icon URL"),
        ("smallImageIcon", "an ADM notification has no small icon URL"),
        ("url", "an ADM notification opens a URL only through `click_action`"),
        ("deepLink", "an ADM notification opens a deep link only through `click_action`"),
        ("channelId", "ADM has no notification channel field"),
        ("notificationCount", "ADM has no notification count"),
        ("visibility", "ADM has no lock-screen visibility"),
        ("notificationPriority", "ADM has no notification priority"),
        ("priority", "ADM has no message priority"),
        ("restrictedPackageName", "ADM addresses an app instance by its registration ID, not a package name"),
        ("directBootOk", "ADM has no direct-boot delivery flag"),
        ("silent", "ADM has no silent flag: a message with only `data` is silent"),
    ]

    /// The `expiresAfter` range (Amazon's send-message reference: 60 seconds to 31 days).
    package static let expiresAfterRange: ClosedRange<Int64> = 60...2_678_400
    /// The most bytes of `data` (keys, values, quotes, colons, commas and braces) ADM takes.
    package static let dataLimit = 6 * 1024
    /// The longest `consolidationKey` (an ADM client library's documented check; Amazon's page names no limit).
    package static let consolidationKeyLimit = 64

    /// Whole seconds from a duration string (`"3600s"`); nil for anything else (a fraction, a bad string).
    package static func wholeSeconds(_ ttl: String) -> Int64? {
        guard ttl.hasSuffix("s"), let seconds = Int64(ttl.dropLast()), seconds >= 0 else { return nil }
        return seconds
    }
}

import FCMAdapter
import PushCore
package import WireTables

private typealias X = HMSKeys.Extension

/// Huawei Push Kit's server API v1 `Message` as wire tables (``WireTable``), read and written by the generic engine.
///
/// HMS spells its keys in snake_case. Where an HMS key holds what FCM's key of the same name holds (the Android
/// notification's `title`, `body`, `icon`, `color`, `sound`, `tag`, localised keys, `channel_id`, `image`,
/// `visibility`, and `AndroidConfig.ttl`), the line is FCM's own (``FCMAndroidWire``), shared, not copied. Where HMS
/// differs, the line is HMS's: `data` is a string, `token` an array, `urgency` is the priority, `collapse_key` an
/// integer group, `click_action` an object, the badge `{add_num, set_num, class}`. What only HMS has is kept in
/// `extensions.hms` (its key in lowerCamelCase) and written back in place; every table keeps its unknown keys.
package enum HMSWire {
    /// What HMS reads and writes itself (``HMSHooks``).
    package enum Hook: Sendable {
        /// `message.token`: an array of up to 1,000 tokens (one token → `target.token`, several → `target.tokens`).
        case token
        /// `message.topic`.
        case topic
        /// `message.condition`.
        case condition
        /// `message.data`: a string; a JSON object in it is the data map, any other string stays a string.
        case data
        /// `android.data`: Android's own data string, read as `message.data` is (into `android.data`).
        case androidData
        /// `notification.image`: the image (`media`).
        case image
        /// `android.urgency` `HIGH` | `NORMAL`: the message priority (`android.priority` `high` | `normal`).
        case urgency
        /// `android.notification.click_action {type, intent, action, url, rich_resource}`: type 1 `intent` is the
        /// deep link and `action` the intent action, type 2 `url` the tap URL; the rest is kept.
        case clickAction
        /// `android.notification.badge {add_num, set_num, class}`: `set_num` is the app-icon badge (`badge`); the
        /// rest is kept.
        case badge
    }

    package typealias Line = WireTable<Hook>.Line

    // MARK: - Lines shared with FCM

    /// FCM's line for the key whose snake_case spelling is `snake` in `table`, as a line of an HMS table.
    static func fcm(_ snake: String, in table: WireTable<FCMAndroidWire.Hook>) -> Line? {
        table.lines.first { $0.key.name(.snakeCase) == snake }.flatMap { Line(sharing: $0, spelling: .snakeCase) }
    }

    /// The Android notification keys HMS shares with FCM (same key, same meaning).
    static let sharedNotificationKeys = [
        "title", "body", "icon", "color", "sound", "tag", "body_loc_key", "body_loc_args", "title_loc_key",
        "title_loc_args", "channel_id", "image", "visibility",
    ]
    /// The AndroidConfig keys HMS shares with FCM.
    static let sharedConfigKeys = ["ttl"]

    private static func shared(_ snake: String) -> Line? { fcm(snake, in: FCMAndroidWire.notification) }

    // MARK: - Why other formats lose what only HMS has

    static let styleLost = "only HMS has server-side notification styles (style, big_title, big_body, inbox_content)"
    static let androidOnlyLost = "only HMS's AndroidNotification has this key"

    private static func kept(_ key: StaticString, as name: String, _ type: WireTable<Hook>.KeptType, _ reason: String)
        -> Line
    {
        .kept(WireKey(stringLiteral: key), as: name, type, othersLose: reason)
    }

    // MARK: - AndroidNotification

    /// `android.notification` (`AndroidNotification`), in the order of Huawei's reference.
    package static let androidNotification = WireTable<Hook>(
        namespace: HMSKeys.namespace,
        lines: [
            shared("title"), shared("body"), shared("icon"), shared("color"), shared("sound"),
            kept("default_sound", as: "defaultSound", .bool, androidOnlyLost), shared("tag"),
            .hook(
                WireKey(stringLiteral: "click_action"), .clickAction,
                carries: ["android", "extensions.hms.clickAction"],
                othersLose: "only HMS has click-action types 3 (open the app) and 4 (rich resource)"),
            shared("body_loc_key"), shared("body_loc_args"), shared("title_loc_key"), shared("title_loc_args"),
            kept("multi_lang_key", as: "multiLangKey", .object, "only HMS carries server-side translations"),
            shared("channel_id"),
            kept("notify_summary", as: "notifySummary", .string, androidOnlyLost),
            shared("image"),
            kept("style", as: "style", .integer, styleLost),
            kept("big_title", as: "bigTitle", .string, styleLost),
            kept("big_body", as: "bigBody", .string, styleLost),
            kept("auto_clear", as: "autoClear", .integer, androidOnlyLost),
            kept("notify_id", as: "notifyID", .integer, androidOnlyLost),
            .text(WireKey(stringLiteral: "group"), .group),
            .hook(
                WireKey(stringLiteral: "badge"), .badge, carries: ["badge", "extensions.hms.badge"],
                othersLose: "only HMS increments the badge (add_num) and names the launcher class (class)"),
            kept("ticker", as: "ticker", .string, androidOnlyLost),
            kept("auto_cancel", as: "autoCancel", .bool, androidOnlyLost),
            kept("when", as: "when", .string, androidOnlyLost),
            kept(
                "importance", as: "importance", .string,
                "only HMS has importance (LOW, NORMAL, HIGH); FCM's notification_priority is another scale"),
            kept("use_default_vibrate", as: "useDefaultVibrate", .bool, androidOnlyLost),
            kept("use_default_light", as: "useDefaultLight", .bool, androidOnlyLost),
            kept("vibrate_config", as: "vibrateConfig", .array, androidOnlyLost),
            shared("visibility"),
            kept("light_settings", as: "lightSettings", .object, androidOnlyLost),
            kept("foreground_show", as: "foregroundShow", .bool, androidOnlyLost),
            kept("inbox_content", as: "inboxContent", .array, styleLost),
            kept("buttons", as: "buttons", .array, androidOnlyLost),
            kept("profile_id", as: "profileID", .string, androidOnlyLost),
        ].compactMap { $0 },
        unmodelled: X.androidNotification,
        unmodelledOthersLose: "these are AndroidNotification keys HMS's reference does not list",
        spelling: .snakeCase)

    // MARK: - AndroidConfig

    /// `android` (`AndroidConfig`).
    package static let androidConfig = WireTable<Hook>(
        namespace: HMSKeys.namespace,
        lines: [
            kept(
                "collapse_key", as: X.collapseKey, .integer,
                "only HMS has an integer cache group (-1…100); FCM's collapse_key is a string key"),
            .hook(WireKey(stringLiteral: "urgency"), .urgency, carries: ["android"]),
            kept("category", as: "category", .string, "only HMS classifies messages (category) for its quotas"),
            fcm("ttl", in: FCMAndroidWire.config),
            kept("bi_tag", as: "biTag", .string, "only HMS tags a batch for its receipts (bi_tag)"),
            kept("receipt_id", as: "receiptID", .string, "only HMS names a receipt configuration (receipt_id)"),
            kept("fast_app_target", as: "fastAppTarget", .integer, "only HMS sends to quick apps (fast_app_target)"),
            .hook(
                WireKey(stringLiteral: "data"), .androidData, carries: ["android", "extensions.hms.androidData"],
                othersLose: "an HMS android.data string that is not a JSON object has no place in a data map"),
            .object(WireKey(stringLiteral: "notification"), androidNotification),
        ].compactMap { $0 },
        unmodelled: X.android,
        unmodelledOthersLose: "these are AndroidConfig keys HMS's reference does not list",
        spelling: .snakeCase)

    // MARK: - Notification

    /// `notification {title, body, image}`: the content shown on every platform.
    package static let notification = WireTable<Hook>(
        namespace: HMSKeys.namespace,
        lines: [
            .text(WireKey(stringLiteral: "title"), .title),
            .text(WireKey(stringLiteral: "body"), .body),
            .hook(WireKey(stringLiteral: "image"), .image, carries: ["media"]),
        ],
        unmodelled: X.notification,
        unmodelledOthersLose: "these are Notification keys HMS's reference does not list",
        spelling: .snakeCase)

    // MARK: - Message

    /// `message`, in the order of Huawei's reference.
    package static let message = WireTable<Hook>(
        namespace: HMSKeys.namespace,
        lines: [
            .hook(
                WireKey(stringLiteral: "data"), .data, carries: ["data", "extensions.hms.data"],
                othersLose: "an HMS data string that is not a JSON object has no place in a data map"),
            .object(WireKey(stringLiteral: "notification"), notification),
            .object(WireKey(stringLiteral: "android"), androidConfig),
            kept(
                "apns", as: X.apns, .object,
                "HMS's apns block (headers, payload, hms_options) is kept verbatim, not read into the model"),
            kept("webpush", as: X.webpush, .object, "HMS's webpush block is kept verbatim"),
            .hook(WireKey(stringLiteral: "token"), .token, carries: ["target"]),
            .hook(WireKey(stringLiteral: "topic"), .topic, carries: ["target"]),
            .hook(WireKey(stringLiteral: "condition"), .condition, carries: ["target"]),
        ],
        unmodelled: X.message,
        unmodelledOthersLose: "these are Message keys HMS's reference does not list",
        losses: [
            .init("subtitle", "HMS's notification has no subtitle"),
            .init("sound", "HMS plays android.notification.sound; an iOS sound lives in the apns block"),
            .init("titleLocKey", "HMS's localised keys are Android string resources (android.notification)"),
            .init("bodyLocKey", "HMS's localised keys are Android string resources (android.notification)"),
            .init("titleLocArgs", "HMS's localised keys are Android string resources (android.notification)"),
            .init("bodyLocArgs", "HMS's localised keys are Android string resources (android.notification)"),
        ],
        spelling: .snakeCase)

    /// The order of `extensions.hms` keys in `carries`.
    static let namespaceOrder = [
        X.validateOnly, X.request, X.message, X.data, X.notification, X.apns, X.webpush, X.android, X.collapseKey,
        X.androidData, X.androidNotification, X.clickAction, X.badge,
    ]

    /// The request's keys beside `message`, and why other formats lose them.
    static let requestLost = [
        X.validateOnly: "only HMS's send request has validate_only (FCM's is its own: extensions.fcm.validateOnly)",
        X.request: "only HMS's send request has these keys",
    ]

    /// Why a format that does not carry `extensions.hms.<key>` loses it.
    package static func othersLose(_ key: String) -> String? {
        message.othersLose(key) ?? requestLost[key]
    }

    /// FCM's keys that HMS spells otherwise: not unknown, but misplaced (``HMSChecks`` says where they belong).
    static let misplacedKeys: Set<String> = ["priority", "notification_count"]

    /// Every key a table of the message declares (an unmodelled key outside it is unknown).
    static let declaredKeys: Set<String> = {
        var keys: Set<String> = []
        for table in [message, notification, androidConfig, androidNotification] {
            for line in table.lines { keys.insert(line.key.name(.snakeCase)) }
        }
        return keys
    }()
}

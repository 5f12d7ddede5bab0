import JSONCodec
package import PushCore
package import WireTables

/// Android's message options and notification as wire tables (``WireTable``), declared once for every format that
/// delivers to Android through FCM: the v1 `android` (`AndroidConfig`) and `android.notification`
/// (`AndroidNotification`), and the Android keys of the legacy `notification` (`fcm-legacy`, SNS's legacy `GCM`).
/// Each key is spelt here once: lowerCamelCase as declared (the REST reference's), with the snake_case spelling the
/// Admin SDKs send, which FCM writes (``WireTableSpelling/snakeCase``). Lines are in the order keys are read
/// (findings come in this order) and written.
package enum FCMAndroidWire {
    /// What only FCM reads and writes itself.
    package enum Hook: Sendable {
        /// `android.data`: Android's own data map, an object kept as it is.
        case data
    }

    package typealias Line = WireTable<Hook>.Line

    // MARK: - AndroidNotification

    static let title = Line.text("title", .androidTitle)
    static let body = Line.text("body", .androidBody)
    static let icon = Line.text("icon", .androidIcon)
    static let color = Line.text("color", .androidColor)
    static let sound = Line.text("sound", .androidSound)
    static let tag = Line.text("tag", .androidTag)
    static let clickAction = Line.text(WireKey(camel: "clickAction", snake: "click_action"), .androidClickAction)
    static let bodyLocKey = Line.text(WireKey(camel: "bodyLocKey", snake: "body_loc_key"), .androidBodyLocKey)
    static let bodyLocArgs = Line.strings(WireKey(camel: "bodyLocArgs", snake: "body_loc_args"), .androidBodyLocArgs)
    static let titleLocKey = Line.text(WireKey(camel: "titleLocKey", snake: "title_loc_key"), .androidTitleLocKey)
    static let titleLocArgs = Line.strings(
        WireKey(camel: "titleLocArgs", snake: "title_loc_args"), .androidTitleLocArgs)
    static let channelID = Line.text(WireKey(camel: "channelId", snake: "channel_id"), .androidChannelID)
    /// The legacy `notification`'s spelling of the channel.
    static let legacyChannelID = Line.text("android_channel_id", .androidChannelID)
    static let notificationPriority = Line.text(
        WireKey(camel: "notificationPriority", snake: "notification_priority"), .androidNotificationPriority)
    static let visibility = Line.text("visibility", .androidVisibility)
    static let notificationCount = Line.integer(
        WireKey(camel: "notificationCount", snake: "notification_count"), .androidNotificationCount)
    static let image = Line.text("image", .androidImage)

    /// `android.notification` (`AndroidNotification`). Its keys the model does not hold are kept in
    /// `extensions.fcm.androidNotification`: ``notificationKept`` verbatim, then any other.
    package static let notification = WireTable<Hook>(
        namespace: FCMKeys.namespace,
        lines: [
            title, body, icon, color, sound, tag, clickAction, bodyLocKey, bodyLocArgs, titleLocKey, titleLocArgs,
            channelID, notificationPriority, visibility, notificationCount, image,
        ],
        unmodelled: FCMKeys.Extension.androidNotification,
        unmodelledOthersLose: "these are AndroidNotification keys the model does not hold",
        spelling: .snakeCase)

    /// `AndroidNotification` members the model does not hold, kept verbatim in the spelling they came in.
    package static let notificationKept: [WireKey] = [
        "ticker", "sticky", eventTime, WireKey(camel: "localOnly", snake: "local_only"),
        WireKey(camel: "defaultSound", snake: "default_sound"),
        WireKey(camel: "defaultVibrateTimings", snake: "default_vibrate_timings"),
        WireKey(camel: "defaultLightSettings", snake: "default_light_settings"), vibrateTimings, lightSettings, proxy,
        WireKey(camel: "bypassProxyNotification", snake: "bypass_proxy_notification"),
    ]
    static let eventTime = WireKey(camel: "eventTime", snake: "event_time")
    static let vibrateTimings = WireKey(camel: "vibrateTimings", snake: "vibrate_timings")
    static let lightSettings = WireKey(camel: "lightSettings", snake: "light_settings")
    static let proxy: WireKey = "proxy"

    // MARK: - LightSettings (kept verbatim; its keys are checked)

    static let lightColor: WireKey = "color"
    static let lightOnDuration = WireKey(camel: "lightOnDuration", snake: "light_on_duration")
    static let lightOffDuration = WireKey(camel: "lightOffDuration", snake: "light_off_duration")

    /// The `android.notification` values FCM layout memory records (``FCMLayout/android``), in its order: the
    /// content the model holds once, and the localised keys Android inherits from the shared ones.
    package static let layoutLines = [title, body, image, sound, bodyLocKey, titleLocKey, bodyLocArgs, titleLocArgs]

    /// The Android keys of the legacy `notification` (the rest of it is the shared content), spelt only as
    /// snake_case.
    package static let legacyNotification = [icon, color, tag, clickAction, legacyChannelID]

    // MARK: - AndroidConfig

    static let collapseKey = Line.text(WireKey(camel: "collapseKey", snake: "collapse_key"), .androidCollapseKey)
    static let priority = Line.text("priority", .androidPriority)
    static let ttl = Line.text("ttl", .androidTTL)
    static let restrictedPackageName = Line.text(
        WireKey(camel: "restrictedPackageName", snake: "restricted_package_name"), .androidRestrictedPackageName)
    static let directBootOK = Line.bool(WireKey(camel: "directBootOk", snake: "direct_boot_ok"), .androidDirectBootOK)

    static let fcmOptions = WireKey(camel: "fcmOptions", snake: "fcm_options")

    /// `android` (`AndroidConfig`). Its keys the model does not hold are kept in `extensions.fcm.android`:
    /// ``configKept`` verbatim, then any other.
    package static let config = WireTable<Hook>(
        namespace: FCMKeys.namespace,
        lines: [
            collapseKey, priority, ttl, restrictedPackageName, .hook("data", .data, carries: ["android"]),
            .object("notification", notification), directBootOK,
        ],
        unmodelled: FCMKeys.Extension.android,
        unmodelledOthersLose: "these are AndroidConfig keys the model does not hold",
        spelling: .snakeCase)

    /// One line of ``config`` as the reader takes it: a scalar with its codes, the `data` hook, or the `notification`
    /// table (``notificationScalars``). Walked instead of the table's lines, which are generic over the hook: copying
    /// one on the conversion path looked up its type's metadata and retained its parts.
    package enum ConfigStep: Sendable {
        case scalar(WireScalar, WireScalar.Codes)
        case data(WireKey)
        case notification(WireKey)
    }

    /// ``config``'s lines, in order, as ``ConfigStep``s.
    package static let configSteps: [ConfigStep] = config.lines.compactMap { line in
        switch line.value {
        case .hook(.data): return .data(line.key)
        case .object: return .notification(line.key)
        default: return line.scalar.map { .scalar($0, line.codes) }
        }
    }

    /// A line's scalar with its codes, as the reader walks it: a struct of this module, copied directly (a tuple of
    /// the two was copied through its runtime metadata, for each line of each message).
    package struct ScalarLine: Sendable {
        package let scalar: WireScalar
        package let codes: WireScalar.Codes
    }

    /// ``notification``'s scalar lines (all of them), with their codes.
    package static let notificationScalars: [ScalarLine] =
        notification.lines.compactMap { line in line.scalar.map { ScalarLine(scalar: $0, codes: line.codes) } }

    /// One line of ``config`` as the writer takes it: trivially copied (a ``ConfigStep`` holds its codes, and the
    /// table's lines, generic over the hook, were copied with every part of them per line and per message).
    package enum WriteStep: Sendable {
        case scalar(WireScalar)
        case data(WireKey)
        case notification(WireKey)
    }

    /// ``config``'s lines, in order, as ``WriteStep``s.
    package static let configWriteSteps: [WriteStep] = configSteps.map { step in
        switch step {
        case .scalar(let scalar, _): return .scalar(scalar)
        case .data(let key): return .data(key)
        case .notification(let key): return .notification(key)
        }
    }

    /// ``notification``'s scalar lines (all of them), in order, without their codes.
    package static let notificationWriteScalars: [WireScalar] = notificationScalars.map(\.scalar)

    /// ``layoutLines``' scalars.
    package static let layoutScalars: [WireScalar] = layoutLines.compactMap(\.scalar)

    /// `AndroidConfig` members the model does not hold, kept verbatim in the spelling they came in.
    package static let configKept: [WireKey] = [
        fcmOptions,
        WireKey(camel: "bandwidthConstrainedOk", snake: "bandwidth_constrained_ok"),
        WireKey(camel: "restrictedSatelliteOk", snake: "restricted_satellite_ok"),
    ]

    // MARK: - What the tables have no place for

    /// Android fields no FCM table has a line for, with the reason (`android.<field>`).
    package static let unsupported: [WireTable<Hook>.Loss] = [
        .init("url", "FCM has no tap URL: the app reads one from data"),
        .init("deepLink", "FCM has no deep link: the app reads one from data"),
        .init("imageIcon", "FCM has no large-icon URL"),
        .init("smallImageIcon", "FCM has no small-icon URL (android.notification.icon names a resource)"),
        .init("silent", "FCM has no silent flag: a message without a notification is a data message"),
    ]

    /// Android fields the legacy body has no place for besides ``unsupported`` (its `notification` is shared by
    /// both platforms), with the reason.
    package static let legacyUnsupported: [WireTable<Hook>.Loss] =
        unsupported + [
            .init("title", "the legacy notification shows the same title on both platforms"),
            .init("body", "the legacy notification shows the same body on both platforms"),
            .init("titleLocKey", "the legacy localised keys are shared by both platforms"),
            .init("titleLocArgs", "the legacy localised keys are shared by both platforms"),
            .init("bodyLocKey", "the legacy localised keys are shared by both platforms"),
            .init("bodyLocArgs", "the legacy localised keys are shared by both platforms"),
            .init("image", "the legacy notification has one image for both platforms"),
            .init("sound", "the legacy notification has one sound for both platforms"),
            .init("notificationCount", "the legacy notification has no notification_count"),
            .init("visibility", "the legacy notification has no visibility"),
            .init("notificationPriority", "the legacy notification has no notification_priority"),
            .init("directBootOk", "the legacy body has no direct_boot_ok"),
            .init("data", "the legacy body has one data map for both platforms"),
        ]

    /// Explains each field of `android` that `losses` names.
    package static func explain(
        _ losses: [WireTable<Hook>.Loss], _ android: PushNotification.Android, context: inout RenderContext
    ) {
        let present = android.canonicalObject
        for loss in losses where present[loss.field] != nil {
            context.explainLoss(at: JSONPointer(tokens: ["android", loss.field]), loss.reason)
        }
    }

    // MARK: - Writing

    /// Writes the scalar lines `lines` that `n` has values for, in the snake_case spelling, into `object` (after its
    /// members).
    package static func append(_ lines: [Line], of n: PushNotification, to object: inout JSONObject) {
        var out = JSONValueOutput()
        out.beginObject()
        for line in lines { _ = line.writeScalar(n, spelling: .snakeCase, to: &out) }
        out.endObject()
        for (key, value) in out.result.objectValue ?? JSONObject() { object.appendUnchecked(key, value) }
    }
}

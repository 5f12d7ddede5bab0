package import WireTables
package import PushCore

private typealias C = ZegoKeys.PushConfig
private typealias O = ZegoKeys.OfflinePush
private typealias X = ZegoKeys.Extension

/// The ZEGO send forms as wire tables (``WireTable``): `ZIMPushConfig` (format `zego-push-config`) and the server
/// API's `OfflinePush` (format `zego-offline-push`), one line per key, read and written by the generic engine; the
/// payload string, `Enable` and `PushImageInfo` are hooks (``ZegoFormHooks``). What the lines keep, and why other
/// formats lose it, is declared here once; the formats' `carries` and declared losses come from these tables.
package enum ZegoWire {
    /// What a hook line or a kept line's check does.
    package enum Hook: Sendable {
        /// The pass-through `payload` string: a JSON object whose media key is `media`, the rest kept.
        case payload
        /// `OfflinePush.Enable`: 1 is not stored; 0, another integer or an absent key (ZEGO's default 0) is kept.
        case enable
        /// `OfflinePush.PushImageInfo`: `Apns.Image` is media, the rest (Android's images) is kept.
        case pushImageInfo
        /// Check: a resourcesID over 32 characters.
        case resourcesID
        /// Check: an increment outside 0…99 (`capped`: the server API's documented cap), or one `enableBadge`
        /// switches off.
        case badgeIncrement(capped: Bool)
        /// Check: the types inside `voIPConfig`.
        case voIPConfig
    }

    // MARK: - Why other formats lose what these forms keep

    static let resourcesIDLost = "the delivered payload does not show the resourcesID: ZEGO applies it when it sends"
    static let enableBadgeLost = "the delivered payload has the absolute badge ZEGO computed, not the badge settings"
    static let badgeIncrementLost = "the delivered payload has the absolute badge ZEGO computed, not the increment"

    /// The canonical fields neither send form has a place for.
    static func sendFormLosses(_ form: String) -> [WireTable<Hook>.Loss] {
        [
            .init(
                "badge",
                "\(form) has only a badge increment (badgeIncrement), and an absolute badge is not an increment: "
                    + "set extensions.zego.badgeIncrement and enableBadge explicitly"),
            .init(
                "sound",
                "ZEGO takes the sound from the resourcesID's push configuration in its console, not from the request"),
            .init("data", "\(form) carries custom data only inside the payload string (extensions.zego.payload)"),
            .init(
                "mutableContent", "ZEGO sets mutable-content from the resourcesID's configuration, not from the request"
            ),
        ]
    }

    // MARK: - Tables

    /// `ZIMPushConfig` (client SDK).
    package static let pushConfig = WireTable<Hook>(
        namespace: X.namespace,
        lines: [
            .text(WireKey(C.title), .title),
            .text(WireKey(C.content), .body),
            .hook(WireKey(C.payload), .payload, carries: ["media", "extensions.zego.payload"]),
            .kept(
                WireKey(C.resourcesID), as: X.resourcesID, .string, check: .resourcesID, fallback: .zegoResourcesID,
                othersLose: resourcesIDLost),
            .kept(WireKey(C.enableBadge), as: X.enableBadge, .bool, othersLose: enableBadgeLost),
            .kept(
                WireKey(C.badgeIncrement), as: X.badgeIncrement, .integer, check: .badgeIncrement(capped: false),
                othersLose: badgeIncrementLost),
            .kept(
                WireKey(C.voIPConfig), as: X.voIPConfig, .object, check: .voIPConfig,
                othersLose: "only ZIMPushConfig has a VoIP configuration"),
        ],
        unmodelled: X.pushConfig, unmodelledOthersLose: "these are ZIMPushConfig keys the model does not know",
        losses: sendFormLosses("ZIMPushConfig"))

    /// The server API's `OfflinePush`.
    package static let offlinePush = WireTable<Hook>(
        namespace: X.namespace,
        lines: [
            .hook(
                WireKey(O.enable), .enable, carries: ["extensions.zego.enable"],
                othersLose: "only the server OfflinePush has `Enable`"),
            .text(WireKey(O.title), .title),
            .text(WireKey(O.content), .body),
            .hook(WireKey(O.payload), .payload, carries: ["media", "extensions.zego.payload"]),
            .kept(
                WireKey(O.pushStrategyID), as: X.resourcesID, .string, check: .resourcesID, fallback: .zegoResourcesID,
                othersLose: resourcesIDLost),
            .kept(WireKey(O.enableBadge), as: X.enableBadge, .bool, othersLose: enableBadgeLost),
            .kept(
                WireKey(O.badgeIncrement), as: X.badgeIncrement, .integer, check: .badgeIncrement(capped: true),
                othersLose: badgeIncrementLost),
            .hook(
                WireKey(O.pushImageInfo), .pushImageInfo, carries: ["media", "extensions.zego.pushImageInfo"],
                othersLose: "only the server OfflinePush (push to all users) has PushImageInfo"),
        ],
        unmodelled: X.offlinePush, unmodelledOthersLose: "these are OfflinePush keys the model does not know",
        losses: sendFormLosses("OfflinePush"))

    /// The server API's wrappers around `OfflinePush`, kept by `zego-offline-push`, and why other formats lose them.
    static let wrappersLost = [
        X.messageBody: "only the server API has a MessageBody around OfflinePush",
        X.request: "only the server API has a request around MessageBody",
    ]

    /// The order of `extensions.zego` keys in a format's `carries`.
    static let namespaceOrder = [
        X.payload, X.resourcesID, X.enableBadge, X.badgeIncrement, X.voIPConfig, X.enable, X.pushImageInfo,
        X.pushConfig, X.offlinePush, X.messageBody, X.request, X.noOfflinePush,
    ]

    /// Why a format that does not carry `extensions.zego.<key>` loses it, as the line keeping it says.
    package static func othersLose(_ key: String) -> String? {
        othersLoseByKey[key] ?? nil
    }

    /// ``othersLose(_:)`` for every key, built once: the push config's reason, else the offline push's, else the
    /// wrappers'.
    private static let othersLoseByKey: [String: String?] = {
        var reasons: [String: String?] = [:]
        for key in pushConfig.explainedKeys + offlinePush.explainedKeys + Array(wrappersLost.keys) {
            reasons[key] = .some(pushConfig.othersLose(key) ?? offlinePush.othersLose(key) ?? wrappersLost[key])
        }
        return reasons
    }()

    /// Explains what `n` holds that `format` (a ZEGO format carrying `carried`) has no place for: the table's
    /// canonical losses (none for the delivered payload, `table` nil), and each `extensions.zego` key not carried.
    package static func explainLosses(
        _ n: PushNotification, table: WireTable<Hook>?, carried: CarriedFields, format: String,
        context: inout RenderContext
    ) {
        (table ?? emptyTable).explainLosses(
            n, carried: carried, othersLose: othersLose, fallback: "\(format) has no place for this ZEGO value",
            context: &context)
    }

    /// No lines: what the delivered payload declares besides `aps` (which carries the canonical fields).
    private static let emptyTable = WireTable<Hook>(
        namespace: X.namespace, lines: [], unmodelled: X.pushConfig, unmodelledOthersLose: "", losses: [])
}

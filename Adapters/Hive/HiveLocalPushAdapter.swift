public import PushCore

private typealias L = HiveKeys.LocalPush

/// Hive SDK v4's `LocalPush` object, as `Push.registerLocalPush` takes it and `LocalPush.toJson()`
/// writes it (format `hive-local`; not a delivered payload).
///
/// `title` → `title`, `msg` → `body`, `groupId` → `group`. Everything else is kept verbatim, under its
/// own key, in `extensions.hive` and rendered back at the top level: the notice id under the spelling
/// read (`noticeId`, the property and parse spelling, or `noticeID`, the spelling `toJson()` writes),
/// `after` (seconds from registration to display; iOS local notifications have no canonical delay),
/// the Android-only fields (`bigpicture`, `bigmsg`, `ticker`, `type`, `icon`, `sound`, `active`,
/// `broadcastAction`, `buckettype`, `bucketsize`, `icon_color`), unknown keys, and values of the
/// wrong type. Converting to another format therefore reports them lost.
public struct HiveLocalPushAdapter: PayloadAdapter {
    /// The adapter.
    public init() {}

    /// The format's public name.
    public static let formatName = "hive-local"

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// Built once: a conversion reads it several times.
    private static let standardDescriptor = FormatDescriptor(
        name: Self.formatName, vendor: HiveKeys.namespace,
        summary: "A Com2uS Hive SDK v4 LocalPush object (noticeId, title, msg, after, groupId, Android fields).",
        isDelivered: false, carries: ["title", "body", "group", "extensions.hive"])

    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload, root[L.message] != nil else { return nil }
        let ids = L.noticeIDSpellings.filter { root[$0] != nil }
        guard !ids.isEmpty else { return nil }
        return Recognition(strength: 3, evidence: ids.map { "/" + $0 } + ["/" + L.message])
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object(let root) = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "a Hive LocalPush must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var n = PushNotification()
        n.source = Self.formatName
        var ext = JSONObject()
        let ids = L.noticeIDSpellings.filter { root[$0] != nil }
        if ids.isEmpty {
            context.diagnostics.warning(
                .hiveLocalNoticeIDMissing, at: .root,
                "a LocalPush should have `noticeId`: registerLocalPush identifies it by it (the SDK's default is 0)")
        } else if ids.count > 1 {
            context.diagnostics.warning(
                .hiveLocalNoticeIDBoth, at: JSONPointer(tokens: [L.noticeIDSerialised]),
                "both `noticeId` and `noticeID` are present; the SDK reads `noticeId`. Both are kept")
        }
        for (key, value) in root {
            let path = JSONPointer(tokens: [key])
            switch key {
            case L.title, L.message, L.groupID:
                guard case .string(let text) = value else {
                    wrongType(key, value, "a string", context: &context)
                    ext.appendUnchecked(key, value)
                    continue
                }
                switch key {
                case L.title:
                    n.title = text
                    context.record("title", from: path)
                case L.message:
                    n.body = text
                    context.record("body", from: path)
                default:
                    n.group = text
                    context.record("group", from: path)
                }
            case L.noticeID, L.noticeIDSerialised:
                if value.int64Value == nil { wrongType(key, value, "an integer", context: &context) }
                ext.appendUnchecked(key, value)
            case L.after:
                if let seconds = value.int64Value {
                    if seconds < 0 {
                        context.diagnostics.warning(
                            .hiveLocalAfterNegative, at: path, "`after` is \(seconds) seconds; it must be 0 or more")
                    }
                } else {
                    wrongType(key, value, "an integer (seconds)", context: &context)
                }
                ext.appendUnchecked(key, value)
            case _ where L.androidStrings.contains(key):
                if value.stringValue == nil { wrongType(key, value, "a string", context: &context) }
                androidOnly(key, context: &context)
                ext.appendUnchecked(key, value)
            case _ where L.androidIntegers.contains(key):
                if value.int64Value == nil { wrongType(key, value, "an integer", context: &context) }
                androidOnly(key, context: &context)
                ext.appendUnchecked(key, value)
            case L.iconColor:
                if value.objectValue == nil && value.stringValue == nil {
                    wrongType(key, value, "an object (or its JSON text)", context: &context)
                }
                androidOnly(key, context: &context)
                ext.appendUnchecked(key, value)
            default:
                context.diagnostics.info(
                    .hiveLocalUnknownKey, at: path,
                    "`\(key)` is not a LocalPush field; kept in extensions.hive and rendered back")
                ext.appendUnchecked(key, value)
            }
        }
        if n.body == nil && root[L.message] == nil {
            context.diagnostics.warning(.hiveLocalMessageMissing, at: .root, "a LocalPush without `msg` shows no text")
        }
        n.setExtension(HiveKeys.namespace, ext)
        if !ext.isEmpty { context.record("extensions", from: .root) }
        return n
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        let ext = notification.extensionObject(HiveKeys.namespace)
        var root = JSONObject()
        for key in L.noticeIDSpellings { if let id = ext[key] { root.appendUnchecked(key, id) } }
        if root.isEmpty {
            context.diagnostics.warning(
                .hiveLocalNoticeIDMissing, at: .root,
                "no extensions.hive.noticeId: the LocalPush is written without an id, which registerLocalPush needs")
        }
        if let title = notification.title { root.appendUnchecked(L.title, .string(title)) }
        if let body = notification.body { root.appendUnchecked(L.message, .string(body)) }
        if let after = ext[L.after] { root.appendUnchecked(L.after, after) }
        if let group = notification.group { root.appendUnchecked(L.groupID, .string(group)) }
        for (key, value) in ext where root[key] == nil { root.appendUnchecked(key, value) }
        explainLosses(notification, context: &context)
        return .object(root)
    }

    // MARK: - Helpers

    private func wrongType(_ key: String, _ value: JSONValue, _ expected: String, context: inout NormaliseContext) {
        context.diagnostics.error(
            .wrongType, at: JSONPointer(tokens: [key]),
            "`\(key)` must be \(expected), found \(value.typeName); kept in extensions.hive as it was")
    }

    private func androidOnly(_ key: String, context: inout NormaliseContext) {
        context.diagnostics.info(
            .hiveLocalAndroidOnly, at: JSONPointer(tokens: [key]),
            "`\(key)` is Android-only (iOS ignores it); kept in extensions.hive")
    }

    private func explainLosses(_ n: PushNotification, context: inout RenderContext) {
        if !n.media.isEmpty {
            context.explainLoss(
                at: JSONPointer(tokens: ["media"]),
                "a LocalPush has no iOS media field (`bigpicture` is an Android big picture)")
        }
        if !n.data.isEmpty {
            context.explainLoss(at: JSONPointer(tokens: ["data"]), "a LocalPush has no custom data")
        }
        if n.sound != nil {
            context.explainLoss(
                at: JSONPointer(tokens: ["sound"]), "a LocalPush `sound` is Android-only; iOS plays the default sound")
        }
        if n.subtitle != nil {
            context.explainLoss(at: JSONPointer(tokens: ["subtitle"]), "a LocalPush has only `title` and `msg`")
        }
        if n.category != nil {
            context.explainLoss(
                at: JSONPointer(tokens: ["category"]), "a LocalPush has no action buttons (category) field")
        }
    }
}

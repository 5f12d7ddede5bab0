public import PushCore
import WireTables

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
            guard let line = Self.line(key) else {
                context.diagnostics.info(
                    .hiveLocalUnknownKey, at: path,
                    "`\(key)` is not a LocalPush field; kept in extensions.hive and rendered back")
                ext.appendUnchecked(key, value)
                continue
            }
            switch line.value {
            case .text(let field):
                guard case .string(let text) = value else {
                    wrongType(key, value, "a string", context: &context)
                    ext.appendUnchecked(key, value)
                    continue
                }
                n[text: field] = text
                context.record(field.canonicalName, from: path)
                continue
            case .kept(_, let type):
                if type.accept(value) == nil { wrongType(key, value, type.expected, context: &context) }
                if type == .seconds, let seconds = value.int64Value, seconds < 0 {
                    context.diagnostics.warning(
                        .hiveLocalAfterNegative, at: path, "`after` is \(seconds) seconds; it must be 0 or more")
                }
                if line.androidOnly { self.androidOnly(key, context: &context) }
                ext.appendUnchecked(key, value)
            default:
                // The table has no other kind of line.
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
        // The modelled keys in the table's order (the two notice id spellings first, above), then what was kept.
        for line in Self.lines where !L.noticeIDSpellings.contains(line.name) {
            switch line.value {
            case .text(let field):
                if let text = notification[text: field] { root.appendUnchecked(line.name, .string(text)) }
            case .kept(let name, let type):
                if type == .seconds, let after = ext[name] { root.appendUnchecked(line.name, after) }
            default:
                continue
            }
        }
        for (key, value) in ext where root[key] == nil { root.appendUnchecked(key, value) }
        for loss in Self.notCarried where loss.present(notification) {
            context.explainLoss(at: JSONPointer(tokens: [loss.field]), loss.reason)
        }
        return .object(root)
    }

    // MARK: - The table

    /// A LocalPush line: a canonical text field, or a value kept verbatim under its own key in `extensions.hive`
    /// (checked for its type; Android-only keys noted). No key needs a hook.
    typealias Line = WireTable<Never>.Line

    /// Every LocalPush key (Hive Unity plugin `Push.cs`, SDK v4), in write order.
    static let table = WireTable<Never>(
        namespace: HiveKeys.namespace,
        lines: [
            kept(L.noticeID, .integer),
            kept(L.noticeIDSerialised, .integer),
            .text(WireKey(L.title), .title),
            .text(WireKey(L.message), .body),
            kept(L.after, .seconds),
            .text(WireKey(L.groupID), .group),
            kept(L.bigPicture, .string, androidOnly: true),
            kept(L.bigMessage, .string, androidOnly: true),
            kept(L.ticker, .string, androidOnly: true),
            kept(L.type, .string, androidOnly: true),
            kept(L.icon, .string, androidOnly: true),
            kept(L.sound, .string, androidOnly: true),
            kept(L.active, .string, androidOnly: true),
            kept(L.broadcastAction, .string, androidOnly: true),
            kept(L.bucketType, .integer, androidOnly: true),
            kept(L.bucketSize, .integer, androidOnly: true),
            kept(L.iconColor, .objectOrJSONText, androidOnly: true),
        ],
        unmodelled: "", unmodelledOthersLose: "these are LocalPush keys the model does not know")

    /// The lines of ``table``.
    static let lines = table.lines

    /// A key kept verbatim under its own name.
    private static func kept(_ key: String, _ type: WireTable<Never>.KeptType, androidOnly: Bool = false) -> Line {
        .kept(WireKey(key), as: key, type, androidOnly: androidOnly)
    }

    static func line(_ key: String) -> Line? { lines.first { $0.name == key } }

    /// The canonical fields a LocalPush cannot carry, with the reason (what `carries` leaves out besides them is
    /// lost with the default reason).
    static let notCarried: [(field: String, reason: String, present: @Sendable (PushNotification) -> Bool)] = [
        ("media", "a LocalPush has no iOS media field (`bigpicture` is an Android big picture)", { !$0.media.isEmpty }),
        ("data", "a LocalPush has no custom data", { !$0.data.isEmpty }),
        ("sound", "a LocalPush `sound` is Android-only; iOS plays the default sound", { $0.sound != nil }),
        ("subtitle", "a LocalPush has only `title` and `msg`", { $0.subtitle != nil }),
        ("category", "a LocalPush has no action buttons (category) field", { $0.category != nil }),
    ]

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
}

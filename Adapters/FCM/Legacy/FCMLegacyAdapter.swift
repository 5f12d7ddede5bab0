import JSONCodec
public import PushCore
import WireTables

private typealias L = FCMLegacyWire
private typealias N = FCMLegacyWire.Notification

/// The legacy FCM HTTP send body, `POST /fcm/send` (format `fcm-legacy`): `to` | `registration_ids` | `condition`,
/// `notification`, `data` and the message options.
///
/// The legacy `notification` is shown on both platforms: `title`, `body`, `sound`, `badge`, the localised keys and
/// `image` are the shared content; `icon`, `color`, `tag`, `click_action` and `android_channel_id` are Android's.
/// `priority`, `time_to_live` (seconds, written as the duration `"Ns"`), `collapse_key` and
/// `restricted_package_name` are Android's message options; `content_available` and `mutable_content` are iOS's
/// flags; `dry_run` is `extensions.fcm.validateOnly`, what the v1 send request calls `validate_only`. So converting
/// to `fcm` follows the mapping SNS documents for legacy → v1. Everything else is kept in `extensions.fcmLegacy`.
public struct FCMLegacyAdapter: PayloadAdapter, FormatChecking {
    /// The `fcm-legacy` format.
    public init() {}

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// The extension namespace of legacy-only values.
    static let namespace = "fcmLegacy"

    private static let standardDescriptor = FormatDescriptor(
        name: "fcm-legacy", vendor: "google",
        summary: "The legacy FCM HTTP send body (`to`, `registration_ids`, `notification`, `data`, options).",
        isDelivered: false,
        carries: [
            "title", "body", "titleLocKey", "titleLocArgs", "bodyLocKey", "bodyLocArgs", "badge", "sound",
            "contentAvailable", "mutableContent", "media", "data", "android", "target", "extensions.fcm.validateOnly",
            "extensions.fcmLegacy",
        ],
        layoutPaths: [JSONPointer(tokens: ["extensions", FCMLegacyAdapter.namespace, "layout"])],
        recipients: .tokens(1000)
    )

    /// The documented top-level keys.
    static let rootKeys = FCMLegacyWire.rootKeys

    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload else { return nil }
        for key in [L.to, L.registrationIDs] where root[key] != nil { return .certain("/\(key)") }
        for key in [L.timeToLive, L.dryRun, L.key(L.contentAvailable), L.key(L.mutableContent), L.delayWhileIdle]
        where root[key] != nil {
            return .certain("/\(key)")
        }
        if let notification = root[L.notification]?.objectValue {
            for key in [
                L.key(FCMAndroidWire.legacyChannelID), L.key(FCMAndroidWire.clickAction), N.badge,
                L.key(FCMAndroidWire.icon), L.key(FCMAndroidWire.color), L.key(FCMAndroidWire.tag),
            ]
            where notification[key] != nil {
                return .plausible("/notification/\(key)")
            }
        }
        return nil
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object(var root) = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "a legacy FCM body must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var n = PushNotification()
        n.source = descriptor.name
        var ext = JSONObject()
        var layout = JSONObject()
        let path = JSONPointer.root
        var target = PushNotification.Target()
        if let to = root.takeString(L.to, at: path, &context.diagnostics) {
            if to.hasPrefix(L.topicPrefix) {
                target.topic = String(to.dropFirst(L.topicPrefix.count))
            } else {
                target.token = to
            }
            context.record("target", from: path.appending(L.to))
        }
        if let tokens = root.takeStringArray(L.registrationIDs, at: path, &context.diagnostics) {
            target.tokens = tokens
            context.record("target", from: path.appending(L.registrationIDs))
        }
        if let condition = root.takeString(L.condition, at: path, &context.diagnostics) {
            target.condition = condition
            context.record("target", from: path.appending(L.condition))
        }
        n.target = target.isEmpty ? nil : target
        var android = PushNotification.Android()
        if var notification = root.takeObject(L.notification, at: path, &context.diagnostics) {
            let at = path.appending(L.notification)
            func string(_ key: String, _ field: String) -> String? {
                guard let value = notification.takeString(key, at: at, &context.diagnostics) else { return nil }
                context.record(field, from: at.appending(key))
                return value
            }
            n.title = string(N.title, "title")
            n.body = string(N.body, "body")
            if let sound = string(N.sound, "sound") { n.sound = PushNotification.Sound(name: sound) }
            if let badge = notification[N.badge] {
                if case .string(let text) = badge, let number = Int64(text), String(number) == text {
                    notification.removeValue(forKey: N.badge)
                    n.badge = number
                    context.record("badge", from: at.appending(N.badge))
                } else {
                    context.diagnostics.error(
                        .wrongType, at: at.appending(N.badge),
                        "the legacy `badge` is a string of digits, found \(badge.compactText); kept as it was")
                }
            }
            n.titleLocKey = string(N.titleLocKey, "titleLocKey")
            n.bodyLocKey = string(N.bodyLocKey, "bodyLocKey")
            var stringArgs: [JSONValue] = []
            for (key, field) in [(N.titleLocArgs, "titleLocArgs"), (N.bodyLocArgs, "bodyLocArgs")] {
                guard let value = notification[key] else { continue }
                var args: [String]?
                switch value {
                case .array(let items) where items.allSatisfy({ $0.stringValue != nil }):
                    args = items.compactMap(\.stringValue)
                case .string(let text):
                    // The legacy SDKs send the arguments as a JSON array in a string.
                    if case .array(let items)? = try? JSONParser().parse(text),
                        items.allSatisfy({ $0.stringValue != nil })
                    {
                        args = items.compactMap(\.stringValue)
                        stringArgs.append(.string(key))
                    }
                default:
                    break
                }
                guard let args else {
                    context.diagnostics.error(
                        .wrongType, at: at.appending(key),
                        "`\(key)` must be an array of strings (or one as a JSON string), found \(value.compactText); kept as it was"
                    )
                    continue
                }
                notification.removeValue(forKey: key)
                if field == "titleLocArgs" { n.titleLocArgs = args } else { n.bodyLocArgs = args }
                context.record(field, from: at.appending(key))
            }
            if !stringArgs.isEmpty { layout.appendUnchecked("locArgsAsString", .array(stringArgs)) }
            if let image = string(N.image, "media") { n.media = [PushNotification.Media(url: image)] }
            // Android's keys, as ``FCMAndroidWire`` spells them in a legacy body.
            var own = PushNotification()
            for line in FCMAndroidWire.legacyNotification {
                guard case .text(let field) = line.value,
                    let text = notification.takeString(line.key.name(.snakeCase), at: at, &context.diagnostics)
                else { continue }
                own[text: field] = text
            }
            android = own.androidPart
            if !notification.isEmpty {
                var named = context.diagnostics.keysNamed(under: at)
                for key in notification.keys where named.insert(key).inserted {
                    context.diagnostics.info(
                        .fcmKeyUnknown, at: at.appending(key),
                        "`notification.\(key)` is not a legacy notification key; kept and written back")
                }
                ext.appendUnchecked(L.notification, .object(notification))
            }
        }
        if let data = root.takeObject(L.data, at: path, &context.diagnostics) {
            n.data = data
            if !data.isEmpty { context.record("data", from: path.appending(L.data)) }
        }
        android.priority = root.takeString(L.key(L.priority), at: path, &context.diagnostics)
        if let ttl = root.takeInteger(L.timeToLive, at: path, &context.diagnostics) { android.ttl = "\(ttl)s" }
        android.collapseKey = root.takeString(L.key(L.collapseKey), at: path, &context.diagnostics)
        android.restrictedPackageName = root.takeString(L.key(L.restrictedPackageName), at: path, &context.diagnostics)
        n.contentAvailable = root.takeBool(L.key(L.contentAvailable), at: path, &context.diagnostics)
        n.mutableContent = root.takeBool(L.key(L.mutableContent), at: path, &context.diagnostics)
        n.setAndroid(android)
        if n.android != nil { context.record("android", from: path) }
        if let dryRun = root.takeBool(L.dryRun, at: path, &context.diagnostics) {
            n.setExtension(
                FCMKeys.namespace, JSONObject(uniqueKeysWithValues: [(FCMKeys.Extension.validateOnly, .bool(dryRun))]))
        }
        if let value = root.take(L.delayWhileIdle) { ext.appendUnchecked(L.delayWhileIdle, value) }
        var named = context.diagnostics.keysNamed(under: path)
        for key in root.keys where named.insert(key).inserted {
            context.diagnostics.info(
                .fcmKeyUnknown, at: path.appending(key), "`\(key)` is not a legacy send key; kept and written back")
        }
        for (key, value) in root { ext.appendUnchecked(key, value) }
        if !layout.isEmpty { ext.appendUnchecked("layout", .object(layout)) }
        n.setExtension(Self.namespace, ext)
        return n
    }

    public func render(_ n: PushNotification, context: inout RenderContext) -> JSONValue {
        let ext = n.extensionObject(Self.namespace)
        let kept = ext[L.notification]?.objectValue ?? JSONObject()
        let stringArgs = ext["layout"]?.objectValue?["locArgsAsString"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let android = n.androidPart
        var root = JSONObject()
        if let target = n.target {
            if let topic = target.topic {
                root.appendUnchecked(L.to, .string(L.topicPrefix + topic))
                if target.token != nil {
                    context.explainLoss(at: JSONPointer(tokens: ["target", "token"]), "a legacy body has one `to`")
                }
            } else if let token = target.token {
                root.appendUnchecked(L.to, .string(token))
            }
            if let tokens = target.tokens {
                root.appendUnchecked(L.registrationIDs, .array(tokens.map(JSONValue.string)))
            }
            if let condition = target.condition { root.appendUnchecked(L.condition, .string(condition)) }
        }
        var notification = JSONObject()
        func put(_ key: String, _ value: String?) { if let value { notification.appendUnchecked(key, .string(value)) } }
        func putArgs(_ key: String, _ value: [String]?) {
            guard let value else { return }
            let array = JSONValue.array(value.map(JSONValue.string))
            notification.appendUnchecked(key, stringArgs.contains(key) ? .string(array.compactText) : array)
        }
        put(N.title, n.title)
        put(N.body, n.body)
        put(N.sound, n.sound?.name)
        if let badge = n.badge { notification.appendUnchecked(N.badge, .string(String(badge))) }
        FCMAndroidWire.append(FCMAndroidWire.legacyNotification, of: n, to: &notification)
        put(N.titleLocKey, n.titleLocKey)
        putArgs(N.titleLocArgs, n.titleLocArgs)
        put(N.bodyLocKey, n.bodyLocKey)
        putArgs(N.bodyLocArgs, n.bodyLocArgs)
        if let media = n.media.first {
            // A legacy body read back keeps its image as it was; from another format, only an image goes there.
            if n.source == descriptor.name || FCMImageField.takes(media.url, kind: media.kind) {
                put(N.image, media.url)
            } else {
                context.explainLoss(
                    at: JSONPointer(tokens: ["media"]),
                    FCMImageField.reason(media.url, kind: media.kind, field: "legacy notification.image"))
            }
        }
        for (key, value) in kept where notification[key] == nil { notification.appendUnchecked(key, value) }
        if !notification.isEmpty { root.appendUnchecked(L.notification, .object(notification)) }
        if !n.data.isEmpty { root.appendUnchecked(L.data, .object(n.data)) }
        FCMAndroidWire.append([L.priority], of: n, to: &root)
        if let ttl = android.ttl {
            if let seconds = FCMChecks.durationSeconds(ttl), ttl == "\(seconds.whole)s" {
                root.appendUnchecked(L.timeToLive, .integer(seconds.whole))
            } else {
                context.explainLoss(
                    at: JSONPointer(tokens: ["android", "ttl"]),
                    "the legacy time_to_live is whole seconds; \(ttl) is not")
            }
        }
        FCMAndroidWire.append(
            [L.collapseKey, L.contentAvailable, L.mutableContent, L.restrictedPackageName], of: n, to: &root)
        if let v = n.extensionObject(FCMKeys.namespace)[FCMKeys.Extension.validateOnly] {
            root.appendUnchecked(L.dryRun, v)
        }
        for (key, value) in ext where key != L.notification && key != "layout" && root[key] == nil {
            root.appendUnchecked(key, value)
        }
        FCMAndroidWire.explain(FCMAndroidWire.legacyUnsupported, android, context: &context)
        if n.media.count > 1 {
            context.explainLoss(at: JSONPointer(tokens: ["media"]), "the legacy notification has one image")
        }
        return .object(root)
    }

    /// One image (its kind implied by the URL), a sound name, one `to` target; Android's own content only where it
    /// is the legacy notification's.
    public func carriedPart(of notification: PushNotification, options: FormatOptions) -> PushNotification {
        var kept = notification.keeping(descriptor.carriedFields)
        if let first = kept.media.first { kept.media = [PushNotification.Media(url: first.url)] }
        if let sound = kept.sound { kept.sound = PushNotification.Sound(name: sound.name) }
        var removed = FCMAndroidWire.legacyUnsupported.map { JSONPointer(tokens: ["android", $0.field]) }
        if let ttl = kept.android?.ttl, !(FCMChecks.durationSeconds(ttl).map { ttl == "\($0.whole)s" } ?? false) {
            removed.append(JSONPointer(tokens: ["android", "ttl"]))
        }
        if kept.target?.topic != nil, kept.target?.token != nil {
            removed.append(JSONPointer(tokens: ["target", "token"]))
        }
        return kept.removing(removed)
    }

    public func check(_ payload: JSONValue, notification: PushNotification, context: NormaliseContext) -> [Diagnostic] {
        FCMLegacyChecks.check(payload)
    }

    /// The legacy body has no APNs payload: Apple's checks apply to what FCM builds from it, on the model.
    public func appleCheckedSize(of payload: JSONValue) -> Int? { nil }
}

import FCMAdapter
import JSONCodec
public import PushCore

/// A Pinpoint push as the Android app receives it (format `pinpoint-android`): the FCM data map that aws-sdk-android
/// (`NotificationClientBase`) and Amplify (`PinpointNotificationPayload`) read. Every value is a string.
///
/// | key | canonical |
/// | --- | --- |
/// | `pinpoint.notification.title`, `.body` | `android.title`, `android.body` |
/// | `pinpoint.notification.imageUrl`, `.imageIconUrl`, `.imageSmallIconUrl` | `android.image`, `.imageIcon`, `.smallImageIcon` |
/// | `pinpoint.notification.icon`, `.color` | `android.icon`, `android.color` |
/// | `pinpoint.notification.silentPush` (`"1"`/`"0"`) | `android.silent` |
/// | `pinpoint.url`, `pinpoint.deeplink` | `android.url`, `android.deepLink` |
/// | `pinpoint.jsonBody` (the GCMMessage's `Data` as a JSON string) | `android.data` |
/// | `pinpoint.openApp`, `pinpoint.campaign.*`, `pinpoint` (a JSON string), `gcm.*`, `google.*` | `extensions.amazon.pinpointAndroid` |
/// | any other key | `data` |
///
/// It is what Android shows, so the content is Android's own (`android.*`), never the shared fields: converting to
/// an iOS format reports it lost rather than guessing that iOS showed the same.
public struct PinpointAndroidAdapter: PayloadAdapter, FormatChecking {
    /// The `pinpoint-android` format.
    public init() {}

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// The `extensions.amazon` key of the kept vendor keys.
    static let memoryKey = "pinpointAndroid"

    private static let standardDescriptor = FormatDescriptor(
        name: "pinpoint-android", vendor: "amazon",
        summary:
            "An Amazon Pinpoint push as the Android app receives it: the FCM data map (`pinpoint.notification.*`, `pinpoint.url`, `pinpoint.jsonBody`, …).",
        isDelivered: true, carries: ["android", "data", "extensions.amazon.\(PinpointAndroidAdapter.memoryKey)"]
    )

    /// The modelled keys, in writing order.
    nonisolated(unsafe) static let strings: [(key: String, path: WritableKeyPath<PushNotification.Android, String?>)] =
        [
            ("pinpoint.notification.title", \.title), ("pinpoint.notification.body", \.body),
            ("pinpoint.notification.color", \.color), ("pinpoint.notification.icon", \.icon),
            ("pinpoint.notification.imageUrl", \.image), ("pinpoint.notification.imageIconUrl", \.imageIcon),
            ("pinpoint.notification.imageSmallIconUrl", \.smallImageIcon), ("pinpoint.url", \.url),
            ("pinpoint.deeplink", \.deepLink),
        ]
    static let silentKey = "pinpoint.notification.silentPush"
    static let jsonBodyKey = "pinpoint.jsonBody"

    /// Keys kept as vendor values (not custom data).
    static func isVendorKey(_ key: String) -> Bool {
        key == "pinpoint" || key.hasPrefix("pinpoint.") || key.hasPrefix("gcm.") || key.hasPrefix("google.")
    }

    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload else { return nil }
        guard
            let key = root.keys.first(where: {
                $0.hasPrefix("pinpoint.") || ($0 == "pinpoint" && root[$0]?.stringValue != nil)
            })
        else { return nil }
        return .certain("/\(key)")
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object(var rest) = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "an FCM data map must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var n = PushNotification()
        n.source = descriptor.name
        var android = PushNotification.Android()
        for field in Self.strings {
            guard let value = rest[field.key] else { continue }
            guard case .string(let text) = value else {
                context.diagnostics.error(
                    .fcmMapNotString, at: JSONPointer(tokens: [field.key]),
                    "an FCM data map holds strings; `\(field.key)` is \(value.typeName) (kept)")
                continue
            }
            rest.removeValue(forKey: field.key)
            android[keyPath: field.path] = text
        }
        switch rest[Self.silentKey] {
        case .string("1")?, .string("0")?:
            android.silent = rest.take(Self.silentKey) == .string("1")
        case let other?:
            context.diagnostics.error(
                .amazonAndroidSilentPushInvalid, at: JSONPointer(tokens: [Self.silentKey]),
                "`\(Self.silentKey)` is \"1\" or \"0\", found \(other.compactText) (kept)")
        case nil:
            break
        }
        if let value = rest[Self.jsonBodyKey] {
            let path = JSONPointer(tokens: [Self.jsonBodyKey])
            if case .string(let text) = value,
                let object = EmbeddedJSON.parseObject(text, at: path, name: Self.jsonBodyKey, context: &context)
            {
                rest.removeValue(forKey: Self.jsonBodyKey)
                android.data = object
            } else if value.stringValue == nil {
                context.diagnostics.error(
                    .fcmMapNotString, at: path,
                    "`\(Self.jsonBodyKey)` is a JSON object in a string, found \(value.typeName)")
            }
        }
        n.setAndroid(android)
        if n.android != nil { context.record("android", from: .root) }
        var kept = JSONObject()
        var data = JSONObject()
        var named = context.diagnostics.keysNamed(under: .root)
        for (key, value) in rest {
            if Self.isVendorKey(key) { kept.appendUnchecked(key, value) } else { data.appendUnchecked(key, value) }
            if value.stringValue == nil, named.insert(key).inserted {
                context.diagnostics.error(
                    .fcmMapNotString, at: JSONPointer(tokens: [key]),
                    "an FCM data map holds strings; `\(key)` is \(value.typeName) (kept)")
            }
        }
        n.data = data
        if !data.isEmpty { context.record("data", from: .root) }
        if !kept.isEmpty {
            var amazon = n.extensionObject("amazon")
            amazon[Self.memoryKey] = .object(kept)
            n.setExtension("amazon", amazon)
        }
        return n
    }

    public func render(_ n: PushNotification, context: inout RenderContext) -> JSONValue {
        let android = n.androidPart
        var root = JSONObject()
        for field in Self.strings {
            if let value = android[keyPath: field.path] { root.appendUnchecked(field.key, .string(value)) }
        }
        if let silent = android.silent { root.appendUnchecked(Self.silentKey, .string(silent ? "1" : "0")) }
        if let data = android.data {
            root.appendUnchecked(Self.jsonBodyKey, .string(JSONValue.object(data).compactText))
        }
        for (key, value) in n.extensionObject("amazon")[Self.memoryKey]?.objectValue ?? JSONObject()
        where root[key] == nil {
            root.appendUnchecked(key, value)
        }
        for (key, value) in n.data where root[key] == nil {
            guard value.stringValue != nil else {
                context.explainLoss(at: JSONPointer(tokens: ["data", key]), "an FCM data map holds strings")
                continue
            }
            root.appendUnchecked(key, value)
        }
        let canonical = android.canonicalObject
        for (field, _) in Self.unsupportedAndroid where canonical[field] != nil {
            context.explainLoss(
                at: JSONPointer(tokens: ["android", field]), "the Pinpoint Android SDKs read no key for this")
        }
        return .object(root)
    }

    /// Android fields the delivered map has no key for.
    static let unsupportedAndroid: [(String, Void)] = [
        "titleLocKey", "titleLocArgs", "bodyLocKey", "bodyLocArgs", "sound", "tag", "clickAction", "channelId",
        "notificationCount", "visibility", "notificationPriority", "priority", "ttl", "collapseKey",
        "restrictedPackageName", "directBootOk",
    ].map { ($0, ()) }

    public func carriedPart(of notification: PushNotification, options: FormatOptions) -> PushNotification {
        var kept = notification.keeping(descriptor.carriedFields)
        for (key, value) in kept.data where value.stringValue == nil { kept.data.removeValue(forKey: key) }
        return kept.removing(Self.unsupportedAndroid.map { JSONPointer(tokens: ["android", $0.0]) })
    }

    /// Custom data named like a vendor key.
    public func dataCollides(_ notification: PushNotification, options: FormatOptions) -> Bool {
        notification.data.keys.contains { Self.isVendorKey($0) }
    }

    /// FCM's 4096 bytes (values that are not strings are read errors).
    public func check(_ payload: JSONValue, notification: PushNotification, context: NormaliseContext) -> [Diagnostic] {
        guard case .object = payload else { return [] }
        var out: [Diagnostic] = []
        let size = JSONWriter.compactSize(of: payload)
        if size > 4096 {
            out.error(.fcmMessageTooLarge, at: .root, "the data map is \(size) bytes, over FCM's limit of 4096")
        }
        return out
    }

    public func appleCheckedSize(of payload: JSONValue) -> Int? { nil }
}

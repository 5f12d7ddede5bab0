import WireTables
import APNsAdapter
import JSONCodec
public import PushCore

/// The FCM HTTP v1 `Message` (format `fcm`), bare or in its send request `{"message": …, "validate_only": …}`.
///
/// `apns.payload` is a whole APNs payload, read and written with the APNs reader and writer; `notification` holds the
/// shared title, body and image; `android` the Android part of the model. Both spellings FCM accepts are read
/// (snake_case and lowerCamelCase); snake_case is written. FCM-only values (`webpush`, `fcm_options`,
/// `android.notification.light_settings`, …) are kept in `extensions.fcm` and written back in place.
public struct FCMAdapter: PayloadAdapter, FormatChecking {
    /// The `fcm` format.
    public init() {}

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    private static let standardDescriptor = FormatDescriptor(
        name: "fcm", vendor: "google",
        summary: "An FCM HTTP v1 Message, bare or in its send request `{\"message\": …}`.",
        isDelivered: false,
        carries: APNsAdapter.carriedFields + ["media", "delivery", "android", "target", "extensions.fcm"],
        layoutPaths: [FCMLayout.pointer], recipients: .tokens(1)
    )

    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload else { return nil }
        if FCMMessageReader.isRequest(root) { return .certain("/message") }
        for key in [FCMKeys.Message.android, FCMKeys.Message.apns, FCMKeys.Message.webpush] {
            if root[key]?.objectValue != nil { return .certain("/\(key)") }
        }
        let targets = [FCMKeys.Message.token, FCMKeys.Message.topic, FCMKeys.Message.condition]
        if let target = targets.first(where: { root[$0]?.stringValue != nil }),
            root[FCMKeys.Message.notification]?.objectValue != nil || root[FCMKeys.Message.data]?.objectValue != nil
        {
            return .plausible("/\(target)")
        }
        return nil
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        FCMMessageReader.read(payload, format: descriptor.name, context: &context)
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        FCMMessageWriter.payload(for: notification, context: &context)
    }

    /// One image URL (its kind implied by the URL, no identifier); no Android tap URL, icon URLs or silent flag; one
    /// target token.
    public func carriedPart(of notification: PushNotification, options: FormatOptions) -> PushNotification {
        var kept = notification.keeping(descriptor.carriedFields)
        if let first = kept.media.first { kept.media = [PushNotification.Media(url: first.url)] }
        // Only an Android part or a token list holds anything to remove.
        if kept.android != nil || kept.target?.tokens != nil {
            let paths = Self.notCarried(in: kept)
            if !paths.isEmpty { kept = kept.removing(paths) }
        }
        return kept
    }

    /// The fields inside carried ones that FCM v1 has no place for: Android's unsupported fields, a token list.
    private static let androidNotCarried = FCMAndroidWire.unsupported.map {
        (field: $0.field, path: JSONPointer(tokens: ["android", $0.field]))
    }
    private static let tokensPointer = JSONPointer(tokens: ["target", "tokens"])

    /// The paths of ``androidNotCarried`` and the token list that `n` holds a value at: removing a path that names
    /// nothing changes nothing, and each path removed walks the model's fields. An unset part is named whole (the
    /// removal drops it).
    private static func notCarried(in n: PushNotification) -> [JSONPointer] {
        var paths: [JSONPointer] = []
        if let android = n.android {
            if android.isUnset {
                paths += androidNotCarried.map(\.path)
            } else {
                let present = android.canonicalObject
                for (field, path) in androidNotCarried where present[field] != nil { paths.append(path) }
            }
        }
        if let target = n.target, target.tokens != nil || target.isUnset { paths.append(tokensPointer) }
        return paths
    }

    /// Custom data named `aps` (it would be written beside `aps` in `apns.payload`).
    public func dataCollides(_ notification: PushNotification, options: FormatOptions) -> Bool {
        notification.data[APNsKeys.aps] != nil
    }

    public func check(_ payload: JSONValue, notification: PushNotification, context: NormaliseContext) -> [Diagnostic] {
        FCMChecks.check(payload)
    }

    /// `apns.payload`'s size when the message has an `apns` block.
    public func appleCheckedSize(of payload: JSONValue) -> Int? {
        guard let (message, path) = FCMChecks.message(of: payload),
            let (apns, apnsPath) = FCMChecks.object(message, FCMV1Wire.apns, at: path)
        else { return nil }
        _ = apnsPath
        guard let payload = apns[FCMKeys.APNs.payload] else { return 0 }
        return JSONWriter.compactSize(of: payload)
    }
}

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
        var kept = notification.keeping(Self.standardDescriptor.carriedFields)
        if let first = kept.media.first { kept.media = [PushNotification.Media(url: first.url)] }
        // What `removing(notCarried)` removes, cleared in place: the model visited once per path cost every message
        // with an Android part more than writing it (`FCMCarriedPartTests` holds the two to the same result). Only a
        // part holding such a field is copied out and back.
        if var android = kept.android, Self.holdsUnsupported(android) {
            Self.clearUnsupported(&android)
            kept.android = android.isEmpty ? nil : android
        }
        if var target = kept.target, target.tokens != nil {
            target.tokens = nil
            kept.target = target.isEmpty ? nil : target
        }
        return kept
    }

    /// Clears the Android fields FCM v1 has no place for (``FCMAndroidWire/unsupported``).
    static func clearUnsupported(_ android: inout PushNotification.Android) {
        android.url = nil
        android.deepLink = nil
        android.imageIcon = nil
        android.smallImageIcon = nil
        android.silent = nil
    }

    /// True when `android` holds a field FCM v1 has no place for (one ``clearUnsupported(_:)`` clears): only then
    /// has ``FCMAndroidWire/explain(_:_:context:)`` anything to explain for ``FCMAndroidWire/unsupported``.
    static func holdsUnsupported(_ android: PushNotification.Android) -> Bool {
        android.url != nil || android.deepLink != nil || android.imageIcon != nil || android.smallImageIcon != nil
            || android.silent != nil
    }

    /// The fields inside carried ones that FCM v1 has no place for: Android's unsupported fields, a token list (what
    /// ``carriedPart(of:options:)`` clears).
    package static let notCarried =
        FCMAndroidWire.unsupported.map { JSONPointer(tokens: ["android", $0.field]) }
        + [JSONPointer(tokens: ["target", "tokens"])]

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

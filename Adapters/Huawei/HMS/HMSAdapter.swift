import FCMAdapter
import JSONCodec
public import PushCore
import WireTables

private typealias X = HMSKeys.Extension

/// Huawei Push Kit's server API v1 `Message` (format `hms`), bare or in its send request
/// `{"validate_only": …, "message": …}`.
///
/// Declared as wire tables (``HMSWire``), sharing FCM's Android lines where the keys mean the same. `notification`
/// holds the shared title, body and image; `android` the Android part (`urgency` is the priority, `click_action`
/// types 1 and 2 the deep link, intent action and URL); `data` is a string, read as the data map when it holds a JSON
/// object and kept as it is otherwise; `token` is an array (one token is `target.token`, several `target.tokens`);
/// `badge.set_num` is the app-icon badge. What only HMS has (`collapse_key`, `importance`, `style`, `apns`,
/// `webpush`, …) is kept in `extensions.hms` and written back in place.
public struct HMSAdapter: PayloadAdapter, FormatChecking {
    /// The `hms` format.
    public init() {}

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// The format's name.
    package static let formatName = "hms"

    private static let standardDescriptor = FormatDescriptor(
        name: formatName, vendor: "huawei",
        summary: "A Huawei Push Kit (HMS) v1 Message, bare or in its send request `{\"message\": …}`.",
        isDelivered: false,
        carries: HMSWire.message.carries(namespaceOrder: HMSWire.namespaceOrder)
            + ["extensions.hms.\(X.validateOnly)", "extensions.hms.\(X.request)"],
        layoutPaths: [JSONPointer(tokens: ["extensions", HMSKeys.namespace, X.request])],
        options: [.hmsBadgeClass], recipients: .tokens(tokenCapacity)
    )

    /// At most this many tokens in one message (Huawei's send API reference).
    public static let tokenCapacity = 1_000

    /// HMS's own evidence beside what FCM v1 shares: a token array, a data string, `urgency`, an object
    /// `click_action`, an integer `collapse_key`, HMS-only notification keys. Stronger than FCM's certain (4): it
    /// rules the look-alike FCM v1 message out.
    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload else { return nil }
        var message = root
        var base = ""
        if HMSMessageReader.isRequest(JSONValueSource(), payload),
            let inner = root[HMSKeys.Request.message]?.objectValue
        {
            message = inner
            base = "/message"
        }
        var evidence: [String] = []
        if case .array? = message["token"] { evidence.append(base + "/token") }
        if case .string? = message["data"] { evidence.append(base + "/data") }
        if let android = message["android"]?.objectValue {
            if android["urgency"] != nil { evidence.append(base + "/android/urgency") }
            if case .integer? = android["collapse_key"] { evidence.append(base + "/android/collapse_key") }
            if let notification = android["notification"]?.objectValue {
                if case .object? = notification["click_action"] {
                    evidence.append(base + "/android/notification/click_action")
                }
                for key in ["badge", "importance", "style", "big_title", "big_body", "multi_lang_key"]
                where notification[key] != nil {
                    evidence.append(base + "/android/notification/" + key)
                }
            }
        }
        for key in ["apns", "webpush"] where message[key]?.objectValue?["hms_options"] != nil {
            evidence.append(base + "/\(key)/hms_options")
        }
        return evidence.isEmpty ? nil : Recognition(strength: 4, evidence: evidence)
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        HMSMessageReader.read(JSONValueSource(), payload, format: descriptor.name, context: &context)
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        let n = notification
        let ext = n.extensionObject(HMSKeys.namespace)
        HMSLosses.explain(n, carried: descriptor.carriedFields, context: &context)
        var hooks = HMSHooks()
        var out = JSONValueOutput()
        HMSWire.message.write(n, ext: ext, hooks: &hooks, context: &context, to: &out)
        guard ext[X.request] != nil || ext[X.validateOnly] != nil else { return out.result }
        var request = JSONObject()
        if let validateOnly = ext[X.validateOnly] {
            request.appendUnchecked(HMSKeys.Request.validateOnly, validateOnly)
        }
        request.appendUnchecked(HMSKeys.Request.message, out.result)
        for (key, value) in ext[X.request]?.objectValue ?? JSONObject() where request[key] == nil {
            request.appendUnchecked(key, value)
        }
        return .object(request)
    }

    /// One image (its URL), the Android fields HMS has a key for, one click action, the target as HMS's token array
    /// holds it.
    public func carriedPart(of notification: PushNotification, options: FormatOptions) -> PushNotification {
        HMSLosses.carriedPart(of: notification.keeping(descriptor.carriedFields))
    }

    public func check(_ payload: JSONValue, notification: PushNotification, context: NormaliseContext) -> [Diagnostic] {
        HMSChecks.check(payload)
    }

    public func appleCheckedSize(of payload: JSONValue) -> Int? { nil }
}

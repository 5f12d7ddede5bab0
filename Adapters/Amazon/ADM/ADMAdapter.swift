import JSONCodec
public import PushCore
import WireTables

private typealias W = ADMWire

/// Amazon Device Messaging's message (format `adm`): the JSON body ADM's send API takes, `data`, `notification`,
/// `consolidationKey`, `expiresAfter` and `md5` (``ADMWire``). Pinpoint's `ADMMessage` and SNS's `ADM` key deliver
/// through it.
///
/// The notification's title, body, sound and localised keys are the shared content; `icon`, `color`, `tag` and
/// `click_action` are Android's; `consolidationKey` is `android.collapseKey` and `expiresAfter` is `android.ttl`.
/// Keys ADM does not define are kept in `extensions.adm` and written back.
public struct ADMAdapter: PayloadAdapter, FormatChecking {
    /// The `adm` format.
    public init() {}

    /// The format's public name.
    public static let formatName = "adm"

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// Built once: a conversion reads it several times.
    private static let standardDescriptor = FormatDescriptor(
        name: formatName, vendor: AmazonKeys.Extension.namespace,
        summary: "An Amazon Device Messaging (ADM) message (`data`, `notification`, `consolidationKey`, "
            + "`expiresAfter`, `md5`).",
        isDelivered: true, carries: W.message.carries(namespaceOrder: [W.Extension.md5]),
        layoutPaths: [JSONPointer(tokens: ["extensions", W.namespace, W.Extension.layout])],
        recipients: .besidePayload)

    /// Certain on a key only ADM's message has.
    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload else { return nil }
        for key in [W.consolidationKey, W.expiresAfter, W.md5] where root[key.description] != nil {
            return .certain("/\(key.description)")
        }
        return nil
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "an ADM message must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var n = PushNotification()
        n.source = Self.formatName
        var ext = JSONObject()
        var hooks = ADMHooks()
        W.message.read(JSONValueSource(), payload, at: .root, into: &n, ext: &ext, hooks: &hooks, context: &context)
        if !ext.isEmpty {
            n.setExtension(W.namespace, ext)
            context.record("extensions", from: .root)
        }
        return n
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        var hooks = ADMHooks()
        var out = JSONValueOutput()
        W.message.write(
            notification, ext: notification.extensionObject(W.namespace), hooks: &hooks, context: &context, to: &out)
        if let present = notification.android?.canonicalObject {
            for (key, reason) in W.unsupportedAndroid where present[key] != nil {
                context.explainLoss(at: JSONPointer(tokens: ["android", key]), reason)
            }
        }
        return out.result
    }

    /// Custom data of strings, a sound name, Android's fields ADM has, and a whole-second time to live.
    public func carriedPart(of notification: PushNotification, options: FormatOptions) -> PushNotification {
        var kept = notification.keeping(descriptor.carriedFields)
        if let sound = kept.sound { kept.sound = PushNotification.Sound(name: sound.name) }
        var removed = W.unsupportedAndroid.map { JSONPointer(tokens: ["android", $0.key]) }
        if let ttl = kept.android?.ttl, W.wholeSeconds(ttl) == nil {
            removed.append(JSONPointer(tokens: ["android", "ttl"]))
        }
        for (key, value) in kept.data where value.stringValue == nil {
            removed.append(JSONPointer(tokens: ["data", key]))
        }
        return kept.removing(removed)
    }

    /// ADM's rules (Amazon's send-message reference): string data up to 6 KB, something to deliver, a
    /// notification with a title and a body, `expiresAfter` within 60 seconds to 31 days, and a consolidation key
    /// of at most 64 characters.
    public func check(_ payload: JSONValue, notification: PushNotification, context: NormaliseContext) -> [Diagnostic] {
        guard case .object(let root) = payload else { return [] }
        var out: [Diagnostic] = []
        let data = root[W.data.description]
        let notificationObject = root[W.notification.description]?.objectValue
        if data == nil && notificationObject == nil {
            out.error(
                .admMessageEmpty, at: .root,
                "an ADM message needs `data`, `notification` or both; this one has neither, so ADM delivers nothing")
        }
        if case .object? = data, let value = data {
            let size = JSONWriter.compactSize(of: value)
            if size > W.dataLimit {
                out.error(
                    .admDataTooLarge, at: JSONPointer(tokens: [W.data.description]),
                    "`data` is \(size) bytes; ADM takes up to \(W.dataLimit) (6 KB)")
            }
        }
        if let notificationObject {
            let missing = ["title", "body"].filter { notificationObject[$0] == nil }
            if !missing.isEmpty {
                out.warning(
                    .admNotificationIncomplete, at: JSONPointer(tokens: [W.notification.description]),
                    "an ADM notification needs a title and a body; this one has no "
                        + missing.map { "`\($0)`" }.joined(separator: " and "))
            }
        }
        if case .integer(let seconds)? = root[W.expiresAfter.description], !W.expiresAfterRange.contains(seconds) {
            out.warning(
                .admExpiresAfterRange, at: JSONPointer(tokens: [W.expiresAfter.description]),
                "`expiresAfter` is \(seconds) seconds; ADM takes 60 to 2,678,400 (31 days)")
        }
        if case .string(let key)? = root[W.consolidationKey.description], key.count > W.consolidationKeyLimit {
            out.warning(
                .admConsolidationKeyTooLong, at: JSONPointer(tokens: [W.consolidationKey.description]),
                "`consolidationKey` has \(key.count) characters; keep it to \(W.consolidationKeyLimit)")
        }
        return out
    }

    /// An ADM message has no APNs payload.
    public func appleCheckedSize(of payload: JSONValue) -> Int? { nil }
}

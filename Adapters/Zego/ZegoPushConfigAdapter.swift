import APNsAdapter
import WireTables
import JSONCodec
public import PushCore

private typealias K = ZegoKeys.PushConfig
private typealias X = ZegoKeys.Extension

/// ZIM's client-side `ZIMPushConfig` (format `zego-push-config`): what an app passes to `sendMessage`
/// or `callInvite` to describe the offline push. A send form, not what the device receives.
///
/// Its keys are declared once, in ``ZegoWire/pushConfig``: `title` → `title`, `content` → `body`, the `payload`
/// string as in `zego` (media key → `media`, other keys → `extensions.zego.payload`). `resourcesID`, `enableBadge`,
/// `badgeIncrement` and `voIPConfig` are kept in `extensions.zego`; the increment is never turned into canonical
/// `badge`, which is absolute. Other keys (and values of the wrong type) stay in `extensions.zego.pushConfig`.
public struct ZegoPushConfigAdapter: PayloadAdapter {
    /// The `zego-push-config` format.
    public init() {}

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// Built once: a conversion reads it several times.
    private static let standardDescriptor = FormatDescriptor(
        name: "zego-push-config", vendor: "zego",
        summary:
            "ZIM's ZIMPushConfig {title, content, payload, resourcesID, enableBadge, badgeIncrement, voIPConfig}.",
        isDelivered: false,
        carries: ZegoWire.pushConfig.carries(namespaceOrder: ZegoWire.namespaceOrder),
        options: [.zegoPayloadMediaKey, .zegoResourcesID])

    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload, root[APNsKeys.aps] == nil else { return nil }
        let certain = [K.resourcesID, K.badgeIncrement, K.enableBadge, K.voIPConfig].filter { root[$0] != nil }
        if !certain.isEmpty { return Recognition(strength: 3, evidence: certain.map { "/" + $0 }) }
        if case .string? = root[K.content], case .string? = root[K.payload] {
            return .plausible("/content", "/payload")
        }
        return nil
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "a ZIMPushConfig must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var n = PushNotification()
        n.source = descriptor.name
        var ext = JSONObject()
        var hooks = ZegoFormHooks(object: "ZIMPushConfig")
        ZegoWire.pushConfig.read(
            JSONValueSource(), payload, at: .root, into: &n, ext: &ext, hooks: &hooks, context: &context)
        if let url = hooks.payloadURL {
            n.media = [PushNotification.Media(url: url)]
            context.record("media", from: JSONPointer(tokens: [K.payload]))
        }
        n.setExtension(X.namespace, ext)
        if !ext.isEmpty { context.record("extensions", from: .root) }
        ContentCheck.reportUnread(n, context: &context, unreadCodes: [.zegoUnknownKey])
        return n
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        let n = notification
        let ext = n.extensionObject(X.namespace)
        ZegoWire.explainLosses(
            n, table: ZegoWire.pushConfig, carried: descriptor.carriedFields, format: descriptor.name,
            context: &context)
        ZegoForm.explainExtraMedia(n, capacity: 1, context: &context)
        var hooks = ZegoFormHooks(object: "ZIMPushConfig")
        hooks.payloadMediaURL = n.media.first?.url
        var out = JSONValueOutput()
        ZegoWire.pushConfig.write(n, ext: ext, hooks: &hooks, context: &context, to: &out)
        let resourcesID = ZegoWire.pushConfig.keptValue(named: X.resourcesID, ext: ext, options: context.options)
        ZegoForm.noteMedia(n, resourcesID: resourcesID?.stringValue, delivered: false, context: &context)
        return out.result
    }
}

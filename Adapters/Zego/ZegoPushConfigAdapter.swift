import APNsAdapter
public import PushCore

private typealias K = ZegoKeys.PushConfig
private typealias X = ZegoKeys.Extension

/// ZIM's client-side `ZIMPushConfig` (format `zego-push-config`): what an app passes to `sendMessage`
/// or `callInvite` to describe the offline push. A send form, not what the device receives.
///
/// `title` → `title`, `content` → `body`, the `payload` string as in `zego` (media key → `media`,
/// other keys → `extensions.zego.payload`). `resourcesID`, `enableBadge`, `badgeIncrement` and
/// `voIPConfig` are kept in `extensions.zego`; the increment is never turned into canonical `badge`,
/// which is absolute. Other keys (and values of the wrong type) stay in `extensions.zego.pushConfig`.
public struct ZegoPushConfigAdapter: PayloadAdapter {
    public init() {}

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// Built once: a conversion reads it several times.
    private static let standardDescriptor = FormatDescriptor(
        name: "zego-push-config", vendor: "zego",
        summary:
            "ZIM's ZIMPushConfig {title, content, payload, resourcesID, enableBadge, badgeIncrement, voIPConfig}.",
        isDelivered: false,
        carries: [
            "title", "body", "media", "extensions.zego.payload", "extensions.zego.resourcesID",
            "extensions.zego.enableBadge", "extensions.zego.badgeIncrement", "extensions.zego.voIPConfig",
            "extensions.zego.pushConfig",
        ],
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
        guard case .object(var rest) = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "a ZIMPushConfig must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var n = PushNotification()
        n.source = descriptor.name
        var ext = JSONObject()
        let root = JSONPointer.root
        if let title = rest.takeString(K.title, at: root, &context.diagnostics) {
            n.title = title
            context.record("title", from: root.appending(K.title))
        }
        if let content = rest.takeString(K.content, at: root, &context.diagnostics) {
            n.body = content
            context.record("body", from: root.appending(K.content))
        }
        if let text = rest.takeString(K.payload, at: root, &context.diagnostics),
            let url = ZegoForm.readPayload(text, at: root.appending(K.payload), into: &ext, context: &context)
        {
            n.media = [PushNotification.Media(url: url)]
            context.record("media", from: root.appending(K.payload))
        }
        if let id = rest.takeString(K.resourcesID, at: root, &context.diagnostics) {
            ZegoForm.checkResourcesID(id, at: root.appending(K.resourcesID), &context.diagnostics)
            ext[X.resourcesID] = .string(id)
        }
        let enabled = rest.takeBool(K.enableBadge, at: root, &context.diagnostics)
        if let enabled { ext[X.enableBadge] = .bool(enabled) }
        let increment = rest.takeInteger(K.badgeIncrement, at: root, &context.diagnostics)
        if let increment {
            ZegoForm.checkBadgeIncrement(
                increment, at: root.appending(K.badgeIncrement), capped: false, &context.diagnostics)
            ZegoForm.checkIncrementEnabled(
                increment: increment, enabled: enabled, at: root.appending(K.badgeIncrement), &context.diagnostics)
            ext[X.badgeIncrement] = .integer(increment)
        }
        if let voIP = rest.takeObject(K.voIPConfig, at: root, &context.diagnostics) {
            Self.checkVoIPConfig(voIP, at: root.appending(K.voIPConfig), &context.diagnostics)
            ext[X.voIPConfig] = .object(voIP)
        }
        if !rest.isEmpty {
            ZegoForm.reportUnknownKeys(rest, at: root, in: "ZIMPushConfig", &context.diagnostics)
            ext[X.pushConfig] = .object(rest)
        }
        n.setExtension(X.namespace, ext)
        if !ext.isEmpty { context.record("extensions", from: root) }
        ContentCheck.reportUnread(n, context: &context, unreadCodes: [.zegoUnknownKey])
        return n
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        let n = notification
        let ext = n.extensionObject(X.namespace)
        let extra = ext[X.pushConfig]?.objectValue ?? JSONObject()
        ZegoForm.explainSendFormLosses(n, form: "ZIMPushConfig", context: &context)
        ZegoForm.explainExtraMedia(n, capacity: 1, context: &context)
        ZegoForm.explainExtensionLosses(
            n, carried: [X.payload, X.resourcesID, X.enableBadge, X.badgeIncrement, X.voIPConfig, X.pushConfig],
            target: descriptor.name, context: &context)
        var out = JSONObject()
        if let title = n.title { out.appendUnchecked(K.title, .string(title)) }
        if let body = n.body { out.appendUnchecked(K.content, .string(body)) }
        if let text = ZegoForm.payloadText(for: n, mediaURL: n.media.first?.url, context: &context) {
            out.appendUnchecked(K.payload, .string(text))
        }
        var resourcesID = ext[X.resourcesID]
        if resourcesID == nil, extra[K.resourcesID] == nil, let id = context.options.zegoResourcesID {
            resourcesID = .string(id)
        }
        if let resourcesID { out.appendUnchecked(K.resourcesID, resourcesID) }
        if let v = ext[X.enableBadge] { out.appendUnchecked(K.enableBadge, v) }
        if let v = ext[X.badgeIncrement] { out.appendUnchecked(K.badgeIncrement, v) }
        if let v = ext[X.voIPConfig] { out.appendUnchecked(K.voIPConfig, v) }
        for (key, value) in extra where out[key] == nil { out.appendUnchecked(key, value) }
        ZegoForm.noteMedia(n, resourcesID: resourcesID?.stringValue, delivered: false, context: &context)
        return .object(out)
    }

    /// Type-checks a `voIPConfig` (kept verbatim whatever it holds).
    private static func checkVoIPConfig(_ config: JSONObject, at path: JSONPointer, _ diagnostics: inout [Diagnostic]) {
        var rest = config
        _ = rest.takeInteger(ZegoKeys.VoIPConfig.handleType, at: path, &diagnostics)
        _ = rest.takeString(ZegoKeys.VoIPConfig.handleValue, at: path, &diagnostics)
        _ = rest.takeBool(ZegoKeys.VoIPConfig.hasVideo, at: path, &diagnostics)
        ZegoForm.reportUnknownKeys(rest, at: path, in: "voIPConfig", &diagnostics)
    }
}

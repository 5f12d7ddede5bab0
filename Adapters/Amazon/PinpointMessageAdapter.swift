public import PushCore

private typealias M = AmazonKeys.Message
private typealias X = AmazonKeys.Extension
private typealias XM = AmazonKeys.Extension.PinpointMessage

/// Amazon Pinpoint's `APNSMessage` send form (format `pinpoint-message`), bare or wrapped in
/// `{"APNSMessage": {…}}` (a `MessageConfiguration`; its other keys are kept verbatim).
///
/// | field | canonical |
/// |---|---|
/// | `Title`, `Body`, `Badge`, `ThreadId`, `Category` | `title`, `body`, `badge`, `group`, `category` |
/// | `Sound` | `sound.name` |
/// | `MediaUrl` | `media[0]` |
/// | `Data` (string map) | `data` |
/// | `SilentPush` | `contentAvailable` (true also implies `delivery.pushType` `background`) |
/// | `APNSPushType`, `CollapseId` | `delivery.pushType`, `delivery.collapseId` |
/// | `Priority` (`"10"`/`"5"`; `high`/`normal` normalised) | `delivery.priority` |
/// | `TimeToLive`, `Action`, `Url`, `Substitutions`, `PreferredAuthenticationMethod` | kept verbatim |
///
/// `TimeToLive` is relative (seconds) while `delivery.expiration` is an epoch; a pure adapter has no
/// clock, so it stays in `extensions.amazon.pinpointMessage.fields`. With `RawContent`, the payload is
/// the JSON in that string, read as a delivered Pinpoint payload; the content fields beside it, which
/// Pinpoint ignores, are kept verbatim with a warning; the header fields still apply.
public struct PinpointMessageAdapter: PayloadAdapter {
    /// Creates the adapter; its behaviour is set per call by the context's ``FormatOptions``.
    public init() {}

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// Built once: a conversion reads it several times.
    private static let standardDescriptor = FormatDescriptor(
        name: "pinpoint-message", vendor: X.namespace,
        summary: "Amazon Pinpoint's APNSMessage send form (bare or in `{\"APNSMessage\": …}`), incl. RawContent.",
        isDelivered: false, carries: PinpointMessageAdapter.carriedFields,
        layoutPaths: [
            JSONPointer(tokens: ["extensions", X.namespace, X.pinpointMessage, X.PinpointMessage.wrapped]),
            JSONPointer(tokens: ["extensions", X.namespace, X.pinpointMessage, X.PinpointMessage.rawContent]),
        ])

    /// The fields an `APNSMessage` without `RawContent` carries (with `RawContent`, all that `pinpoint` carries).
    package static let carriedFields = [
        "title", "body", "badge", "sound", "group", "category", "contentAvailable", "media", "delivery", "data",
        "extensions.amazon.pinpointMessage",
    ]

    /// Certain on an `APNSMessage` object, or on two or more `APNSMessage` fields at the root.
    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload else { return nil }
        if root[M.wrapper]?.objectValue != nil { return .certain("/\(M.wrapper)") }
        let keys = M.all.filter { root[$0] != nil }
        return keys.count >= 2 ? Recognition(strength: 3, evidence: keys.map { "/\($0)" }) : nil
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object(let root) = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "an APNSMessage must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var n = PushNotification()
        n.source = descriptor.name
        var memory = JSONObject()
        if let wrapped = root[M.wrapper] {
            let path = JSONPointer(tokens: [M.wrapper])
            if case .object(let message) = wrapped {
                var configuration = root
                configuration.removeValue(forKey: M.wrapper)
                memory[XM.wrapped] = .bool(true)
                if !configuration.isEmpty { memory[XM.configuration] = .object(configuration) }
                PinpointMessageReader.read(message, at: path, into: &n, memory: &memory, context: &context)
            } else {
                context.diagnostics.error(
                    .wrongType, at: path, "`\(M.wrapper)` must be an object, found \(wrapped.typeName); kept as it was")
                memory[XM.configuration] = .object(root)
            }
        } else {
            PinpointMessageReader.read(root, at: .root, into: &n, memory: &memory, context: &context)
        }
        if !memory.isEmpty {
            var ext = n.extensionObject(X.namespace)
            ext[X.pinpointMessage] = .object(memory)
            n.setExtension(X.namespace, ext)
        }
        return n
    }

    /// Fields, or (with `RawContent`) everything a delivered Pinpoint payload carries, plus the headers.
    public func carriedPart(of notification: PushNotification, options: FormatOptions) -> PushNotification {
        let memory = notification.extensionObject(X.namespace)[X.pinpointMessage]?.objectValue ?? JSONObject()
        guard memory[XM.rawContent]?.boolValue == true else { return notification.keeping(descriptor.carriedFields) }
        return notification.keeping(Self.rawContentCarries)
    }

    /// With `RawContent`: a delivered Pinpoint payload plus the headers and the message's memory.
    private static let rawContentCarries = CarriedFields(
        PinpointAdapter.carriedFields + ["delivery", "extensions.amazon.pinpointMessage"])

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        let memory = notification.extensionObject(X.namespace)[X.pinpointMessage]?.objectValue ?? JSONObject()
        let message = PinpointMessageWriter.message(for: notification, memory: memory, context: &context)
        let configuration = memory[XM.configuration]?.objectValue
        guard memory[XM.wrapped]?.boolValue == true else {
            // Not wrapped: an invalid wrapper read verbatim renders back as it was.
            if let configuration, configuration[M.wrapper] != nil { return .object(configuration) }
            return .object(message)
        }
        var root = JSONObject()
        root.appendUnchecked(M.wrapper, .object(message))
        for (key, value) in configuration ?? JSONObject() where root[key] == nil { root.appendUnchecked(key, value) }
        return .object(root)
    }
}

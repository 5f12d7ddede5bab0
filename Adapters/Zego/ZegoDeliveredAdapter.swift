import APNsAdapter
public import PushCore

private typealias X = ZegoKeys.Extension

/// A ZEGO ZPNs offline push as delivered on iOS (format `zego`): an APNs payload plus ZEGO's
/// pass-through `payload` string at the top level of userInfo.
///
/// `aps` reads as in `apns` (its `badge` is the absolute badge ZEGO computed). When `payload` holds a
/// JSON object, its media key (option `zegoPayloadMediaKey`, default `image_attachment`) becomes
/// `media` and its other keys stay in `extensions.zego.payload`, in order; any other string is kept
/// verbatim there with a warning. Other top-level keys go to `data`.
public struct ZegoDeliveredAdapter: PayloadAdapter {
    /// The `zego` format.
    public init() {}

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// Built once: a conversion reads it several times.
    private static let standardDescriptor = FormatDescriptor(
        name: "zego", vendor: "zego",
        summary: "A ZEGO ZPNs offline push as the iOS device receives it: APNs `aps` plus the `payload` string.",
        isDelivered: true,
        carries: APNsAdapter.carriedFields + ["media", "extensions.zego.payload"],
        options: [.zegoPayloadMediaKey])

    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload, root[APNsKeys.aps] != nil, case .string? = root[ZegoKeys.payload]
        else { return nil }
        return .certain("/aps", "/payload")
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object(var rest) = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "a ZEGO push payload must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var n = PushNotification()
        n.source = descriptor.name
        APNsPayloadReader.readAps(from: &rest, at: .root, into: &n, context: &context)
        let payloadPath = JSONPointer(tokens: [ZegoKeys.payload])
        if let text = rest.takeString(ZegoKeys.payload, at: .root, &context.diagnostics) {
            var ext = n.extensionObject(X.namespace)
            if let url = ZegoForm.readPayload(text, at: payloadPath, into: &ext, context: &context) {
                n.media = [PushNotification.Media(url: url)]
                context.record("media", from: payloadPath)
            }
            n.setExtension(X.namespace, ext)
        }
        APNsAdapter.reportMisplacedKeys(in: rest, context: &context)
        n.data = rest
        if !rest.isEmpty { context.record("data", from: .root) }
        return n
    }

    /// Custom data named `aps` or `payload`.
    public func dataCollides(_ notification: PushNotification, options: FormatOptions) -> Bool {
        notification.data[APNsKeys.aps] != nil || notification.data[ZegoKeys.payload] != nil
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        let n = notification
        ZegoForm.explainExtraMedia(n, capacity: 1, context: &context)
        ZegoWire.explainLosses(
            n, table: nil, carried: descriptor.carriedFields, format: descriptor.name, context: &context)
        ZegoForm.noteMedia(n, resourcesID: nil, delivered: true, context: &context)
        var root = JSONObject()
        APNsPayloadWriter.appendAps(for: n, to: &root)
        if let text = ZegoForm.payloadText(for: n, mediaURL: n.media.first?.url, context: &context) {
            root.appendUnchecked(ZegoKeys.payload, .string(text))
        }
        if n.data[ZegoKeys.payload] != nil {
            context.explainLoss(
                at: JSONPointer(tokens: ["data", ZegoKeys.payload]),
                "on ZEGO the top-level `payload` is ZEGO's pass-through string: it is written from media and "
                    + "extensions.zego.payload, and read back into them")
        }
        for (key, value) in n.data where root[key] == nil { root.appendUnchecked(key, value) }
        return .object(root)
    }
}

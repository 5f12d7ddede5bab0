public import PushCore
import JSONCodec

/// The plain APNs payload: `aps` plus custom keys beside it (format `apns`).
///
/// Every custom key goes to `data` untouched; unknown keys inside `aps`, `alert` and a sound
/// dictionary go to `extensions.apns` and render back in place.
public struct APNsAdapter: PayloadAdapter {
    public init() {}

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// Built once: a conversion reads it several times.
    private static let standardDescriptor = FormatDescriptor(
        name: "apns", vendor: "apple", summary: "A plain APNs payload: `aps` plus custom keys beside it.",
        isDelivered: true, carries: APNsAdapter.carriedFields,
        layoutPaths: [
            JSONPointer(tokens: ["extensions", APNsKeys.Extension.namespace, APNsKeys.Extension.apsMissing])
        ],
        options: [.apnsMediaKeys], recipients: .besidePayload
    )

    /// The canonical fields an APNs payload carries (everything but `delivery`, which travels as headers).
    package static let carriedFields = [
        "title", "subtitle", "body", "titleLocKey", "titleLocArgs", "subtitleLocKey", "subtitleLocArgs", "bodyLocKey",
        "bodyLocArgs", "launchImage", "badge", "sound", "group", "category", "mutableContent", "contentAvailable",
        "interruptionLevel", "relevanceScore", "targetContentId", "filterCriteria", "liveActivity", "data",
        "extensions.apns",
    ]

    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload, root[APNsKeys.aps] != nil else { return nil }
        return .weak("/aps")
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "an APNs payload must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var n = PushNotification()
        n.source = descriptor.name
        let source = JSONValueSource()
        let data = APNsWire.readRoot(source, payload, into: &n, context: &context, strict: false) ?? []
        _ = APNsWire.finishRoot(source, data: data, context: &context, strict: false)
        n.data = APNsWire.customData(data, context: &context)
        Self.readMediaKeys(into: &n, context: &context)
        return n
    }

    /// Apple's rules.
    public var platformRules: [any PlatformRules] { [APNsRules()] }

    /// Custom data named `aps`, or a string under an `apnsMediaKeys` key (read back as media).
    public func dataCollides(_ notification: PushNotification, options: FormatOptions) -> Bool {
        notification.data[APNsKeys.aps] != nil
            || options.apnsMediaKeys.contains { notification.data[$0]?.stringValue != nil }
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        var root = APNsPayloadWriter.payload(for: notification)
        Self.writeMediaKeys(notification, into: &root, context: &context)
        return .object(root)
    }

    static let mediaLossReason =
        "plain APNs has no media key: the app's Notification Service Extension decides where it reads the URL"

    /// Warns about `aps` keys put at the root by mistake (they stay custom data).
    package static func reportMisplacedKeys(in root: JSONObject, context: inout NormaliseContext) {
        let data = root.members.map { (key: JSONValue.string($0.key), value: $0.value) }
        _ = APNsWire.finishRoot(JSONValueSource(), data: data, context: &context, strict: false)
    }
}

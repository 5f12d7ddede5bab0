import APNsAdapter
import JSONCodec
public import PushCore

/// The "Amazon-style" `attachment-url` convention on an APNs payload (format `amazon`).
///
/// No Amazon source uses `attachment-url` (Amazon's own tooling reads `data.media-url`, see
/// ``PinpointAdapter``); it is a community convention, so every placement seen in the wild is read:
/// the root (the seed document's extension), `data` (Pusher, the majority) and `aps`. The media key
/// is the `amazonMediaKey` option; rendering uses the placement the payload was read from
/// (`extensions.amazon.mediaPlacements`), else the `amazonMediaPlacement` option.
public struct AmazonAdapter: PayloadAdapter {
    /// Creates the adapter; its behaviour is set per call by the context's ``FormatOptions``.
    public init() {}

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// Built once: a conversion reads it several times.
    private static let standardDescriptor = FormatDescriptor(
        name: "amazon", vendor: AmazonKeys.Extension.namespace,
        summary: "An APNs payload with the media URL under `attachment-url` (at the root, in `data` or in `aps`).",
        isDelivered: true, carries: AmazonAdapter.carriedFields,
        layoutPaths: [
            JSONPointer(tokens: [
                "extensions", AmazonKeys.Extension.namespace, AmazonKeys.Extension.mediaPlacements,
            ])
        ],
        options: [.amazonMediaKey, .amazonMediaPlacement])

    /// Plain APNs fields plus media and the remembered placements.
    package static let carriedFields = APNsAdapter.carriedFields + ["media", "extensions.amazon.mediaPlacements"]

    /// Certain when the default media key (`attachment-url`) is at the root, in `data` or in `aps`.
    /// (Recognition sees no options; a custom `amazonMediaKey` needs the format named.)
    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload else { return nil }
        let key = FormatOptions().amazonMediaKey
        for placement in AmazonMediaPlacement.allCases {
            let pointer = placement.pointer(key: key)
            if pointer.resolve(in: payload) != nil, placement == .top || root[pointer.tokens[0]]?.objectValue != nil {
                return .certain(pointer.description)
            }
        }
        return nil
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "an APNs payload must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var n = PushNotification()
        n.source = descriptor.name
        AmazonWire.read(payload, into: &n, context: &context)
        return n
    }

    /// Amazon's three placements: see ``AmazonWire/carriedPart(of:options:adapter:)``.
    public func carriedPart(of notification: PushNotification, options: FormatOptions) -> PushNotification {
        AmazonWire.carriedPart(of: notification, options: options, adapter: self)
    }

    public func dataCollides(_ notification: PushNotification, options: FormatOptions) -> Bool {
        AmazonWire.dataCollides(notification, options: options)
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        var out = JSONValueOutput()
        AmazonWire.write(notification, data: notification.data, context: &context, to: &out)
        return out.result
    }
}

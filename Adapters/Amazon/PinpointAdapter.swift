import APNsAdapter
public import PushCore

/// An Amazon Pinpoint push as the device receives it (format `pinpoint`).
///
/// APNs plus `data.media-url` (what Amplify's `AUNotificationService` downloads) and `data.pinpoint`
/// (`deeplink`, `url`, `campaign`, `journey`, `jsonBody`), which Amazon's SDKs read in the app: it is custom data
/// (`data.data.pinpoint`), checked, and delivered unchanged by every APNs-based format.
public struct PinpointAdapter: PayloadAdapter {
    /// Creates the adapter; its behaviour is set per call by the context's ``FormatOptions``.
    public init() {}

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// Built once: a conversion reads it several times.
    private static let standardDescriptor = FormatDescriptor(
        name: "pinpoint", vendor: AmazonKeys.Extension.namespace,
        summary:
            "An Amazon Pinpoint (AWS End User Messaging Push) push as delivered: APNs, `data.media-url`, `data.pinpoint`.",
        isDelivered: true, carries: PinpointAdapter.carriedFields)

    /// Plain APNs fields plus one media item (`data.pinpoint` is custom data).
    package static let carriedFields = APNsAdapter.carriedFields + ["media"]

    /// Certain on `data.pinpoint` or `data.media-url`.
    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let data)? = payload[AmazonKeys.data] else { return nil }
        let evidence = [AmazonKeys.Pinpoint.pinpoint, AmazonKeys.Pinpoint.mediaURL].filter { data[$0] != nil }
        guard !evidence.isEmpty else { return nil }
        return Recognition(strength: 3, evidence: evidence.map { "/\(AmazonKeys.data)/\($0)" })
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object(let root) = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "a Pinpoint payload must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var n = PushNotification()
        n.source = descriptor.name
        PinpointPayloadReader.read(root, into: &n, context: &context)
        return n
    }

    /// Custom data named `aps`, or a custom `data` object holding `media-url` (the media key).
    public func dataCollides(_ notification: PushNotification, options: FormatOptions) -> Bool {
        notification.data[APNsKeys.aps] != nil
            || notification.data[AmazonKeys.data]?.objectValue?[AmazonKeys.Pinpoint.mediaURL] != nil
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        .object(PinpointPayloadWriter.payload(for: notification, context: &context))
    }
}

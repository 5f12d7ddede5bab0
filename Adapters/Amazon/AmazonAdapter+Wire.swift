import APNsAdapter
package import JSONCodec
package import PushCore
package import WireTables

extension AmazonAdapter: WireFormat {
    /// ``AmazonWire/read(_:_:into:context:strict:)`` over the borrowed document, strictly: a payload with a media
    /// URL (which the format reports where it found it) is read in full.
    package func withWireRead(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, options: FormatOptions,
        _ body: (inout WireNotification) -> Void
    ) -> Bool {
        guard document.isObject(root) else { return false }
        var wire = WireNotification(document: document)
        wire.model.source = descriptor.name
        var context = NormaliseContext(options: options)
        guard let read = AmazonWire.read(document, root, into: &wire.model, context: &context, strict: true) else {
            return false
        }
        wire.data = read.data
        body(&wire)
        return true
    }

    /// Custom data named `aps` or the media key needs the adapter, and so does a `data` member that holds the media
    /// key or that the media URL goes into (else it is written verbatim in both).
    package func wireDataCollides(_ wire: WireNotification, options: FormatOptions) -> Bool {
        if wire.dataHas(APNsKeys.aps) || wire.dataHas(options.amazonMediaKey) { return true }
        let document = wire.document
        guard let data = wire.data.first(where: { document.key($0.key, is: "data") }) else { return false }
        if !wire.model.media.isEmpty && Self.placement(of: wire.model, options) == .data { return true }
        return !document.isObject(data.value)
            || document.members(data.value).contains { document.key($0.key, isString: options.amazonMediaKey) }
    }

    /// ``AmazonWire/write(_:data:writeData:context:to:)``: the APNs payload, custom data, then one media URL at the
    /// placement remembered in `extensions.amazon.mediaPlacements` (read from `amazon` or `sns`), else the
    /// `amazonMediaPlacement` option's (`top` or `data`; several media and `aps` are left to the adapter). Other
    /// vendors' extensions (an SNS message's Android side, FCM's values) are not written: the declared losses say so.
    package func wireWrite(_ wire: WireNotification, into out: inout [UInt8], context: inout RenderContext) -> Bool {
        let n = wire.model
        guard APNsWire.canWrite(n), n.media.count <= 1,
            n.media.isEmpty || Self.placement(of: n, context.options) != .aps
        else { return false }
        let document = wire.document
        let data = wire.data
        CompactOutput.appending(to: &out) { output in
            AmazonWire.write(
                n, data: JSONObject(), writeData: { WireNotification.write(data, of: document, to: &$0) },
                mediaFromURLs: true, context: &context, to: &output)
        }
        return true
    }

    /// Where the one media item of `n` goes: its remembered placement, else the option's.
    private static func placement(of n: PushNotification, _ options: FormatOptions) -> AmazonMediaPlacement {
        let remembered =
            n.extensions.isEmpty
            ? nil : n.extensionObject(AmazonKeys.Extension.namespace)[AmazonKeys.Extension.mediaPlacements]
        if let name = remembered?.arrayValue?.first?.stringValue, let known = AmazonMediaPlacement(rawValue: name) {
            return known
        }
        return AmazonMediaPlacement(option: options.amazonMediaPlacement)
    }
}

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

    /// Custom data named `aps`, `data` or the media key needs the adapter.
    package func wireDataCollides(_ wire: WireNotification, options: FormatOptions) -> Bool {
        wire.dataHas(APNsKeys.aps) || wire.dataHas(options.amazonMediaKey) || wire.dataHas(AmazonKeys.data)
    }

    /// ``AmazonWire/write(_:data:writeData:context:to:)``: the APNs payload, custom data, then one media URL at the
    /// `amazonMediaPlacement` option's placement (`top` or `data`; several media and `aps` are left to the adapter).
    package func wireWrite(_ wire: WireNotification, into out: inout [UInt8], context: inout RenderContext) -> Bool {
        let n = wire.model
        let placement = AmazonMediaPlacement(option: context.options.amazonMediaPlacement)
        guard APNsWire.canWrite(n), n.extensions.isEmpty, n.media.count <= 1,
            n.media.isEmpty || placement != .aps
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
}

package import APNsAdapter
package import JSONCodec
package import PushCore

extension AmazonAdapter: WireFormat {
    /// Reading stays with the adapter (it reports every placement it reads media from).
    package func wireRead(_ document: BorrowedDocument, root: BorrowedDocument.Node, options: FormatOptions)
        -> WireNotification?
    { nil }

    /// Custom data named `aps`, `data` or the media key needs the adapter.
    package func wireDataCollides(_ wire: WireNotification, options: FormatOptions) -> Bool {
        wire.dataHas(APNsKeys.aps) || wire.dataHas(options.amazonMediaKey) || wire.dataHas(AmazonKeys.data)
    }

    /// ``AmazonPayloadWriter``: the APNs payload, plus one media URL at the `amazonMediaPlacement` option's
    /// placement (`top` or `data`; several media, remembered placements and `aps` are the adapter's).
    package func wireWrite(_ wire: WireNotification, into out: inout [UInt8], context: inout RenderContext) -> Bool {
        let n = wire.model
        let placement = AmazonMediaPlacement(option: context.options.amazonMediaPlacement)
        guard APNsWire.canWrite(n), n.extensions.isEmpty, n.media.count <= 1,
            n.media.isEmpty || placement != .aps
        else { return false }
        out.append(UInt8(ascii: "{"))
        APNsWire.write(n, into: &out)
        wire.writeData(into: &out)
        if let item = n.media.first {
            out.append(UInt8(ascii: ","))
            if placement == .data { out.append(literal: #""data":{"#) }
            JSONWriter.writeString(context.options.amazonMediaKey, into: &out)
            out.append(UInt8(ascii: ":"))
            JSONWriter.writeString(item.url, into: &out)
            if placement == .data { out.append(UInt8(ascii: "}")) }
            // Wire readers build media from a URL alone (its kind from the extension, no identifier): nothing to
            // explain, only the note about `mutable-content`.
            AmazonPayloadWriter.note(n, context: &context)
        }
        out.append(UInt8(ascii: "}"))
        return true
    }
}

import APNsAdapter
package import JSONCodec
package import PushCore
package import WireTables

extension HiveAdapter: WireFormat {
    /// ``HiveAdapter/read(_:_:into:context:strict:)`` over the borrowed document, strictly: anything the format
    /// remarks on (a group differing from `aps.thread-id`, audio or an undocumented media type, a category Hive does
    /// not know) gives up, and the payload is read in full.
    package func withWireRead(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, options: FormatOptions,
        _ body: (inout WireNotification) -> Void
    ) -> Bool {
        guard document.isObject(root) else { return false }
        var wire = WireNotification(document: document)
        wire.model.source = descriptor.name
        var context = NormaliseContext(options: options)
        guard let data = Self.read(document, root, into: &wire.model, context: &context, strict: true) else {
            return false
        }
        wire.data = data
        if !wire.model.media.isEmpty { wire.provenance.append(("media", JSONPointer(tokens: [options.hiveMediaKey]))) }
        body(&wire)
        return true
    }

    /// hive-local's keys (`extensions.hive`): the adapter explains why a remote push has no place for them.
    package var explainedNamespaces: [String] { [HiveKeys.namespace] }

    /// Custom data named `aps`, or the group or media key, needs the adapter.
    package func wireDataCollides(_ wire: WireNotification, options: FormatOptions) -> Bool {
        wire.dataHas(APNsKeys.aps) || wire.dataHas(options.hiveGroupKey) || wire.dataHas(options.hiveMediaKey)
    }

    /// ``HiveAdapter/writeHead(_:dataHas:context:to:)``, then custom data (which ``wireDataCollides(_:options:)``
    /// has kept clear of the format's keys).
    package func wireWrite(_ wire: WireNotification, into out: inout [UInt8], context: inout RenderContext) -> Bool {
        let n = wire.model
        let groupKey = context.options.hiveGroupKey
        let mediaKey = context.options.hiveMediaKey
        // Other vendors' extensions are not written (the declared losses say so); Hive's own are the adapter's.
        guard APNsWire.canWrite(n), n.extensions.isEmpty || n.extensions[HiveKeys.namespace] == nil,
            groupKey != APNsKeys.aps, mediaKey != APNsKeys.aps,
            groupKey != mediaKey
        else { return false }
        if n.media.contains(where: { !$0.holdsOnlyURL }) {
            return false
        }
        CompactOutput.appending(to: &out) { output in
            output.beginObject()
            _ = Self.writeHead(n, dataHas: { _ in false }, context: &context, to: &output)
            wire.writeData(to: &output)
            output.endObject()
        }
        return true
    }
}

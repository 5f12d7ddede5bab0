package import JSONCodec
package import PushCore
package import WireTables

extension HMSAdapter: WireFormat {
    /// Reads the message over the borrowed document with the reader ``normalise`` uses (``HMSMessageReader``, the
    /// same tables), so the two cannot disagree. The payload is left to the adapter when the reader or HMS's rules
    /// find anything, when it keeps HMS-only values (`extensions.hms`: a ``WireNotification`` lends kept objects, not
    /// HMS's scalars such as `collapse_key`), or when it has a data map (HMS's data is a JSON object inside the
    /// `data` string, not members of the input document that ``WireNotification/data`` lends).
    package func withWireRead(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, options: FormatOptions,
        _ body: (inout WireNotification) -> Void
    ) -> Bool {
        guard document.isObject(root) else { return false }
        var context = NormaliseContext()
        guard
            let n = HMSMessageReader.read(document, root, format: descriptor.name, context: &context),
            context.diagnostics.isEmpty, n.extensions.isEmpty, n.data.isEmpty
        else { return false }
        guard !HMSChecks.check(document.jsonValue(root)).containsErrors else { return false }
        var wire = WireNotification(document: document)
        if let media = context.provenance[JSONPointer(tokens: ["media"])] { wire.provenance.append(("media", media)) }
        wire.model = n
        body(&wire)
        return true
    }

    /// Nothing in custom data collides with an HMS key: data is one string of its own.
    package func wireDataCollides(_ wire: WireNotification, options: FormatOptions) -> Bool { false }

    /// HMS is written by its adapter (its data map becomes a string).
    package func wireWrite(_ wire: WireNotification, into out: inout [UInt8], context: inout RenderContext) -> Bool {
        false
    }
}

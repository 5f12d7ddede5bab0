import APNsAdapter
package import JSONCodec
package import PushCore
package import WireTables

extension FCMAdapter: WireFormat {
    /// Reads the message over the borrowed document with the reader ``normalise`` uses (``FCMMessageReader``), so
    /// the two cannot disagree; custom data (`apns.payload`'s keys beside `aps`, then `message.data`'s) stays nodes
    /// of the document. Any finding of the reader, an error of FCM's own rules, or a data key both places name leaves
    /// the payload to the adapter.
    package func withWireRead(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, options: FormatOptions,
        _ body: (inout WireNotification) -> Void
    ) -> Bool {
        guard document.isObject(root) else { return false }
        var context = NormaliseContext()
        guard
            var n = FCMMessageReader.read(document, root, format: descriptor.name, context: &context),
            context.diagnostics.isEmpty
        else { return false }
        // FCM's rules (the adapter path rejects a payload they find an error in).
        guard !FCMChecks.check(document, root).containsErrors else { return false }
        var wire = WireNotification(document: document)
        guard Self.collectData(document, root, into: &wire.data) else { return false }
        n.data = JSONObject()
        if let media = context.provenance[JSONPointer(tokens: ["media"])] { wire.provenance.append(("media", media)) }
        wire.model = n
        body(&wire)
        return true
    }

    /// The custom data members, in the order the reader puts them in the model: `apns.payload`'s keys beside `aps`,
    /// then `message.data`'s. False when a key is in both (the model keeps one, the other in
    /// `extensions.fcm.messageData` when they differ).
    private static func collectData(
        _ document: BorrowedDocument, _ root: BorrowedDocument.Node,
        into data: inout [(key: BorrowedDocument.Node, value: BorrowedDocument.Node)]
    ) -> Bool {
        let message =
            FCMMessageReader.isRequest(document, root)
            ? WireTable<FCMAndroidWire.Hook>.member(document, root, FCMV1Wire.message) ?? root : root
        if let apns = WireTable<FCMAndroidWire.Hook>.member(document, message, FCMV1Wire.apns),
            document.isObject(apns),
            let payload = WireTable<FCMAndroidWire.Hook>.member(document, apns, FCMV1Wire.payload),
            document.isObject(payload)
        {
            var aps = false
            for member in document.members(payload) {
                if !aps, document.key(member.key, is: APNsKeys.apsLiteral) {
                    aps = true
                } else {
                    data.append(member)
                }
            }
        }
        if let messageData = WireTable<FCMAndroidWire.Hook>.member(document, message, FCMV1Wire.data),
            document.isObject(messageData)
        {
            for member in document.members(messageData) {
                let key = document.stringBytes(member.key)
                for index in 0..<data.count where BorrowedDocument.equal(document.stringBytes(data[index].key), key) {
                    // In both places, or twice in `data`: the adapter says what it keeps.
                    return false
                }
                data.append(member)
            }
        }
        return true
    }

    /// Custom data named `aps` (it would be written beside `aps` in `apns.payload`).
    package func wireDataCollides(_ wire: WireNotification, options: FormatOptions) -> Bool {
        wire.dataHas(APNsKeys.aps)
    }

    /// ``FCMWireWriter``: a notification read by another format's table, as a bare Message (anything it does not
    /// write exactly as the adapter would, the adapter renders).
    package func wireWrite(_ wire: WireNotification, into out: inout [UInt8], context: inout RenderContext) -> Bool {
        FCMWireWriter.write(wire, into: &out, context: &context)
    }
}

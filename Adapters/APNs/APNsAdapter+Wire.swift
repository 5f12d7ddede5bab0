package import JSONCodec
package import PushCore

extension APNsAdapter: WireFormat {
    /// `aps` through ``APNsWire``, every other root key custom data.
    package func wireRead(_ document: BorrowedDocument, root: BorrowedDocument.Node, options: FormatOptions)
        -> WireNotification?
    {
        guard options.apnsMediaKeys.isEmpty,
            let wire = APNsWire.readPayload(document, root: root, format: descriptor.name, claim: { _, _ in false })
        else { return nil }
        // A top-level https URL the adapter suggests reading as media (info `apns.media.custom-key`).
        for member in wire.data where document.kind(member.value) == .string {
            let bytes = document.stringBytes(member.value)
            guard bytes.count > 8, bytes[0] | 0x20 == UInt8(ascii: "h"),
                let text = document.string(member.value), Self.looksLikeMedia(text)
            else { continue }
            return nil
        }
        return wire
    }

    package func wireDataCollides(_ wire: WireNotification, options: FormatOptions) -> Bool {
        wire.dataHas(APNsKeys.aps)
    }

    package func wireWrite(_ wire: WireNotification, into out: inout [UInt8], context: inout RenderContext) -> Bool {
        guard APNsWire.canWrite(wire.model),
            wire.kept.isEmpty || !wire.kept.contains(where: { $0.namespace == "apns" }),
            wire.model.media.isEmpty || context.options.apnsMediaKeys.isEmpty
        else { return false }
        if !wire.model.media.isEmpty {
            context.explainLoss(at: JSONPointer(tokens: ["media"]), APNsAdapter.mediaLossReason)
        }
        out.append(UInt8(ascii: "{"))
        APNsWire.write(wire.model, into: &out)
        wire.writeData(into: &out)
        out.append(UInt8(ascii: "}"))
        return true
    }
}

extension APNsWire {
    /// Reads an APNs-shaped root: `aps` (required) through the table, then each other member either claimed by
    /// `claim` (a vendor key; false to leave it) or kept as custom data. Nil for any shape the adapter reports
    /// (no `aps`, an `aps` key put at the root).
    package static func readPayload(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, format: String,
        claim: (BorrowedDocument.Node, inout WireNotification) -> Bool?
    ) -> WireNotification? {
        guard document.kind(root) == .object else { return nil }
        var wire = WireNotification(document: document)
        wire.model.source = format
        var sawAps = false
        wire.data.reserveCapacity(document.childCount(root))
        for member in document.members(root) {
            let key = document.stringBytes(member.key)
            if BorrowedDocument.equal(key, "aps") {
                guard read(document, aps: member.value, into: &wire.model) else { return nil }
                sawAps = true
                continue
            }
            // `aps` keys at the root: the adapter warns about them.
            if BorrowedDocument.equal(key, "mutable-content") || BorrowedDocument.equal(key, "content-available")
                || BorrowedDocument.equal(key, "badge") || BorrowedDocument.equal(key, "thread-id")
            {
                return nil
            }
            switch claim(member.key, &wire) {
            case true?: continue
            case nil: return nil
            case false?: wire.data.append(member)
            }
        }
        return sawAps ? wire : nil
    }
}

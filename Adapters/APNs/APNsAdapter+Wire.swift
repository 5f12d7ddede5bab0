package import JSONCodec
package import PushCore
package import WireTables

extension APNsAdapter: WireFormat {
    /// `aps` through ``APNsWire``, every other root key custom data.
    package func withWireRead(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, options: FormatOptions,
        _ body: (inout WireNotification) -> Void
    ) -> Bool {
        var wire = WireNotification(document: document)
        guard options.apnsMediaKeys.isEmpty,
            APNsWire.readPayload(document, root: root, format: descriptor.name, into: &wire, claim: { _, _ in false })
        else { return false }
        // A top-level https URL the adapter suggests reading as media (info `apns.media.custom-key`).
        for member in wire.data where document.kind(member.value) == .string {
            let bytes = document.stringBytes(member.value)
            guard bytes.count > 8, bytes[0] | 0x20 == UInt8(ascii: "h"),
                let text = document.string(member.value), Self.looksLikeMedia(text)
            else { continue }
            return false
        }
        body(&wire)
        return true
    }

    package func wireDataCollides(_ wire: WireNotification, options: FormatOptions) -> Bool {
        wire.dataHas(APNsKeys.aps)
    }

    /// Without media keys, ``carriedPart(of:options:)`` is the carried fields themselves (with them, the media it
    /// reads back are added).
    package func carriedPartOnlyNarrows(_ options: FormatOptions) -> Bool { options.apnsMediaKeys.isEmpty }

    package func wireWrite(_ wire: WireNotification, into out: inout [UInt8], context: inout RenderContext) -> Bool {
        guard APNsWire.canWrite(wire.model),
            wire.kept.isEmpty || !wire.kept.contains(where: { $0.namespace == "apns" }),
            wire.model.media.isEmpty || context.options.apnsMediaKeys.isEmpty
        else { return false }
        if !wire.model.media.isEmpty {
            context.explainLoss(at: JSONPointer(tokens: ["media"]), APNsAdapter.mediaLossReason)
        }
        CompactOutput.appending(to: &out) { output in
            output.beginObject()
            APNsWire.writeAps(wire.model, to: &output)
            wire.writeData(to: &output)
            output.endObject()
        }
        return true
    }
}

extension APNsWire {
    /// Reads an APNs-shaped root of a borrowed document strictly: `aps` through the table, then each other member
    /// either claimed by `claim` (a vendor key; false to leave it, nil to give up) or kept as custom data, into
    /// `wire` (a new notification of `document`, filled in place: a returned one was copied). False for any shape
    /// with a finding (no `aps`, an `aps` key put at the root, …): the caller reads it in full.
    package static func readPayload(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, format: String,
        into wire: inout WireNotification, claim: (BorrowedDocument.Node, inout WireNotification) -> Bool?
    ) -> Bool {
        guard document.isObject(root) else { return false }
        wire.reuseScratch()
        wire.model.source = format
        var context = NormaliseContext()
        var members = WireNotification.scratchMembers()
        guard readRoot(document, root, into: &wire.model, context: &context, strict: true, members: &members) else {
            return false
        }
        var kept = 0
        for index in members.indices {
            switch claim(members[index].key, &wire) {
            case true?: continue
            case nil: return false
            case false?:
                members[kept] = members[index]
                kept += 1
            }
        }
        members.removeLast(members.count - kept)
        wire.data = members
        return finishRoot(document, data: wire.data, context: &context, strict: true)
    }
}

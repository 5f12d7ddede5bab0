import APNsAdapter
package import JSONCodec
package import PushCore
package import WireTables

private typealias X = ZegoKeys.Extension

extension ZegoDeliveredAdapter: WireFormat {
    /// `aps` through the APNs table; `payload`, a JSON object in a string, parsed once in a nested borrow that lasts
    /// while `body` runs: its media key becomes `media`, its other members stay nodes (`extensions.zego.payload`);
    /// other root keys are custom data.
    package func withWireRead(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, options: FormatOptions,
        _ body: (inout WireNotification) -> Void
    ) -> Bool {
        var payload: BorrowedDocument.Node?
        var wire = WireNotification(document: document)
        let read = APNsWire.readPayload(document, root: root, format: descriptor.name, into: &wire) { key, _ in
            guard BorrowedDocument.equal(document.stringBytes(key), "payload") else { return false }
            let value = key + 1
            // Empty or not a string: the adapter says so.
            guard document.kind(value) == .string, document.stringBytes(value).count > 0 else { return nil }
            payload = value
            return true
        }
        guard read else { return false }
        guard let payload else {
            body(&wire)
            return true
        }
        var readPayload = false
        _ = JSONParser().withBorrowedDocument(document.stringBytes(payload)) { inner in
            // Not an object, or a media key that is not a string: the adapter says so.
            guard inner.kind(inner.root) == .object else { return }
            var members = WireNotification.scratchMembers()
            var url: PushNotification.Text?
            var mediaKey = options.zegoPayloadMediaKey
            let ok = mediaKey.withUTF8 { mediaUTF8 -> Bool in
                for member in inner.members(inner.root) {
                    if BorrowedDocument.equal(inner.stringBytes(member.key), mediaUTF8) {
                        guard let text = inner.text(member.value) else { return false }
                        url = text
                    } else {
                        members.append(member)
                    }
                }
                return true
            }
            guard ok else { return }
            if let url {
                var media = WireNotification.scratchMedia()
                media.append(PushNotification.Media(urlText: url))
                wire.model.media = media
                wire.provenance.append(("media", Self.payloadPointer))
            }
            if url == nil || !members.isEmpty {
                wire.kept.append(
                    WireNotification.Kept(namespace: X.namespace, key: X.payload, document: inner, members: members))
            } else {
                WireNotification.recycleMembers(members)
            }
            body(&wire)
            readPayload = true
        }
        return readPayload
    }

    /// Where media read from the `payload` string come from.
    private static let payloadPointer = JSONPointer(tokens: [ZegoKeys.payload])

    /// Custom data named `aps` or `payload` needs the adapter (it reads them back as something else).
    package func wireDataCollides(_ wire: WireNotification, options: FormatOptions) -> Bool {
        wire.dataHas(APNsKeys.aps) || wire.dataHas(ZegoKeys.payload)
    }

    package func wireWrite(_ wire: WireNotification, into out: inout [UInt8], context: inout RenderContext) -> Bool {
        let n = wire.model
        // Other vendors' extensions are not written (the declared losses say so); ZEGO's own are the adapter's.
        guard APNsWire.canWrite(n), n.extensions.isEmpty || n.extensions[X.namespace] == nil, n.media.count <= 1,
            wire.kept.allSatisfy({ $0.namespace == X.namespace && $0.key == X.payload })
        else { return false }
        ZegoForm.explainExtraMedia(n, capacity: 1, context: &context)
        ZegoForm.noteMedia(n, resourcesID: nil, delivered: true, context: &context)
        out.append(UInt8(ascii: "{"))
        APNsWire.write(n, into: &out)
        let kept = wire.kept.first
        if kept != nil || !n.media.isEmpty {
            // ZegoPayloadString.render: the media key first, then the kept members; written compactly, as a string.
            var text: [UInt8] = [UInt8(ascii: "{")]
            var first = true
            if let url = n.media.first?.urlText {
                JSONWriter.writeString(context.options.zegoPayloadMediaKey, into: &text)
                text.append(UInt8(ascii: ":"))
                url.withUTF8 { JSONWriter.writeString(bytes: $0, into: &text) }
                first = false
            }
            if let kept {
                for member in kept.members {
                    if !first { text.append(UInt8(ascii: ",")) }
                    first = false
                    JSONWriter.writeString(bytes: kept.document.stringBytes(member.key), into: &text)
                    text.append(UInt8(ascii: ":"))
                    kept.document.writeCompact(member.value, into: &text)
                }
            }
            text.append(UInt8(ascii: "}"))
            out.append(literal: #","payload":"#)
            text.withUnsafeBufferPointer { JSONWriter.writeString(bytes: $0, into: &out) }
        }
        wire.writeData(into: &out)
        out.append(UInt8(ascii: "}"))
        return true
    }
}

package import APNsAdapter
package import JSONCodec
package import PushCore

extension HiveAdapter: WireFormat {
    /// `aps` through the APNs table; the group key (option `hiveGroupKey`) and the media key (`hiveMediaKey`) at the
    /// root; every other root key custom data. Anything the adapter remarks on (a group differing from
    /// `aps.thread-id`, audio or an undocumented media type, a category Hive does not know) is left to it.
    package func wireRead(_ document: BorrowedDocument, root: BorrowedDocument.Node, options: FormatOptions)
        -> WireNotification?
    {
        var groupNode: BorrowedDocument.Node?
        var mediaNode: BorrowedDocument.Node?
        var groupKey = options.hiveGroupKey
        var mediaKey = options.hiveMediaKey
        let read = groupKey.withUTF8 { groupUTF8 in
            mediaKey.withUTF8 { mediaUTF8 in
                APNsWire.readPayload(document, root: root, format: descriptor.name) { key, _ in
                    let bytes = document.stringBytes(key)
                    let isGroup = BorrowedDocument.equal(bytes, groupUTF8)
                    let isMedia = BorrowedDocument.equal(bytes, mediaUTF8)
                    guard isGroup || isMedia else { return false }
                    guard document.kind(key + 1) == .string else { return nil }
                    if isGroup { groupNode = key + 1 } else { mediaNode = key + 1 }
                    return true
                }
            }
        }
        guard var wire = read else { return nil }
        if let groupNode, let group = document.string(groupNode) {
            if let threadID = wire.model.group {
                guard threadID == group else { return nil }
            } else {
                wire.model.group = group
            }
        }
        if let mediaNode, let url = document.string(mediaNode) {
            let media = PushNotification.Media(url: url)
            guard media.kind != .audio, HiveKeys.mediaExtensions.contains(Self.fileExtension(of: url)) else {
                return nil
            }
            wire.model.media = [media]
            wire.provenance.append(("media", JSONPointer(tokens: [options.hiveMediaKey])))
        }
        if let category = wire.model.category, !HiveActionCatalogue.builtInCategoryIDs.contains(category) {
            return nil
        }
        return wire
    }

    /// Custom data named `aps`, or the group or media key, needs the adapter.
    package func wireDataCollides(_ wire: WireNotification, options: FormatOptions) -> Bool {
        wire.dataHas(APNsKeys.aps) || wire.dataHas(options.hiveGroupKey) || wire.dataHas(options.hiveMediaKey)
    }

    /// As ``render(_:context:)``: `aps`, the group key, the first media URL, then custom data.
    package func wireWrite(_ wire: WireNotification, into out: inout [UInt8], context: inout RenderContext) -> Bool {
        let n = wire.model
        let groupKey = context.options.hiveGroupKey
        let mediaKey = context.options.hiveMediaKey
        guard APNsWire.canWrite(n), n.extensions.isEmpty, groupKey != APNsKeys.aps, mediaKey != APNsKeys.aps,
            groupKey != mediaKey
        else { return false }
        if n.media.contains(where: { $0.identifier != nil || $0.kind != PushNotification.MediaKind(url: $0.url) }) {
            return false
        }
        out.append(UInt8(ascii: "{"))
        APNsWire.write(n, into: &out)
        if let group = n.group {
            out.append(UInt8(ascii: ","))
            JSONWriter.writeString(groupKey, into: &out)
            out.append(UInt8(ascii: ":"))
            JSONWriter.writeString(group, into: &out)
        }
        if let first = n.media.first {
            out.append(UInt8(ascii: ","))
            JSONWriter.writeString(mediaKey, into: &out)
            out.append(UInt8(ascii: ":"))
            JSONWriter.writeString(first.url, into: &out)
        }
        if n.media.count > 1 {
            context.explainLoss(at: JSONPointer(tokens: ["media"]), "a Hive push carries one media URL")
        }
        wire.writeData(into: &out)
        out.append(UInt8(ascii: "}"))
        return true
    }
}

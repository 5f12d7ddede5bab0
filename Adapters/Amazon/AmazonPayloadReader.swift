import APNsAdapter
package import PushCore

private typealias X = AmazonKeys.Extension

/// Reads an APNs payload that follows the `attachment-url` convention (formats `amazon` and `sns`).
///
/// The media key (option `amazonMediaKey`) is looked for in all three placements; every string found
/// becomes one media item, in document order (the order of the root's keys), and the placements are
/// remembered in `extensions.amazon.mediaPlacements` so the payload renders back where it came from.
/// Everything else is read as `apns` reads it: other root keys go to `data`, and a `data` object keeps
/// its other keys (as `data.data`).
package enum AmazonPayloadReader {
    /// Reads `root` (located at the input's root) into `n`.
    package static func read(_ root: JSONObject, into n: inout PushNotification, context: inout NormaliseContext) {
        let key = context.options.amazonMediaKey
        var rest = root
        var found: [(placement: AmazonMediaPlacement, url: String)] = []
        for member in root.members {
            let placement: AmazonMediaPlacement
            switch member.key {
            case APNsKeys.aps: placement = .aps
            case AmazonKeys.data: placement = .data
            case key: placement = .top
            default: continue
            }
            let path = placement.pointer(key: key)
            if placement == .top {
                guard let url = rest.takeString(key, at: .root, &context.diagnostics) else { continue }
                found.append((placement, url))
            } else {
                guard case .object(var container) = member.value, container[key] != nil else { continue }
                let containerPath = JSONPointer(tokens: [member.key])
                guard let url = container.takeString(key, at: containerPath, &context.diagnostics) else { continue }
                found.append((placement, url))
                // `aps` stays even when emptied (APNs requires it); an emptied `data` goes away and is
                // recreated on render.
                rest[member.key] = container.isEmpty && placement == .data ? nil : .object(container)
            }
            context.diagnostics.info(
                .amazonMediaFound, at: path,
                "media URL read from `\(placement.display(key: key))` (placement `\(placement)`)")
        }
        if found.count > 1 {
            let names = found.map { "`\($0.placement.display(key: key))`" }.joined(separator: ", ")
            context.diagnostics.warning(
                .amazonMediaMultiple, at: found[1].placement.pointer(key: key),
                "media URLs in \(found.count) placements (\(names)); all are read in document order, but an "
                    + "extension usually reads only one")
        }
        APNsPayloadReader.readAps(from: &rest, at: .root, into: &n, context: &context)
        APNsAdapter.reportMisplacedKeys(in: rest, context: &context)
        for (index, item) in found.enumerated() {
            n.media.append(PushNotification.Media(url: item.url))
            context.provenance[JSONPointer(tokens: ["media", String(index)])] = item.placement.pointer(key: key)
        }
        if let first = found.first { context.record("media", from: first.placement.pointer(key: key)) }
        if !found.isEmpty {
            var ext = n.extensionObject(X.namespace)
            ext[X.mediaPlacements] = .array(found.map { .string($0.placement.rawValue) })
            n.setExtension(X.namespace, ext)
        }
        n.data = rest
        if !rest.isEmpty { context.record("data", from: .root) }
    }
}

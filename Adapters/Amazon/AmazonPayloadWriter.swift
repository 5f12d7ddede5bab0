import APNsAdapter
package import PushCore

private typealias X = AmazonKeys.Extension

/// Writes the model as an APNs payload with the `attachment-url` convention (formats `amazon`, `sns`).
package enum AmazonPayloadWriter {
    /// The payload: `APNsPayloadWriter`'s, plus each media URL at its placement: the one remembered in
    /// `extensions.amazon.mediaPlacements`, else the `amazonMediaPlacement` option. One URL per
    /// placement; media that find no free placement are lost (and explained).
    /// `mutable-content` is never added: what the model says is what is written.
    package static func payload(for n: PushNotification, context: inout RenderContext) -> JSONObject {
        typealias Kind = PushNotification.MediaKind
        var root = APNsPayloadWriter.payload(for: n)
        guard !n.media.isEmpty else { return root }
        let key = context.options.amazonMediaKey
        let remembered = n.extensionObject(X.namespace)[X.mediaPlacements]?.arrayValue ?? []
        let fallback = AmazonMediaPlacement(option: context.options.amazonMediaPlacement)
        var used: Set<AmazonMediaPlacement> = []
        var unplaced: [String] = []
        for (index, item) in n.media.enumerated() {
            var placement = fallback
            if index < remembered.count, let name = remembered[index].stringValue,
                let known = AmazonMediaPlacement(rawValue: name)
            {
                placement = known
            }
            guard !used.contains(placement), place(item.url, at: placement, key: key, in: &root) else {
                unplaced.append(item.url)
                continue
            }
            used.insert(placement)
        }
        if !unplaced.isEmpty {
            context.explainLoss(
                at: JSONPointer(tokens: ["media"]),
                "the attachment-url convention carries one URL per placement (top, data, aps); no free placement "
                    + "for \(unplaced.joined(separator: ", "))")
        } else {
            explainAndNote(n, context: &context)
            return root
        }
        note(n, context: &context)
        return root
    }

    /// With every media URL placed: explains a kind or identifier the convention cannot carry, and notes a missing
    /// `mutable-content`.
    package static func explainAndNote(_ n: PushNotification, context: inout RenderContext) {
        typealias Kind = PushNotification.MediaKind
        if n.media.contains(where: { $0.identifier != nil || $0.kind != Kind(url: $0.url) }) {
            context.explainLoss(
                at: JSONPointer(tokens: ["media"]),
                "the attachment-url convention carries only the URL; the kind comes from its extension and there is "
                    + "no identifier")
        }
        note(n, context: &context)
    }

    /// Notes media rendered without `mutable-content: 1`.
    package static func note(_ n: PushNotification, context: inout RenderContext) {
        if n.mutableContent != true {
            context.diagnostics.info(
                .amazonMediaWithoutMutableContent, at: JSONPointer(tokens: ["media"]),
                "media rendered without `mutable-content: 1` (not added): no Notification Service Extension will run "
                    + "to fetch it; set mutableContent to true")
        }
    }

    /// True when custom data, or an unknown `aps` key kept in `extensions.apns`, holds a key this convention reads
    /// itself: `aps`, or the media key at the root, inside a `data` object or inside `aps`.
    package static func dataCollides(_ n: PushNotification, options: FormatOptions) -> Bool {
        let key = options.amazonMediaKey
        if n.data[key] != nil || n.data[APNsKeys.aps] != nil { return true }
        if case .object(let inner)? = n.data[AmazonKeys.data], inner[key] != nil { return true }
        if case .object(let aps)? = n.extensionObject(APNsKeys.Extension.namespace)[APNsKeys.Extension.aps],
            aps[key] != nil
        {
            return true
        }
        return false
    }

    /// The carried part for `attachment-url` formats: the generic one, except with several media, whose
    /// placements (remembered, else the option; one URL each, in the rendered payload's key order) are decided
    /// by reading the rendering back with `adapter`.
    package static func carriedPart(
        of n: PushNotification, options: FormatOptions, adapter: some PayloadAdapter
    ) -> PushNotification {
        guard n.media.count > 1 else { return n.keeping(adapter.descriptor.carriedFields) }
        var render = RenderContext(options: options)
        var read = NormaliseContext(options: options)
        read.recordsProvenance = false
        let back = adapter.normalise(adapter.render(n, context: &render), context: &read) ?? PushNotification()
        return n.keeping(adapter.descriptor.carriedFields).removing(n.lostFields(comparedWith: back))
    }

    /// Puts `url` at `placement`; false when the payload has no object there to hold it.
    private static func place(
        _ url: String, at placement: AmazonMediaPlacement, key: String, in root: inout JSONObject
    ) -> Bool {
        switch placement {
        case .top:
            root[key] = .string(url)
            return true
        case .data, .aps:
            let container = placement == .data ? AmazonKeys.data : APNsKeys.aps
            switch root[container] {
            case nil:
                root[container] = .object(JSONObject(uniqueKeysWithValues: [(key, .string(url))]))
            case .object(var object)?:
                object[key] = .string(url)
                root[container] = .object(object)
            default:
                return false
            }
            return true
        }
    }
}

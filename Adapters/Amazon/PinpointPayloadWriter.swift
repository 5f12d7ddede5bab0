import APNsAdapter
package import PushCore

private typealias P = AmazonKeys.Pinpoint

/// Writes the model as a Pinpoint payload as delivered: APNs, `data.media-url`, `data.pinpoint`.
package enum PinpointPayloadWriter {
    /// The payload. One media URL (the first), as `data.media-url`; `mutable-content` is never added.
    package static func payload(for n: PushNotification, context: inout RenderContext) -> JSONObject {
        var root = APNsPayloadWriter.payload(for: n)
        var additions: [(String, JSONValue)] = []
        if let first = n.media.first { additions.append((P.mediaURL, .string(first.url))) }
        if n.media.count > 1 {
            context.explainLoss(
                at: JSONPointer(tokens: ["media"]), "a Pinpoint payload carries one media URL (`data.media-url`)")
        } else if let item = n.media.first, !item.holdsOnlyURL {
            context.explainLoss(
                at: JSONPointer(tokens: ["media"]),
                "`data.media-url` carries only the URL; the kind comes from its extension and there is no identifier")
        }
        guard !additions.isEmpty else { return root }
        switch root[AmazonKeys.data] {
        case nil:
            root[AmazonKeys.data] = .object(JSONObject(uniqueKeysWithValues: additions))
        case .object(let data)?:
            // `media-url` first, as Pinpoint writes it.
            var merged = JSONObject(uniqueKeysWithValues: additions)
            for (key, value) in data where merged[key] == nil { merged.appendUnchecked(key, value) }
            root[AmazonKeys.data] = .object(merged)
        default:
            context.explainLoss(
                at: JSONPointer(tokens: ["media"]),
                "custom data `data` is not an object, so `data.media-url` has no place")
        }
        if !n.media.isEmpty && n.mutableContent != true {
            context.diagnostics.info(
                .amazonMediaWithoutMutableContent, at: JSONPointer(tokens: ["media"]),
                "media rendered without `mutable-content: 1` (not added): Amplify's extension will not run; "
                    + "set mutableContent to true")
        }
        return root
    }
}

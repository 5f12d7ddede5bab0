import JSONCodec
package import PushCore

private typealias M = AmazonKeys.Message
private typealias XM = AmazonKeys.Extension.PinpointMessage

/// Writes the model as one `APNSMessage` object (see ``PinpointMessageAdapter`` for the mapping).
package enum PinpointMessageWriter {
    /// The message. With `memory.rawContent`, the payload is written as `RawContent` (a compact Pinpoint
    /// payload); otherwise as fields. `memory.fields` is written back verbatim where no field was written.
    package static func message(
        for n: PushNotification, memory: JSONObject, context: inout RenderContext
    ) -> JSONObject {
        var m = JSONObject()
        let isRaw = memory[XM.rawContent]?.boolValue == true
        let delivery = n.delivery ?? PushNotification.Delivery()
        let impliedBackground = !isRaw && n.contentAvailable == true && delivery.pushType == "background"
        if let pushType = delivery.pushType, !impliedBackground { m[M.apnsPushType] = .string(pushType) }
        if isRaw {
            let payload = PinpointPayloadWriter.payload(for: n, context: &context)
            m[M.rawContent] = .string(JSONValue.object(payload).compactText)
        } else {
            writeContent(n, into: &m, context: &context)
        }
        if let collapseID = delivery.collapseID { m[M.collapseID] = .string(collapseID) }
        if let priority = delivery.priority { m[M.priority] = .string(String(priority)) }
        if delivery.expiration != nil {
            context.explainLoss(
                at: JSONPointer(tokens: ["delivery", "expiration"]),
                "Pinpoint takes a relative `TimeToLive` in seconds, not an expiration date")
        }
        for (key, value) in memory[XM.fields]?.objectValue ?? JSONObject() where m[key] == nil {
            m.appendUnchecked(key, value)
        }
        return m
    }

    private static func writeContent(_ n: PushNotification, into m: inout JSONObject, context: inout RenderContext) {
        if let title = n.title { m[M.title] = .string(title) }
        if let body = n.body { m[M.body] = .string(body) }
        if let first = n.media.first { m[M.mediaURL] = .string(first.url) }
        if n.media.count > 1 {
            context.explainLoss(at: JSONPointer(tokens: ["media"]), "`MediaUrl` holds one URL")
        } else if let item = n.media.first,
            item.identifier != nil || item.kind != PushNotification.MediaKind(url: item.url)
        {
            context.explainLoss(at: JSONPointer(tokens: ["media"]), "`MediaUrl` carries only the URL")
        }
        if let badge = n.badge { m[M.badge] = .integer(badge) }
        if let sound = n.sound {
            m[M.sound] = .string(sound.name)
            if sound.critical != nil || sound.volume != nil {
                context.explainLoss(
                    at: JSONPointer(tokens: ["sound"]), "Pinpoint's `Sound` is a file name; no critical alert or volume"
                )
            }
        }
        if let group = n.group { m[M.threadID] = .string(group) }
        if let category = n.category { m[M.category] = .string(category) }
        if let silent = n.contentAvailable { m[M.silentPush] = .bool(silent) }
        if n.mutableContent != nil {
            context.explainLoss(
                at: JSONPointer(tokens: ["mutableContent"]),
                "APNSMessage has no mutable-content field (Pinpoint decides); use RawContent to control it")
        }
        if !n.data.isEmpty {
            var data = JSONObject()
            // A wrong-typed value read from a Pinpoint message (reported as an error when read) goes back as it
            // was; from any other source, a non-string is written as its JSON text and reported lost.
            let keepsWrongTypes = n.source == PinpointMessageAdapter().descriptor.name
            for (key, value) in n.data {
                if case .string = value {
                    data.appendUnchecked(key, value)
                } else if keepsWrongTypes {
                    data.appendUnchecked(key, value)
                } else {
                    data.appendUnchecked(key, .string(value.compactText))
                    context.explainLoss(
                        at: JSONPointer(tokens: ["data", key]),
                        "Pinpoint's `Data` is a string map; written as its JSON text")
                }
            }
            m[M.data] = .object(data)
        }
    }
}

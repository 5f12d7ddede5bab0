import WireTables
import JSONCodec
public import PushCore

private typealias K = ZegoKeys.OfflinePush
private typealias S = ZegoKeys.Server
private typealias I = ZegoKeys.PushImageInfo
private typealias X = ZegoKeys.Extension

extension ZegoOfflinePushAdapter {
    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        let n = notification
        let ext = n.extensionObject(X.namespace)
        ZegoWire.explainLosses(
            n, table: ZegoWire.offlinePush, carried: descriptor.carriedFields, format: descriptor.name,
            context: &context)

        // PushImageInfo.Apns.Image takes the first URL when the notification came with a PushImageInfo
        // (push to all users); the payload key takes the second URL, or the first again.
        var info = ext[X.pushImageInfo]?.objectValue
        var imageSlot = false
        if let info {
            switch info[I.apns] {
            case nil: imageSlot = true
            case .object(let apns)?: imageSlot = apns[I.image] == nil
            default: imageSlot = false
            }
        }
        ZegoForm.explainExtraMedia(n, capacity: imageSlot ? 2 : 1, context: &context)
        let imageURL = imageSlot ? n.media.first?.url : nil
        let payloadURL = imageSlot && n.media.count > 1 ? n.media[1].url : n.media.first?.url
        if let imageURL, var object = info {
            var apns = JSONObject()
            apns.appendUnchecked(I.image, .string(imageURL))
            for (key, value) in object[I.apns]?.objectValue ?? JSONObject() { apns.appendUnchecked(key, value) }
            if object[I.apns] != nil {
                object[I.apns] = .object(apns)
            } else {
                // ZEGO's documented layout puts `Apns` first.
                var first = JSONObject()
                first.appendUnchecked(I.apns, .object(apns))
                for (key, value) in object { first.appendUnchecked(key, value) }
                object = first
            }
            info = object
        }

        var hooks = ZegoFormHooks(object: "OfflinePush")
        hooks.payloadMediaURL = payloadURL
        hooks.otherMediaPlaced = imageURL != nil
        hooks.imageInfo = info
        var written = JSONValueOutput()
        ZegoWire.offlinePush.write(n, ext: ext, hooks: &hooks, context: &context, to: &written)
        let out = written.result.objectValue ?? JSONObject()
        let strategy = ZegoWire.offlinePush.keptValue(named: X.resourcesID, ext: ext, options: context.options)
        ZegoForm.noteMedia(n, resourcesID: strategy?.stringValue, delivered: false, context: &context)

        let request = ext[X.request]?.objectValue
        guard request != nil || ext[X.messageBody] != nil else { return .object(out) }
        var body = ext[X.messageBody]?.objectValue ?? JSONObject()
        if Self.rendersWithoutOfflinePush(n) {
            // Read from a MessageBody without OfflinePush: the body is its `Message` (written first, as ZEGO does).
            var message = JSONObject()
            if let text = n.body { message.appendUnchecked(S.message, .string(text)) }
            for (key, value) in body where message[key] == nil { message.appendUnchecked(key, value) }
            body = message
        } else {
            body[S.offlinePush] = .object(out)
        }
        guard var request else { return .object(body) }
        request[S.messageBody] = .object(body)
        return .object(request)
    }

    /// True for a notification read from a `MessageBody` without `OfflinePush` that still holds nothing only an
    /// `OfflinePush` carries (a title, media, the payload, the push settings).
    static func rendersWithoutOfflinePush(_ n: PushNotification) -> Bool {
        let ext = n.extensionObject(X.namespace)
        guard ext[X.noOfflinePush]?.boolValue == true, ext[X.messageBody]?.objectValue != nil, n.title == nil,
            n.media.isEmpty
        else { return false }
        let offlinePushOnly = [
            X.payload, X.resourcesID, X.enableBadge, X.badgeIncrement, X.enable, X.pushImageInfo, X.offlinePush,
        ]
        return !offlinePushOnly.contains { ext[$0] != nil }
    }
}

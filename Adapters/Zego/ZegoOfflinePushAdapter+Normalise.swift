import WireTables
import JSONCodec
public import PushCore

private typealias K = ZegoKeys.OfflinePush
private typealias S = ZegoKeys.Server
private typealias I = ZegoKeys.PushImageInfo
private typealias X = ZegoKeys.Extension

extension ZegoOfflinePushAdapter {
    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object(let root) = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "an OfflinePush must be a JSON object, found \(payload.typeName)")
            return nil
        }
        guard case (let offlinePush, let path, var wrappers)? = Self.unwrap(root, context: &context) else { return nil }
        var n = PushNotification()
        n.source = descriptor.name
        var ext = JSONObject()
        if let offlinePush {
            Self.read(offlinePush, at: path, into: &n, ext: &ext, context: &context)
        } else {
            Self.readWithoutOfflinePush(at: path, into: &n, ext: &ext, wrappers: &wrappers, context: &context)
        }
        for (key, value) in wrappers { ext[key] = value }
        n.setExtension(X.namespace, ext)
        if !ext.isEmpty { context.record("extensions", from: path) }
        ContentCheck.reportUnread(n, context: &context, unreadCodes: [.zegoUnknownKey])
        return n
    }

    /// A `MessageBody` without `OfflinePush`, as in ZEGO's own push-to-all example: valid. ZEGO sends no offline
    /// push for it (`OfflinePush.Enable` defaults to 0); what it delivers is the message text `Message`, read as
    /// `body`. Rendered back the same way while the notification has nothing only `OfflinePush` can carry.
    private static func readWithoutOfflinePush(
        at bodyPath: JSONPointer, into n: inout PushNotification, ext: inout JSONObject, wrappers: inout JSONObject,
        context: inout NormaliseContext
    ) {
        ext[X.noOfflinePush] = .bool(true)
        guard case .object(var body)? = wrappers[X.messageBody] else { return }
        if let message = body.takeString(S.message, at: bodyPath, &context.diagnostics) {
            n.body = message
            context.record("body", from: bodyPath.appending(S.message))
        }
        wrappers[X.messageBody] = .object(body)
        context.diagnostics.info(
            .zegoOfflinePushAbsent, at: bodyPath,
            "no `OfflinePush`: ZEGO sends no offline push for this message (Enable defaults to 0); its text `Message` "
                + "is read as the body")
    }

    /// Finds the OfflinePush object: in a request's `MessageBody`, in a `MessageBody`, or the root itself.
    /// Returns it, its location, and the wrappers' other keys (`request`, `messageBody`) for `extensions.zego`.
    private static func unwrap(
        _ root: JSONObject, context: inout NormaliseContext
    ) -> (JSONObject?, JSONPointer, JSONObject)? {
        var wrappers = JSONObject()
        var body = root
        var bodyPath = JSONPointer.root
        if let value = root[S.messageBody] {
            bodyPath = bodyPath.appending(S.messageBody)
            guard case .object(let object) = value else {
                context.diagnostics.error(
                    .wrongType, at: bodyPath, "`MessageBody` must be an object, found \(value.typeName)")
                return nil
            }
            var request = root
            request.removeValue(forKey: S.messageBody)
            wrappers[X.request] = .object(request)
            body = object
        } else if root[S.offlinePush] == nil {
            return (root, .root, wrappers)
        }
        let path = bodyPath.appending(S.offlinePush)
        guard let value = body.removeValue(forKey: S.offlinePush) else {
            wrappers[X.messageBody] = .object(body)
            return (nil, bodyPath, wrappers)
        }
        guard case .object(let offlinePush) = value else {
            context.diagnostics.error(.wrongType, at: path, "`OfflinePush` must be an object, found \(value.typeName)")
            return nil
        }
        if case .integer(0)? = root[S.pushType], bodyPath != .root {
            context.diagnostics.warning(
                .zegoOfflinePushOnlineOnly, at: JSONPointer(tokens: [S.pushType]),
                "PushType 0 sends online messages only: this OfflinePush is never used")
        }
        wrappers[X.messageBody] = .object(body)
        return (offlinePush, path, wrappers)
    }

    /// Reads the `OfflinePush` object through ``ZegoWire/offlinePush``, then orders the media it found: the typed
    /// `PushImageInfo.Apns.Image` first, then the payload's key; one item when they agree.
    private static func read(
        _ object: JSONObject, at path: JSONPointer, into n: inout PushNotification, ext: inout JSONObject,
        context: inout NormaliseContext
    ) {
        var hooks = ZegoFormHooks(object: "OfflinePush")
        ZegoWire.offlinePush.read(
            JSONValueSource(), .object(object), at: path, into: &n, ext: &ext, hooks: &hooks, context: &context)
        var sources: [(String, JSONPointer)] = []
        if let imageURL = hooks.imageURL {
            sources.append((imageURL, path.appending(K.pushImageInfo).appending(I.apns).appending(I.image)))
        }
        if let payloadURL = hooks.payloadURL, payloadURL != hooks.imageURL {
            sources.append((payloadURL, path.appending(K.payload)))
        }
        for (index, (url, from)) in sources.enumerated() {
            n.media.append(PushNotification.Media(url: url))
            context.record(path: JSONPointer(tokens: ["media", String(index)]), from: from)
        }
        if let first = sources.first { context.record("media", from: first.1) }
    }
}

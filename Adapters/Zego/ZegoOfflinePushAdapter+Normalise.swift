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
        guard var (offlinePush, path, wrappers) = Self.unwrap(root, context: &context) else { return nil }
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

    private static func read(
        _ object: JSONObject, at path: JSONPointer, into n: inout PushNotification, ext: inout JSONObject,
        context: inout NormaliseContext
    ) {
        var rest = object
        readEnable(&rest, at: path, ext: &ext, context: &context)
        if let title = rest.takeString(K.title, at: path, &context.diagnostics) {
            n.title = title
            context.record("title", from: path.appending(K.title))
        }
        if let content = rest.takeString(K.content, at: path, &context.diagnostics) {
            n.body = content
            context.record("body", from: path.appending(K.content))
        }
        var payloadURL: String?
        if let text = rest.takeString(K.payload, at: path, &context.diagnostics) {
            payloadURL = ZegoForm.readPayload(text, at: path.appending(K.payload), into: &ext, context: &context)
        }
        if let id = rest.takeString(K.pushStrategyID, at: path, &context.diagnostics) {
            ZegoForm.checkResourcesID(id, at: path.appending(K.pushStrategyID), &context.diagnostics)
            ext[X.resourcesID] = .string(id)
        }
        let enabled = rest.takeBool(K.enableBadge, at: path, &context.diagnostics)
        if let enabled { ext[X.enableBadge] = .bool(enabled) }
        if let increment = rest.takeInteger(K.badgeIncrement, at: path, &context.diagnostics) {
            let at = path.appending(K.badgeIncrement)
            ZegoForm.checkBadgeIncrement(increment, at: at, capped: true, &context.diagnostics)
            ZegoForm.checkIncrementEnabled(increment: increment, enabled: enabled, at: at, &context.diagnostics)
            ext[X.badgeIncrement] = .integer(increment)
        }
        var imageURL: String?
        if var info = rest.takeObject(K.pushImageInfo, at: path, &context.diagnostics) {
            imageURL = readImageInfo(&info, at: path.appending(K.pushImageInfo), context: &context)
            ext[X.pushImageInfo] = .object(info)
        }
        // The typed field first, then the payload's key; one item when they agree.
        var sources: [(String, JSONPointer)] = []
        if let imageURL {
            sources.append((imageURL, path.appending(K.pushImageInfo).appending(I.apns).appending(I.image)))
        }
        if let payloadURL, payloadURL != imageURL { sources.append((payloadURL, path.appending(K.payload))) }
        for (index, (url, from)) in sources.enumerated() {
            n.media.append(PushNotification.Media(url: url))
            context.provenance[JSONPointer(tokens: ["media", String(index)])] = from
        }
        if let first = sources.first { context.record("media", from: first.1) }
        if !rest.isEmpty {
            ZegoForm.reportUnknownKeys(rest, at: path, in: "OfflinePush", &context.diagnostics)
            ext[X.offlinePush] = .object(rest)
        }
    }

    /// `Enable`: 1 is the normal case and is not stored; 0, another integer, or an absent key (ZEGO's
    /// default 0) is stored as `extensions.zego.enable` and rendered back explicitly.
    private static func readEnable(
        _ rest: inout JSONObject, at path: JSONPointer, ext: inout JSONObject, context: inout NormaliseContext
    ) {
        let at = path.appending(K.enable)
        switch rest[K.enable] {
        case .integer(1)?:
            rest.removeValue(forKey: K.enable)
        case .integer(let value)?:
            rest.removeValue(forKey: K.enable)
            ext[X.enable] = .integer(value)
            if value == 0 {
                context.diagnostics.warning(.zegoOfflinePushDisabled, at: at, "Enable is 0: ZEGO sends no offline push")
            } else {
                context.diagnostics.warning(
                    .zegoOfflinePushEnableInvalid, at: at, "Enable must be 0 or 1, found \(value); kept as it was")
            }
        case nil:
            ext[X.enable] = .integer(0)
            context.diagnostics.warning(
                .zegoOfflinePushDisabled, at: path,
                "Enable is absent and defaults to 0: ZEGO sends no offline push (rendered back as an explicit 0)")
        case let other?:
            context.diagnostics.error(
                .wrongType, at: at, "`Enable` must be the integer 0 or 1, found \(other.typeName); kept as it was")
        }
    }

    /// Takes `Apns.Image` out of `PushImageInfo` and type-checks the rest, which is kept verbatim.
    private static func readImageInfo(
        _ info: inout JSONObject, at path: JSONPointer, context: inout NormaliseContext
    ) -> String? {
        var image: String?
        var rest = info
        if var apns = rest.takeObject(I.apns, at: path, &context.diagnostics) {
            let apnsPath = path.appending(I.apns)
            image = apns.takeString(I.image, at: apnsPath, &context.diagnostics)
            ZegoForm.reportUnknownKeys(apns, at: apnsPath, in: "PushImageInfo.Apns", &context.diagnostics)
            // An `Apns` that held only the image is the media itself (the renderer writes it back first): keeping an
            // empty `Apns` would make a rendering read back differently from what was rendered.
            info[I.apns] = image != nil && apns.isEmpty ? nil : .object(apns)
        }
        if var android = rest.takeObject(I.android, at: path, &context.diagnostics) {
            let androidPath = path.appending(I.android)
            for vendor in [I.huawei, I.fcm] {
                guard var images = android.takeObject(vendor, at: androidPath, &context.diagnostics) else { continue }
                let vendorPath = androidPath.appending(vendor)
                _ = images.takeString(I.image, at: vendorPath, &context.diagnostics)
                _ = images.takeString(I.icon, at: vendorPath, &context.diagnostics)
                ZegoForm.reportUnknownKeys(
                    images, at: vendorPath, in: "PushImageInfo.Android.\(vendor)", &context.diagnostics)
            }
            ZegoForm.reportUnknownKeys(android, at: androidPath, in: "PushImageInfo.Android", &context.diagnostics)
        }
        ZegoForm.reportUnknownKeys(rest, at: path, in: "PushImageInfo", &context.diagnostics)
        return image
    }
}

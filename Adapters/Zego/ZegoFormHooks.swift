import WireTables
package import JSONCodec
package import PushCore

private typealias I = ZegoKeys.PushImageInfo
private typealias X = ZegoKeys.Extension

/// The hook lines of the ZEGO send-form tables (``ZegoWire``): the payload string, `OfflinePush.Enable` and
/// `PushImageInfo`, and the checks on kept values. Reading leaves the media URLs it found here for the format to
/// order; writing takes the URL the payload string gets and the `PushImageInfo` to write from the format.
package struct ZegoFormHooks: WireTableHooks {
    package typealias Hook = ZegoWire.Hook

    /// The object's name in findings (`ZIMPushConfig`, `OfflinePush`).
    let object: String
    /// Read: the media URL under the payload's media key.
    var payloadURL: String?
    /// Read: `PushImageInfo.Apns.Image`.
    var imageURL: String?
    /// Write: the media URL the payload string takes.
    var payloadMediaURL: String?
    /// Write: another media URL found its place (`PushImageInfo`), so one the payload cannot take is not lost.
    var otherMediaPlaced = false
    /// Write: the `PushImageInfo` object.
    var imageInfo: JSONObject?

    init(object: String) { self.object = object }

    /// `Enable` records ZEGO's default when it is absent; every other hook reads only a member that is there.
    package static func readsAbsent(_ hook: Hook) -> Bool {
        if case .enable = hook { return true }
        return false
    }

    package mutating func read<S: WireSource>(
        _ hook: Hook, _ source: S, _ value: S.Node?, key: String, at path: JSONPointer, into n: inout PushNotification,
        ext: inout JSONObject, context: inout NormaliseContext
    ) -> Bool {
        switch hook {
        case .payload:
            guard let value else { return false }
            guard let text = source.string(value) else {
                WireTable<Hook>.reportWrongType(key, expected: "a string", source.typeName(value), at: path, &context)
                return false
            }
            payloadURL = ZegoForm.readPayload(text, at: path.appending(key), into: &ext, context: &context)
            return true
        case .enable:
            return Self.readEnable(value.map(source.jsonValue), at: path, ext: &ext, context: &context)
        case .pushImageInfo:
            guard let value else { return false }
            guard case .object(var info) = source.jsonValue(value) else {
                WireTable<Hook>.reportWrongType(key, expected: "an object", source.typeName(value), at: path, &context)
                return false
            }
            imageURL = Self.readImageInfo(&info, at: path.appending(key), context: &context)
            ext[X.pushImageInfo] = .object(info)
            return true
        case .resourcesID, .badgeIncrement, .voIPConfig:
            return false
        }
    }

    package func check(
        _ hook: Hook, _ value: JSONValue, ext: JSONObject, at path: JSONPointer, context: inout NormaliseContext
    ) {
        switch hook {
        case .resourcesID:
            if let id = value.stringValue { ZegoForm.checkResourcesID(id, at: path, &context.diagnostics) }
        case .badgeIncrement(let capped):
            guard let increment = value.int64Value else { return }
            ZegoForm.checkBadgeIncrement(increment, at: path, capped: capped, &context.diagnostics)
            ZegoForm.checkIncrementEnabled(
                increment: increment, enabled: ext[X.enableBadge]?.boolValue, at: path, &context.diagnostics)
        case .voIPConfig:
            guard var rest = value.objectValue else { return }
            _ = rest.takeInteger(ZegoKeys.VoIPConfig.handleType, at: path, &context.diagnostics)
            _ = rest.takeString(ZegoKeys.VoIPConfig.handleValue, at: path, &context.diagnostics)
            _ = rest.takeBool(ZegoKeys.VoIPConfig.hasVideo, at: path, &context.diagnostics)
            ZegoForm.reportUnknownKeys(rest, at: path, in: "voIPConfig", &context.diagnostics)
        case .payload, .enable, .pushImageInfo:
            break
        }
    }

    package mutating func write<O: WireOutput>(
        _ hook: Hook, key: String, _ n: PushNotification, ext: JSONObject, unmodelled: JSONObject,
        context: inout RenderContext, to out: inout O
    ) -> Bool {
        switch hook {
        case .payload:
            guard
                let text = ZegoForm.payloadText(
                    for: n, mediaURL: payloadMediaURL, otherMediaPlaced: otherMediaPlaced, context: &context)
            else { return false }
            out.key(key)
            out.string(text)
        case .enable:
            // Written explicitly: `1` unless a kept value (or an unmodelled one of another type) says otherwise.
            if let enable = ext[X.enable] {
                out.key(key)
                out.value(enable)
            } else if unmodelled[key] == nil {
                out.key(key)
                out.integer(1)
            } else {
                return false
            }
        case .pushImageInfo:
            guard let imageInfo else { return false }
            out.key(key)
            out.value(.object(imageInfo))
        case .resourcesID, .badgeIncrement, .voIPConfig:
            return false
        }
        return true
    }

    package func reportUnmodelled(_ rest: JSONObject, at path: JSONPointer, context: inout NormaliseContext) {
        ZegoForm.reportUnknownKeys(rest, at: path, in: object, &context.diagnostics)
    }

    /// `Enable`: 1 is the normal case and is not stored; 0, another integer, or an absent key (ZEGO's default 0) is
    /// stored as `extensions.zego.enable` and rendered back explicitly. True when taken.
    private static func readEnable(
        _ value: JSONValue?, at path: JSONPointer, ext: inout JSONObject, context: inout NormaliseContext
    ) -> Bool {
        let at = path.appending(ZegoKeys.OfflinePush.enable)
        switch value {
        case .integer(1)?:
            return true
        case .integer(let value)?:
            ext[X.enable] = .integer(value)
            if value == 0 {
                context.diagnostics.warning(.zegoOfflinePushDisabled, at: at, "Enable is 0: ZEGO sends no offline push")
            } else {
                context.diagnostics.warning(
                    .zegoOfflinePushEnableInvalid, at: at, "Enable must be 0 or 1, found \(value); kept as it was")
            }
            return true
        case nil:
            ext[X.enable] = .integer(0)
            context.diagnostics.warning(
                .zegoOfflinePushDisabled, at: path,
                "Enable is absent and defaults to 0: ZEGO sends no offline push (rendered back as an explicit 0)")
            return false
        case let other?:
            context.diagnostics.error(
                .wrongType, at: at, "`Enable` must be the integer 0 or 1, found \(other.typeName); kept as it was")
            return false
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

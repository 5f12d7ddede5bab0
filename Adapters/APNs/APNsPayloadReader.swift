package import PushCore

private typealias A = APNsKeys.APS
private typealias L = APNsKeys.Alert
private typealias X = APNsKeys.Extension

/// Reads the `aps` dictionary of an APNs payload into the model: the substrate every vendor adapter
/// that delivers through APNs reads with. Unknown and invalid keys are kept in `extensions.apns`.
package enum APNsPayloadReader {
    /// Takes `aps` out of `rest` (the payload's root object, located at `root`) and reads it into `n`.
    /// Reports a missing `aps` when `requireAps` is true.
    package static func readAps(
        from rest: inout JSONObject, at root: JSONPointer, into n: inout PushNotification,
        context: inout NormaliseContext, requireAps: Bool = true
    ) {
        guard let apsValue = rest.take(APNsKeys.aps) else {
            if requireAps {
                context.diagnostics.error(.apnsMissingAps, at: root, "an APNs payload needs an `aps` object")
                var ext = n.extensionObject(X.namespace)
                ext[X.apsMissing] = .bool(true)
                n.setExtension(X.namespace, ext)
            }
            return
        }
        let path = root.appending(APNsKeys.aps)
        guard case .object(var aps) = apsValue else {
            context.diagnostics.error(
                .apnsApsNotObject, at: path, "`aps` must be an object, found \(apsValue.typeName); kept as it was")
            var ext = n.extensionObject(X.namespace)
            ext[X.invalidAps] = apsValue
            n.setExtension(X.namespace, ext)
            return
        }
        var ext = n.extensionObject(X.namespace)
        readAlert(from: &aps, at: path, into: &n, ext: &ext, context: &context)
        if let badge = aps.takeInteger(A.badge, at: path, &context.diagnostics, code: .apnsBadgeNotInteger) {
            n.badge = badge
            context.record("badge", from: path.appending(A.badge))
        }
        readSound(from: &aps, at: path, into: &n, ext: &ext, context: &context)
        n.group = take(A.threadID, "group", from: &aps, at: path, &context)
        n.category = take(A.category, "category", from: &aps, at: path, &context)
        n.contentAvailable = readFlag(
            A.contentAvailable, from: &aps, at: path, coerced: .apnsContentAvailableCoerced, &context)
        n.mutableContent = readFlag(
            A.mutableContent, from: &aps, at: path, coerced: .apnsMutableContentCoerced, &context)
        n.targetContentID = take(A.targetContentID, "targetContentId", from: &aps, at: path, &context)
        n.interruptionLevel = take(A.interruptionLevel, "interruptionLevel", from: &aps, at: path, &context)
        if let score = aps.takeNumber(A.relevanceScore, at: path, &context.diagnostics) {
            n.relevanceScore = score
            context.record("relevanceScore", from: path.appending(A.relevanceScore))
        }
        n.filterCriteria = take(A.filterCriteria, "filterCriteria", from: &aps, at: path, &context)
        var live = PushNotification.LiveActivity()
        live.event = aps.takeString(A.event, at: path, &context.diagnostics)
        live.timestamp = aps.takeInteger(A.timestamp, at: path, &context.diagnostics)
        live.contentState = aps.take(A.contentState)
        live.staleDate = aps.takeInteger(A.staleDate, at: path, &context.diagnostics)
        live.dismissalDate = aps.takeInteger(A.dismissalDate, at: path, &context.diagnostics)
        live.attributesType = aps.takeString(A.attributesType, at: path, &context.diagnostics)
        live.attributes = aps.take(A.attributes)
        if !live.isEmpty {
            n.liveActivity = live
            context.record("liveActivity", from: path)
        }
        if !aps.isEmpty {
            for key in aps.keys where !context.diagnostics.contains(where: { $0.path == path.appending(key) }) {
                context.diagnostics.info(
                    .apnsUnknownKey, at: path.appending(key),
                    "`aps.\(key)` is not modelled; kept and rendered back in place")
            }
            ext[X.aps] = .object(aps)
        }
        n.setExtension(X.namespace, ext)
    }

    private static func take(
        _ key: String, _ field: String, from aps: inout JSONObject, at path: JSONPointer,
        _ context: inout NormaliseContext
    ) -> String? {
        guard let value = aps.takeString(key, at: path, &context.diagnostics) else { return nil }
        context.record(field, from: path.appending(key))
        return value
    }

    private static func readAlert(
        from aps: inout JSONObject, at path: JSONPointer, into n: inout PushNotification, ext: inout JSONObject,
        context: inout NormaliseContext
    ) {
        let alertPath = path.appending(A.alert)
        switch aps[A.alert] {
        case .string(let body)?:
            aps.removeValue(forKey: A.alert)
            n.body = body
            context.record("body", from: alertPath)
        case .object(var alert)?:
            aps.removeValue(forKey: A.alert)
            // An empty alert dictionary carries nothing but itself: kept in extensions.apns.alert, rendered back.
            if alert.isEmpty { ext[X.alert] = .object(JSONObject()) }
            func string(_ key: String, _ field: String) -> String? {
                guard let value = alert.takeString(key, at: alertPath, &context.diagnostics) else { return nil }
                context.record(field, from: alertPath.appending(key))
                return value
            }
            func strings(_ key: String, _ field: String) -> [String]? {
                guard let value = alert.takeStringArray(key, at: alertPath, &context.diagnostics) else { return nil }
                context.record(field, from: alertPath.appending(key))
                return value
            }
            n.title = string(L.title, "title")
            n.subtitle = string(L.subtitle, "subtitle")
            n.body = string(L.body, "body")
            n.launchImage = string(L.launchImage, "launchImage")
            n.titleLocKey = string(L.titleLocKey, "titleLocKey")
            n.titleLocArgs = strings(L.titleLocArgs, "titleLocArgs")
            n.subtitleLocKey = string(L.subtitleLocKey, "subtitleLocKey")
            n.subtitleLocArgs = strings(L.subtitleLocArgs, "subtitleLocArgs")
            n.bodyLocKey = string(L.locKey, "bodyLocKey")
            n.bodyLocArgs = strings(L.locArgs, "bodyLocArgs")
            if !alert.isEmpty {
                for key in alert.keys
                where !context.diagnostics.contains(where: { $0.path == alertPath.appending(key) }) {
                    context.diagnostics.info(
                        .apnsUnknownKey, at: alertPath.appending(key),
                        "`aps.alert.\(key)` is not modelled; kept and rendered back in place")
                }
                ext[X.alert] = .object(alert)
            }
        case let other?:
            context.diagnostics.error(
                .wrongType, at: alertPath,
                "`alert` must be a string or an object, found \(other.typeName); kept as it was")
        case nil:
            break
        }
    }

    private static func readSound(
        from aps: inout JSONObject, at path: JSONPointer, into n: inout PushNotification, ext: inout JSONObject,
        context: inout NormaliseContext
    ) {
        let soundPath = path.appending(A.sound)
        switch aps[A.sound] {
        case .string(let name)?:
            aps.removeValue(forKey: A.sound)
            n.sound = PushNotification.Sound(name: name)
            context.record("sound", from: soundPath)
        case .object(var dict)?:
            guard case .string(let name)? = dict[APNsKeys.Sound.name] else {
                context.diagnostics.error(
                    .apnsSoundMissingName, at: soundPath,
                    "a sound dictionary needs a string `name`; kept as it was")
                return
            }
            aps.removeValue(forKey: A.sound)
            dict.removeValue(forKey: APNsKeys.Sound.name)
            var sound = PushNotification.Sound(name: name)
            switch dict[APNsKeys.Sound.critical] {
            case .integer(let value)? where value == 0 || value == 1:
                dict.removeValue(forKey: APNsKeys.Sound.critical)
                sound.critical = value == 1
            case .bool(let value)?:
                dict.removeValue(forKey: APNsKeys.Sound.critical)
                sound.critical = value
                context.diagnostics.warning(
                    .apnsFlagInvalid, at: soundPath.appending(APNsKeys.Sound.critical),
                    "`critical` should be 0 or 1, found \(value); normalised to \(value ? 1 : 0)")
            case let other?:
                context.diagnostics.error(
                    .wrongType, at: soundPath.appending(APNsKeys.Sound.critical),
                    "`critical` must be 0 or 1, found \(other.compactDescription); kept as it was")
            case nil:
                break
            }
            sound.volume = dict.takeNumber(APNsKeys.Sound.volume, at: soundPath, &context.diagnostics)
            if !dict.isEmpty { ext[X.sound] = .object(dict) }
            n.sound = sound
            context.record("sound", from: soundPath)
        case let other?:
            context.diagnostics.error(
                .wrongType, at: soundPath,
                "`sound` must be a string or an object, found \(other.typeName); kept as it was")
        case nil:
            break
        }
    }

    /// Reads a 0/1 flag. `1`/`0` are canonical; `true`/`false`/`"1"`/`"0"` are accepted with a warning.
    private static func readFlag(
        _ key: String, from aps: inout JSONObject, at path: JSONPointer, coerced: DiagnosticCode,
        _ context: inout NormaliseContext
    ) -> Bool? {
        guard let value = aps[key] else { return nil }
        let flagPath = path.appending(key)
        let result: Bool
        switch value {
        case .integer(0): result = false
        case .integer(1): result = true
        case .bool(let bool):
            result = bool
            context.diagnostics.warning(
                coerced, at: flagPath, "`\(key)` should be the number \(bool ? 1 : 0), found \(bool); normalised")
        case .string("1"), .string("0"):
            result = value == .string("1")
            context.diagnostics.warning(
                coerced, at: flagPath,
                "`\(key)` should be a number, found the string \(value.compactDescription); normalised")
        default:
            context.diagnostics.error(
                .apnsFlagInvalid, at: flagPath,
                "`\(key)` must be 1 (or 0), found \(value.compactDescription); kept as it was")
            return nil
        }
        aps.removeValue(forKey: key)
        let field = key == A.mutableContent ? "mutableContent" : "contentAvailable"
        context.record(field, from: flagPath)
        return result
    }
}

extension JSONValue {
    /// A short human rendering for messages.
    package var compactDescription: String {
        switch self {
        case .string(let s): return "\"\(s)\""
        case .integer(let i): return String(i)
        case .unsignedInteger(let u): return String(u)
        case .double(let d): return String(d)
        case .bool(let b): return String(b)
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

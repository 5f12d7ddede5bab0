import APNsAdapter
package import JSONCodec
package import PushCore
package import WireTables

private typealias M = FCMKeys.Message
private typealias X = FCMKeys.Extension

/// Reads an FCM HTTP v1 `Message` (bare, or in a `SendMessageRequest`) into the model. `apns.payload` is a whole APNs
/// payload, read with the APNs reader; the shared `notification` fills what it does not say; `android` fills the
/// Android part, keeping Android's own title, body, image and sound where they differ from what iOS shows.
package enum FCMMessageReader {
    /// The fields of `notification` / `android.notification` / the APNs alert that the model holds once.
    static let sharedContent = ["title", "body", "image"]

    /// True when `root` is a send request: a `message` object and no Message field beside it.
    package static func isRequest(_ root: JSONObject) -> Bool {
        guard root[FCMKeys.Request.message]?.objectValue != nil else { return false }
        return !M.all.contains { root[$0] != nil || root[FCMKeys.camel($0)] != nil }
    }

    package static func read(_ payload: JSONValue, format: String, context: inout NormaliseContext)
        -> PushNotification?
    {
        guard case .object(let root) = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "an FCM message must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var n = PushNotification()
        n.source = format
        var ext = JSONObject()
        var layout = FCMLayout()
        if isRequest(root) {
            var request = FCMFields(root, at: .root)
            layout.wrapped = true
            if let (validateOnly, _) = request.bool(FCMKeys.Request.validateOnly, &context.diagnostics) {
                ext.appendUnchecked(X.validateOnly, .bool(validateOnly))
            }
            guard let (message, at) = request.object(FCMKeys.Request.message, &context.diagnostics) else { return nil }
            layout.camel += request.camelUsed.map(\.description)
            let others = request.unknown("a send request", &context.diagnostics)
            if !others.isEmpty { ext.appendUnchecked(X.request, .object(others)) }
            readMessage(message, at: at, into: &n, ext: &ext, layout: &layout, context: &context)
        } else {
            readMessage(root, at: .root, into: &n, ext: &ext, layout: &layout, context: &context)
        }
        ext[X.layout] = layout.json
        var all = n.extensionObject(FCMKeys.namespace)
        for (key, value) in ext { all[key] = value }
        n.setExtension(FCMKeys.namespace, all)
        return n
    }

    /// Reads one Message at `path`.
    package static func readMessage(
        _ message: JSONObject, at path: JSONPointer, into n: inout PushNotification, ext: inout JSONObject,
        layout: inout FCMLayout, context: inout NormaliseContext
    ) {
        var f = FCMFields(message, at: path)
        var kept = JSONObject()
        var camel: [JSONPointer] = []
        // Target.
        var target = PushNotification.Target()
        if let (v, at) = f.string(M.token, &context.diagnostics) {
            target.token = v; context.record("target", from: at)
        }
        if let (v, at) = f.string(M.topic, &context.diagnostics) {
            target.topic = v; context.record("target", from: at)
        }
        if let (v, at) = f.string(M.condition, &context.diagnostics) {
            target.condition = v
            context.record("target", from: at)
        }
        n.target = target.isEmpty ? nil : target
        for key in [M.name, M.fid] {
            if let (value, at) = f.take(key, &context.diagnostics) {
                kept.appendUnchecked(at.tokens.last ?? key, value)
            }
        }
        // Shared notification.
        var shared: [String: (String, JSONPointer)] = [:]
        var notificationKept = JSONObject()
        if let (object, at) = f.object(M.notification, &context.diagnostics) {
            var nf = FCMFields(object, at: at)
            for key in sharedContent {
                if let value = nf.string(key, &context.diagnostics) {
                    shared[key] = value
                    layout.notification.append(key)
                }
            }
            notificationKept = nf.unknown("Notification", &context.diagnostics)
            camel += nf.camelUsed
        }
        // APNs: headers, the payload, the image.
        var apple: [String: String] = [:]
        var apnsKept = JSONObject()
        var apnsData = JSONObject()
        var apnsDataPath: JSONPointer?
        if let (object, at) = f.object(M.apns, &context.diagnostics) {
            var af = FCMFields(object, at: at)
            if let (headers, headersPath) = af.object(FCMKeys.APNs.headers, &context.diagnostics) {
                let others = readHeaders(headers, at: headersPath, into: &n, context: &context)
                if !others.isEmpty { ext.appendUnchecked(X.apnsHeaders, .object(others)) }
            }
            if let (payload, payloadPath) = af.object(FCMKeys.APNs.payload, &context.diagnostics) {
                layout.apnsPayload = true
                layout.aps = payload[APNsKeys.aps] != nil
                var rest = payload
                APNsPayloadReader.readAps(from: &rest, at: payloadPath, into: &n, context: &context, requireAps: false)
                if let title = n.title { apple["title"] = title }
                if let body = n.body { apple["body"] = body }
                apnsData = rest
                apnsDataPath = payloadPath
            }
            if let (options, optionsPath) = af.object(FCMKeys.APNs.fcmOptions, &context.diagnostics) {
                var of = FCMFields(options, at: optionsPath)
                if let (image, imagePath) = of.string(FCMKeys.APNs.image, &context.diagnostics) {
                    apple["image"] = image
                    context.record("media", from: imagePath)
                }
                if !of.rest.isEmpty { apnsKept.appendUnchecked(FCMKeys.APNs.fcmOptions, .object(of.rest)) }
                camel += of.camelUsed
            }
            for key in ["live_activity_token"] {
                if let (value, at) = af.take(key, &context.diagnostics) {
                    apnsKept.appendUnchecked(at.tokens.last ?? key, value)
                }
            }
            for (key, value) in af.unknown("ApnsConfig", &context.diagnostics) { apnsKept.appendUnchecked(key, value) }
            camel += af.camelUsed
        }
        layout.apple = sharedContent.filter { apple[$0] != nil }
        // What iOS shows: the APNs alert over the shared notification.
        for key in ["title", "body"] where apple[key] == nil {
            guard let (value, at) = shared[key] else { continue }
            if key == "title" { n.title = value } else { n.body = value }
            context.record(key, from: at)
        }
        let image = apple["image"] ?? shared["image"]?.0
        if let image {
            n.media = [PushNotification.Media(url: image)]
            if apple["image"] == nil, let at = shared["image"]?.1 { context.record("media", from: at) }
        }
        // Android.
        var android = PushNotification.Android()
        var own: [String: String] = [:]
        if let (object, at) = f.object(M.android, &context.diagnostics) {
            camel += readAndroid(
                JSONValueSource(), .object(object), at: at, into: &android, own: &own, ext: &ext, layout: &layout,
                context: &context)
            context.record("android", from: at)
        }
        let ios: [String: String?] = ["title": n.title, "body": n.body, "image": image]
        for key in sharedContent {
            let view = own[key] ?? shared[key]?.0
            if let view, view != ios[key] ?? nil {
                switch key {
                case "title": android.title = view
                case "body": android.body = view
                default: android.image = view
                }
            }
            // The shared value neither platform shows: kept for the web and for an exact rendering.
            if apple[key] != nil, own[key] != nil, let (value, _) = shared[key], value != ios[key] ?? nil {
                notificationKept[key] = .string(value)
            }
        }
        if let sound = own["sound"], sound != n.sound?.name { android.sound = sound }
        // Android inherits the shared localised keys (a string resource of the same name): its own only where they
        // differ.
        if android.bodyLocKey == n.bodyLocKey { android.bodyLocKey = nil }
        if android.titleLocKey == n.titleLocKey { android.titleLocKey = nil }
        if android.bodyLocArgs == n.bodyLocArgs { android.bodyLocArgs = nil }
        if android.titleLocArgs == n.titleLocArgs { android.titleLocArgs = nil }
        n.setAndroid(android)
        if !notificationKept.isEmpty { ext.appendUnchecked(X.notification, .object(notificationKept)) }
        if !apnsKept.isEmpty { ext.appendUnchecked(X.apns, .object(apnsKept)) }
        // Data: the custom keys of `apns.payload`, then `message.data`.
        layout.dataApns = apnsData.keys
        var data = apnsData
        var differing = JSONObject()
        if let (object, at) = f.object(M.data, &context.diagnostics) {
            for (key, value) in object {
                layout.dataMessage.append(key)
                if let there = data[key] {
                    if there != value { differing.appendUnchecked(key, value) }
                } else {
                    data.appendUnchecked(key, value)
                }
            }
            if !object.isEmpty { context.record("data", from: at) }
        } else if !apnsData.isEmpty, let apnsDataPath {
            context.record("data", from: apnsDataPath)
        }
        n.data = data
        if !differing.isEmpty { ext.appendUnchecked(X.messageData, .object(differing)) }
        if let (value, _) = f.take(M.webpush, &context.diagnostics) { ext.appendUnchecked(X.webpush, value) }
        if let (value, _) = f.take(M.fcmOptions, &context.diagnostics) { ext.appendUnchecked(X.fcmOptions, value) }
        for (key, value) in f.unknown("Message", &context.diagnostics) { kept.appendUnchecked(key, value) }
        if !kept.isEmpty { ext.appendUnchecked(X.message, .object(kept)) }
        camel += f.camelUsed
        // Relative to the message.
        layout.camel += camel.map { JSONPointer(tokens: Array($0.tokens.dropFirst(path.tokens.count))).description }
    }

    /// `text` as an integer when it is one written the way it would be written back (no sign, zeros or spaces added).
    static func canonicalInteger(_ text: String) -> Int64? {
        guard let value = Int64(text), String(value) == text else { return nil }
        return value
    }

    /// The six APNs headers the model holds go to `delivery`; the rest is returned, to be kept.
    static func readHeaders(
        _ headers: JSONObject, at path: JSONPointer, into n: inout PushNotification, context: inout NormaliseContext
    ) -> JSONObject {
        var delivery = n.delivery ?? PushNotification.Delivery()
        var others = JSONObject()
        for (key, value) in headers {
            guard case .string(let text) = value else {
                others.appendUnchecked(key, value)
                continue
            }
            switch key.lowercased() {
            case "apns-push-type" where key == "apns-push-type": delivery.pushType = text
            case "apns-priority" where key == "apns-priority" && Self.canonicalInteger(text) != nil:
                delivery.priority = Self.canonicalInteger(text)
            case "apns-expiration" where key == "apns-expiration" && Self.canonicalInteger(text) != nil:
                delivery.expiration = Self.canonicalInteger(text)
            case "apns-collapse-id" where key == "apns-collapse-id": delivery.collapseID = text
            case "apns-topic" where key == "apns-topic": delivery.topic = text
            case "apns-id" where key == "apns-id": delivery.id = text
            default: others.appendUnchecked(key, value)
            }
        }
        if !delivery.isEmpty {
            n.delivery = delivery
            context.record("delivery", from: path)
        }
        return others
    }

    /// Reads `android` (`AndroidConfig`) at `path` through ``FCMAndroidWire``: Android's values into `android`, its
    /// own title, body, image and sound into `own` (the caller keeps them where they differ from what iOS shows), the
    /// keys the model does not hold into `extensions.fcm.android` and `.androidNotification`. Returns the paths of
    /// the keys read in lowerCamelCase.
    static func readAndroid<S: WireSource>(
        _ source: S, _ node: S.Node, at path: JSONPointer, into android: inout PushNotification.Android,
        own: inout [String: String], ext: inout JSONObject, layout: inout FCMLayout, context: inout NormaliseContext
    ) -> [JSONPointer] {
        typealias W = FCMAndroidWire
        var read = PushNotification()
        var config = WireSpeltObject(source, node, at: path, duplicate: .fcmKeyDuplicate)
        var camel: [JSONPointer] = []
        for line in W.config.lines {
            switch line.value {
            case .hook(.data):
                guard let found = config.take(line.key, context: &context) else { continue }
                guard case .object(let data) = source.jsonValue(found.value) else {
                    reportWrongType(found, expected: "an object", in: &config, context: &context)
                    continue
                }
                var part = read.androidPart
                part.data = data
                read.setAndroid(part)
            case .object(let table):
                guard let found = config.take(line.key, context: &context) else { continue }
                guard source.isObject(found.value) else {
                    reportWrongType(found, expected: "an object", in: &config, context: &context)
                    continue
                }
                var notification = WireSpeltObject(
                    source, found.value, at: path.appending(found.key.description), duplicate: .fcmKeyDuplicate)
                for inner in table.lines { _ = notification.read(inner, into: &read, context: &context) }
                var kept = JSONObject()
                for key in W.notificationKept {
                    guard let member = notification.take(key, context: &context) else { continue }
                    kept.appendUnchecked(member.key.description, source.jsonValue(member.value))
                }
                for (key, value) in unknown(notification, "AndroidNotification", &context) {
                    kept.appendUnchecked(key, value)
                }
                if !kept.isEmpty { ext.appendUnchecked(X.androidNotification, .object(kept)) }
                camel += notification.declaredUsed
            default:
                _ = config.read(line, into: &read, context: &context)
            }
        }
        var kept = JSONObject()
        // Kept verbatim, in the spelling they came in.
        for key in W.configKept {
            guard let member = config.take(key, context: &context) else { continue }
            kept.appendUnchecked(member.key.description, source.jsonValue(member.value))
        }
        for (key, value) in unknown(config, "AndroidConfig", &context) { kept.appendUnchecked(key, value) }
        if !kept.isEmpty { ext.appendUnchecked(X.android, .object(kept)) }
        // Layout memory: which shared values `android.notification` named.
        for line in W.layoutLines where line.isHeld(by: read) { layout.android.append(line.key.name(.snakeCase)) }
        var part = read.androidPart
        own["title"] = part.title
        own["body"] = part.body
        own["image"] = part.image
        own["sound"] = part.sound
        part.title = nil
        part.body = nil
        part.image = nil
        part.sound = nil
        if let priority = part.priority {
            // The REST enum's spelling (`HIGH`) is the SDKs' `high`: the model holds it lowercased.
            let lowered = priority.lowercased()
            if lowered != priority, ["high", "normal"].contains(lowered) {
                part.priority = lowered
                layout.prioritySpelling = priority
            }
        }
        android = part
        return camel + config.declaredUsed
    }

    /// Reports a value of the wrong type under the key as spelt, and sets it aside (kept as it was).
    static func reportWrongType<S: WireSource>(
        _ found: (value: S.Node, key: WireKey, index: Int), expected: String, in object: inout WireSpeltObject<S>,
        context: inout NormaliseContext
    ) {
        WireTable<FCMAndroidWire.Hook>.reportWrongType(
            found.key.description, expected: expected, object.source.typeName(found.value), at: object.path,
            &context)
        object.setAside(found.index)
    }

    /// Reports every member left as unknown (info) and returns them, to be kept.
    static func unknown<S: WireSource>(
        _ object: WireSpeltObject<S>, _ what: String, _ context: inout NormaliseContext
    ) -> JSONObject {
        let rest = object.restObject
        var named = context.diagnostics.keysNamed(under: object.path)
        for key in rest.keys where named.insert(key).inserted {
            context.diagnostics.info(
                .fcmKeyUnknown, at: object.path.appending(key),
                "`\(key)` is not a field of \(what); kept and written back")
        }
        return rest
    }
}

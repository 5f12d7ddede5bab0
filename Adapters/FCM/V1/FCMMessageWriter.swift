import APNsAdapter
import JSONCodec
package import PushCore
import WireTables

private typealias M = FCMKeys.Message
private typealias X = FCMKeys.Extension

/// Writes the model as an FCM HTTP v1 `Message` (snake_case). Without layout memory (a notification from another
/// format): `notification` holds the shared title, body and image; `apns.payload` the whole APNs payload; and
/// `android.notification` Android's own values and the shared sound. With layout memory (read from FCM), each value
/// goes back where it was.
package enum FCMMessageWriter {
    /// The payload: the Message, in its send request when it came in one (or `validateOnly` is set).
    package static func payload(for n: PushNotification, context: inout RenderContext) -> JSONValue {
        let ext = n.extensionObject(FCMKeys.namespace)
        let layout = FCMLayout(n)
        let written = self.message(for: n, layout: layout, context: &context)
        let message = layout?.respell(.object(written)) ?? .object(written)
        guard layout?.wrapped == true || ext[X.validateOnly] != nil || ext[X.request] != nil else { return message }
        var request = JSONObject()
        request.appendUnchecked(FCMKeys.Request.message, message)
        if let validateOnly = ext[X.validateOnly] {
            request.appendUnchecked(FCMKeys.Request.validateOnly, validateOnly)
        }
        for (key, value) in ext[X.request]?.objectValue ?? JSONObject() where request[key] == nil {
            request.appendUnchecked(key, value)
        }
        // The request's own keys (`validateOnly`) are the pointers that are not into the message.
        if let layout, layout.camel.contains("/validateOnly") {
            var respelled = layout
            respelled.camel = ["/validateOnly"]
            return respelled.respell(.object(request))
        }
        return .object(request)
    }

    /// The Message object.
    package static func message(for n: PushNotification, layout: FCMLayout?, context: inout RenderContext)
        -> JSONObject
    {
        let ext = n.extensionObject(FCMKeys.namespace)
        let kept = ext[X.message]?.objectValue ?? JSONObject()
        let sharedKept = ext[X.notification]?.objectValue ?? JSONObject()
        let android = n.androidPart
        let ios: [String: String] = {
            var out: [String: String] = [:]
            if let title = n.title { out[FCMKeys.Notification.title] = title }
            if let body = n.body { out[FCMKeys.Notification.body] = body }
            // From another format (no layout), a video or audio URL is not an image: declared lost below.
            if let media = n.media.first, layout != nil || FCMImageField.takes(media.url, kind: media.kind) {
                out[FCMKeys.Notification.image] = media.url
            }
            return out
        }()
        let own: [String: String] = {
            var out: [String: String] = [:]
            if let title = android.title { out[FCMKeys.Notification.title] = title }
            if let body = android.body { out[FCMKeys.Notification.body] = body }
            if let image = android.image, layout != nil || FCMImageField.takes(image) {
                out[FCMKeys.Notification.image] = image
            }
            return out
        }()
        if layout == nil, let media = n.media.first, !FCMImageField.takes(media.url, kind: media.kind) {
            context.explainLoss(
                at: JSONPointer(tokens: ["media"]),
                FCMImageField.reason(media.url, kind: media.kind, field: "notification.image"))
        }
        if layout == nil, let image = android.image, !FCMImageField.takes(image) {
            context.explainLoss(
                at: JSONPointer(tokens: ["android", "image"]),
                FCMImageField.reason(image, field: "android.notification.image"))
        }
        var message = JSONObject()
        if let name = kept[M.name] { message.appendUnchecked(M.name, name) }

        // Data: where it was read from; else strings in `data` (FCM gives them to both platforms), other values in
        // `apns.payload` (the only place that takes them).
        let messageData = ext[X.messageData]?.objectValue ?? JSONObject()
        var dataForMessage = JSONObject()
        var dataForApns = JSONObject()
        for (key, value) in n.data {
            let inMessage = layout?.dataMessage.contains(key) ?? false
            let inApns = layout?.dataApns.contains(key) ?? false
            if inMessage { dataForMessage.appendUnchecked(key, messageData[key] ?? value) }
            if inApns { dataForApns.appendUnchecked(key, value) }
            if !inMessage && !inApns {
                if case .string = value {
                    dataForMessage.appendUnchecked(key, value)
                } else {
                    dataForApns.appendUnchecked(key, value)
                }
            }
        }
        if !dataForMessage.isEmpty || (layout?.dataMessage.isEmpty == false && n.data.isEmpty) {
            message.appendUnchecked(M.data, .object(dataForMessage))
        }

        // The shared notification.
        var notification = JSONObject()
        for key in FCMMessageReader.sharedContent {
            let value: String?
            if let layout {
                if !layout.notification.contains(key) {
                    value = nil
                } else if let saved = sharedKept[key]?.stringValue {
                    value = saved
                } else if layout.apple.contains(key) && !layout.android.contains(key) {
                    value = own[key] ?? ios[key]
                } else {
                    value = ios[key]
                }
            } else {
                value = ios[key]
            }
            if let value { notification.appendUnchecked(key, .string(value)) }
        }
        // Unknown keys, and a title, body or image of the wrong type (kept as it was).
        for (key, value) in sharedKept where notification[key] == nil && !(layout?.notification.contains(key) ?? false)
        {
            notification.appendUnchecked(key, value)
        }
        if !notification.isEmpty || layout?.notification.isEmpty == false {
            message.appendUnchecked(M.notification, .object(notification))
        }

        // Android.
        if let config = androidConfig(n, android: android, own: own, ios: ios, layout: layout, ext: ext) {
            message.appendUnchecked(M.android, .object(config))
        }
        if let webpush = ext[X.webpush] { message.appendUnchecked(M.webpush, webpush) }

        // APNs.
        var apns = JSONObject()
        var headers = n.delivery?.headers ?? JSONObject()
        for (key, value) in ext[X.apnsHeaders]?.objectValue ?? JSONObject() where headers[key] == nil {
            headers.appendUnchecked(key, value)
        }
        if !headers.isEmpty { apns.appendUnchecked(FCMKeys.APNs.headers, .object(headers)) }
        var apple = n
        apple.data = dataForApns
        apple.media = []
        let appleKeys = layout?.apple ?? [FCMKeys.Notification.title, FCMKeys.Notification.body]
        if !appleKeys.contains(FCMKeys.Notification.title) { apple.title = nil }
        if !appleKeys.contains(FCMKeys.Notification.body) { apple.body = nil }
        var payload = JSONObject()
        let aps = APNsPayloadWriter.aps(for: apple)
        if aps != .object(JSONObject()) || layout?.aps == true { payload.appendUnchecked(APNsKeys.aps, aps) }
        for (key, value) in dataForApns where payload[key] == nil { payload.appendUnchecked(key, value) }
        if !payload.isEmpty || layout?.apnsPayload == true {
            apns.appendUnchecked(FCMKeys.APNs.payload, .object(payload))
        }
        let apnsKept = ext[X.apns]?.objectValue ?? JSONObject()
        var options = apnsKept[FCMKeys.APNs.fcmOptions]?.objectValue ?? JSONObject()
        if layout?.apple.contains(FCMKeys.Notification.image) == true, let image = ios[FCMKeys.Notification.image] {
            var withImage = JSONObject()
            withImage.appendUnchecked(FCMKeys.APNs.image, .string(image))
            for (key, value) in options where key != FCMKeys.APNs.image { withImage.appendUnchecked(key, value) }
            options = withImage
        }
        if !options.isEmpty || apnsKept[FCMKeys.APNs.fcmOptions] != nil {
            apns.appendUnchecked(FCMKeys.APNs.fcmOptions, .object(options))
        }
        for (key, value) in apnsKept where apns[key] == nil { apns.appendUnchecked(key, value) }
        if !apns.isEmpty { message.appendUnchecked(M.apns, .object(apns)) }

        if let options = ext[X.fcmOptions] { message.appendUnchecked(M.fcmOptions, options) }
        if let target = n.target {
            if let v = target.token { message.appendUnchecked(M.token, .string(v)) }
            if let v = target.topic { message.appendUnchecked(M.topic, .string(v)) }
            if let v = target.condition { message.appendUnchecked(M.condition, .string(v)) }
            if target.tokens != nil {
                context.explainLoss(
                    at: JSONPointer(tokens: ["target", "tokens"]),
                    "an FCM v1 message has one target: send one message per token")
            }
        }
        for (key, value) in kept where message[key] == nil { message.appendUnchecked(key, value) }
        FCMAndroidWire.explain(FCMAndroidWire.unsupported, android, context: &context)
        return message
    }

    /// `android` (`AndroidConfig`) through ``FCMAndroidWire``: Android's values, with its title, body, image and sound
    /// where they were read (layout), else Android's own; the localised keys Android's own, else the shared ones it
    /// inherits; then the kept keys. Nil when there is nothing to write (Android's content may all be in the shared
    /// `notification`; an empty block is what FCM treats as absent: a `FuzzRoundTrip` finding, `android: {}` added).
    static func androidConfig(
        _ n: PushNotification, android: PushNotification.Android, own: [String: String], ios: [String: String],
        layout: FCMLayout?, ext: JSONObject
    ) -> JSONObject? {
        typealias W = FCMAndroidWire
        // What `android` shows, as the table writes it.
        var part = android
        if let layout {
            func inherited<T>(_ line: W.Line, _ own: T?, _ shared: T?) -> T? {
                layout.android.contains(line.key.name(.snakeCase)) ? (own ?? shared) : nil
            }
            func shown(_ line: W.Line, _ key: String) -> String? {
                layout.android.contains(line.key.name(.snakeCase)) ? (own[key] ?? ios[key]) : nil
            }
            part.title = shown(W.title, FCMKeys.Notification.title)
            part.body = shown(W.body, FCMKeys.Notification.body)
            part.image = shown(W.image, FCMKeys.Notification.image)
            part.sound = inherited(W.sound, android.sound, n.sound?.name)
            part.bodyLocKey = inherited(W.bodyLocKey, android.bodyLocKey, n.bodyLocKey)
            part.bodyLocArgs = inherited(W.bodyLocArgs, android.bodyLocArgs, n.bodyLocArgs)
            part.titleLocKey = inherited(W.titleLocKey, android.titleLocKey, n.titleLocKey)
            part.titleLocArgs = inherited(W.titleLocArgs, android.titleLocArgs, n.titleLocArgs)
            if let priority = android.priority {
                part.priority = layout.prioritySpelling.flatMap { $0.lowercased() == priority ? $0 : nil } ?? priority
            }
        } else {
            part = androidShown(n)
        }
        var shows = PushNotification()
        shows.setAndroid(part)
        var out = JSONValueOutput()
        out.beginObject()
        for line in W.config.lines {
            switch line.value {
            case .hook(.data):
                guard let data = part.data else { continue }
                line.key.write(to: &out, spelling: .snakeCase)
                out.value(.object(data))
            case .object(let table):
                var notification = JSONObject()
                W.append(table.lines, of: shows, to: &notification)
                for (key, value) in ext[X.androidNotification]?.objectValue ?? JSONObject()
                where notification[key] == nil {
                    notification.appendUnchecked(key, value)
                }
                guard !notification.isEmpty else { continue }
                line.key.write(to: &out, spelling: .snakeCase)
                out.value(.object(notification))
            default:
                _ = line.writeScalar(shows, spelling: .snakeCase, to: &out)
            }
        }
        out.endObject()
        var config = out.result.objectValue ?? JSONObject()
        for (key, value) in ext[X.android]?.objectValue ?? JSONObject() where config[key] == nil {
            config.appendUnchecked(key, value)
        }
        return config.isEmpty ? nil : config
    }

    /// What `android` shows for a notification read by another format (no layout memory): Android's own values, its
    /// image only when FCM's image field takes it (else declared lost), and the sound and each localised key
    /// Android's own, else the shared one it inherits. ``FCMWireWriter`` writes the same.
    static func androidShown(_ n: PushNotification) -> PushNotification.Android {
        androidShown(n, keepsImage: n.android?.image.map { FCMImageField.takes($0) } ?? true)
    }

    /// ``androidShown(_:)`` where `keepsImage` says whether FCM's image field takes Android's own image (found by
    /// the caller, which needs its kind too). Android's own values are copied once and only what it inherits is set.
    static func androidShown(_ n: PushNotification, keepsImage: Bool) -> PushNotification.Android {
        // Initialised once from the bound part: `n.android ?? …` copied the part twice.
        var part: PushNotification.Android
        if let own = n.android { part = own } else { part = PushNotification.Android() }
        if !keepsImage { part.image = nil }
        if part.sound == nil, let sound = n.sound { part.sound = sound.name }
        if part.bodyLocKey == nil, let key = n.bodyLocKey { part.bodyLocKey = key }
        if part.bodyLocArgs == nil, let args = n.bodyLocArgs { part.bodyLocArgs = args }
        if part.titleLocKey == nil, let key = n.titleLocKey { part.titleLocKey = key }
        if part.titleLocArgs == nil, let args = n.titleLocArgs { part.titleLocArgs = args }
        return part
    }

    /// True when `own`, `n`'s Android part, is what its `android` shows but for the image (``androidShown(_:)``):
    /// it inherits no sound or localised key from the shared fields (it has its own, or they have none).
    static func inheritsNothing(_ own: PushNotification.Android, from n: PushNotification) -> Bool {
        (own.sound != nil || n.sound == nil) && (own.bodyLocKey != nil || n.bodyLocKey == nil)
            && (own.bodyLocArgs != nil || n.bodyLocArgs == nil) && (own.titleLocKey != nil || n.titleLocKey == nil)
            && (own.titleLocArgs != nil || n.titleLocArgs == nil)
    }
}

import APNsAdapter
package import PushCore

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
            if let title = android.title { out[FCMKeys.AndroidNotification.title] = title }
            if let body = android.body { out[FCMKeys.AndroidNotification.body] = body }
            if let image = android.image, layout != nil || FCMImageField.takes(image) {
                out[FCMKeys.AndroidNotification.image] = image
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
        for (field, reason) in unsupportedAndroid where android.canonicalObject[field] != nil {
            context.explainLoss(at: JSONPointer(tokens: ["android", field]), reason)
        }
        return message
    }

    /// Android fields FCM has no place for, with the reason.
    package static let unsupportedAndroid: [(String, String)] = [
        ("url", "FCM has no tap URL: the app reads one from data"),
        ("deepLink", "FCM has no deep link: the app reads one from data"),
        ("imageIcon", "FCM has no large-icon URL"),
        ("smallImageIcon", "FCM has no small-icon URL (android.notification.icon names a resource)"),
        ("silent", "FCM has no silent flag: a message without a notification is a data message"),
    ]

    static func androidConfig(
        _ n: PushNotification, android: PushNotification.Android, own: [String: String], ios: [String: String],
        layout: FCMLayout?, ext: JSONObject
    ) -> JSONObject? {
        typealias A = FCMKeys.Android
        typealias N = FCMKeys.AndroidNotification
        var config = JSONObject()
        if let v = android.collapseKey { config.appendUnchecked(A.collapseKey, .string(v)) }
        if let v = android.priority {
            let spelled = layout?.prioritySpelling.flatMap { $0.lowercased() == v ? $0 : nil } ?? v
            config.appendUnchecked(A.priority, .string(spelled))
        }
        if let v = android.ttl { config.appendUnchecked(A.ttl, .string(v)) }
        if let v = android.restrictedPackageName { config.appendUnchecked(A.restrictedPackageName, .string(v)) }
        if let v = android.data { config.appendUnchecked(A.data, .object(v)) }
        var notification = JSONObject()
        for key in [N.title, N.body] {
            if let value = androidValue(key, own: own, ios: ios, layout: layout) {
                notification.appendUnchecked(key, .string(value))
            }
        }
        let shared: [String: String] = n.sound.map { [N.sound: $0.name] } ?? [:]
        let sound: String? =
            if let layout {
                layout.android.contains(N.sound) ? (android.sound ?? shared[N.sound]) : nil
            } else {
                android.sound ?? shared[N.sound]
            }
        func put(_ key: String, _ value: String?) { if let value { notification.appendUnchecked(key, .string(value)) } }
        put(N.icon, android.icon)
        put(N.color, android.color)
        put(N.sound, sound)
        put(N.tag, android.tag)
        put(N.clickAction, android.clickAction)
        // The localised keys: Android's own, else the shared ones it inherits.
        func inherited<T>(_ wire: String, _ own: T?, _ shared: T?) -> T? {
            if let layout { return layout.android.contains(wire) ? (own ?? shared) : nil }
            return own ?? shared
        }
        put(N.bodyLocKey, inherited(N.bodyLocKey, android.bodyLocKey, n.bodyLocKey))
        if let v = inherited(N.bodyLocArgs, android.bodyLocArgs, n.bodyLocArgs) {
            notification.appendUnchecked(N.bodyLocArgs, .array(v.map(JSONValue.string)))
        }
        put(N.titleLocKey, inherited(N.titleLocKey, android.titleLocKey, n.titleLocKey))
        if let v = inherited(N.titleLocArgs, android.titleLocArgs, n.titleLocArgs) {
            notification.appendUnchecked(N.titleLocArgs, .array(v.map(JSONValue.string)))
        }
        put(N.channelID, android.channelID)
        put(N.notificationPriority, android.notificationPriority)
        put(N.visibility, android.visibility)
        if let v = android.notificationCount { notification.appendUnchecked(N.notificationCount, .integer(v)) }
        put(N.image, androidValue(N.image, own: own, ios: ios, layout: layout))
        for (key, value) in ext[X.androidNotification]?.objectValue ?? JSONObject() where notification[key] == nil {
            notification.appendUnchecked(key, value)
        }
        if !notification.isEmpty { config.appendUnchecked(A.notification, .object(notification)) }
        if let v = android.directBootOK { config.appendUnchecked(A.directBootOK, .bool(v)) }
        for (key, value) in ext[X.android]?.objectValue ?? JSONObject() where config[key] == nil {
            config.appendUnchecked(key, value)
        }
        // Nothing to write: no block (Android's content may all be in the shared `notification`; an empty block is
        // what FCM treats as absent: a `FuzzRoundTrip` finding, `android: {}` added).
        return config.isEmpty ? nil : config
    }

    /// Android's title, body or image for `android.notification`: where it was read (layout), else Android's own.
    static func androidValue(_ key: String, own: [String: String], ios: [String: String], layout: FCMLayout?)
        -> String?
    {
        guard let layout else { return own[key] }
        return layout.android.contains(key) ? (own[key] ?? ios[key]) : nil
    }
}

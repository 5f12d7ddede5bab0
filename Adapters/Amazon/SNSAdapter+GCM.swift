import WireTables
import FCMAdapter
import JSONCodec
import PushCore

private typealias S = AmazonKeys.SNS
private typealias X = AmazonKeys.Extension
private typealias G = AmazonKeys.Extension.SNSGCM

// MARK: - The `GCM` string: the Android side of an SNS message
//
// SNS's `GCM` string holds either `{"fcmV1Message": {"validate_only"?: …, "message": {…}}}` (an FCM v1 send request
// without a target: SNS adds it) or the legacy FCM body (`notification`, `data`, `priority`, `time_to_live`, …), which
// SNS converts to v1 itself. It is read with the `fcm` / `fcm-legacy` readers (the mapping is written once, there), and
// always written as `{"fcmV1Message": …}` with the `fcm` writer, so a legacy string becomes v1 the way `fcm-legacy` →
// `fcm` converts it.
//
// Beside an APNs key, the APNs payload is what iOS shows (the shared fields) and the GCM message what Android shows:
// Android's own title, body, image, sound, localised keys and data where they differ from the shared ones (the model's
// overrides), and its Android-only fields. The message's `apns` block (for iOS apps registered with FCM) is kept
// verbatim. Without an APNs key the GCM message is the whole notification, read and written exactly as `fcm` does.

extension SNSAdapter {
    /// The shared fields Android may say otherwise, by canonical name (`image` is `media[0]`).
    static let overridable = [
        "title", "body", "image", "sound", "titleLocKey", "titleLocArgs", "bodyLocKey", "bodyLocArgs", "data",
    ]

    /// The `extensions.fcm` keys a GCM message written beside an APNs payload has no place for (they belong to the
    /// iOS side of an FCM message), with the reason. Unknown `notification` keys are written back into the GCM
    /// message's `notification`, as `fcm` does (a `FuzzRoundTrip` finding: they were dropped).
    static let fcmKeysNotWritten: [(String, String)] = [
        (
            FCMKeys.Extension.apns,
            "SNS's APNs payload is the `APNS` string: the FCM message's `apns` block is not written into `GCM`"
        ),
        (
            FCMKeys.Extension.apnsHeaders,
            "SNS's APNs payload is the `APNS` string: the FCM message's `apns.headers` are not written into `GCM`"
        ),
        (FCMKeys.Extension.messageData, "SNS's APNs payload is the `APNS` string: its custom data is the shared data"),
    ]

    // MARK: Reading

    /// Reads the `GCM` string of `root` into `n`. `apple` is true when an APNs payload was read (then the GCM message
    /// is Android's side); otherwise it is the whole notification. Removes `GCM` from `kept` when it was read.
    func readGCM(
        _ root: JSONObject, apple: Bool, into n: inout PushNotification, kept: inout JSONObject,
        context: inout NormaliseContext
    ) {
        guard let value = root[S.gcm] else { return }
        let path = JSONPointer(tokens: [S.gcm])
        guard
            var object = EmbeddedJSON.parseObject(
                in: value, at: path, name: S.gcm, describing: "the FCM message's JSON", context: &context)
        else { return }
        var memory = JSONObject()
        var layout = JSONObject()
        var inner = NormaliseContext(options: context.options)
        let read: PushNotification?
        let isV1 = object[S.fcmV1Message] != nil
        if let v1 = object.take(S.fcmV1Message) {
            if !object.isEmpty { memory[G.others] = .object(object) }
            var request = v1
            if apple, case .object(var outer) = v1 {
                // The iOS side is the APNS string's: the v1 message's `apns` block is kept verbatim.
                if FCMMessageReader.isRequest(outer), case .object(var message)? = outer[FCMKeys.Request.message] {
                    if let apns = message.take(FCMKeys.Message.apns) { memory[G.apns] = apns }
                    outer[FCMKeys.Request.message] = .object(message)
                } else if let apns = outer.take(FCMKeys.Message.apns) {
                    memory[G.apns] = apns
                }
                request = .object(outer)
            }
            read = FCMAdapter().normalise(request, context: &inner)
        } else {
            read = FCMLegacyAdapter().normalise(.object(object), context: &inner)
        }
        guard var g = read else {
            EmbeddedJSON.relocate(inner, to: path, name: S.gcm, into: &context)
            return
        }
        if apple { inner.provenance = [:] }
        EmbeddedJSON.relocate(inner, to: path, name: S.gcm, into: &context)
        kept.removeValue(forKey: S.gcm)
        if g.target != nil {
            context.diagnostics.warning(
                .amazonSNSGCMTarget, at: path,
                "the `GCM` message names a target; SNS adds the target itself (the endpoint or topic published to), "
                    + "so it is read but not written back")
        }
        if apple {
            merge(&g, into: &n, shared: Self.stringData(n.data), memory: &memory, layout: &layout)
            context.record("android", from: path)
        } else {
            layout[G.alone] = .bool(true)
            // What the GCM string is written as: a v1 request (`{"message": …}`), whatever shape was read.
            g = isV1 ? Self.rememberingWrapped(g) : Self.rememberingV1Layout(g, options: context.options)
            let extensions = n.extensions
            n = g
            n.source = descriptor.name
            for (key, value) in extensions where n.extensions[key] == nil { n.extensions.appendUnchecked(key, value) }
        }
        Self.rememberGCM(memory, layout: layout, in: &n)
    }

    /// Records what the GCM string needs to render back (`memory`, with `layout`) in `extensions.amazon.snsGCM`.
    static func rememberGCM(_ memory: JSONObject, layout: JSONObject, in n: inout PushNotification) {
        var memory = memory
        memory[G.layout] = .object(layout)
        n.modifyExtension(X.namespace) { amazon in amazon[X.snsGCM] = .object(memory) }
    }

    /// `g` (a v1 message read as the whole notification) with its `fcm` layout memory saying it came in a send
    /// request, as `GCM` is always written (a `FuzzRoundTrip` finding: `{"fcmV1Message": {"meslage": …}}` read as a
    /// bare message, written back wrapped).
    static func rememberingWrapped(_ g: PushNotification) -> PushNotification {
        var fcm = g.extensionObject(FCMKeys.namespace)
        guard case .object(var layout)? = fcm[FCMKeys.Extension.layout], layout["wrapped"] == .bool(false) else {
            return g
        }
        layout["wrapped"] = .bool(true)
        fcm[FCMKeys.Extension.layout] = .object(layout)
        var remembered = g
        remembered.setExtension(FCMKeys.namespace, fcm)
        return remembered
    }

    /// `g` (a legacy body read as the whole notification) with the `fcm` layout memory of the v1 message it is
    /// written as: that message reads back to the same notification, so a legacy body converts once, and rendering
    /// is a fixed point from then on (a `FuzzRoundTrip` finding: `{"GCM": "{}"}`).
    static func rememberingV1Layout(_ g: PushNotification, options: FormatOptions) -> PushNotification {
        var renderContext = RenderContext(options: options)
        let written = FCMMessageWriter.payload(for: g, context: &renderContext)
        var request = written
        if case .object(let object) = written, !FCMMessageReader.isRequest(object) {
            request = .object(JSONObject(uniqueKeysWithValues: [(FCMKeys.Request.message, written)]))
        }
        var readContext = NormaliseContext(options: options)
        guard let back = FCMAdapter().normalise(request, context: &readContext),
            let layout = back.extensionObject(FCMKeys.namespace)[FCMKeys.Extension.layout]
        else { return g }
        var remembered = g
        var fcm = g.extensionObject(FCMKeys.namespace)
        fcm[FCMKeys.Extension.layout] = layout
        remembered.setExtension(FCMKeys.namespace, fcm)
        return remembered
    }

    /// Beside an APNs payload (already in `n`, the string values of its custom data `shared`): what `g` (the GCM
    /// message) shows on Android becomes `n`'s Android part, its FCM-only values `n`'s `extensions.fcm`.
    func merge(
        _ g: inout PushNotification, into n: inout PushNotification, shared: JSONObject, memory: inout JSONObject,
        layout: inout JSONObject
    ) {
        var android = g.androidPart
        var absent: [JSONValue] = []
        func string(_ name: String, own: String?, view: String?, shared: String?) -> String? {
            let seen = own ?? view
            if seen == nil, shared != nil { absent.append(.string(name)) }
            return seen == shared ? nil : seen
        }
        // The title, body and image as read (no `String` made), told apart by their bytes: a value differing in any
        // is Android's own, written back as it came.
        func text(
            _ name: String, own: PushNotification.Text?, view: PushNotification.Text?, shared: PushNotification.Text?
        ) -> PushNotification.Text? {
            let seen = own ?? view
            if seen == nil, shared != nil { absent.append(.string(name)) }
            guard let seen, !seen.hasSameBytes(as: shared) else { return nil }
            return seen
        }
        func strings(_ name: String, own: [String]?, view: [String]?, shared: [String]?) -> [String]? {
            let seen = own ?? view
            if seen == nil, shared != nil { absent.append(.string(name)) }
            return seen == shared ? nil : seen
        }
        android.titleText = text("title", own: android.titleText, view: g.titleText, shared: n.titleText)
        android.bodyText = text("body", own: android.bodyText, view: g.bodyText, shared: n.bodyText)
        android.image =
            text(
                "image", own: android.image.map(PushNotification.Text.init), view: g.media.first?.urlText,
                shared: n.media.first?.urlText)?.string
        android.sound = string("sound", own: android.sound, view: g.sound?.name, shared: n.sound?.name)
        android.titleLocKey = string(
            "titleLocKey", own: android.titleLocKey, view: g.titleLocKey, shared: n.titleLocKey)
        android.titleLocArgs = strings(
            "titleLocArgs", own: android.titleLocArgs, view: g.titleLocArgs, shared: n.titleLocArgs)
        android.bodyLocKey = string("bodyLocKey", own: android.bodyLocKey, view: g.bodyLocKey, shared: n.bodyLocKey)
        android.bodyLocArgs = strings(
            "bodyLocArgs", own: android.bodyLocArgs, view: g.bodyLocArgs, shared: n.bodyLocArgs)
        // Data: FCM data maps hold strings, so Android receives the shared data's strings.
        if android.data != nil {
            if g.data != shared {
                if g.data.isEmpty { absent.append(.string("data")) } else { memory[G.messageData] = .object(g.data) }
            }
        } else if g.data != shared {
            if g.data.isEmpty {
                absent.append(.string("data"))
            } else {
                android.data = g.data
                layout[G.dataInMessage] = .bool(true)
            }
        }
        if !absent.isEmpty { layout[G.absent] = .array(absent) }
        n.setAndroid(android)
        n.target = g.target
        // iOS-only values of a legacy body (badge, content_available, mutable_content): the `apns` block SNS makes
        // of them, kept beside the APNS payload.
        if g.badge != nil || g.contentAvailable != nil || g.mutableContent != nil {
            var ios = PushNotification()
            ios.badge = g.badge
            ios.contentAvailable = g.contentAvailable
            ios.mutableContent = g.mutableContent
            var ignored = RenderContext(options: FormatOptions())
            if case .object(let message) = FCMAdapter().render(ios, context: &ignored),
                let apns = message[FCMKeys.Message.apns]
            {
                memory[G.apns] = apns
            }
        }
        // FCM-only values (webpush, fcm_options, android keys the model does not hold, validate_only, …); not the
        // reader's layout memory, which described the GCM message alone.
        let fcm = g.extensionObject(FCMKeys.namespace)
        n.modifyExtension(FCMKeys.namespace) { all in
            for (key, value) in fcm where key != FCMKeys.Extension.layout { all[key] = value }
        }
        for (key, value) in g.extensions where key != FCMKeys.namespace && n.extensions[key] == nil {
            n.extensions.appendUnchecked(key, value)
        }
    }

    /// The string values of `data` (what an FCM data map can hold).
    static func stringData(_ data: JSONObject) -> JSONObject {
        var out = JSONObject()
        for (key, value) in data where value.stringValue != nil { out.appendUnchecked(key, value) }
        return out
    }

    // MARK: Writing

    /// The SNS memory of the GCM string (`extensions.amazon.snsGCM`), nil when the notification was not read from one.
    static func gcmMemory(_ n: PushNotification) -> JSONObject? {
        n.extensionObject(X.namespace)[X.snsGCM]?.objectValue
    }

    /// True when an SNS message written for `n` has a `GCM` string: it was read from one, or it has an Android side
    /// (its own fields, or FCM's values: it came from an FCM message).
    static func writesGCM(_ n: PushNotification, kept: JSONObject) -> Bool {
        guard kept[S.gcm] == nil else { return false }
        return gcmMemory(n) != nil || n.android != nil || n.extensions[FCMKeys.namespace] != nil
            || n.extensions["fcmLegacy"] != nil
    }

    /// True when the GCM string is the whole notification (it was read without an APNs key).
    static func gcmAlone(_ n: PushNotification) -> Bool {
        gcmMemory(n)?[G.layout]?.objectValue?[G.alone]?.boolValue == true
    }

    /// The `GCM` string for `n`: `{"fcmV1Message": {"message": …}}`, written by the `fcm` writer.
    func renderGCM(_ n: PushNotification, context: inout RenderContext) -> String {
        let memory = Self.gcmMemory(n) ?? JSONObject()
        let alone = Self.gcmAlone(n)
        if n.target != nil {
            context.explainLoss(
                at: JSONPointer(tokens: ["target"]),
                "SNS adds the target itself (the endpoint or topic the message is published to)")
        }
        var source = alone ? n : Self.androidView(of: n, memory: memory, context: &context)
        source.target = nil
        source.extensions[X.namespace] = nil
        for (key, _) in n.extensionObject("fcmLegacy") where key != "layout" {
            context.explainLoss(
                at: JSONPointer(tokens: ["extensions", "fcmLegacy", key]),
                "SNS's GCM string is written as an FCM v1 message, which has no place for this legacy value")
        }
        source.extensions["fcmLegacy"] = nil
        let rendered = FCMMessageWriter.payload(for: source, context: &context)
        var request: JSONObject
        var message: JSONObject
        if case .object(let object) = rendered, FCMMessageReader.isRequest(object),
            case .object(let inner)? = object[FCMKeys.Request.message]
        {
            request = object
            message = inner
        } else {
            request = JSONObject()
            message = rendered.objectValue ?? JSONObject()
        }
        if !alone {
            // Android's data is the GCM message's `data`, values of every type as read (the writer would put a
            // non-string value in the `apns` block, which gives way below: a `FuzzRoundTrip` finding).
            if source.data.contains(where: { $0.value.stringValue == nil }) {
                let written = message[FCMKeys.Message.data]?.objectValue ?? JSONObject()
                var data = JSONObject()
                for (key, value) in source.data { data.appendUnchecked(key, written[key] ?? value) }
                if message[FCMKeys.Message.data] != nil {
                    message[FCMKeys.Message.data] = .object(data)
                } else {
                    message.appendUnchecked(FCMKeys.Message.data, .object(data))
                }
            }
            // The iOS side is the APNS string: the writer's `apns` block (the Android view written for iOS) gives
            // way to the one the GCM message had.
            var replaced = JSONObject()
            for (key, value) in message {
                if key == FCMKeys.Message.apns {
                    if let apns = memory[G.apns] { replaced.appendUnchecked(key, apns) }
                } else {
                    replaced.appendUnchecked(key, value)
                }
            }
            if replaced[FCMKeys.Message.apns] == nil, let apns = memory[G.apns] {
                replaced.appendUnchecked(FCMKeys.Message.apns, apns)
            }
            message = replaced
        }
        if request.isEmpty {
            request.appendUnchecked(FCMKeys.Request.message, .object(message))
        } else {
            request[FCMKeys.Request.message] = .object(message)
        }
        var gcm = JSONObject()
        gcm.appendUnchecked(S.fcmV1Message, .object(request))
        for (key, value) in memory[G.others]?.objectValue ?? JSONObject() where gcm[key] == nil {
            gcm.appendUnchecked(key, value)
        }
        return JSONValue.object(gcm).compactText
    }

    /// What Android shows of `n` (written beside an APNs payload), as a notification of its own: Android's overrides
    /// as its shared content, with the Android-only fields and FCM's Android values.
    private static func androidView(of n: PushNotification, memory: JSONObject, context: inout RenderContext)
        -> PushNotification
    {
        let layout = memory[G.layout]?.objectValue ?? JSONObject()
        let absent = Set(layout[G.absent]?.arrayValue?.compactMap(\.stringValue) ?? [])
        var android = n.androidPart
        var view = AndroidSideMessage.shownContent(of: n, absent: absent)
        let shared = absent.contains("data") ? JSONObject() : stringData(n.data)
        if let own = android.data, layout[G.dataInMessage]?.boolValue == true {
            view.data = own
            android.data = nil
        } else if android.data != nil {
            view.data = memory[G.messageData]?.objectValue ?? shared
        } else {
            view.data = shared
        }
        android.title = nil
        android.body = nil
        android.image = nil
        android.sound = nil
        android.titleLocKey = nil
        android.titleLocArgs = nil
        android.bodyLocKey = nil
        android.bodyLocArgs = nil
        view.setAndroid(android)
        var fcm = n.extensionObject(FCMKeys.namespace)
        fcm.removeValue(forKey: FCMKeys.Extension.layout)
        for (key, reason) in fcmKeysNotWritten where fcm[key] != nil {
            context.explainLoss(at: JSONPointer(tokens: ["extensions", FCMKeys.namespace, key]), reason)
            fcm.removeValue(forKey: key)
        }
        let (unknown, shown) = splitNotification(fcm)
        for key in shown.map(\.key) {
            context.explainLoss(
                at: JSONPointer(tokens: ["extensions", FCMKeys.namespace, FCMKeys.Extension.notification, key]),
                "an FCM `notification` value neither platform shows here has no place in SNS's GCM (iOS shows the "
                    + "`APNS` string, Android the GCM message's own)")
        }
        fcm[FCMKeys.Extension.notification] = unknown.isEmpty ? nil : .object(unknown)
        view.setExtension(FCMKeys.namespace, fcm)
        return view
    }

    /// `extensions.fcm.notification` split into the keys FCM's `Notification` does not define (written back into
    /// the GCM message's `notification`, as `fcm` does) and the shared values an FCM message showed on a platform
    /// (`title`, `body`, `image`: beside an APNs key they have no place).
    static func splitNotification(_ fcm: JSONObject) -> (unknown: JSONObject, shown: JSONObject) {
        var unknown = JSONObject()
        var shown = JSONObject()
        for (key, value) in fcm[FCMKeys.Extension.notification]?.objectValue ?? JSONObject() {
            if FCMKeys.notificationFields.contains(key) {
                shown.appendUnchecked(key, value)
            } else {
                unknown.appendUnchecked(key, value)
            }
        }
        return (unknown, shown)
    }

    // MARK: Declared losses

    /// The part of `n` the GCM string carries, added to `carried` (the APNs side's part).
    static func gcmCarriedPart(of n: PushNotification, carried: PushNotification, options: FormatOptions)
        -> PushNotification
    {
        var kept = carried
        let amazon = n.extensionObject(X.namespace)
        if gcmAlone(n) {
            kept = FCMAdapter().carriedPart(of: n, options: options).removing([JSONPointer(tokens: ["target"])])
            var own = JSONObject()
            for key in [X.sns, X.snsGCM] {
                if let value = amazon[key] { own.appendUnchecked(key, value) }
            }
            kept.setExtension(X.namespace, own)
            return kept
        }
        kept.target = nil
        guard writesGCM(n, kept: amazon[X.sns]?.objectValue ?? JSONObject()) else {
            kept.android = nil
            kept.extensions[FCMKeys.namespace] = nil
            return kept
        }
        var fcm = n.extensionObject(FCMKeys.namespace)
        for (key, _) in fcmKeysNotWritten { fcm.removeValue(forKey: key) }
        let unknown = splitNotification(fcm).unknown
        fcm[FCMKeys.Extension.notification] = unknown.isEmpty ? nil : .object(unknown)
        kept.setExtension(FCMKeys.namespace, fcm)
        kept.android = n.android
        return kept.removing(FCMAndroidWire.unsupported.map { JSONPointer(tokens: ["android", $0.field]) })
    }
}

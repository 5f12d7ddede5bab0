import JSONCodec
package import PushCore
import WireTables

private typealias X = AmazonKeys.Extension

/// A native message only Android devices receive, read as the Android side of a notification whose shared content
/// (what iOS shows) another message gave: SNS's `ADM` or `BAIDU` string beside an APNs key, and the `RawContent` of a
/// Pinpoint `ADMMessage` or `BaiduMessage`. The message is read by its own format's reader (the `adm` format's for
/// ADM; ``SNSBaiduWire`` for Baidu), then merged: its content becomes Android's own (`android.title`, …) where it
/// differs from the shared content, and its Android fields the Android part. A shared value the message does not say
/// stays unsaid when it is written back (the `absent` layout list). Written back by the same format's writer, from
/// what Android shows (``view(of:kind:absent:)``).
package enum AndroidSideMessage {
    /// The native messages.
    package enum Kind: Sendable {
        /// Amazon Device Messaging's message (the `adm` format).
        case adm
        /// Baidu Cloud Push's message as SNS documents it (``SNSBaiduWire``).
        case baidu

        /// The Pinpoint channel whose message this is.
        package var channel: PinpointAndroidChannel { self == .adm ? .adm : .baidu }

        /// The kind of the native message of `channel` (nil for `GCMMessage`, whose raw content is FCM's).
        package init?(_ channel: PinpointAndroidChannel) {
            switch channel {
            case .gcm: return nil
            case .adm: self = .adm
            case .baidu: self = .baidu
            }
        }

        /// How losses and findings name it.
        var name: String { self == .adm ? "an ADM message" : "a Baidu message" }
    }

    /// The shared fields Android may say otherwise, by canonical name (`image` is `media[0]`).
    package static let overridable = [
        "title", "body", "image", "sound", "titleLocKey", "titleLocArgs", "bodyLocKey", "bodyLocArgs", "data",
    ]

    // MARK: - Reading

    /// Reads `object` as a whole notification of its kind, with that format's findings (ADM's rules; a Baidu
    /// message's title and description) located inside it; nil when it could not be read.
    package static func read(_ object: JSONObject, kind: Kind, context: inout NormaliseContext) -> PushNotification? {
        switch kind {
        case .adm:
            let adapter = ADMAdapter()
            guard let read = adapter.normalise(.object(object), context: &context) else { return nil }
            context.diagnostics += adapter.check(.object(object), notification: read, context: context)
            return read
        case .baidu:
            var read = PushNotification()
            var ext = JSONObject()
            var hooks = SNSBaiduHooks()
            SNSBaiduWire.message.read(
                JSONValueSource(), .object(object), at: .root, into: &read, ext: &ext, hooks: &hooks,
                context: &context)
            let missing = ["title", "description"].filter { object[$0] == nil }
            if !missing.isEmpty {
                context.diagnostics.warning(
                    .amazonSNSBaiduIncomplete, at: .root,
                    "a Baidu notification needs a `title` and a `description`; this one has no "
                        + missing.map { "`\($0)`" }.joined(separator: " and "))
            }
            if !ext.isEmpty {
                read.setExtension(
                    X.namespace, JSONObject(uniqueKeysWithValues: [(SNSBaiduWire.memoryKey, .object(ext))]))
            }
            return read
        }
    }

    /// The shared data Android receives through a message of `kind`: ADM's `data` holds strings only; Baidu's
    /// `custom_content` is any JSON object.
    static func sharedData(_ n: PushNotification, kind: Kind) -> JSONObject {
        guard kind == .adm else { return n.data }
        var out = JSONObject()
        for (key, value) in n.data where value.stringValue != nil { out.appendUnchecked(key, value) }
        return out
    }

    /// Merges `g` (the native message, read whole) into `n`, whose shared fields hold what iOS shows: `g`'s content
    /// becomes Android's own where it differs, its Android part `n`'s, its kept values (`extensions.adm`,
    /// `extensions.amazon.snsBaidu`) `n`'s. Returns the shared fields `g` did not say (layout: not written back into
    /// it).
    package static func merge(_ g: PushNotification, kind: Kind, into n: inout PushNotification) -> [String] {
        var android = g.androidPart
        var absent: [String] = []
        func own<T: Equatable>(_ name: String, _ seen: T?, shared: T?) -> T? {
            if seen == nil, shared != nil { absent.append(name) }
            return seen == shared ? nil : seen
        }
        android.titleText = own("title", g.titleText, shared: n.titleText)
        android.bodyText = own("body", g.bodyText, shared: n.bodyText)
        android.image = own("image", g.media.first?.urlText, shared: n.media.first?.urlText)?.string
        android.sound = own("sound", g.sound?.name, shared: n.sound?.name)
        android.titleLocKey = own("titleLocKey", g.titleLocKey, shared: n.titleLocKey)
        android.titleLocArgs = own("titleLocArgs", g.titleLocArgs, shared: n.titleLocArgs)
        android.bodyLocKey = own("bodyLocKey", g.bodyLocKey, shared: n.bodyLocKey)
        android.bodyLocArgs = own("bodyLocArgs", g.bodyLocArgs, shared: n.bodyLocArgs)
        let shared = sharedData(n, kind: kind)
        if g.data != shared {
            if g.data.isEmpty { absent.append("data") } else { android.data = g.data }
        }
        n.setAndroid(android)
        for (key, value) in g.extensions {
            if key == X.namespace {
                var amazon = n.extensionObject(X.namespace)
                for (inner, kept) in value.objectValue ?? JSONObject() { amazon[inner] = kept }
                n.setExtension(X.namespace, amazon)
            } else {
                n.extensions[key] = value
            }
        }
        return absent
    }

    // MARK: - Writing

    /// The content Android shows of `n` (title, body, image, sound, localised keys): Android's own, else the shared
    /// content, except the fields in `absent` (those the Android message did not state when it was read).
    package static func shownContent(of n: PushNotification, absent: Set<String>) -> PushNotification {
        let android = n.androidPart
        var view = PushNotification()
        func pick<T>(_ name: String, _ own: T?, _ shared: T?) -> T? { own ?? (absent.contains(name) ? nil : shared) }
        view.title = pick("title", android.title, n.title)
        view.body = pick("body", android.body, n.body)
        if let image = pick("image", android.image, n.media.first?.url) {
            view.media = [PushNotification.Media(url: image)]
        }
        view.sound = pick("sound", android.sound, n.sound?.name).map { PushNotification.Sound(name: $0) }
        view.titleLocKey = pick("titleLocKey", android.titleLocKey, n.titleLocKey)
        view.titleLocArgs = pick("titleLocArgs", android.titleLocArgs, n.titleLocArgs)
        view.bodyLocKey = pick("bodyLocKey", android.bodyLocKey, n.bodyLocKey)
        view.bodyLocArgs = pick("bodyLocArgs", android.bodyLocArgs, n.bodyLocArgs)
        return view
    }

    /// What Android shows of `n`, as a notification of its own: Android's own content, else the shared content
    /// (except the fields in `absent`), with the Android part's other fields and the message's kept values.
    package static func view(of n: PushNotification, kind: Kind, absent: Set<String>) -> PushNotification {
        let android = n.androidPart
        var view = shownContent(of: n, absent: absent)
        view.data = android.data ?? (absent.contains("data") ? JSONObject() : sharedData(n, kind: kind))
        var rest = android
        (rest.title, rest.body, rest.image, rest.sound) = (nil, nil, nil, nil)
        (rest.titleLocKey, rest.titleLocArgs, rest.bodyLocKey, rest.bodyLocArgs, rest.data) = (nil, nil, nil, nil, nil)
        view.setAndroid(rest)
        switch kind {
        case .adm:
            if let adm = n.extensions[ADMWire.namespace] { view.extensions[ADMWire.namespace] = adm }
        case .baidu:
            if let kept = n.extensionObject(X.namespace)[SNSBaiduWire.memoryKey] {
                view.setExtension(X.namespace, JSONObject(uniqueKeysWithValues: [(SNSBaiduWire.memoryKey, kept)]))
            }
        }
        return view
    }

    /// The native message of `kind` for the Android side of `n` (``view(of:kind:absent:)``), written by its format's
    /// writer; what it has no place for is explained in `context` at `n`'s own paths.
    package static func render(
        _ n: PushNotification, kind: Kind, absent: Set<String>, context: inout RenderContext
    ) -> JSONValue {
        let view = view(of: n, kind: kind, absent: absent)
        var inner = RenderContext(options: context.options)
        let rendered: JSONValue
        switch kind {
        case .adm:
            rendered = ADMAdapter().render(view, context: &inner)
        case .baidu:
            var hooks = SNSBaiduHooks()
            var out = JSONValueOutput()
            let ext = view.extensionObject(X.namespace)[SNSBaiduWire.memoryKey]?.objectValue ?? JSONObject()
            SNSBaiduWire.message.write(view, ext: ext, hooks: &hooks, context: &inner, to: &out)
            rendered = out.result
        }
        // The writer explains what the view loses; only the Android part's paths are the notification's own (the
        // view's shared fields are written elsewhere too).
        for (path, reason) in inner.lossReasons where path.tokens.first == "android" {
            context.explainLoss(at: path, reason)
        }
        context.diagnostics += inner.diagnostics
        let present = n.android?.canonicalObject ?? JSONObject()
        for (field, reason) in unsupported(kind, in: present) {
            context.explainLoss(at: JSONPointer(tokens: ["android", field]), reason)
        }
        return rendered
    }

    /// The fields of `android` (a canonical Android part) a message of `kind` has no place for, with the reason.
    static func unsupported(_ kind: Kind, in android: JSONObject) -> [(field: String, reason: String)] {
        switch kind {
        case .adm:
            // ADM writes Android's own content as its notification; the rest of ADM's losses are its own.
            return ADMWire.unsupportedAndroid.filter {
                android[$0.key] != nil && (!overridable.contains($0.key) || $0.key == "image")
            }.map { ($0.key, $0.reason) }
        case .baidu:
            return android.keys.filter { !["title", "body", "data"].contains($0) }.map {
                ($0, "a Baidu message has only a title, a description and custom content: `\($0)` has no place there")
            }
        }
    }

    /// The Android part of `n` a message of `kind` carries, and its kept values: what reading the message back
    /// merges into the shared content again.
    package static func carriedPart(of n: PushNotification, kind: Kind, into kept: inout PushNotification) {
        var object = n.android?.canonicalObject ?? JSONObject()
        for (field, _) in unsupported(kind, in: object) { object.removeValue(forKey: field) }
        if kind == .adm, case .string(let ttl)? = object["ttl"], ADMWire.wholeSeconds(ttl) == nil {
            object.removeValue(forKey: "ttl")
        }
        if case .object(var data)? = object["data"] {
            if kind == .adm { data.removeAll { $0.value.stringValue == nil } }
            // Android's data equal to the shared data (or emptied) reads back as no override.
            if data.isEmpty || data == sharedData(n, kind: kind) {
                object.removeValue(forKey: "data")
            } else {
                object["data"] = .object(data)
            }
        }
        var ignored: [Diagnostic] = []
        kept.setAndroid(PushNotification.Android(canonical: object, at: .root, &ignored))
        switch kind {
        case .adm:
            kept.extensions[ADMWire.namespace] = n.extensions[ADMWire.namespace]
        case .baidu:
            var amazon = kept.extensionObject(X.namespace)
            amazon[SNSBaiduWire.memoryKey] = n.extensionObject(X.namespace)[SNSBaiduWire.memoryKey]
            kept.setExtension(X.namespace, amazon)
        }
    }
}

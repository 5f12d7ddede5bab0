import FCMAdapter
import JSONCodec
import WireTables
package import PushCore

/// Reads and writes one Pinpoint `GCMMessage` (direct sends) or campaign `Message` (the Android side of a
/// `MessageConfiguration`) against the model: its content fills the shared fields where they are empty (a request with
/// only the GCM side), else it becomes Android's own (`android.title`, …) where it differs from what iOS shows (a
/// request whose `APNSMessage` says otherwise). `RawContent`, a legacy FCM body or `{"fcmV1Message": …}` in a string,
/// overrides every other field, as Pinpoint documents.
package enum PinpointGCMMessage {
    /// The `extensions.amazon` key of what the Android side needs to render back.
    package static let memoryKey = PinpointGCMWire.memoryKey

    /// `GCMMessage` (direct sends: `SendMessages`, `SendUsersMessages`).
    package static let directKeys: Set<String> = [
        "Action", "Body", "CollapseKey", "Data", "IconReference", "ImageIconUrl", "ImageUrl",
        "PreferredAuthenticationMethod", "Priority", "RawContent", "RestrictedPackageName", "SilentPush",
        "SmallImageIconUrl", "Sound", "Substitutions", "TimeToLive", "Title", "Url",
    ]
    /// The campaign `Message` (`WriteCampaignRequest.MessageConfiguration.GCMMessage`).
    package static let campaignKeys: Set<String> = [
        "Action", "Body", "ImageIconUrl", "ImageSmallIconUrl", "ImageUrl", "JsonBody", "MediaUrl", "RawContent",
        "SilentPush", "TimeToLive", "Title", "Url",
    ]
    /// Each channel's ``PinpointAndroidChannel/directKeys`` and ``campaignKeys`` as sets compared as bytes, by
    /// length. (A `WireKey` of a `String` keeps its bytes for the life of the process: these sets are built once.)
    static let gcmKeySet = WireKeySet(PinpointAndroidChannel.gcm.directKeys)
    static let admKeySet = WireKeySet(PinpointAndroidChannel.adm.directKeys)
    static let baiduKeySet = WireKeySet(PinpointAndroidChannel.baidu.directKeys)
    static let campaignKeySet = WireKeySet(campaignKeys)

    /// The known keys of a campaign's message, or of `channel`'s.
    static func keySet(campaign: Bool, channel: PinpointAndroidChannel) -> WireKeySet {
        if campaign { return campaignKeySet }
        switch channel {
        case .gcm: return gcmKeySet
        case .adm: return admKeySet
        case .baidu: return baiduKeySet
        }
    }
    /// `DefaultPushNotificationMessage`: fills what the channel message lacks.
    static let defaultKeys: [String] = ["Action", "Body", "Data", "SilentPush", "Substitutions", "Title", "Url"]

    /// Fields that carry content (ignored by Pinpoint beside `RawContent`).
    static let contentKeys: Set<String> = directKeys.union(campaignKeys).subtracting(["RawContent"])

    /// True for the campaign shape (a key only it has).
    static func isCampaign(_ message: JSONObject) -> Bool {
        message["ImageSmallIconUrl"] != nil || message["JsonBody"] != nil || message["MediaUrl"] != nil
    }

    /// ``isCampaign(_:)`` of the object `message` of `source`.
    static func isCampaign<S: WireSource>(_ source: S, _ message: S.Node) -> Bool {
        source.members(message).contains { member in
            source.key(member.key, is: "ImageSmallIconUrl") || source.key(member.key, is: "JsonBody")
                || source.key(member.key, is: "MediaUrl")
        }
    }

    /// Reads `message` (at `base`), with `defaults` (`DefaultPushNotificationMessage`, at `defaultsPath`) filling what
    /// it lacks, into `n`. What must be remembered goes to `memory`. `channel` is the message's (`ADMMessage` and
    /// `BaiduMessage` are read through their own tables, ``PinpointAndroidChannel``).
    package static func read(
        _ message: JSONObject, at base: JSONPointer, defaults: JSONObject?, defaultsPath: JSONPointer,
        channel: PinpointAndroidChannel = .gcm, into n: inout PushNotification, memory: inout JSONObject,
        context: inout NormaliseContext
    ) {
        var rest = message
        let campaign = isCampaign(message)
        startReading(
            JSONValueSource(), .object(message), at: base, campaign: campaign, channel: channel, memory: &memory,
            context: &context)
        if channel == .baidu, !campaign, case .integer(let seconds)? = message["TimeToLive"],
            seconds > PinpointAndroidChannel.baiduLongestTimeToLive
        {
            context.diagnostics.warning(
                .amazonBaiduTimeToLiveRange, at: base.appending("TimeToLive"),
                "`TimeToLive` is \(seconds) seconds; Baidu keeps a message at most 604,800 (7 days)")
        }
        // RawContent overrides everything: an ADMMessage's or BaiduMessage's is that channel's own message.
        if let kind = AndroidSideMessage.Kind(channel), rest["RawContent"] != nil,
            readNativeRawContent(rest, kind: kind, at: base, into: &n, memory: &memory, context: &context)
        {
            return
        }
        if channel == .gcm, case .string(let text)? = rest["RawContent"] {
            let path = base.appending("RawContent")
            if let payload = EmbeddedJSON.parseObject(text, at: path, name: "RawContent", context: &context) {
                var inner = NormaliseContext(options: context.options)
                var raw: PushNotification?
                if let v1 = payload["fcmV1Message"] {
                    raw = FCMAdapter().normalise(v1, context: &inner)
                    memory["rawContent"] = .string("fcmV1Message")
                    var others = payload
                    others.removeValue(forKey: "fcmV1Message")
                    if !others.isEmpty { memory["rawContentOthers"] = .object(others) }
                } else {
                    raw = FCMLegacyAdapter().normalise(.object(payload), context: &inner)
                    memory["rawContent"] = .string("legacy")
                }
                EmbeddedJSON.relocate(inner, to: path, name: "RawContent", into: &context)
                if let raw {
                    let source = n.source
                    let extensions = n.extensions
                    n = raw
                    n.source = source
                    for (key, value) in extensions where n.extensions[key] == nil {
                        n.extensions.appendUnchecked(key, value)
                    }
                    rest.removeValue(forKey: "RawContent")
                    reportOverridden(rest, at: base, context: &context)
                    if !rest.isEmpty { memory["fields"] = .object(rest) }
                    if let defaults {
                        memory["hasDefaults"] = .bool(true)
                        if !defaults.isEmpty { memory["defaults"] = .object(defaults) }
                    }
                    return
                }
            }
        }
        // DefaultPushNotificationMessage: the content every channel shows unless its own message says otherwise (the
        // shared fields); its other keys are kept.
        if var defaults {
            func take(_ key: String) -> String? {
                guard case .string(let text)? = defaults[key] else { return nil }
                defaults.removeValue(forKey: key)
                return text
            }
            if let title = take("Title") {
                n.title = title; context.record("title", from: defaultsPath.appending("Title"))
            }
            if let body = take("Body") { n.body = body; context.record("body", from: defaultsPath.appending("Body")) }
            if case .object(let data)? = defaults["Data"] {
                defaults.removeValue(forKey: "Data")
                PinpointGCMHooks.checkData(data, at: defaultsPath.appending("Data"), context: &context)
                n.data = data
                context.record("data", from: defaultsPath.appending("Data"))
            }
            for (key, value) in defaults
            where !defaultKeys.contains(key)
                || value.stringValue == nil && key != "Action"
                    && key != "Url" && key != "SilentPush" && key != "Substitutions"
            {
                if !defaultKeys.contains(key) {
                    context.diagnostics.warning(
                        .amazonGCMUnknownKey, at: defaultsPath.appending(key),
                        "`\(key)` is not a DefaultPushNotificationMessage field; kept and rendered back in place")
                } else {
                    context.diagnostics.error(
                        .wrongType, at: defaultsPath.appending(key),
                        "`\(key)` must be a\(key == "Data" ? "n object" : " string"), found \(value.typeName); kept")
                }
            }
            memory["hasDefaults"] = .bool(true)
            if !defaults.isEmpty { memory["defaults"] = .object(defaults) }
        }
        readFields(
            JSONValueSource(), .object(rest), at: base, campaign: campaign, channel: channel, into: &n, memory: &memory,
            context: &context)
    }

    /// The start of reading a message (the object `message` of `source`, at `base`; `campaign`: it has the campaign
    /// shape): what it is recorded in `memory`, and a warning for each key its shape does not have.
    static func startReading<S: WireSource>(
        _ source: S, _ message: S.Node, at base: JSONPointer, campaign: Bool, channel: PinpointAndroidChannel,
        memory: inout JSONObject, context: inout NormaliseContext
    ) {
        if campaign { memory["campaign"] = .bool(true) }
        if channel != .gcm { memory[PinpointAndroidChannel.memoryKey] = .string(channel.rawValue) }
        let listed = keySet(campaign: campaign, channel: channel)
        for member in source.members(message) {
            // A known key spelt as it is listed, told by its length and bytes; any other is compared as a `String`
            // (canonical equivalence), which is rare: it is warned about.
            if listed.contains(member.key, of: source) { continue }
            let key = source.keyString(member.key)
            guard !(campaign ? campaignKeys : channel.directKeys).contains(key) else { continue }
            context.diagnostics.warning(
                .amazonGCMUnknownKey, at: base.appending(key),
                "`\(key)` is not a \(campaign ? "campaign Message" : channel.rawValue) field; kept and rendered back in place"
            )
        }
    }

    /// Reads the fields of a message (the object `message` of `source`, at `base`: without its `RawContent`, after
    /// the defaults filled the shared content) through the table: its content is Android's own; where it repeats the
    /// shared content, the layout says so.
    static func readFields<S: WireSource>(
        _ source: S, _ message: S.Node, at base: JSONPointer, campaign: Bool, channel: PinpointAndroidChannel,
        into n: inout PushNotification, memory: inout JSONObject, context: inout NormaliseContext
    ) {
        var url: String?
        for member in source.members(message) where source.key(member.key, is: "Url") {
            url = source.string(member.value)
            break
        }
        // The Android part is the hooks' while the table is read (moved, not copied), and the notification's after.
        var hooks = PinpointGCMHooks(url: url)
        // A notification without an Android part (the usual one) is not asked to move one out.
        hooks.startAndroid(n.holdsAndroid ? n.android.take() ?? PushNotification.Android() : PushNotification.Android())
        var kept = JSONObject()
        // Each table read where it is declared (a table chosen into a value is copied, each of its arrays retained).
        if campaign {
            PinpointGCMWire.campaign.read(
                source, message, at: base, into: &n, ext: &kept, hooks: &hooks, context: &context)
        } else if channel == .gcm {
            PinpointGCMWire.direct.read(
                source, message, at: base, into: &n, ext: &kept, hooks: &hooks, context: &context)
        } else {
            channel.reading.read(source, message, at: base, into: &n, ext: &kept, hooks: &hooks, context: &context)
        }
        n.setAndroid(hooks.takeAndroid())
        if !hooks.same.isEmpty { memory["sameAsShared"] = .array(hooks.same.map(JSONValue.string)) }
        if n.holdsAndroid { context.record("android", from: base) }
        // Kept verbatim: Action OPEN_APP, a Url without its action, Substitutions, the authentication method,
        // the campaign's JsonBody and MediaUrl, unknown keys and values of the wrong type.
        if let fields = kept[PinpointGCMWire.unmodelled] { memory["fields"] = fields }
    }

    /// The memory's `rawContent` of an `ADMMessage`'s or `BaiduMessage`'s `RawContent` (that channel's own message).
    /// Warns at each content key of `rest` (the message beside its `RawContent`), which Pinpoint ignores.
    static func reportOverridden(_ rest: JSONObject, at base: JSONPointer, context: inout NormaliseContext) {
        for key in rest.members.lazy.map(\.key) where contentKeys.contains(key) {
            context.diagnostics.warning(
                .amazonRawContentOverrides, at: base.appending(key),
                "`\(key)` is ignored by Pinpoint because `RawContent` is given; kept verbatim")
        }
    }

    static func nativeRawContent(_ kind: AndroidSideMessage.Kind) -> String { kind == .adm ? "adm" : "baidu" }

    /// Reads the `RawContent` of an `ADMMessage` or `BaiduMessage` (`message`, at `base`): that channel's own message
    /// as a JSON string (ADM's send body, read by the `adm` format; Baidu's JSON, read as SNS's `BAIDU` string is),
    /// the Android side beside the shared content already in `n` (``AndroidSideMessage``). Its findings are located
    /// at `RawContent`; the message's other keys, which Pinpoint ignores beside it, are kept. False when it could not
    /// be read (a wrong type, invalid JSON): the message is then read field by field, `RawContent` kept.
    static func readNativeRawContent(
        _ message: JSONObject, kind: AndroidSideMessage.Kind, at base: JSONPointer, into n: inout PushNotification,
        memory: inout JSONObject, context: inout NormaliseContext
    ) -> Bool {
        let path = base.appending("RawContent")
        guard
            let object = EmbeddedJSON.parseObject(
                in: message["RawContent"] ?? .null, at: path, name: "RawContent",
                describing: "\(kind.name) as JSON (the \(kind.channel.rawValue)'s own payload)", context: &context)
        else { return false }
        var inner = NormaliseContext(options: context.options)
        guard let read = AndroidSideMessage.read(object, kind: kind, context: &inner) else {
            EmbeddedJSON.relocate(inner, to: path, name: "RawContent", into: &context)
            return false
        }
        // What the raw message holds is Android's: its provenance is the Android part's.
        inner.provenance = [:]
        EmbeddedJSON.relocate(inner, to: path, name: "RawContent", into: &context)
        let absent = AndroidSideMessage.merge(read, kind: kind, into: &n)
        context.record("android", from: path)
        memory["rawContent"] = .string(nativeRawContent(kind))
        if !absent.isEmpty { memory["absent"] = .array(absent.map(JSONValue.string)) }
        var rest = message
        rest.removeValue(forKey: "RawContent")
        reportOverridden(rest, at: base, context: &context)
        if !rest.isEmpty { memory["fields"] = .object(rest) }
        return true
    }

    /// The `GCMMessage` for `n` (and what goes back to `DefaultPushNotificationMessage`); with `channel`, the
    /// `ADMMessage` or `BaiduMessage` (`pinpoint-message` passes the channel its memory names).
    /// `standalone` (format `pinpoint-gcm`): the shared image and sound have no place, so a GCMMessage never
    /// repeats them (it does beside an APNSMessage, which carries them).
    package static func write(
        _ n: PushNotification, memory: JSONObject, standalone: Bool = false, channel: PinpointAndroidChannel = .gcm,
        context: inout RenderContext
    )
        -> (message: JSONObject, defaults: JSONObject?)
    {
        var message = JSONObject()
        let fields = memory["fields"]?.objectValue ?? JSONObject()
        let defaults = memory["defaults"]?.objectValue
        if let kind = AndroidSideMessage.Kind(channel), memory["rawContent"]?.stringValue == nativeRawContent(kind) {
            let absent = Set(memory["absent"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            let raw = AndroidSideMessage.render(n, kind: kind, absent: absent, context: &context)
            message.appendUnchecked("RawContent", .string(raw.compactText))
            for (key, value) in fields where message[key] == nil { message.appendUnchecked(key, value) }
            return (message, defaults)
        }
        switch memory["rawContent"]?.stringValue {
        case "fcmV1Message"?:
            var payload = JSONObject()
            var inner = RenderContext(options: context.options)
            payload.appendUnchecked("fcmV1Message", FCMAdapter().render(n, context: &inner))
            for (key, value) in memory["rawContentOthers"]?.objectValue ?? JSONObject() {
                payload.appendUnchecked(key, value)
            }
            message.appendUnchecked("RawContent", .string(JSONValue.object(payload).compactText))
            for (key, value) in fields where message[key] == nil { message.appendUnchecked(key, value) }
            return (message, defaults)
        case "legacy"?:
            var inner = RenderContext(options: context.options)
            let body = FCMLegacyAdapter().render(n, context: &inner)
            message.appendUnchecked("RawContent", .string(body.compactText))
            for (key, value) in fields where message[key] == nil { message.appendUnchecked(key, value) }
            return (message, defaults)
        default:
            break
        }
        let campaign = memory["campaign"]?.boolValue == true
        var same = memory["sameAsShared"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if standalone { same.removeAll { $0 == "ImageUrl" || $0 == "Sound" } }
        var hooks = PinpointGCMHooks(same: same)
        var out = JSONValueOutput()
        let kept = JSONObject(
            uniqueKeysWithValues: fields.isEmpty ? [] : [(PinpointGCMWire.unmodelled, .object(fields))])
        (campaign ? PinpointGCMWire.campaignWriting : channel.writing).write(
            n, ext: kept, hooks: &hooks, context: &context, to: &out)
        message = out.result.objectValue ?? JSONObject()
        // The Android part's canonical object, built once (not once per field looked up).
        let android = n.android?.canonicalObject ?? JSONObject()
        for (field, reason) in channel.unsupportedAndroid where android[field] != nil {
            context.explainLoss(at: JSONPointer(tokens: ["android", field]), reason)
        }
        if channel != .adm || campaign, n.extensionObject(ADMWire.namespace)[ADMWire.Extension.md5] != nil {
            context.explainLoss(
                at: PinpointAndroidChannel.md5Path,
                "only a direct send's ADMMessage has an MD5 (\(channel.rawValue) has none)")
        }
        return (message, defaults)
    }

    /// `DefaultPushNotificationMessage` for the shared content of `n` (`Title`, `Body`, `Data`), with its kept keys.
    package static func defaults(for n: PushNotification, kept: JSONObject?, hasDefaults: Bool) -> JSONObject? {
        var out = JSONObject()
        if let title = n.title { out.appendUnchecked("Title", .string(title)) }
        if let body = n.body { out.appendUnchecked("Body", .string(body)) }
        var data = n.data
        for (key, value) in data where value.stringValue == nil { data.removeValue(forKey: key) }
        if !data.isEmpty { out.appendUnchecked("Data", .object(data)) }
        for (key, value) in kept ?? JSONObject() where out[key] == nil { out.appendUnchecked(key, value) }
        return out.isEmpty && !hasDefaults ? nil : out
    }

    /// What a `GCMMessage` carries of `n`: the content Android shows (its own where it has one, which then stands
    /// for the shared value: the shared one is lost), one image, a sound name, string data, and the Android fields
    /// it has.
    package static func carriedPart(
        of n: PushNotification, memory: JSONObject, channel: PinpointAndroidChannel = .gcm, options: FormatOptions
    ) -> PushNotification {
        switch memory["rawContent"]?.stringValue {
        case "fcmV1Message"?: return FCMAdapter().carriedPart(of: n, options: options)
        case "legacy"?: return FCMLegacyAdapter().carriedPart(of: n, options: options)
        default: break
        }
        if let kind = AndroidSideMessage.Kind(channel), memory["rawContent"]?.stringValue == nativeRawContent(kind) {
            // The RawContent is the channel's own message: what it carries of Android's side, beside the memory.
            var kept = PushNotification()
            kept.source = n.source
            AndroidSideMessage.carriedPart(of: n, kind: kind, into: &kept)
            if let memory = n.extensionObject("amazon")[memoryKey] {
                var amazon = kept.extensionObject("amazon")
                amazon[memoryKey] = memory
                kept.setExtension("amazon", amazon)
            }
            return kept
        }
        // The shared title, body and data go to DefaultPushNotificationMessage (not in a bare GCMMessage); Android's
        // own content to GCMMessage. The shared image and sound have no place: GCMMessage's are Android's own.
        var kept = PushNotification()
        kept.source = n.source
        var android = n.androidPart
        if memory["configured"]?.boolValue != false {
            kept.title = n.title
            kept.body = n.body
            kept.data = n.data
            kept.data.removeAll { $0.value.stringValue == nil }
        }
        if var data = android.data {
            data.removeAll { $0.value.stringValue == nil }
            android.data = data
        }
        if let ttl = android.ttl, !(FCMChecksProbe.duration(ttl).map { ttl == "\($0)s" } ?? false) { android.ttl = nil }
        if let priority = android.priority, !PinpointGCMWire.readablePriorities.contains(priority) {
            android.priority = nil
        }
        // Built and read back once, without the fields the channel's message has no place for.
        var object = android.canonicalObject
        for (field, _) in channel.unsupportedAndroid { object.removeValue(forKey: field) }
        var ignored: [Diagnostic] = []
        android = PushNotification.Android(canonical: object, at: .root, &ignored)
        kept.setAndroid(android)
        let namespace = n.extensionObject("amazon")
        if let memory = namespace[memoryKey] {
            kept.extensions = JSONObject(uniqueKeysWithValues: [
                ("amazon", .object(JSONObject(uniqueKeysWithValues: [(memoryKey, memory)])))
            ])
        }
        if channel == .adm, memory["campaign"]?.boolValue != true,
            case .string(let md5)? = n.extensionObject(ADMWire.namespace)[ADMWire.Extension.md5]
        {
            kept.setExtension(
                ADMWire.namespace, JSONObject(uniqueKeysWithValues: [(ADMWire.Extension.md5, .string(md5))]))
        }
        return kept
    }
}

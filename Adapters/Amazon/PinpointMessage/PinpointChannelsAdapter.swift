public import PushCore

/// `pinpoint-message` with both channels: ``PinpointMessageAdapter`` reads and writes the iOS side (`APNSMessage`,
/// the request around it, `DefaultPushNotificationMessage` where it fills the APNs message), and this adds the Android
/// side: the configuration's `GCMMessage`, read into the Android part of the model (Android's own title, body, image,
/// data where they differ from what iOS shows, and its Android-only fields), and written back beside `APNSMessage`.
/// So a `SendMessages` request whose `APNSMessage` and `GCMMessage` differ converts to `fcm` with each platform's own
/// content, and back.
///
/// A notification with an Android side rendered from another format is written as a `MessageConfiguration`
/// (`{"APNSMessage": …, "GCMMessage": …}`): a bare `APNSMessage` has no place for it.
public struct PinpointChannelsAdapter: PayloadAdapter {
    /// The iOS side.
    let apple = PinpointMessageAdapter()

    /// The `pinpoint-message` format with its `GCMMessage` read as the Android side.
    public init() {}

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    private static let standardDescriptor: FormatDescriptor = {
        var descriptor = PinpointMessageAdapter().descriptor
        descriptor.carries += [
            "android", "extensions.amazon.\(PinpointGCMMessage.memoryKey)", "extensions.adm",
            "extensions.amazon.\(SNSBaiduWire.memoryKey)",
        ]
        descriptor.options += [.pinpointAndroidChannel, .pinpointTemplates]
        descriptor.layoutPaths += [
            "sameAsShared", "campaign", "fromDefaults", "present", Self.bareConfiguration,
            PinpointAndroidChannel.memoryKey, "rawContent", "absent",
        ].map {
            JSONPointer(tokens: ["extensions", "amazon", PinpointGCMMessage.memoryKey, $0])
        }
        descriptor.summary =
            "Amazon Pinpoint's APNSMessage send form, bare, in a MessageConfiguration (with its GCMMessage as the Android side) or a SendMessages request, incl. RawContent."
        return descriptor
    }()

    /// The codes of the keys this format does not read (the content check's evidence): the iOS side's and the
    /// GCMMessage's.
    static let unreadCodes = PinpointMessageAdapter.unreadCodes.union([.amazonGCMUnknownKey])

    /// The memory flag of a bare configuration read without any iOS message.
    static let bareConfiguration = "bareConfiguration"

    /// Where a `MessageConfiguration` can be, outermost envelope first.
    static let configurationPaths: [[String]] = [
        ["MessageRequest", "MessageConfiguration"], ["SendUsersMessageRequest", "MessageConfiguration"],
        ["MessageConfiguration"], [],
    ]

    /// The configuration object in `value` holding `key`, and its path.
    static func configuration(in value: JSONValue, holding key: String) -> (JSONObject, [String])? {
        for (tokens, pointer) in zip(configurationPaths, configurationPointers) {
            guard case .object(let object)? = pointer.resolve(in: value), object[key] != nil else { continue }
            return (object, tokens)
        }
        return nil
    }

    /// ``configurationPaths`` as pointers, built once.
    private static let configurationPointers = configurationPaths.map { JSONPointer(tokens: $0) }

    /// The configuration a request read without any iOS message (only a `GCMMessage`) renders back, and its path:
    /// the outermost envelope that is an object (the root when the input was a bare configuration). Nil for a
    /// notification that had an iOS message, whose rendering may be a bare `APNSMessage`.
    static func configurationWithoutMessage(in value: JSONValue, of n: PushNotification) -> (JSONObject, [String])? {
        let amazon = n.extensionObject(AmazonKeys.Extension.namespace)
        let memory = amazon[AmazonKeys.Extension.pinpointMessage]?.objectValue
        let android = amazon[PinpointGCMMessage.memoryKey]?.objectValue
        guard
            memory?[AmazonKeys.Extension.PinpointMessage.noMessage]?.boolValue == true
                || android?[Self.bareConfiguration]?.boolValue == true
        else { return nil }
        for tokens in configurationPaths {
            if case .object(let object)? = JSONPointer(tokens: tokens).resolve(in: value) { return (object, tokens) }
        }
        return nil
    }

    /// `value` with the object at `tokens` replaced by `object`.
    static func replacing(_ tokens: ArraySlice<String>, in value: JSONValue, with object: JSONObject) -> JSONValue {
        guard let first = tokens.first else { return .object(object) }
        guard case .object(var outer) = value, let inner = outer[first] else { return value }
        outer[first] = replacing(tokens.dropFirst(), in: inner, with: object)
        return .object(outer)
    }

    public func recognise(_ payload: JSONValue) -> Recognition? { apple.recognise(payload) }

    public func dataCollides(_ notification: PushNotification, options: FormatOptions) -> Bool {
        apple.dataCollides(notification, options: options)
    }

    /// The Android side's channel of `payload`: `GCMMessage` when its configuration has one, else `ADMMessage`, else
    /// `BaiduMessage`; nil when it has none of them.
    static func androidChannel(in payload: JSONValue) -> (PinpointAndroidChannel, JSONObject, [String])? {
        for channel in PinpointAndroidChannel.allCases {
            if let (configuration, tokens) = Self.configuration(in: payload, holding: channel.configurationKey) {
                return (channel, configuration, tokens)
            }
        }
        return nil
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        // A request naming a push template: its content, given with `pinpointTemplates`, filled in first.
        guard let filled = PinpointSendTemplate.fill(payload, context: &context) else {
            return normaliseFilled(payload, context: &context)
        }
        if context.options.substitutions != nil { context.templateDefaults = filled.defaults }
        let before = context.diagnostics.count
        let n = normaliseFilled(filled.payload, context: &context)
        PinpointSendTemplate.relocate(filled, input: payload, from: before, context: &context)
        return n
    }

    /// Reads `payload`, its template's content filled in already.
    private func normaliseFilled(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        // Rendering templates (the `substitutions` option), each message's own `Substitutions` apply to it.
        let payload = PinpointMessageSubstitutions.rendered(payload, options: context.options)
        PinpointCampaignWire.reportCampaignShape(of: payload, context: &context)
        guard let (channel, configuration, tokens) = Self.androidChannel(in: payload),
            case .object(let message)? = configuration[channel.configurationKey],
            // A GCMMessage with RawContent stays verbatim with the configuration (its RawContent, an FCM message,
            // would override the whole notification, the iOS side included): read it with `--format pinpoint-gcm`.
            // An ADMMessage's or BaiduMessage's RawContent is that channel's own message: Android's side, read.
            message["RawContent"] == nil || channel != .gcm,
            // The console's raw form (an FCM body: `notification`, `data`, …) also stays verbatim.
            !message.members.contains(where: { Self.startsLowercase($0.key) })
        else { return apple.normalise(payload, context: &context) }
        var stripped = configuration
        stripped.removeValue(forKey: channel.configurationKey)
        guard var n = apple.read(Self.replacing(tokens[...], in: payload, with: stripped), context: &context)
        else { return nil }
        defer { ContentCheck.reportUnread(n, context: &context, unreadCodes: Self.unreadCodes) }
        // Pinpoint fills the GCM message from the defaults too: what Android shows.
        var effective = message
        var fromDefaults: [JSONValue] = []
        // With RawContent the message overrides everything: the defaults supply nothing to it.
        if message["RawContent"] == nil, case .object(let defaults)? = configuration["DefaultPushNotificationMessage"] {
            for key in ["Title", "Body", "Data"] where effective[key] == nil {
                // Only values the GCM reader takes without a finding (a finding belongs at the defaults' own path,
                // which the iOS side reports).
                if let value = defaults[key],
                    key == "Data"
                        ? value.objectValue?.allSatisfy({ $0.value.stringValue != nil }) ?? false
                        : value.stringValue != nil
                {
                    effective[key] = value
                    fromDefaults.append(.string(key))
                }
            }
        }
        var memory = JSONObject()
        let path = JSONPointer(tokens: tokens + [channel.configurationKey])
        PinpointGCMMessage.read(
            effective, at: path, defaults: nil, defaultsPath: path, channel: channel, into: &n, memory: &memory,
            context: &context)
        for other in PinpointAndroidChannel.allCases where other != channel && stripped[other.configurationKey] != nil {
            context.diagnostics.info(
                .amazonChannelMessageKept, at: JSONPointer(tokens: tokens + [other.configurationKey]),
                "`\(other.rawValue)` is kept verbatim: the Android side is `\(channel.rawValue)`'s (the model has one)")
        }
        if !fromDefaults.isEmpty { memory["fromDefaults"] = .array(fromDefaults) }
        memory["present"] = .bool(true)
        // A bare configuration with no iOS message: the rest reads as an (empty) APNSMessage, and renders back as the
        // configuration it was.
        // (As `PinpointRequest` decides it: the channel key of any type makes a configuration, the defaults only as
        // objects; a `DefaultMessage` array is an unknown key of the APNSMessage: a `FuzzRoundTrip` finding.)
        if tokens.isEmpty && stripped["APNSMessage"] == nil
            && ["DefaultPushNotificationMessage", "DefaultMessage"].allSatisfy({ stripped[$0]?.objectValue == nil })
        {
            memory[Self.bareConfiguration] = .bool(true)
        }
        if !memory.isEmpty {
            var amazon = n.extensionObject("amazon")
            amazon[PinpointGCMMessage.memoryKey] = .object(memory)
            n.setExtension("amazon", amazon)
        }
        return n
    }

    /// The part of `extensions.amazon.pinpointGCM` this format writes back: what the GCMMessage beside an
    /// APNSMessage needs (another format's memory, a pinpoint-gcm request's envelopes or RawContent, is not).
    static func ownMemory(_ n: PushNotification) -> JSONObject? {
        guard let stored = n.extensionObject("amazon")[PinpointGCMMessage.memoryKey]?.objectValue,
            stored["rawContent"] == nil || Self.nativeRawContents.contains(stored["rawContent"]?.stringValue ?? "")
        else { return nil }
        var own = JSONObject()
        for key in [
            "fields", "sameAsShared", "campaign", "fromDefaults", "present", Self.bareConfiguration,
            PinpointAndroidChannel.memoryKey, "rawContent", "absent",
        ] {
            guard var value = stored[key] else { continue }
            if key == "fields", case .object(var fields) = value {
                for lowercase in Self.rawFormKeys(fields) { fields.removeValue(forKey: lowercase) }
                if fields.isEmpty { continue }
                value = .object(fields)
            }
            own.appendUnchecked(key, value)
        }
        return own.isEmpty ? nil : own
    }

    /// The memory's `rawContent` of an `ADMMessage`'s or `BaiduMessage`'s RawContent (read here; a GCMMessage's is
    /// `pinpoint-gcm`'s).
    static let nativeRawContents: Set<String> = [
        PinpointGCMMessage.nativeRawContent(.adm), PinpointGCMMessage.nativeRawContent(.baidu),
    ]

    /// The channel `n`'s Android side is written to (the `pinpointAndroidChannel` option, by default the one it came
    /// from), and the part of `memory` (``ownMemory(_:)``) that still applies there: written to another channel than
    /// the one read, the message's kept keys and its RawContent stay behind (explained in `context`, when given).
    static func writing(
        _ n: PushNotification, memory: JSONObject?, options: FormatOptions, context: inout RenderContext?
    ) -> (PinpointAndroidChannel, JSONObject?) {
        let channel = PinpointAndroidChannel.chosen(for: n, options: options)
        guard var memory, PinpointAndroidChannel(memory: memory) != channel else { return (channel, memory) }
        let read = PinpointAndroidChannel(memory: memory).rawValue
        for (key, _) in memory["fields"]?.objectValue ?? JSONObject() {
            context?.explainLoss(
                at: JSONPointer(tokens: ["extensions", "amazon", PinpointGCMMessage.memoryKey, "fields", key]),
                "a key kept from the \(read), which is written as a \(channel.rawValue) (option pinpointAndroidChannel)"
            )
        }
        for key in ["fields", "rawContent", "absent"] { memory.removeValue(forKey: key) }
        if channel == .gcm {
            memory.removeValue(forKey: PinpointAndroidChannel.memoryKey)
        } else {
            memory[PinpointAndroidChannel.memoryKey] = .string(channel.rawValue)
        }
        return (channel, memory.isEmpty ? nil : memory)
    }

    /// True when the Android side of `n` is written as the `RawContent` of its `ADMMessage` or `BaiduMessage` (it was
    /// read from one, and is written to that channel): that message then carries what the channel's own message
    /// carries, which a template's or campaign's fields do not all have.
    static func writesNativeRawContent(_ n: PushNotification, options: FormatOptions) -> Bool {
        var none: RenderContext? = nil
        let (channel, memory) = writing(n, memory: ownMemory(n), options: options, context: &none)
        guard let kind = AndroidSideMessage.Kind(channel) else { return false }
        return memory?["rawContent"]?.stringValue == PinpointGCMMessage.nativeRawContent(kind)
    }

    /// The kept GCMMessage keys this format cannot write back: one starting with a lower-case letter would make its
    /// reader take the whole GCMMessage for the console's raw form (an FCM body) and keep it verbatim, the Android
    /// side unread (a `FuzzConvert` finding: pinpoint-gcm's `badgeIncrement` → pinpoint-message).
    static func rawFormKeys(_ fields: JSONObject) -> [String] {
        fields.compactMap { startsLowercase($0.key) ? $0.key : nil }
    }

    /// True when `key`'s first character is a lower-case letter (an ASCII one told from its byte, without
    /// Unicode's character properties: every key of every message is asked).
    static func startsLowercase(_ key: String) -> Bool {
        guard let byte = key.utf8.first else { return false }
        if byte < 0x80 { return byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        return key.first?.isLowercase == true
    }

    public func render(_ n: PushNotification, context: inout RenderContext) -> JSONValue {
        var explaining: RenderContext? = context
        let (channel, stored) = Self.writing(
            n, memory: Self.ownMemory(n), options: context.options, context: &explaining)
        if let explaining { context = explaining }
        let keptFields = n.extensionObject("amazon")[PinpointGCMMessage.memoryKey]?.objectValue?["fields"]?.objectValue
        for key in Self.rawFormKeys(keptFields ?? JSONObject()) {
            context.explainLoss(
                at: JSONPointer(tokens: ["extensions", "amazon", PinpointGCMMessage.memoryKey, "fields", key]),
                "a GCMMessage key starting with a lower-case letter makes pinpoint-message read the whole GCMMessage "
                    + "as the console's raw FCM body, kept verbatim: the unknown key is left out")
        }
        let rendered = apple.render(n, context: &context)
        guard stored != nil || n.android != nil || channel != .gcm else { return rendered }
        var (message, _) = PinpointGCMMessage.write(
            n, memory: stored ?? JSONObject(), channel: channel, context: &context)
        for key in stored?["fromDefaults"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            message.removeValue(forKey: key)
        }
        if let (configuration, tokens) = Self.configuration(in: rendered, holding: "APNSMessage")
            ?? Self.configuration(in: rendered, holding: "DefaultPushNotificationMessage")
            ?? Self.configurationWithoutMessage(in: rendered, of: n)
        {
            let withAndroid = Self.inserting(channel, message, into: configuration)
            return Self.replacing(tokens[...], in: rendered, with: withAndroid)
        }
        // A bare APNSMessage: wrapped in a MessageConfiguration to take the Android side.
        var configuration = JSONObject()
        configuration.appendUnchecked("APNSMessage", rendered)
        return .object(Self.inserting(channel, message, into: configuration))
    }

    /// `configuration` with the Android side's message: a `GCMMessage` right after `APNSMessage` (or last); an
    /// `ADMMessage` or `BaiduMessage` before the first key that sorts after it, as AWS lists the keys.
    static func inserting(_ channel: PinpointAndroidChannel, _ message: JSONObject, into configuration: JSONObject)
        -> JSONObject
    {
        var out = JSONObject()
        let key = channel.configurationKey
        for (existing, value) in configuration {
            if channel != .gcm, out[key] == nil, existing > key { out.appendUnchecked(key, .object(message)) }
            out.appendUnchecked(existing, value)
            if channel == .gcm, existing == "APNSMessage" { out.appendUnchecked(key, .object(message)) }
        }
        if out[key] == nil { out.appendUnchecked(key, .object(message)) }
        return out
    }

    public func carriedPart(of notification: PushNotification, options: FormatOptions) -> PushNotification {
        var kept = apple.carriedPart(of: notification, options: options)
        var none: RenderContext? = nil
        let (channel, memory) = Self.writing(
            notification, memory: Self.ownMemory(notification), options: options, context: &none)
        let android = PinpointGCMMessage.carriedPart(
            of: notification, memory: memory ?? JSONObject(), channel: channel, options: options)
        kept.android = android.android
        if let adm = android.extensions[ADMWire.namespace] { kept.extensions[ADMWire.namespace] = adm }
        if let baidu = android.extensionObject("amazon")[SNSBaiduWire.memoryKey] {
            var amazon = kept.extensionObject("amazon")
            amazon[SNSBaiduWire.memoryKey] = baidu
            kept.setExtension("amazon", amazon)
        }
        if let memory {
            var amazon = kept.extensionObject("amazon")
            amazon[PinpointGCMMessage.memoryKey] = .object(memory)
            kept.setExtension("amazon", amazon)
        }
        return kept
    }
}

extension PinpointChannelsAdapter {
    /// Reads `configuration` (a `MessageConfiguration` that a template's or a campaign's sections became) into `n`,
    /// keeping `n.source`, with each finding and provenance entry at the path `relocate` gives it in the enclosing
    /// document; a finding that two messages relocate to the same place (a value both took from the defaults) is
    /// reported once.
    static func read(
        _ configuration: JSONObject, into n: inout PushNotification, context: inout NormaliseContext,
        relocate: (JSONPointer) -> JSONPointer
    ) {
        var inner = NormaliseContext(options: context.options)
        guard let read = PinpointChannelsAdapter().normalise(.object(configuration), context: &inner) else { return }
        let source = n.source
        n = read
        n.source = source
        var seen = Set<String>()
        for diagnostic in inner.diagnostics {
            let path = relocate(diagnostic.path)
            if seen.insert("\(diagnostic.code.rawValue) \(path)").inserted {
                context.diagnostics.append(
                    Diagnostic(diagnostic.severity, diagnostic.code, at: path, diagnostic.message))
            }
        }
        if context.recordsProvenance {
            for (field, input) in inner.provenance { context.provenance[field] = relocate(input) }
        }
    }
}

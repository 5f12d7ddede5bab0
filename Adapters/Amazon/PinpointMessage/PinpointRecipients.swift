public import PushCore

private typealias R = AmazonKeys.Request
private typealias A = AmazonKeys.Request.Recipient

/// `pinpoint-message`'s recipients: a `SendMessages` request's `Addresses` and `Endpoints`, or a `SendUsersMessages`
/// request's `Users`, each a message of its own, as Pinpoint sends them.
///
/// - An address's `ChannelType` picks its message: `APNSMessage` for `APNS`, `APNS_SANDBOX`, `APNS_VOIP`,
///   `APNS_VOIP_SANDBOX`; `GCMMessage` for `GCM`, `ADMMessage` for `ADM`, `BaiduMessage` for `BAIDU` (each read as
///   the Android side); the defaults fill what it lacks, as for the request. The address is the message's device
///   token. The channels that are not push get no message, with a warning.
/// - An endpoint or user (an id, not a token, and no channel: Pinpoint looks both up) gets the whole configuration,
///   its overrides applied to each channel's message, and no target.
/// - `TitleOverride` and `BodyOverride` replace the message's `Title` and `Body`; `RawContent` replaces the whole
///   message; `Context` is merged over the request's.
/// - `Substitutions` fill the message's `{{…}}` variables: the recipient's over the channel message's over the
///   defaults' (over the `substitutions` option's values, when given), the value at the placeholder's list index (the
///   first by default). A variable no substitution names, a Handlebars helper or block, and a placeholder in
///   `RawContent` are left verbatim, with a warning (`amazon.pinpoint.variable-unrendered`; with the `substitutions`
///   option, `core.template.unrendered` or `core.template.helper-kept`).
///
/// A request naming a push template given with the `pinpointTemplates` option fans out over the template's content
/// (``PinpointSendTemplate``), its `DefaultSubstitutions` the variables' defaults, under all others.
///
/// Each variant is the request read again with only that recipient's message, so it holds exactly what the recipient
/// receives; what the request holds for all recipients (`TraceId`, `TemplateConfiguration`, `Context`) is in each.
extension PinpointChannelsAdapter: YieldsRecipientVariants {
    /// One message per `Addresses`, `Endpoints` or `Users` entry of a send request, in input order; nil without them.
    public func recipientVariants(
        of payload: JSONValue, notification: PushNotification, context: inout NormaliseContext
    ) -> [RecipientVariant]? {
        PinpointRecipients.variants(of: payload, context: &context) { document, _, inner in
            normalise(document, context: &inner)
        }
    }
}

/// `pinpoint-gcm` reads a request whose only channel message is `GCMMessage` (what `auto` takes such a request for):
/// its recipients are read as ``PinpointChannelsAdapter``'s, each `GCM` address's message by `pinpoint-gcm` itself.
extension PinpointGCMAdapter: YieldsRecipientVariants {
    /// One message per `Addresses`, `Endpoints` or `Users` entry of a send request, in input order; nil without them.
    public func recipientVariants(
        of payload: JSONValue, notification: PushNotification, context: inout NormaliseContext
    ) -> [RecipientVariant]? {
        PinpointRecipients.variants(of: payload, context: &context) { document, channel, inner in
            channel == AmazonKeys.Request.Recipient.gcmChannel
                ? normalise(document, context: &inner) : PinpointChannelsAdapter().normalise(document, context: &inner)
        }
    }
}

/// The per-recipient reading shared by the Pinpoint send formats.
enum PinpointRecipients {
    /// Reads one recipient's request (`document`) for a recipient of `channel` (nil: an endpoint or user).
    typealias Reader = (_ document: JSONValue, _ channel: String?, _ context: inout NormaliseContext) ->
        PushNotification?

    /// The recipients' messages of the send request `payload`, in input order; nil when it names no recipients.
    static func variants(
        of payload: JSONValue, context: inout NormaliseContext, read: Reader
    ) -> [RecipientVariant]? {
        // A request naming a push template given with `pinpointTemplates`: its recipients fan out over the template's
        // content (filled in as the whole request's reading reported it), its `DefaultSubstitutions` under all
        // others; each recipient's request is then read as it is, without the template again.
        var scratch = NormaliseContext(options: context.options)
        let filled = PinpointSendTemplate.fill(payload, context: &scratch, report: false)
        var options = context.options
        if filled != nil { options.pinpointTemplates = nil }
        return variants(
            of: filled?.payload ?? payload, defaults: filled?.defaults.values ?? [:], options: options,
            context: &context, read: read)
    }

    /// The recipients' messages of `payload` (its template filled in), `defaults` under every `Substitutions`, each
    /// read with `options`.
    private static func variants(
        of payload: JSONValue, defaults: [String: [String]], options: FormatOptions, context: inout NormaliseContext,
        read: Reader
    ) -> [RecipientVariant]? {
        guard case .object(let root) = payload else { return nil }
        var request = root
        var requestPath = JSONPointer.root
        var envelopeKey: String?
        for key in [R.messageRequest, R.sendUsersMessageRequest] {
            if case .object(let inner)? = root[key] {
                request = inner
                requestPath = requestPath.appending(key)
                envelopeKey = key
                break
            }
        }
        guard case .object(let configuration)? = request[R.messageConfiguration] else { return nil }
        let kinds = [(R.addresses, "address"), (R.endpoints, "endpoint"), (R.users, "user")]
        guard let (key, noun) = kinds.first(where: { request[$0.0] != nil }) else { return nil }
        let recipientsPath = requestPath.appending(key)
        guard case .object(let recipients)? = request[key], !recipients.isEmpty else {
            context.diagnostics.warning(
                .amazonRecipientSkipped, at: recipientsPath,
                "`\(key)` is not an object of recipients: the request converts as one message")
            return nil
        }
        var variants: [RecipientVariant] = []
        var shared = SharedMessages(channels: sharedChannels(of: recipients, isAddress: key == R.addresses))
        for (position, member) in recipients.enumerated() {
            let at = recipientsPath.appending(member.key)
            let label = "\(noun) \(position + 1) of \(recipients.count)"
            guard
                let variant = variant(
                    member.key, member.value, at: at, label: label, isAddress: key == R.addresses,
                    request: request, without: key, configuration: configuration, root: root,
                    envelopeKey: envelopeKey, defaults: defaults, options: options, shared: &shared,
                    context: &context, read: read)
            else { continue }
            variants.append(variant)
        }
        return variants
    }

    /// What a recipient's request reads as before its own token is set: its message (nil when it could not be read)
    /// and the placeholders left verbatim in it, in order, with why.
    private struct ChannelMessage {
        var notification: PushNotification?
        var unrendered: [(placeholder: String, why: String)]
    }

    /// The messages read for the recipients that hold nothing of their own (``holdsNothingOfItsOwn(_:)``), by
    /// channel (nil: an endpoint or user): every such recipient of a channel gets the same message, so the request is
    /// read once per channel, not once per recipient. Kept only for the channels with several such recipients.
    private struct SharedMessages {
        /// The channels whose message is kept once read (``sharedChannels(of:isAddress:)``).
        let channels: [String?]
        /// The messages read so far, for those channels: a handful, scanned.
        var read: [(channel: String?, message: ChannelMessage)] = []

        /// The message read for `channel`, if kept.
        func message(for channel: String?) -> ChannelMessage? { read.first { $0.channel == channel }?.message }

        /// Keeps `message`, read for `channel`, when another recipient of that channel will ask for it.
        mutating func keep(_ message: ChannelMessage, for channel: String?) {
            if channels.contains(channel) { read.append((channel, message)) }
        }
    }

    /// The recipient settings that make a recipient's message its own (``SharedMessages``).
    private static let ownSettings = [A.titleOverride, A.bodyOverride, A.rawContent, A.context, A.substitutions]

    /// True when a recipient's `settings` hold nothing that makes its message its own (beside `ChannelType`).
    private static func holdsNothingOfItsOwn(_ settings: JSONObject) -> Bool {
        // One pass over the settings (usually `ChannelType` alone), not a lookup per key.
        !settings.contains { member in ownSettings.contains(member.key) }
    }

    /// The channels (nil: endpoints or users) with more than one recipient that holds nothing of its own.
    private static func sharedChannels(of recipients: JSONObject, isAddress: Bool) -> [String?] {
        var seen: [String?] = []
        var shared: [String?] = []
        for (_, value) in recipients {
            guard case .object(let settings) = value, holdsNothingOfItsOwn(settings) else { continue }
            let channel = isAddress ? settings[A.channelType]?.stringValue : nil
            if isAddress && channel == nil { continue }
            if !seen.contains(channel) {
                seen.append(channel)
            } else if !shared.contains(channel) {
                shared.append(channel)
            }
        }
        return shared
    }

    /// One recipient's message, or nil (after a warning at `at`) when it gets none.
    private static func variant(
        _ id: String, _ value: JSONValue, at: JSONPointer, label: String, isAddress: Bool, request: JSONObject,
        without recipientsKey: String, configuration: JSONObject, root: JSONObject, envelopeKey: String?,
        defaults: [String: [String]], options: FormatOptions, shared: inout SharedMessages,
        context: inout NormaliseContext, read: Reader
    ) -> RecipientVariant? {
        func skip(_ why: String) -> RecipientVariant? {
            context.diagnostics.warning(.amazonRecipientSkipped, at: at, "no message for this recipient: \(why)")
            return nil
        }
        guard case .object(let settings) = value else {
            return skip("its settings are \(value.typeName), not an object")
        }
        for key in [A.titleOverride, A.bodyOverride, A.rawContent, A.channelType] {
            if let found = settings[key], found.stringValue == nil {
                return skip("`\(key)` is \(found.typeName), not a string")
            }
        }
        guard let values = Self.substitutionValues(settings[A.substitutions]) else {
            return skip("`Substitutions` is not an object of string arrays")
        }
        if let found = settings[A.context], found.objectValue == nil {
            return skip("`Context` is \(found.typeName), not an object")
        }
        // The messages this recipient gets.
        var messageKeys = [AmazonKeys.Message.wrapper, R.gcmMessage]
        var channel: String?
        if isAddress {
            guard let type = settings[A.channelType]?.stringValue else { return skip("it has no `ChannelType`") }
            channel = type
            if A.appleChannels.contains(type) {
                messageKeys = [AmazonKeys.Message.wrapper]
            } else if let android = PinpointAndroidChannel.allCases.first(where: { $0.channelType == type }) {
                messageKeys = [android.configurationKey]
            } else {
                return skip("its channel is \(type), not a push channel")
            }
        }
        let plain = holdsNothingOfItsOwn(settings)
        var message: ChannelMessage
        if plain, let known = shared.message(for: channel) {
            message = known
        } else {
            message = channelMessage(
                settings, values: values, channel: channel, messageKeys: messageKeys, isAddress: isAddress,
                request: request, without: recipientsKey, configuration: configuration, root: root,
                envelopeKey: envelopeKey, defaults: defaults, options: options, context: context, read: read)
            if plain { shared.keep(message, for: channel) }
        }
        for (placeholder, why) in message.unrendered {
            // Rendering templates (`substitutions` given), what is left verbatim has the codes every format's has.
            var code = DiagnosticCode.amazonVariableUnrendered
            if context.options.substitutions != nil {
                let isVariable = TemplateValue.placeholders(in: placeholder).first?.variable != nil
                code = isVariable ? .templateUnrendered : .templateHelperKept
            }
            context.diagnostics.warning(code, at: at, "`\(placeholder)` left verbatim: \(why)")
        }
        guard var n = message.notification.take() else { return skip("its message could not be read") }
        var target = PushNotification.Target()
        if isAddress { target.token = id }
        n.target = target.isEmpty ? nil : target
        return RecipientVariant(label: channel.map { "\(label) (\($0))" } ?? label, notification: n)
    }

    /// The message of a recipient with `settings` (their `Substitutions` as `values`) whose channel's messages are
    /// `messageKeys`: the request read again with only those messages, the recipient's overrides applied, before
    /// its own token is set.
    private static func channelMessage(
        _ settings: JSONObject, values: [String: [String]], channel: String?, messageKeys: [String], isAddress: Bool,
        request: JSONObject, without recipientsKey: String, configuration: JSONObject, root: JSONObject,
        envelopeKey: String?, defaults: [String: [String]], options: FormatOptions, context: NormaliseContext,
        read: Reader
    ) -> ChannelMessage {
        var own = configuration
        var messageKeys = messageKeys
        if isAddress {
            // The other channels' messages are not this recipient's (one pass over the configuration's members).
            own.removeAll { member in
                R.configurationKeys.contains(member.key) && !messageKeys.contains(member.key)
                    && member.key != R.defaultPushNotificationMessage && member.key != R.defaultMessage
            }
        }
        // The `substitutions` option's values, when given, are under the request's.
        // The template's `DefaultSubstitutions` are under everything.
        var merged = defaults
        merged.merge(context.options.substitutions?.values ?? [:]) { $1 }
        merged.merge(Self.substitutionValues(own[R.defaultMessage]?.objectValue?[A.substitutions]) ?? [:]) { $1 }
        merged.merge(
            Self.substitutionValues(own[R.defaultPushNotificationMessage]?.objectValue?[A.substitutions]) ?? [:]
        ) { $1 }
        var unrendered: [String: String] = [:]
        if !isAddress && !messageKeys.contains(where: { own[$0]?.objectValue != nil }) {
            // An endpoint or user of a request with only the default messages: its overrides apply to those.
            messageKeys = [R.defaultPushNotificationMessage]
        }
        for key in messageKeys {
            let existing = own[key]?.objectValue
            // An address's channel message is made when the request has none (the defaults fill the rest); an
            // endpoint's overrides apply only to the messages the request has (its channel is not known here).
            if existing == nil && !isAddress && key != R.defaultPushNotificationMessage { continue }
            var message = existing ?? JSONObject()
            if let raw = settings[A.rawContent] {
                // RawContent "overrides all other values for the message".
                message = JSONObject(uniqueKeysWithValues: [(A.rawContent, raw)])
            } else {
                if let title = settings[A.titleOverride] { message[AmazonKeys.Message.title] = title }
                if let body = settings[A.bodyOverride] { message[AmazonKeys.Message.body] = body }
            }
            if existing == nil && message.isEmpty { continue }
            var messageValues = merged
            messageValues.merge(Self.substitutionValues(message[A.substitutions]) ?? [:]) { $1 }
            messageValues.merge(values) { $1 }
            own[key] = .object(Self.rendering(message, values: messageValues, unrendered: &unrendered))
        }
        for key in [R.defaultPushNotificationMessage, R.defaultMessage] where !messageKeys.contains(key) {
            guard case .object(let defaults)? = own[key] else { continue }
            var defaultValues = merged
            defaultValues.merge(values) { $1 }
            own[key] = .object(Self.rendering(defaults, values: defaultValues, unrendered: &unrendered))
        }
        // The request again, with only this recipient's message.
        var single = JSONObject()
        for (key, member) in request where key != recipientsKey {
            switch key {
            case R.messageConfiguration: single.appendUnchecked(key, .object(own))
            case R.context: single.appendUnchecked(key, .object(Self.merging(member, settings[A.context])))
            default: single.appendUnchecked(key, member)
            }
        }
        if single[R.context] == nil, let recipientContext = settings[A.context] {
            single.appendUnchecked(R.context, recipientContext)
        }
        var document = single
        if let envelopeKey {
            document = root
            document[envelopeKey] = .object(single)
        }
        var inner = NormaliseContext(options: options)
        // Only the notification is kept (the findings are the whole request's): no provenance recorded.
        inner.recordsProvenance = false
        return ChannelMessage(
            notification: read(.object(document), channel, &inner),
            unrendered: unrendered.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) })
    }

    /// A `Substitutions` value as names and lists; an empty map when absent, nil when it is not an object of string
    /// arrays.
    static func substitutionValues(_ value: JSONValue?) -> [String: [String]]? {
        guard let value else { return [:] }
        guard case .object(let object) = value else { return nil }
        var values: [String: [String]] = [:]
        for (name, list) in object {
            guard case .array(let items) = list else { return nil }
            var strings: [String] = []
            for item in items {
                guard case .string(let text) = item else { return nil }
                strings.append(text)
            }
            values[name] = strings
        }
        return values
    }

    /// `message` with the variables of its strings filled from `values`, its `Substitutions` consumed; `RawContent`
    /// is left as it is. Each placeholder left verbatim is added to `unrendered` with the reason. A message with no
    /// `Substitutions` and nothing rendered is `message` itself (not rebuilt).
    static func rendering(
        _ message: JSONObject, values: [String: [String]], unrendered: inout [String: String]
    ) -> JSONObject {
        var out: JSONObject?
        for (position, (key, value)) in message.enumerated() {
            var changed: JSONValue?
            switch key {
            case A.substitutions:
                if out == nil { out = Self.prefix(of: message, upTo: position) }
                continue
            case A.rawContent:
                for placeholder in TemplateValue.placeholders(in: value.stringValue ?? "") {
                    unrendered[placeholder.text] = "in `RawContent`, which is sent as it is written"
                }
            default:
                changed = rendering(value, values: values, unrendered: &unrendered)
            }
            if out == nil, changed != nil { out = Self.prefix(of: message, upTo: position) }
            out?.appendUnchecked(key, changed ?? value)
        }
        return out ?? message
    }

    /// The first `count` members of `object`.
    private static func prefix(of object: JSONObject, upTo count: Int) -> JSONObject {
        var out = JSONObject()
        for (key, value) in object.prefix(count) { out.appendUnchecked(key, value) }
        return out
    }

    /// `value` with the variables of each string in it filled from `values`; nil when nothing in it changes.
    private static func rendering(
        _ value: JSONValue, values: [String: [String]], unrendered: inout [String: String]
    ) -> JSONValue? {
        switch value {
        case .string(let text):
            let rendered = TemplateValue.render(text, values: values)
            for placeholder in rendered.unrendered {
                unrendered[placeholder.text] =
                    placeholder.variable == nil
                    ? "a Handlebars helper, block, partial or comment, which is not rendered"
                    : "no `Substitutions` value names `\(placeholder.variable ?? "")`"
            }
            return rendered.text == text ? nil : .string(rendered.text)
        case .object(let object):
            var out: JSONObject?
            for (position, (key, member)) in object.enumerated() {
                let changed = rendering(member, values: values, unrendered: &unrendered)
                if out == nil, changed != nil { out = Self.prefix(of: object, upTo: position) }
                out?.appendUnchecked(key, changed ?? member)
            }
            return out.map(JSONValue.object)
        case .array(let items):
            var out: [JSONValue]?
            for (position, item) in items.enumerated() {
                let changed = rendering(item, values: values, unrendered: &unrendered)
                if out == nil, changed != nil { out = Array(items.prefix(position)) }
                out?.append(changed ?? item)
            }
            return out.map(JSONValue.array)
        default:
            return nil
        }
    }

    /// The request's `Context` with the recipient's merged over it (when both are objects).
    private static func merging(_ request: JSONValue, _ recipient: JSONValue?) -> JSONObject {
        var merged = request.objectValue ?? JSONObject()
        for (key, value) in recipient?.objectValue ?? JSONObject() { merged[key] = value }
        return merged
    }
}

import JSONCodec
import PushCore

private typealias W = PinpointCampaignWire
private typealias K = PinpointCampaignWire.Memory

/// Reads one campaign (see ``PinpointCampaignAdapter`` for the forms and the mapping): unwraps the envelope, checks
/// every key, sets aside what is not read, merges `DefaultMessage` into the platform messages, and hands the
/// `MessageConfiguration` that results to `pinpoint-message`'s two-channel reader, whose findings and provenance are
/// moved back to the campaign's own paths.
struct PinpointCampaignReader {
    /// Where the campaign object is in the input (`/CampaignResponse`, `/WriteCampaignRequest` or the root).
    var base = JSONPointer.root
    /// Per read message (`APNSMessage`, `GCMMessage`), its keys taken from `DefaultMessage`.
    var fromDefault: [String: [String]] = [:]
    /// The read messages the input did not have (read from `DefaultMessage` alone).
    var absent: [String] = []
    var memory = JSONObject()
    /// True when a push message was kept unread (`ADMMessage`, `BaiduMessage`) or the campaign names a push
    /// template: its content is there, by design not read.
    var keptContent = false
    /// The message read as the model's Android side: `GCMMessage`, else `ADMMessage`, else `BaiduMessage` (the first
    /// the `MessageConfiguration` has); the others are kept.
    var androidMessage = W.gcmMessage

    /// True when the input is a bare `MessageConfiguration` (no campaign around it).
    var bareConfiguration = false

    /// The `MessageConfiguration`'s path.
    var configurationPath: JSONPointer { bareConfiguration ? base : base.appending(W.messageConfiguration) }

    /// The campaign in `root` and the envelope it came in; nil after an error when the envelope's campaign is not an
    /// object.
    mutating func unwrap(_ root: JSONObject, context: inout NormaliseContext) -> JSONObject? {
        for wrapper in [W.responseWrapper, W.requestWrapper] {
            guard let value = root[wrapper] else { continue }
            guard case .object(let campaign) = value else {
                context.diagnostics.error(
                    .wrongType, at: JSONPointer(tokens: [wrapper]),
                    "`\(wrapper)` must be an object, found \(value.typeName)")
                return nil
            }
            base = JSONPointer(tokens: [wrapper])
            memory[K.wrapper] = .string(wrapper)
            var envelope = root
            envelope.removeValue(forKey: wrapper)
            if !envelope.isEmpty {
                memory[K.envelope] = .object(envelope)
                memory[K.envelopeOrder] = .array(root.keys.map(JSONValue.string))
            }
            return campaign
        }
        if W.isBareConfiguration(root) {
            // A campaign's `MessageConfiguration` on its own: read as a campaign holding only it.
            bareConfiguration = true
            memory[K.bareConfiguration] = .bool(true)
            return JSONObject(uniqueKeysWithValues: [(W.messageConfiguration, .object(root))])
        }
        return root
    }

    /// Reads `campaign` into `n`.
    mutating func read(_ campaign: JSONObject, into n: inout PushNotification, context: inout NormaliseContext) {
        var kept = JSONObject()
        var configuration: JSONObject?
        if case .integer(let percent)? = campaign[W.holdoutPercent], (0...100).contains(percent) { holdout = percent }
        for (key, value) in campaign {
            let at = base.appending(key)
            if key == W.messageConfiguration {
                guard case .object(let object) = value else {
                    context.diagnostics.error(
                        .wrongType, at: at, "`\(key)` must be an object, found \(value.typeName); kept as it was")
                    kept.appendUnchecked(key, value)
                    continue
                }
                configuration = object
                continue
            }
            checkTopLevel(key, value, at: at, context: &context)
            kept.appendUnchecked(key, value)
        }
        memory[K.order] = .array(campaign.keys.map(JSONValue.string))
        if !kept.isEmpty { memory[K.campaign] = .object(kept) }
        let template = PinpointPushTemplates.pushTemplate(in: campaign, base: base)
        if campaign[W.templateConfiguration]?.objectValue?[W.pushTemplate] != nil { keptContent = true }
        var sections: [String: JSONObject] = [:]
        var defaults: JSONObject?
        if let configuration {
            (sections, defaults) = readConfiguration(configuration, context: &context)
        }
        if let template, sections.isEmpty && defaults == nil {
            // No push message: the content is the template's.
            readTemplate(template, into: &n, context: &context)
            return
        }
        if sections.isEmpty && defaults == nil && !keptContent {
            context.diagnostics.warning(
                .pinpointCampaignEmpty, at: configuration == nil ? base : configurationPath,
                "the campaign has no APNSMessage, GCMMessage, ADMMessage, BaiduMessage or DefaultMessage and no push "
                    + "template: it sends no push notification")
        }
        readMessages(sections, defaults: defaults, into: &n, context: &context)
    }

    /// Reads the push template the campaign names (`template`), given with the `pinpointTemplates` option, as its
    /// content; when it is not given, says where the content is.
    private mutating func readTemplate(
        _ template: (name: String, version: String?, at: JSONPointer), into n: inout PushNotification,
        context: inout NormaliseContext
    ) {
        switch PinpointPushTemplates.lookup(
            name: template.name, version: template.version, in: context.options.pinpointTemplates)
        {
        case .found(let document, let key):
            PinpointPushTemplates.read(document, key: key, at: template.at, into: &n, context: &context)
            memory[K.templateContent] = .bool(true)
        case .missing(let why):
            let version = template.version.map { " version \($0)" } ?? " (its active version)"
            context.diagnostics.warning(
                .pinpointCampaignTemplateMissing, at: template.at,
                "the campaign's push content is in the push template `\(template.name)`\(version), not in the "
                    + "campaign: \(why); the notification read has no content")
        }
    }

    // MARK: - The campaign's own keys

    /// Checks a top-level key other than `MessageConfiguration`.
    private mutating func checkTopLevel(
        _ key: String, _ value: JSONValue, at path: JSONPointer, context: inout NormaliseContext
    ) {
        switch key {
        case W.holdoutPercent:
            checkPercent(value, named: key, at: path, context: &context)
        case W.schedule:
            checkSchedule(value, at: path, context: &context)
        case W.limits:
            // botocore `CampaignLimits`.
            if let limits = asObject(value, named: "`\(key)`", at: path, context: &context) {
                PinpointCampaignSettings.checkLimits(limits, at: path, context: &context)
            }
        case W.hook:
            // botocore `CampaignHook`.
            if let hook = asObject(value, named: "`\(key)`", at: path, context: &context) {
                PinpointCampaignSettings.checkHook(hook, at: path, context: &context)
            }
        case W.state, W.defaultState:
            checkState(value, at: path, context: &context)
        case W.tags:
            if value.objectValue == nil {
                context.diagnostics.error(
                    .wrongType, at: path, "`\(key)` must be an object of strings, found \(value.typeName); kept")
            }
        case W.additionalTreatments:
            checkTreatments(value, at: path, context: &context)
        default:
            if !W.topLevelKeys.contains(key) {
                let hint = key == "Tags" ? " (the API spells it `tags`)" : ""
                context.diagnostics.warning(
                    .pinpointCampaignKeyUnknown, at: path,
                    "`\(key)` is not a campaign key\(hint); kept and written back")
            }
        }
    }

    /// A percentage (`SizePercent`, `HoldoutPercent`): an integer from 0 to 100. Returns it when it is one.
    @discardableResult
    private func checkPercent(
        _ value: JSONValue, named key: String, at path: JSONPointer, context: inout NormaliseContext
    ) -> Int64? {
        guard case .integer(let percent) = value, (0...100).contains(percent) else {
            context.diagnostics.error(
                .pinpointCampaignSizeInvalid, at: path,
                "`\(key)` must be an integer percentage from 0 to 100, found \(value.compactText); kept as it was")
            return nil
        }
        return percent
    }

    /// `value` as an object; nil (after a `core.type.mismatch` error naming it `name`) for another type, which is kept.
    private func asObject(
        _ value: JSONValue, named name: String, at path: JSONPointer, context: inout NormaliseContext
    ) -> JSONObject? {
        guard case .object(let object) = value else {
            context.diagnostics.error(
                .wrongType, at: path, "\(name) must be an object, found \(value.typeName); kept as it was")
            return nil
        }
        return object
    }

    private func checkSchedule(_ value: JSONValue, at path: JSONPointer, context: inout NormaliseContext) {
        guard let schedule = asObject(value, named: "`\(W.schedule)`", at: path, context: &context) else { return }
        if schedule[W.startTime] == nil {
            context.diagnostics.warning(
                .pinpointCampaignStartMissing, at: path,
                "a `Schedule` needs a `StartTime` (`IMMEDIATE` or an ISO 8601 time); kept as it is")
        }
        PinpointCampaignSettings.checkSchedule(schedule, at: path, context: &context)
    }

    private func checkState(_ value: JSONValue, at path: JSONPointer, context: inout NormaliseContext) {
        guard let state = asObject(value, named: "a campaign state", at: path, context: &context) else { return }
        if let status = state[W.campaignStatus], !(status.stringValue.map(W.statuses.contains) ?? false) {
            context.diagnostics.warning(
                .pinpointCampaignStateUnknown, at: path.appending(W.campaignStatus),
                "`\(status.compactText)` is not a campaign status (\(W.statuses.sorted().joined(separator: ", "))); "
                    + "kept as it is")
        }
    }

    /// `AdditionalTreatments`: an array of treatments, each with its `SizePercent`; with the holdout they take at
    /// most 100 percent. Each is kept verbatim, with an info.
    private mutating func checkTreatments(
        _ value: JSONValue, at path: JSONPointer, context: inout NormaliseContext
    ) {
        guard case .array(let treatments) = value else {
            context.diagnostics.error(
                .wrongType, at: path,
                "`\(W.additionalTreatments)` must be an array of treatments, found \(value.typeName); kept as it was")
            return
        }
        var total: Int64 = 0
        for (index, treatment) in treatments.enumerated() {
            let at = path.appending(index: index)
            guard case .object(let object) = treatment else {
                context.diagnostics.error(
                    .wrongType, at: at, "a treatment must be an object, found \(treatment.typeName); kept as it was")
                continue
            }
            for key in object.keys where !W.treatmentKeys.contains(key) {
                context.diagnostics.warning(
                    .pinpointCampaignKeyUnknown, at: at.appending(key),
                    "`\(key)` is not a treatment key; kept and written back")
            }
            if let size = object[W.sizePercent] {
                total +=
                    checkPercent(size, named: W.sizePercent, at: at.appending(W.sizePercent), context: &context)
                    ?? 0
            } else {
                context.diagnostics.error(
                    .pinpointCampaignSizeInvalid, at: at, "a treatment needs its `SizePercent` (required)")
            }
            if let state = object[W.state] { checkState(state, at: at.appending(W.state), context: &context) }
            if let schedule = object[W.schedule] {
                checkSchedule(schedule, at: at.appending(W.schedule), context: &context)
            }
            let name = object[W.treatmentName]?.stringValue.map { " (\($0))" } ?? ""
            context.diagnostics.info(
                .pinpointCampaignTreatmentKept, at: at,
                "treatment \(index + 2) of \(treatments.count + 1)\(name) is kept and written back; a conversion into "
                    + "a format with a place per message makes it a message of its own")
        }
        // The default treatment takes what is left; the holdout receives nothing.
        let holdout = self.holdout ?? 0
        if total + holdout > 100 {
            context.diagnostics.error(
                .pinpointCampaignSizeInvalid, at: path,
                "the additional treatments take \(total) percent and the holdout \(holdout): more than 100 percent")
        }
    }

    /// The campaign's `HoldoutPercent` when it is a valid percentage (set before any key is checked).
    var holdout: Int64?

    // MARK: - The message configuration

    /// Checks the `MessageConfiguration`: the two read messages' members (returned, with `DefaultMessage`'s), every
    /// other key kept in the memory.
    private mutating func readConfiguration(
        _ configuration: JSONObject, context: inout NormaliseContext
    ) -> (sections: [String: JSONObject], defaults: JSONObject?) {
        var sections: [String: JSONObject] = [:]
        var defaults: JSONObject?
        var kept = JSONObject()
        var fields = JSONObject()
        var messageOrder = JSONObject()
        androidMessage = W.androidMessages.first { configuration[$0] != nil } ?? W.gcmMessage
        for (key, value) in configuration {
            let at = configurationPath.appending(key)
            switch key {
            case W.apnsMessage, androidMessage, W.defaultMessage:
                guard case .object(let message) = value else {
                    context.diagnostics.error(
                        .wrongType, at: at, "`\(key)` must be an object, found \(value.typeName); kept as it was")
                    kept.appendUnchecked(key, value)
                    continue
                }
                let (clean, rest) = check(message, named: key, at: at, context: &context)
                if key == W.defaultMessage {
                    kept.appendUnchecked(key, value)
                    defaults = clean
                    continue
                }
                sections[key] = clean
                messageOrder.appendUnchecked(key, .array(message.keys.map(JSONValue.string)))
                if !rest.isEmpty { fields.appendUnchecked(key, .object(rest)) }
            case _ where W.keptPushMessages.contains(key):
                context.diagnostics.info(
                    .pinpointCampaignMessageKept, at: at,
                    "`\(key)` is kept verbatim and written back; the model's Android side is `\(androidMessage)`'s")
                kept.appendUnchecked(key, value)
                keptContent = true
            case _ where W.otherMessages.contains(key):
                context.diagnostics.info(
                    .pinpointCampaignMessageKept, at: at,
                    "`\(key)` is not a push message: kept verbatim and written back")
                kept.appendUnchecked(key, value)
            default:
                context.diagnostics.warning(
                    .pinpointCampaignKeyUnknown, at: at,
                    "`\(key)` is not a MessageConfiguration key; kept and written back")
                kept.appendUnchecked(key, value)
            }
        }
        memory[K.configurationOrder] = .array(configuration.keys.map(JSONValue.string))
        if !kept.isEmpty { memory[K.configuration] = .object(kept) }
        if !fields.isEmpty { memory[K.fields] = .object(fields) }
        if !messageOrder.isEmpty { memory[K.messageOrder] = .object(messageOrder) }
        return (sections, defaults)
    }

    /// Checks a campaign `Message`'s keys: the members its platform reads are returned in `clean` (for
    /// `DefaultMessage`, every member); the others, as spelt, in `rest`, with a warning (not a member) or an info (a
    /// member with no place on the platform). URLs holding a placeholder get an info; a long body a warning.
    private func check(
        _ message: JSONObject, named name: String, at path: JSONPointer, context: inout NormaliseContext
    ) -> (clean: JSONObject, rest: JSONObject) {
        var clean = JSONObject()
        var rest = JSONObject()
        let readable = name == W.defaultMessage ? W.messageMembers : W.readMembers(of: name)
        for (key, value) in message {
            let at = path.appending(key)
            guard W.messageMembers.contains(key) else {
                let why = W.trap(key).map { ": \($0)" } ?? ""
                context.diagnostics.warning(
                    .pinpointCampaignKeyUnknown, at: at,
                    "`\(key)` is not a member of a campaign Message\(why); kept and written back")
                rest.appendUnchecked(key, value)
                continue
            }
            if W.urlMembers.contains(key), case .string(let url) = value, TemplateValue.holdsPlaceholder(url) {
                context.diagnostics.info(
                    .pinpointCampaignPlaceholderURL, at: at,
                    "`\(key)` holds a placeholder: a template value Pinpoint fills in when it sends, checked then")
            }
            if key == "Body", case .string(let body) = value, body.count > W.bodyLimit {
                context.diagnostics.warning(
                    .pinpointCampaignBodyTooLong, at: at,
                    "the body has \(body.count) characters; a campaign Message takes up to \(W.bodyLimit)")
            }
            guard readable.contains(key) else {
                let platform = name == W.apnsMessage ? "an APNs notification" : "an Android notification"
                context.diagnostics.info(
                    .pinpointCampaignMemberKept, at: at,
                    "`\(key)` has no place in \(platform) the model reads; kept verbatim and written back")
                rest.appendUnchecked(key, value)
                continue
            }
            clean.appendUnchecked(key, value)
        }
        return (clean, rest)
    }

    // MARK: - The messages

    /// `APNSMessage` and `GCMMessage`, each with what it leaves out taken from `DefaultMessage`, read by
    /// `pinpoint-message`'s two-channel reader as a send's `MessageConfiguration`.
    private mutating func readMessages(
        _ sections: [String: JSONObject], defaults: JSONObject?, into n: inout PushNotification,
        context: inout NormaliseContext
    ) {
        var configuration = JSONObject()
        for name in [W.apnsMessage, androidMessage] {
            var effective = sections[name]
            if effective == nil {
                guard defaults != nil else { continue }
                absent.append(name)
                effective = JSONObject()
            }
            guard var section = effective else { continue }
            var taken: [String] = []
            // With `RawContent` the message overrides everything: `DefaultMessage` supplies nothing.
            if section["RawContent"] == nil, let defaults {
                let members = W.readMembers(of: name)
                for (key, value) in defaults where section[key] == nil && members.contains(key) && key != "RawContent" {
                    section.appendUnchecked(key, value)
                    taken.append(key)
                }
            }
            if !taken.isEmpty { fromDefault[name] = taken }
            if name != W.apnsMessage, let small = section.removeValue(forKey: W.campaignSmallIcon) {
                // The send's GCMMessage (ADMMessage, BaiduMessage) spells it `SmallImageIconUrl`.
                section.appendUnchecked(W.sendSmallIcon, small)
            }
            configuration.appendUnchecked(name, .object(section))
        }
        if !absent.isEmpty { memory[K.absent] = .array(absent.map(JSONValue.string)) }
        if !fromDefault.isEmpty {
            var object = JSONObject()
            for name in [W.apnsMessage] + W.androidMessages {
                if let keys = fromDefault[name] { object.appendUnchecked(name, .array(keys.map(JSONValue.string))) }
            }
            memory[K.fromDefault] = .object(object)
        }
        guard !configuration.isEmpty else { return }
        // A `DefaultMessage` value read into both messages is reported once, at `DefaultMessage`.
        PinpointChannelsAdapter.read(configuration, into: &n, context: &context) { relocate($0) }
    }

    /// The campaign path of a path in the `MessageConfiguration` read (`/GCMMessage/SmallImageIconUrl` →
    /// `/MessageConfiguration/GCMMessage/ImageSmallIconUrl`, or `…/DefaultMessage/Title` when `DefaultMessage`
    /// supplied it).
    func relocate(_ path: JSONPointer) -> JSONPointer {
        var tokens = path.tokens
        guard let first = tokens.first, first == W.apnsMessage || W.androidMessages.contains(first) else {
            return base
        }
        if tokens.count > 1 {
            if tokens[1] == W.sendSmallIcon { tokens[1] = W.campaignSmallIcon }
            if fromDefault[first]?.contains(tokens[1]) == true { tokens[0] = W.defaultMessage }
        }
        // A message the input did not have was read from `DefaultMessage` alone.
        if absent.contains(first) { tokens[0] = W.defaultMessage }
        return configurationPath.appending(JSONPointer(tokens: tokens))
    }
}

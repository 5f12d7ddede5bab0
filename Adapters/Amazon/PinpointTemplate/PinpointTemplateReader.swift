import JSONCodec
import PushCore

private typealias W = PinpointTemplateWire
private typealias K = PinpointTemplateWire.Memory

/// Reads one push template (see ``PinpointTemplateAdapter`` for the forms and the mapping): unwraps the envelope,
/// respells the CDK's keys, checks every key, sets aside what is not read, merges `Default` into the platform
/// sections, and hands the `MessageConfiguration` that results to `pinpoint-message`'s two-channel reader, whose
/// findings and provenance are moved back to the template's own paths.
struct PinpointTemplateReader {
    /// Where the template object is in the input (`/PushNotificationTemplateResponse`, `/Properties` or the root).
    var base = JSONPointer.root
    /// True for the CDK's camelCase keys.
    var isCDK = false
    /// True for CloudFormation's shapes (a resource, its bare Properties, the CDK's props), which have no
    /// `RawContent` and no `RecommenderId`.
    var isCloudFormation = false
    /// The input spelling of each top-level key, by its wire name.
    var inputKeys: [String: String] = [:]
    /// Per read section (wire name), its keys taken from `Default`.
    var fromDefault: [String: [String]] = [:]
    var memory = JSONObject()
    /// True when an `ADM` or `Baidu` section was kept unread (its content is there, by design not read).
    var keptChannel = false
    /// The section read as the model's Android side: `GCM`, else `ADM`, else `Baidu` (the first the template has as
    /// an object); the others are kept.
    var androidSection = W.gcm

    /// The template in `root` and the form it came in; nil after an error when an envelope is not an object.
    mutating func unwrap(_ root: JSONObject, context: inout NormaliseContext) -> JSONObject? {
        if let value = root[W.responseWrapper] {
            guard case .object(let template) = value else {
                context.diagnostics.error(
                    .wrongType, at: JSONPointer(tokens: [W.responseWrapper]),
                    "`\(W.responseWrapper)` must be an object, found \(value.typeName)")
                return nil
            }
            memory[K.form] = .string("response")
            base = JSONPointer(tokens: [W.responseWrapper])
            keepEnvelope(root, replacing: W.responseWrapper)
            return template
        }
        if root[W.type]?.stringValue == W.resourceType {
            memory[K.form] = .string("resource")
            base = JSONPointer(tokens: [W.properties])
            switch root[W.properties] {
            case .object(let template)?:
                keepEnvelope(root, replacing: W.properties)
                return template
            case nil:
                base = .root
                keepEnvelope(root, replacing: nil)
                return JSONObject()
            case let value?:
                context.diagnostics.error(
                    .wrongType, at: base, "`\(W.properties)` must be an object, found \(value.typeName)")
                return nil
            }
        }
        return root
    }

    /// The envelope with its template slot (`key`) set to null, so a rendering puts the template back in place.
    private mutating func keepEnvelope(_ root: JSONObject, replacing key: String?) {
        var envelope = root
        if let key { envelope[key] = .null }
        memory[K.envelope] = .object(envelope)
    }

    /// Reads `template` into `n`.
    mutating func read(_ template: JSONObject, into n: inout PushNotification, context: inout NormaliseContext) {
        isCDK = template.keys.contains { key in W.cdkTopLevel.contains { $0.cdk == key } }
        if isCDK { memory[K.spelling] = .string("cdk") }
        // The API's request has no TemplateName (it is in the URL) and a lower-case `tags`.
        isCloudFormation =
            isCDK || memory[K.form]?.stringValue == "resource"
            || (memory[K.form] == nil && (template[W.cloudFormationTags] != nil || template[W.templateName] != nil))
        var order: [JSONValue] = []
        var kept = JSONObject()
        var sections: [String: JSONObject] = [:]
        var unknown = JSONObject()
        let wires = Set(template.compactMap { $0.value.objectValue == nil ? nil : wireKey($0.key) })
        androidSection = [W.gcm, W.adm, W.baidu].first(where: wires.contains) ?? W.gcm
        for (key, value) in template {
            order.append(.string(key))
            let wire = wireKey(key)
            let at = base.appending(key)
            if wire != key && template[wire] != nil {
                // `apns` beside `APNS`: the CDK spelling is not read twice.
                context.diagnostics.warning(
                    .pinpointTemplateKeyUnknown, at: at,
                    "`\(key)` and `\(wire)` are the same key; `\(wire)` was read, this one kept and written back")
                kept.appendUnchecked(key, value)
                continue
            }
            inputKeys[wire] = key
            if let members = W.members(of: wire) {
                guard case .object(let section) = value else {
                    context.diagnostics.error(
                        .wrongType, at: at, "`\(key)` must be an object, found \(value.typeName); kept as it was")
                    kept.appendUnchecked(key, value)
                    continue
                }
                let (clean, rest) = check(section, named: wire, members: members, at: at, context: &context)
                if (wire == W.adm || wire == W.baidu) && wire != androidSection {
                    context.diagnostics.info(
                        .pinpointTemplateSectionKept, at: at,
                        "the `\(key)` section is kept verbatim and written back; the model's Android side is "
                            + "`\(androidSection)`'s")
                    kept.appendUnchecked(key, value)
                    keptChannel = true
                    continue
                }
                if wire == W.defaultSection { kept.appendUnchecked(key, value) }
                sections[wire] = clean
                if !rest.isEmpty && wire != W.defaultSection { unknown.appendUnchecked(wire, .object(rest)) }
                continue
            }
            checkTopLevel(key, wire: wire, value, at: at, context: &context)
            kept.appendUnchecked(key, value)
        }
        if sections.isEmpty && kept[inputKeys[W.adm] ?? W.adm] == nil && kept[inputKeys[W.baidu] ?? W.baidu] == nil {
            context.diagnostics.warning(
                .pinpointTemplateEmpty, at: base,
                "the template has no APNS, GCM, ADM, Baidu or Default section: it holds no message")
        }
        memory[K.order] = .array(order)
        if !kept.isEmpty { memory[K.template] = .object(kept) }
        if !unknown.isEmpty { memory[K.unknown] = .object(unknown) }
        readSections(sections, into: &n, context: &context)
    }

    /// The wire spelling of a top-level key (the CDK's camelCase respelt).
    func wireKey(_ key: String) -> String {
        guard isCDK, let entry = W.cdkTopLevel.first(where: { $0.cdk == key }) else { return key }
        return entry.wire
    }

    /// The input spelling of a section member.
    func inputMember(_ member: String) -> String {
        isCDK && W.allMembers.contains(member) ? W.cdkMember(member) : member
    }

    /// Checks `section`'s keys: the members of its shape (respelt from the CDK's) are returned in `clean`; the others
    /// (misplaced, unknown) in `rest`, as spelt, with a warning each. URLs holding a placeholder get an info.
    private func check(
        _ section: JSONObject, named name: String, members: Set<String>, at path: JSONPointer,
        context: inout NormaliseContext
    ) -> (clean: JSONObject, rest: JSONObject) {
        var clean = JSONObject()
        var rest = JSONObject()
        for (key, value) in section {
            let member = isCDK ? (W.wireMember(key) ?? key) : key
            let at = path.appending(key)
            guard members.contains(member), clean[member] == nil, !(isCDK && member == key) else {
                if let home = W.home(of: member, notIn: name), !members.contains(member) {
                    context.diagnostics.warning(
                        .pinpointTemplateKeyMisplaced, at: at,
                        "`\(key)` is not a member of the `\(name)` section; it belongs in \(home). Kept and written back"
                    )
                } else {
                    context.diagnostics.warning(
                        .pinpointTemplateKeyUnknown, at: at,
                        "`\(key)` is not a member of the `\(name)` section; kept and written back")
                }
                rest.appendUnchecked(key, value)
                continue
            }
            if isCloudFormation && member == "RawContent" {
                context.diagnostics.warning(
                    .pinpointTemplateKeyUnknown, at: at,
                    "`\(key)` is the Pinpoint API's, not a property of CloudFormation's `AWS::Pinpoint::PushTemplate`; "
                        + "read, kept and written back")
            }
            if W.urlMembers.contains(member), case .string(let url) = value, TemplateValue.holdsPlaceholder(url) {
                context.diagnostics.info(
                    .pinpointTemplatePlaceholderURL, at: at,
                    "`\(key)` holds a placeholder: a template value Pinpoint fills in when it sends, checked then")
            }
            clean.appendUnchecked(member, value)
        }
        return (clean, rest)
    }

    /// Checks a top-level key that is not a section.
    private func checkTopLevel(
        _ key: String, wire: String, _ value: JSONValue, at path: JSONPointer, context: inout NormaliseContext
    ) {
        switch wire {
        case W.defaultSubstitutions:
            guard case .string(let text) = value else {
                context.diagnostics.error(
                    .pinpointTemplateSubstitutionsInvalid, at: path,
                    "`\(key)` must be a string holding a JSON object, found \(value.typeName); kept as it was")
                return
            }
            if case .object(let defaults)? = try? JSONParser().parse(text) {
                // Read only to render with (`substitutions` set): nested and dotted keys both name variables.
                if context.options.substitutions != nil {
                    context.templateDefaults = TemplateSubstitutions(
                        json: .object(defaults), at: path, severity: .warning, diagnostics: &context.diagnostics)
                }
                return
            }
            context.diagnostics.error(
                .pinpointTemplateSubstitutionsInvalid, at: path,
                "`\(key)` must hold a JSON object (the default values of the template's variables); kept as it was")
        case W.templateName:
            guard case .string(let name) = value else {
                context.diagnostics.error(
                    .wrongType, at: path, "`\(key)` must be a string, found \(value.typeName); kept as it was")
                return
            }
            let allowed = name.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" || $0 == "-"
            }
            if name.isEmpty || name.count > W.nameLimit || !allowed {
                context.diagnostics.error(
                    .pinpointTemplateNameInvalid, at: path,
                    "a template name is 1 to \(W.nameLimit) characters of letters, digits, `_` and `-`; found "
                        + "\(name.count) characters\(allowed ? "" : " with others")")
            }
        case W.templateDescription:
            guard case .string(let text) = value else {
                context.diagnostics.error(
                    .wrongType, at: path, "`\(key)` must be a string, found \(value.typeName); kept as it was")
                return
            }
            if text.count > W.descriptionLimit {
                context.diagnostics.warning(
                    .pinpointTemplateDescriptionTooLong, at: path,
                    "`\(key)` has \(text.count) characters; Pinpoint takes descriptions up to \(W.descriptionLimit)")
            }
        case W.tags, W.cloudFormationTags:
            // The API spells it `tags`, CloudFormation `Tags` (and the CDK `tags`).
            let form = memory[K.form]?.stringValue
            if (wire == W.tags && form == "resource" && !isCDK) || (wire == W.cloudFormationTags && form == "response")
            {
                context.diagnostics.warning(
                    .pinpointTemplateKeyUnknown, at: path,
                    "`\(key)` is spelt `\(wire == W.tags ? W.cloudFormationTags : W.tags)` in this form; kept and "
                        + "written back")
            } else if wire == W.tags, value.objectValue == nil {
                context.diagnostics.error(
                    .wrongType, at: path, "`\(key)` must be an object of strings, found \(value.typeName); kept")
            }
        case W.recommenderID where isCloudFormation:
            context.diagnostics.warning(
                .pinpointTemplateKeyUnknown, at: path,
                "`\(key)` is the Pinpoint API's, not a property of CloudFormation's `AWS::Pinpoint::PushTemplate`; kept "
                    + "and written back")
        default:
            if !W.topLevelKeys.contains(wire) {
                context.diagnostics.warning(
                    .pinpointTemplateKeyUnknown, at: path,
                    "`\(key)` is not a push template key; kept and written back")
            }
        }
    }

    // MARK: - The sections

    /// `APNS` and `GCM` (else `ADM`, else `Baidu`), each with what it leaves out taken from `Default`, read by
    /// `pinpoint-message`'s two-channel reader as the `APNSMessage` and `GCMMessage` (`ADMMessage`, `BaiduMessage`)
    /// of a `MessageConfiguration`.
    private mutating func readSections(
        _ sections: [String: JSONObject], into n: inout PushNotification, context: inout NormaliseContext
    ) {
        let defaults = sections[W.defaultSection]
        var configuration = JSONObject()
        var absent: [JSONValue] = []
        for (name, message) in [(W.apns, W.apnsMessage), (androidSection, W.message(of: androidSection))] {
            var effective = sections[name]
            if effective == nil {
                guard defaults != nil else { continue }
                absent.append(.string(name))
                effective = JSONObject()
            }
            guard var section = effective else { continue }
            var taken: [String] = []
            // With `RawContent` the section overrides everything: `Default` supplies nothing.
            if section["RawContent"] == nil, let defaults {
                for (key, value) in defaults where section[key] == nil {
                    section.appendUnchecked(key, value)
                    taken.append(key)
                }
            }
            if !taken.isEmpty { fromDefault[name] = taken }
            configuration.appendUnchecked(message, .object(section))
        }
        if !absent.isEmpty { memory[K.absent] = .array(absent) }
        if !fromDefault.isEmpty {
            var object = JSONObject()
            for name in [W.apns, W.gcm, W.adm, W.baidu] {
                if let keys = fromDefault[name] { object.appendUnchecked(name, .array(keys.map(JSONValue.string))) }
            }
            memory[K.fromDefault] = .object(object)
        }
        guard !configuration.isEmpty else { return }
        // A `Default` value read into both sections is reported once, at `Default`.
        PinpointChannelsAdapter.read(configuration, into: &n, context: &context) { relocate($0) }
    }

    /// The template path of a path in the `MessageConfiguration` read (`/APNSMessage/Title` → `/APNS/Title`, or
    /// `/Default/Title` when `Default` supplied it).
    func relocate(_ path: JSONPointer) -> JSONPointer {
        var tokens = path.tokens
        guard let first = tokens.first else { return base }
        var section: String
        switch first {
        case W.apnsMessage: section = W.apns
        case W.gcmMessage: section = W.gcm
        case PinpointAndroidChannel.adm.configurationKey: section = W.adm
        case PinpointAndroidChannel.baidu.configurationKey: section = W.baidu
        default: return base
        }
        if tokens.count > 1, fromDefault[section]?.contains(tokens[1]) == true { section = W.defaultSection }
        tokens[0] = inputKeys[section] ?? section
        if tokens.count > 1 { tokens[1] = inputMember(tokens[1]) }
        return base.appending(JSONPointer(tokens: tokens))
    }
}

import PushCore

private typealias W = QConnectPushTemplateWire
private typealias K = QConnectPushTemplateWire.Memory
private typealias P = PinpointTemplateWire

/// Reads one Q in Connect push template (see ``QConnectPushTemplateAdapter`` for the forms and the mapping): finds
/// the `push` content in its form, checks every key, sets aside what is not read, and hands the `apns` and `fcm`
/// sections, respelt as Pinpoint spells a template section (`Title`, `Body` unwrapped from `{"content": …}`), to
/// `pinpoint-message`'s two-channel reader as a `MessageConfiguration`, whose findings and provenance are moved back
/// to the template's own paths.
struct QConnectPushTemplateReader {
    /// The form read: `request`, `content` or `response`.
    var form = "content"
    /// Where the `push` object is (or goes) in the document.
    var pushTokens: [String] = [W.push]
    var memory = JSONObject()
    /// True when an `adm` or `baidu` section was kept unread (its content is there, by design not read).
    var keptChannel = false
    /// The section read as the model's Android side: `fcm`, else `adm`, else `baidu` (the first the `push` object
    /// has as an object); the others are kept.
    var androidSection = W.fcm

    /// Where the `push` object is in a document of `form`.
    static func pushTokens(form: String) -> [String] {
        switch form {
        case "response": return [W.messageTemplate, W.content, W.push]
        case "request": return [W.content, W.push]
        default: return [W.push]
        }
    }

    /// Reads `root` into `n`; false after an error when the template or its content is not an object.
    mutating func read(_ root: JSONObject, into n: inout PushNotification, context: inout NormaliseContext) -> Bool {
        var template = root
        if let value = root[W.messageTemplate] {
            guard case .object(let object) = value else {
                context.diagnostics.error(
                    .wrongType, at: JSONPointer(tokens: [W.messageTemplate]),
                    "`\(W.messageTemplate)` must be an object, found \(value.typeName)")
                return false
            }
            form = "response"
            template = object
            for key in root.keys where key != W.messageTemplate {
                unknownKey(
                    key, at: JSONPointer(tokens: [key]), "is not a member of GetMessageTemplate's response", &context)
            }
        } else if root[W.push] != nil && root[W.content] == nil {
            form = "content"
        } else {
            form = "request"
        }
        memory[K.form] = .string(form)
        pushTokens = Self.pushTokens(form: form)
        let templateBase = form == "response" ? JSONPointer(tokens: [W.messageTemplate]) : JSONPointer.root
        var push: JSONObject?
        if form == "content" {
            for key in template.keys where key != W.push {
                unknownKey(key, at: JSONPointer(tokens: [key]), "is not push content", &context)
            }
            if let value = template[W.push] {
                guard case .object(let object) = value else {
                    context.diagnostics.error(
                        .wrongType, at: JSONPointer(tokens: [W.push]),
                        "`push` must be an object, found \(value.typeName)")
                    return false
                }
                push = object
            }
        } else {
            checkTopLevel(template, at: templateBase, context: &context)
            if let value = template[W.content] {
                let at = templateBase.appending(W.content)
                guard case .object(let content) = value else {
                    context.diagnostics.error(
                        .wrongType, at: at, "`\(W.content)` must be an object, found \(value.typeName)")
                    return false
                }
                for key in content.keys where key != W.push {
                    unknownKey(
                        key, at: at.appending(key), "is not push content (the template's channel is PUSH)", &context)
                }
                if let value = content[W.push] {
                    guard case .object(let object) = value else {
                        context.diagnostics.error(
                            .wrongType, at: at.appending(W.push), "`push` must be an object, found \(value.typeName)")
                        return false
                    }
                    push = object
                }
            }
        }
        let pushPath = JSONPointer(tokens: pushTokens)
        var sections: [String: JSONObject] = [:]
        var order: [JSONValue] = []
        var sectionOrder = JSONObject()
        var unknown = JSONObject()
        var anySection = false
        androidSection = [W.fcm, W.adm, W.baidu].first { push?[$0]?.objectValue != nil } ?? W.fcm
        for (key, value) in push ?? JSONObject() {
            order.append(.string(key))
            let at = pushPath.appending(key)
            guard W.members(of: key) != nil else {
                unknownKey(key, at: at, "is not a push template section (`apns`, `fcm`, `adm`, `baidu`)", &context)
                continue
            }
            guard case .object(let section) = value else {
                context.diagnostics.error(
                    .wrongType, at: at, "`\(key)` must be an object, found \(value.typeName); kept as it was")
                continue
            }
            anySection = true
            let (clean, rest) = check(section, named: key, at: at, context: &context)
            checkTitleAndBody(section, named: key, at: at, context: &context)
            if (key == W.adm || key == W.baidu) && key != androidSection {
                context.diagnostics.info(
                    .qconnectTemplateSectionKept, at: at,
                    "the `\(key)` section is kept verbatim and written back; the model's Android side is "
                        + "`\(androidSection)`'s")
                keptChannel = true
                continue
            }
            sections[key] = clean
            sectionOrder[key] = .array(section.keys.map(JSONValue.string))
            if !rest.isEmpty { unknown[key] = .object(rest) }
        }
        if !anySection {
            context.diagnostics.warning(
                .qconnectTemplateEmpty, at: push == nil ? templateBase : pushPath,
                "the template has no `push` section (`apns`, `fcm`, `adm` or `baidu`): it holds no message")
        }
        let read = [W.apns, androidSection].filter { sections[$0] != nil }
        let document = Self.removing(read, at: pushTokens[...], in: root) ?? JSONObject()
        if !document.isEmpty { memory[K.document] = .object(document) }
        memory[K.containerOrder] = .object(Self.containerOrder(root, along: pushTokens))
        if !order.isEmpty { memory[K.pushOrder] = .array(order) }
        if !sectionOrder.isEmpty { memory[K.sectionOrder] = .object(sectionOrder) }
        if !unknown.isEmpty { memory[K.unknown] = .object(unknown) }
        readSections(sections, into: &n, context: &context)
        return true
    }

    private func unknownKey(_ key: String, at path: JSONPointer, _ why: String, _ context: inout NormaliseContext) {
        context.diagnostics.warning(.qconnectTemplateKeyUnknown, at: path, "`\(key)` \(why); kept and written back")
    }

    /// Checks the request's or response's own keys.
    private func checkTopLevel(_ template: JSONObject, at base: JSONPointer, context: inout NormaliseContext) {
        let known = form == "response" ? W.responseKeys : W.requestKeys
        for (key, value) in template {
            let at = base.appending(key)
            switch key {
            case W.channelSubtype:
                guard case .string(let subtype) = value else {
                    context.diagnostics.error(
                        .wrongType, at: at, "`\(key)` must be a string, found \(value.typeName); kept as it was")
                    continue
                }
                if subtype != W.pushSubtype {
                    context.diagnostics.error(
                        .qconnectTemplateChannelSubtypeInvalid, at: at,
                        "a push template's `\(key)` is `PUSH`, found `\(subtype)`; kept as it was")
                }
            case W.defaultAttributes:
                guard case .object(let attributes) = value else {
                    context.diagnostics.error(
                        .wrongType, at: at, "`\(key)` must be an object, found \(value.typeName); kept as it was")
                    continue
                }
                for group in attributes.keys where !W.attributeGroups.contains(group) {
                    unknownKey(
                        group, at: at.appending(group), "is not a group of `MessageTemplateAttributes`", &context)
                }
                // Read only to render with (`substitutions` set): the variables' defaults, kept verbatim all the same.
                if context.options.substitutions != nil {
                    context.templateDefaults = QConnectDefaultAttributes.substitutions(
                        attributes, at: at, naming: context.options.qconnectAttributeNames,
                        diagnostics: &context.diagnostics)
                }
            case W.tags:
                if value.objectValue == nil {
                    context.diagnostics.error(
                        .wrongType, at: at, "`\(key)` must be an object of strings, found \(value.typeName); kept")
                }
            default:
                if !known.contains(key) {
                    unknownKey(key, at: at, "is not a member of a message template", &context)
                }
            }
        }
    }

    /// Checks `section`'s keys: its members, respelt as a Pinpoint template section spells them (`body` unwrapped),
    /// are returned in `clean`; the others (misplaced, unknown, a wrapper that is not one, a wrapper's other keys) in
    /// `rest`, as spelt, with a finding each. URLs holding a placeholder get an info.
    private func check(
        _ section: JSONObject, named name: String, at path: JSONPointer, context: inout NormaliseContext
    ) -> (clean: JSONObject, rest: JSONObject) {
        let members = W.members(of: name) ?? []
        var clean = JSONObject()
        var rest = JSONObject()
        for (key, value) in section {
            let at = path.appending(key)
            guard members.contains(key) else {
                if let home = W.home(of: key) {
                    context.diagnostics.warning(
                        .qconnectTemplateKeyMisplaced, at: at,
                        "`\(key)` is not a member of the `\(name)` section; it belongs in \(home). Kept and written back"
                    )
                } else if members.contains(W.qconnectMember(key)) {
                    unknownKey(
                        key, at: at, "is Pinpoint's spelling; Q in Connect's member is `\(W.qconnectMember(key))`",
                        &context)
                } else {
                    unknownKey(key, at: at, "is not a member of the `\(name)` section", &context)
                }
                rest[key] = value
                continue
            }
            if key == W.body || key == W.rawContent {
                guard case .object(let wrapper) = value, let content = wrapper[W.wrappedContent] else {
                    let found = value.objectValue == nil ? value.typeName : "an object without `content`"
                    context.diagnostics.error(
                        .qconnectTemplateContentNotWrapped, at: at,
                        "`\(key)` must be an object `{\"content\": …}`, found \(found); kept as it was, not read")
                    rest[key] = value
                    continue
                }
                var extra = JSONObject()
                for (inner, innerValue) in wrapper where inner != W.wrappedContent {
                    unknownKey(
                        inner, at: at.appending(inner), "is not a member of `\(key)` (only `content` is)", &context)
                    extra[inner] = innerValue
                }
                if !extra.isEmpty { rest[key] = .object(extra) }
                clean[W.pinpointMember(key)] = content
                continue
            }
            if W.urlMembers.contains(key), case .string(let url) = value, TemplateValue.holdsPlaceholder(url) {
                context.diagnostics.info(
                    .qconnectTemplatePlaceholderURL, at: at,
                    "`\(key)` holds a placeholder: a template value Amazon Connect fills in when it sends, checked then"
                )
            }
            clean[W.pinpointMember(key)] = value
        }
        return (clean, rest)
    }

    /// A platform entry "needs both a title and a body" (Amplify's message-template guide), unless its `rawContent`
    /// overrides them.
    private func checkTitleAndBody(
        _ section: JSONObject, named name: String, at path: JSONPointer, context: inout NormaliseContext
    ) {
        guard section[W.rawContent] == nil else { return }
        let missing = ["title", W.body].filter { section[$0] == nil }
        guard !missing.isEmpty else { return }
        context.diagnostics.warning(
            .qconnectTemplateTitleOrBodyMissing, at: path,
            "the `\(name)` section has no \(missing.map { "`\($0)`" }.joined(separator: " and ")): a platform entry "
                + "needs both a title and a body (or a `rawContent`)")
    }

    // MARK: - The sections

    /// `apns` and `fcm` (else `adm`, else `baidu`), read by `pinpoint-message`'s two-channel reader as the
    /// `APNSMessage` and `GCMMessage` (`ADMMessage`, `BaiduMessage`) of a `MessageConfiguration`.
    private func readSections(
        _ sections: [String: JSONObject], into n: inout PushNotification, context: inout NormaliseContext
    ) {
        var configuration = JSONObject()
        for (name, message) in [(W.apns, P.apnsMessage), (androidSection, W.message(of: androidSection))] {
            if let section = sections[name], !section.isEmpty { configuration[message] = .object(section) }
        }
        guard !configuration.isEmpty else { return }
        var inner = NormaliseContext(options: context.options)
        inner.recordsProvenance = context.recordsProvenance
        guard let read = PinpointChannelsAdapter().normalise(.object(configuration), context: &inner) else { return }
        let source = n.source
        n = read
        n.source = source
        for diagnostic in inner.diagnostics {
            context.diagnostics.append(
                Diagnostic(diagnostic.severity, diagnostic.code, at: relocate(diagnostic.path), diagnostic.message))
        }
        if context.recordsProvenance {
            for (field, input) in inner.provenance { context.provenance[field] = relocate(input) }
        }
    }

    /// The template path of a path in the `MessageConfiguration` read (`/APNSMessage/Body` →
    /// `/content/push/apns/body/content`).
    func relocate(_ path: JSONPointer) -> JSONPointer {
        var tokens = path.tokens
        let base = JSONPointer(tokens: pushTokens)
        guard let first = tokens.first else { return base }
        switch first {
        case P.apnsMessage: tokens[0] = W.apns
        case P.gcmMessage: tokens[0] = W.fcm
        case PinpointAndroidChannel.adm.configurationKey: tokens[0] = W.adm
        case PinpointAndroidChannel.baidu.configurationKey: tokens[0] = W.baidu
        default: return base
        }
        if tokens.count > 1 {
            let member = W.qconnectMember(tokens[1])
            tokens[1] = member
            if member == W.body || member == W.rawContent { tokens.insert(W.wrappedContent, at: 2) }
        }
        return base.appending(JSONPointer(tokens: tokens))
    }

    /// `object` without `keys` in the object at `tokens`, and without the objects on the way that this leaves empty
    /// (nil when `object` itself is left empty): a rendering puts them back in place (``containerOrder(_:along:)``).
    static func removing(_ keys: [String], at tokens: ArraySlice<String>, in object: JSONObject) -> JSONObject? {
        var out = object
        if let first = tokens.first {
            guard case .object(let child)? = object[first] else { return out }
            if let rest = removing(keys, at: tokens.dropFirst(), in: child) {
                out[first] = .object(rest)
            } else {
                out.removeValue(forKey: first)
            }
        } else {
            for key in keys { out.removeValue(forKey: key) }
        }
        return out.isEmpty ? nil : out
    }

    /// The keys, in input order, of each object on the way to the `push` object (by the pointer of the object).
    static func containerOrder(_ root: JSONObject, along tokens: [String]) -> JSONObject {
        var out = JSONObject()
        var object: JSONObject? = root
        for depth in 0..<tokens.count {
            guard let current = object else { break }
            out[JSONPointer(tokens: Array(tokens[..<depth])).description] = .array(current.keys.map(JSONValue.string))
            object = current[tokens[depth]]?.objectValue
        }
        return out
    }

    /// `object` with its keys in `order` first (those it has), then the others as they are.
    static func reordered(_ object: JSONObject, _ order: [String]) -> JSONObject {
        var out = JSONObject()
        for key in order where out[key] == nil { if let value = object[key] { out[key] = value } }
        for (key, value) in object where out[key] == nil { out[key] = value }
        return out
    }
}

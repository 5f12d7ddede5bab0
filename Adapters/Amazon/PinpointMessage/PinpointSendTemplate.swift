import PushCore

private typealias R = AmazonKeys.Request

/// The push template a send request names (`TemplateConfiguration.PushTemplate`), filled into its
/// `MessageConfiguration` before the request is read, so that its recipients fan out over the template's content as
/// over the request's own messages.
///
/// The template is looked up in the `pinpointTemplates` option (CLI `--templates DIR`), as a campaign's is
/// (``PinpointPushTemplates``). Each template section fills the message of its channel (`APNS` the `APNSMessage`,
/// `GCM` the `GCMMessage`, `ADM`, `Baidu`, and `Default` the `DefaultPushNotificationMessage`); a value the request's
/// own message has wins over the template's (AWS does not document how `SendMessages` combines the two: inferred). A
/// request message with `RawContent` takes nothing from the template, and a template section's `RawContent` is not
/// added to a request message that exists. The template's `DefaultSubstitutions` are the variables' defaults, under
/// every `Substitutions` of the request.
enum PinpointSendTemplate {
    /// A request filled from its template.
    struct Filled {
        /// The send request (in its envelope) with the template's content in its `MessageConfiguration`.
        var payload: JSONValue
        /// Where the request names the template.
        var templatePath: JSONPointer
        /// The key the template was given under (`Name` or `Name/Version`).
        var key: String
        /// The template's `DefaultSubstitutions`.
        var defaults: TemplateSubstitutions
    }

    /// The request in `payload` (the CLI input's `MessageRequest` or `SendUsersMessageRequest`, else the root) and
    /// its path.
    static func request(in payload: JSONValue) -> (JSONObject, JSONPointer)? {
        guard case .object(let root) = payload else { return nil }
        for key in [R.messageRequest, R.sendUsersMessageRequest] {
            if case .object(let request)? = root[key] { return (request, JSONPointer(tokens: [key])) }
        }
        return (root, .root)
    }

    /// `payload` with the content of the push template its request names, when the option gives it; nil when the
    /// request names none, or (after a warning at the `PushTemplate`, when `report`) when it is not given.
    static func fill(_ payload: JSONValue, context: inout NormaliseContext, report: Bool = true) -> Filled? {
        guard let (request, base) = request(in: payload),
            let template = PinpointPushTemplates.pushTemplate(in: request, base: base)
        else { return nil }
        let version = template.version.map { " version \($0)" } ?? " (its active version)"
        let found = PinpointPushTemplates.lookup(
            name: template.name, version: template.version, in: context.options.pinpointTemplates)
        guard case .found(let document, let key) = found,
            let (content, defaults) = PinpointPushTemplates.configuration(of: document)
        else {
            if report, case .missing(let why) = found {
                context.diagnostics.warning(
                    .amazonTemplateMissing, at: template.at,
                    "the request sends the push template `\(template.name)`\(version), whose content is not given: "
                        + "\(why); only the request's own `MessageConfiguration` is read (give the template with "
                        + "`--templates DIR` as `DIR/\(template.name).json` or `DIR/\(template.name)/<version>.json`)")
            }
            return nil
        }
        if report {
            context.diagnostics.info(
                .amazonTemplateRead, at: template.at,
                "the request's push content is filled from the push template given as `\(key)`\(version); the "
                    + "request's own `MessageConfiguration` values are over the template's")
        }
        // A `MessageConfiguration` of the wrong type is the reader's error; nothing is filled into it.
        if let value = request[R.messageConfiguration], value.objectValue == nil { return nil }
        var filled = request
        var configuration = request[R.messageConfiguration]?.objectValue ?? JSONObject()
        for (section, value) in content {
            guard case .object(let fromTemplate) = value else { continue }
            switch configuration[section] {
            case nil:
                configuration.appendUnchecked(section, value)
            case .object(var own)?:
                guard own["RawContent"] == nil else { continue }
                for (member, memberValue) in fromTemplate where own[member] == nil && member != "RawContent" {
                    own.appendUnchecked(member, memberValue)
                }
                configuration[section] = .object(own)
            default:
                continue  // the request's value, of the wrong type, reported by the reader
            }
        }
        filled[R.messageConfiguration] = .object(configuration)
        var result = JSONValue.object(filled)
        if case .object(var root) = payload, let envelope = base.tokens.first {
            root[envelope] = result
            result = .object(root)
        }
        return Filled(payload: result, templatePath: template.at, key: key, defaults: defaults)
    }

    /// Moves the findings from `before` on, and the provenance, whose paths are not in the input `payload` (the
    /// template's content) to the template's path, each message naming the template.
    static func relocate(
        _ filled: Filled, input payload: JSONValue, from before: Int, context: inout NormaliseContext
    ) {
        for index in context.diagnostics.indices.dropFirst(before) {
            let diagnostic = context.diagnostics[index]
            guard diagnostic.path.resolve(in: payload) == nil else { continue }
            context.diagnostics[index] = Diagnostic(
                diagnostic.severity, diagnostic.code, at: filled.templatePath,
                "in the push template `\(filled.key)` (\(diagnostic.path)): \(diagnostic.message)")
        }
        for (field, path) in context.provenance where path.resolve(in: payload) == nil {
            context.provenance[field] = filled.templatePath
        }
    }
}

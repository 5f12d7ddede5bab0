public import PushCore

private typealias W = PinpointCampaignWire

// The push templates campaigns name (`TemplateConfiguration.PushTemplate`: `{Name, Version}`), given as an option.
//
// A campaign that sends a push template holds no push content of its own: it lives in the template, which Pinpoint
// stores apart (`aws pinpoint get-push-template`). The `pinpointTemplates` option gives those documents, by `Name`
// (the version Pinpoint calls active) or `Name/Version`; the CLI builds it from a directory (`--templates DIR`:
// `DIR/Name.json`, `DIR/Name/3.json`). Each is any form `pinpoint-template` reads (`get-push-template` output, the
// request, CloudFormation's resource or the CDK's props).

extension FormatOption {
    /// `pinpointTemplates`: the push templates campaigns name, by `Name` or `Name/Version`.
    package static let pinpointTemplates = FormatOption(
        "pinpointTemplates", kind: .json,
        summary: "the push templates campaigns name (`TemplateConfiguration.PushTemplate`): an object of `Name` or "
            + "`Name/Version` to a template `pinpoint-template` reads (`--templates DIR`: `DIR/Name.json`, "
            + "`DIR/Name/3.json`)")
}

extension FormatOptions {
    /// `pinpointTemplates`: the Pinpoint push templates a campaign's `TemplateConfiguration.PushTemplate` names, by
    /// `Name` (the active version) or `Name/Version`, each a document `pinpoint-template` reads. Nil (the default):
    /// none; a campaign that sends a template is then read without content, with a
    /// `pinpoint-campaign.template.missing` warning.
    public var pinpointTemplates: JSONObject? {
        get { hasOnlyDefaults ? nil : value(.pinpointTemplates)?.objectValue }
        set { set(.pinpointTemplates, newValue.map(JSONValue.object)) }
    }
}

/// Finds the push template a campaign names among those given (``PushCore/FormatOptions/pinpointTemplates``).
enum PinpointCampaignTemplates {
    /// What a lookup found: the template's document and the key it was given under, or why none applies.
    enum Lookup {
        case found(JSONValue, key: String)
        case missing(String)
    }

    /// The template named `name`, in `version` when given: `Name/Version`, else `Name` unless that document states
    /// another version (`get-push-template` output's `Version`). Without a version, `Name` (Pinpoint then sends the
    /// active version).
    static func lookup(name: String, version: String?, in templates: JSONObject?) -> Lookup {
        let given = "(option pinpointTemplates, `--templates DIR`)"
        guard let templates, !templates.isEmpty else { return .missing("no push template was given \(given)") }
        if let version, let document = templates["\(name)/\(version)"] {
            return checked(document, key: "\(name)/\(version)")
        }
        guard let document = templates[name] else {
            let key = version.map { "`\(name)/\($0)` or `\(name)`" } ?? "`\(name)`"
            return .missing("no template was given as \(key) \(given)")
        }
        if let version, let stated = statedVersion(of: document), stated != version {
            return .missing(
                "the template given as `\(name)` is version \(stated); the campaign sends version \(version) (give it "
                    + "as `\(name)/\(version)`)")
        }
        return checked(document, key: name)
    }

    /// `document` when it is an object (a template), else why it is not one.
    private static func checked(_ document: JSONValue, key: String) -> Lookup {
        guard case .object = document else {
            return .missing("the template given as `\(key)` must be a JSON object, found \(document.typeName)")
        }
        return .found(document, key: key)
    }

    /// The version a template document states: `get-push-template` output's `Version` (a string holding an
    /// integer).
    static func statedVersion(of document: JSONValue) -> String? {
        guard case .object(let root) = document,
            case .object(let response)? = root[PinpointTemplateWire.responseWrapper]
        else { return nil }
        switch response["Version"] {
        case .string(let text)?: return text
        case .integer(let number)?: return String(number)
        default: return nil
        }
    }

    /// The `PushTemplate` of `campaign` (`{Name, Version}`) and its path, when it names one by a string `Name`.
    static func pushTemplate(in campaign: JSONObject, base: JSONPointer) -> (
        name: String, version: String?, at: JSONPointer
    )? {
        guard case .object(let configuration)? = campaign[W.templateConfiguration],
            case .object(let template)? = configuration[W.pushTemplate],
            case .string(let name)? = template["Name"]
        else { return nil }
        let version: String?
        switch template["Version"] {
        case .string(let text)?: version = text
        case .integer(let number)?: version = String(number)
        default: version = nil
        }
        return (name, version, base.appending(W.templateConfiguration).appending(W.pushTemplate))
    }

    /// Reads the template `document` (given as `key`) into `n` as the campaign's push content: its findings and
    /// provenance located at `path` (the campaign's `PushTemplate`), each message naming where in the template it
    /// is; the defaults of its variables (`DefaultSubstitutions`) kept for rendering. The template's own memory
    /// (`extensions.amazon.pinpointTemplate`) is not the campaign's: left out.
    static func read(
        _ document: JSONValue, key: String, at path: JSONPointer, into n: inout PushNotification,
        context: inout NormaliseContext
    ) {
        var inner = NormaliseContext(options: context.options)
        context.diagnostics.info(
            .pinpointCampaignTemplateRead, at: path,
            "the campaign's push content is read from the push template given as `\(key)`")
        guard var read = PinpointTemplateAdapter().normalise(document, context: &inner) else {
            relocate(inner, key: key, to: path, into: &context)
            return
        }
        relocate(inner, key: key, to: path, into: &context)
        if context.options.substitutions != nil { context.templateDefaults = inner.templateDefaults }
        var amazon = read.extensionObject(AmazonKeys.Extension.namespace)
        amazon.removeValue(forKey: PinpointTemplateWire.memoryKey)
        read.setExtension(AmazonKeys.Extension.namespace, amazon)
        read.source = n.source
        n = read
    }

    /// Moves `inner`'s findings and provenance to `path`, each message prefixed with where in the template it is.
    private static func relocate(
        _ inner: NormaliseContext, key: String, to path: JSONPointer, into context: inout NormaliseContext
    ) {
        for diagnostic in inner.diagnostics {
            let inside = diagnostic.path.description.isEmpty ? "/" : diagnostic.path.description
            context.diagnostics.append(
                Diagnostic(
                    diagnostic.severity, diagnostic.code, at: path,
                    "in the push template `\(key)` at \(inside): \(diagnostic.message)"))
        }
        if context.recordsProvenance {
            for (field, _) in inner.provenance { context.provenance[field] = path }
        }
    }
}

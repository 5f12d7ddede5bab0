public import PushCore

import JSONCodec

private typealias W = PinpointTemplateWire

// The push templates campaigns and sends name (`TemplateConfiguration.PushTemplate`: `{Name, Version}`), given as an
// option; shared by `pinpoint-campaign` and `pinpoint-message`.
//
// A campaign that sends a push template holds no push content of its own, and a send request (`SendMessages`,
// `SendUsersMessages`) may hold none or only part of it: it lives in the template, which Pinpoint stores apart
// (`aws pinpoint get-push-template`). The `pinpointTemplates` option gives those documents, by `Name`
// (the version Pinpoint calls active) or `Name/Version`; the CLI builds it from a directory (`--templates DIR`:
// `DIR/Name.json`, `DIR/Name/3.json`). Each is any form `pinpoint-template` reads (`get-push-template` output, the
// request, CloudFormation's resource or the CDK's props).

extension FormatOption {
    /// `pinpointTemplates`: the push templates campaigns and send requests name, by `Name` or `Name/Version`.
    package static let pinpointTemplates = FormatOption(
        "pinpointTemplates", kind: .json,
        summary: "the push templates campaigns and send requests name (`TemplateConfiguration.PushTemplate`; "
            + "pinpoint-campaign, pinpoint-message): an object of `Name` or "
            + "`Name/Version` to a template `pinpoint-template` reads (`--templates DIR`: `DIR/Name.json`, "
            + "`DIR/Name/3.json`)")
}

extension FormatOptions {
    /// `pinpointTemplates`: the Pinpoint push templates a campaign's or send request's
    /// `TemplateConfiguration.PushTemplate` names, by `Name` (the active version) or `Name/Version`, each a document
    /// `pinpoint-template` reads. Nil (the default): none; a campaign that sends a template is then read without
    /// content, with a `pinpoint-campaign.template.missing` warning, and a send request with only its own
    /// `MessageConfiguration`, with an `amazon.pinpoint.template-missing` warning.
    public var pinpointTemplates: JSONObject? {
        get { hasOnlyDefaults ? nil : value(.pinpointTemplates)?.objectValue }
        set { set(.pinpointTemplates, newValue.map(JSONValue.object)) }
    }
}

/// Finds the push template a campaign or send request names among those given
/// (``PushCore/FormatOptions/pinpointTemplates``), and reads it.
enum PinpointPushTemplates {
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
                "the template given as `\(name)` is version \(stated); version \(version) is named (give it "
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
            case .object(let response)? = root[W.responseWrapper]
        else { return nil }
        switch response["Version"] {
        case .string(let text)?: return text
        case .integer(let number)?: return String(number)
        default: return nil
        }
    }

    /// The `PushTemplate` of `owner` (a campaign or a send request: `TemplateConfiguration.PushTemplate`,
    /// `{Name, Version}`) and its path, when it names one by a string `Name`.
    static func pushTemplate(in owner: JSONObject, base: JSONPointer) -> (
        name: String, version: String?, at: JSONPointer
    )? {
        guard case .object(let configuration)? = owner[templateConfiguration],
            case .object(let template)? = configuration[pushTemplate],
            case .string(let name)? = template["Name"]
        else { return nil }
        let version: String?
        switch template["Version"] {
        case .string(let text)?: version = text
        case .integer(let number)?: version = String(number)
        default: version = nil
        }
        return (name, version, base.appending(templateConfiguration).appending(pushTemplate))
    }

    /// The keys naming a template, the same in a campaign and a send request.
    static let templateConfiguration = "TemplateConfiguration"
    static let pushTemplate = "PushTemplate"

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
        amazon.removeValue(forKey: W.memoryKey)
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

// MARK: - A template as a send's MessageConfiguration

extension PinpointPushTemplates {
    /// The `MessageConfiguration` key each template section fills: `APNS` the `APNSMessage`, `GCM` the
    /// `GCMMessage`, `ADM` the `ADMMessage`, `Baidu` the `BaiduMessage`, `Default` the
    /// `DefaultPushNotificationMessage` (botocore `PushNotificationTemplateRequest` against
    /// `DirectMessageConfiguration`: the members of each section are members of its message).
    static func configurationKey(of section: String) -> String? {
        switch section {
        case W.apns, W.gcm, W.adm, W.baidu: return W.message(of: section)
        case W.defaultSection: return AmazonKeys.Request.defaultPushNotificationMessage
        default: return nil
        }
    }

    /// The template `document` (any form `pinpoint-template` reads) as the `MessageConfiguration` of a send, with
    /// the default values of its variables (`DefaultSubstitutions`, a string holding a JSON object). Nil when it is
    /// not a template's envelope; sections that are not objects, and members spelt as no section spells them, are
    /// left out (reading the template with `--from pinpoint-template` reports them).
    static func configuration(of document: JSONValue) -> (configuration: JSONObject, defaults: TemplateSubstitutions)? {
        guard case .object(let root) = document else { return nil }
        var reader = PinpointTemplateReader()
        var scratch = NormaliseContext(options: FormatOptions())
        guard let template = reader.unwrap(root, context: &scratch) else { return nil }
        reader.isCDK = template.keys.contains { key in W.cdkTopLevel.contains { $0.cdk == key } }
        var configuration = JSONObject()
        var defaults = TemplateSubstitutions()
        for (key, value) in template {
            let wire = reader.wireKey(key)
            if wire == W.defaultSubstitutions {
                if case .string(let text) = value, case .object(let object)? = try? JSONParser().parse(text) {
                    var ignored: [Diagnostic] = []
                    defaults = TemplateSubstitutions(json: .object(object), severity: .warning, diagnostics: &ignored)
                }
                continue
            }
            guard let target = configurationKey(of: wire), case .object(let section) = value,
                configuration[target] == nil
            else { continue }
            var message = JSONObject()
            for (member, memberValue) in section {
                let name = reader.isCDK ? (W.wireMember(member) ?? member) : member
                if message[name] == nil { message.appendUnchecked(name, memberValue) }
            }
            configuration.appendUnchecked(target, .object(message))
        }
        return (configuration, defaults)
    }
}

public import PushCore

private typealias W = QConnectPushTemplateWire
private typealias K = QConnectPushTemplateWire.Memory

/// Amazon Q in Connect's push message template content (format `qconnect-push-template`), the successor of Pinpoint's
/// push templates, read and written in each form it comes in (botocore qconnect 2020-10-19):
///
/// 1. the `CreateMessageTemplate` request, or the CLI's input: `name`, `channelSubtype` (`PUSH`), `content`
///    (`{"push": {…}}`), `defaultAttributes`, `description`, `language`, `tags`, `groupingConfiguration`,
///    `knowledgeBaseId`, …;
/// 2. the bare `content`, `{"push": {…}}` (what `aws qconnect create-message-template --content` takes);
/// 3. `GetMessageTemplate` output, `{"messageTemplate": {…}}`, whose metadata (`messageTemplateArn`,
///    `messageTemplateId`, `createdTime`, `lastModifiedTime`, `lastModifiedBy`, `versionNumber`, …) is kept and
///    written back.
///
/// `PushMessageTemplateContent` has four platform sections and no `Default`: `apns` is the shared content (what iOS
/// shows: `mediaUrl` is `media[0]`, `action` `DEEP_LINK`/`URL` + `url` the tap link) and `fcm` is Android's, each read
/// as a Pinpoint template's `APNS` and `GCM` sections are (through `pinpoint-message`'s two-channel reader), with
/// `body` and `rawContent` unwrapped from `{"content": …}` and every finding at the template's own path. With no `fcm`,
/// `adm` (else `baidu`) is Android's, read as a Pinpoint template's `ADM` (`Baidu`); an `adm` or `baidu` section beside
/// the one read is kept verbatim and written back (an info says so), not read. `defaultAttributes` (the values Amazon
/// Connect fills in for a variable without a profile value) and the template's metadata are kept verbatim and written
/// back; when templates are rendered (`FormatOptions.substitutions`), `defaultAttributes` give the variables their
/// default values, under the values given (``QConnectDefaultAttributes``, the `qconnectAttributeNames` option).
/// Placeholders (`{{Attributes.firstName}}`) are data, kept verbatim; a URL holding one gets an info, not an error.
/// A platform section without `rawContent` needs both a title and a body (a warning). Keys a template does not define
/// are kept and written back with a warning. Rendering another format's notification writes the bare `content`, the
/// shared content to `apns` and Android's to `fcm` (with the shared title and body where Android has none of its
/// own); what a template has no member for (badge, thread, category, headers, custom data beyond the tap link,
/// Android's collapse key, priority, time to live) is reported lost.
public struct QConnectPushTemplateAdapter: PayloadAdapter {
    /// The `qconnect-push-template` format.
    public init() {}

    /// The format's public name.
    public static let formatName = "qconnect-push-template"

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// The two-channel `pinpoint-message` reader and writer the sections go through.
    let channels = PinpointChannelsAdapter()

    /// How the loss reasons name this format's sections.
    static let sectionNames = PinpointTemplateAdapter.SectionNames(
        apple: W.apns, android: W.fcm, adm: W.adm, baidu: W.baidu, rawContent: W.rawContent, action: "action",
        url: "url")

    /// Built once: a conversion reads it several times.
    private static let standardDescriptor: FormatDescriptor = {
        let channels = PinpointChannelsAdapter().descriptor
        let memory = ["extensions", AmazonKeys.Extension.namespace, W.memoryKey]
        return FormatDescriptor(
            name: formatName, vendor: AmazonKeys.Extension.namespace,
            summary: "An Amazon Q in Connect push message template: a CreateMessageTemplate request, its bare content "
                + "or GetMessageTemplate output.",
            isDelivered: false,
            carries: channels.carries + ["extensions.amazon.\(W.memoryKey)"],
            layoutPaths: channels.layoutPaths
                + [K.form, K.pushOrder, K.sectionOrder, K.containerOrder].map { JSONPointer(tokens: memory + [$0]) },
            options: [.qconnectAttributeNames, .pinpointAndroidChannel])
    }()

    /// Certain on a `channelSubtype` of `PUSH`, on `content.push` being an object (in a request or in
    /// `GetMessageTemplate`'s `messageTemplate`), and on a bare `push` object holding a platform section object.
    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload else { return nil }
        var template = root
        var prefix = ""
        if case .object(let inner)? = root[W.messageTemplate] {
            template = inner
            prefix = "/\(W.messageTemplate)"
        }
        var evidence: [String] = []
        if template[W.channelSubtype]?.stringValue == W.pushSubtype { evidence.append("\(prefix)/\(W.channelSubtype)") }
        if template[W.content]?.objectValue?[W.push]?.objectValue != nil {
            evidence.append("\(prefix)/\(W.content)/\(W.push)")
        }
        if prefix.isEmpty, case .object(let push)? = root[W.push],
            let section = W.sections.first(where: { push[$0]?.objectValue != nil })
        {
            evidence.append("/\(W.push)/\(section)")
        }
        return evidence.isEmpty ? nil : Recognition(strength: 3, evidence: evidence)
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object(let root) = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "a message template must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var reader = QConnectPushTemplateReader()
        var n = PushNotification()
        n.source = descriptor.name
        guard reader.read(root, into: &n, context: &context) else { return nil }
        n.source = descriptor.name
        var amazon = n.extensionObject(AmazonKeys.Extension.namespace)
        amazon[W.memoryKey] = .object(reader.memory)
        n.setExtension(AmazonKeys.Extension.namespace, amazon)
        // A template whose content is in an adm or baidu section (kept, with an info) is not missing its content.
        if !reader.keptChannel {
            ContentCheck.reportUnread(
                n, context: &context,
                unreadCodes: [.qconnectTemplateKeyUnknown, .qconnectTemplateKeyMisplaced])
        }
        return n
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        let own = Self.sanitised(notification)
        let carried = PinpointTemplateAdapter.restricted(own, context: &context, names: Self.sectionNames)
        let rendered = channels.render(carried, context: &context)
        return QConnectPushTemplateWriter(memory: Self.memory(of: notification)).document(from: rendered)
    }

    /// What the sections carry (as `pinpoint-message` carries them, without what a template has no member for), and
    /// the template's memory.
    public func carriedPart(of notification: PushNotification, options: FormatOptions) -> PushNotification {
        var ignored = RenderContext(options: options)
        var kept = channels.carriedPart(
            of: PinpointTemplateAdapter.restricted(
                Self.sanitised(notification), context: &ignored, names: Self.sectionNames),
            options: options)
        if let memory = Self.memory(of: notification) {
            var amazon = kept.extensionObject(AmazonKeys.Extension.namespace)
            amazon[W.memoryKey] = .object(memory)
            kept.setExtension(AmazonKeys.Extension.namespace, amazon)
        }
        return kept
    }

    /// The template memory of `n`, nil for a notification another format read.
    static func memory(of n: PushNotification) -> JSONObject? {
        n.extensionObject(AmazonKeys.Extension.namespace)[W.memoryKey]?.objectValue
    }

    /// `n` without another format's `pinpoint-message` memory (its request, its envelopes, what a Pinpoint template's
    /// sections left there): a template read by this format keeps what its own sections left; a notification from
    /// elsewhere is written afresh.
    static func sanitised(_ n: PushNotification) -> PushNotification {
        guard memory(of: n) == nil else { return n }
        var amazon = n.extensionObject(AmazonKeys.Extension.namespace)
        guard amazon[AmazonKeys.Extension.pinpointMessage] != nil || amazon[PinpointGCMMessage.memoryKey] != nil
        else { return n }
        amazon.removeValue(forKey: AmazonKeys.Extension.pinpointMessage)
        // The channel the Android side was read from stays: an ADM or Baidu message is written as one.
        amazon[PinpointGCMMessage.memoryKey] = PinpointAndroidChannel.channelOnly(
            amazon[PinpointGCMMessage.memoryKey]?.objectValue)
        var out = n
        if amazon.isEmpty {
            out.extensions.removeValue(forKey: AmazonKeys.Extension.namespace)
        } else {
            out.setExtension(AmazonKeys.Extension.namespace, amazon)
        }
        return out
    }
}

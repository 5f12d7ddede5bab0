public import PushCore

private typealias W = PinpointTemplateWire
private typealias K = PinpointTemplateWire.Memory

/// Amazon Pinpoint's push template (format `pinpoint-template`), read and written in each form Pinpoint stored it:
///
/// 1. the `PushNotificationTemplateRequest` body of `CreatePushTemplate` / `UpdatePushTemplate` (botocore): `APNS`,
///    `GCM`, `ADM`, `Baidu`, `Default`, `DefaultSubstitutions` (a JSON string), `RecommenderId`,
///    `TemplateDescription`, `tags`;
/// 2. `aws pinpoint get-push-template` output, `{"PushNotificationTemplateResponse": {…}}`, whose metadata (`Arn`,
///    `CreationDate`, `LastModifiedDate`, `TemplateName`, `TemplateType`, `Version`) is kept and written back;
/// 3. a CloudFormation `AWS::Pinpoint::PushTemplate` resource (`{"Type": …, "Properties": {…}}`), its bare
///    `Properties` (`Tags`, `TemplateName`) or the CDK's camelCase props (`apns`, `gcm`, `default`,
///    `defaultSubstitutions`, `templateName`, members `title`, `mediaUrl`, …), written back in the same spelling.
///
/// The sections map to the model's two-platform content as Pinpoint delivers them. `Default` supplies what a platform
/// section leaves out (`Action`, `Body`, `Sound`, `Title`, `Url`), so each platform section is read with those
/// filled in: `APNS` is the shared content (what iOS shows, as `pinpoint-message` reads an `APNSMessage`: `MediaUrl`
/// is `media[0]`, `Action` `DEEP_LINK`/`URL` + `Url` is `data.data.pinpoint.deeplink`/`url`), and `GCM` is Android's
/// (its own `android.title`, `android.image`, `android.url`, … where it differs from the shared content, as
/// `pinpoint-message` reads a `GCMMessage`). A template with `Default` but no `APNS` shows `Default` on iOS. `Default`
/// itself is kept verbatim in `extensions.amazon.pinpointTemplate` and written back; a rendering leaves out of a
/// platform section the values `Default` supplied, when they still equal it.
///
/// The model has one Android side: `GCM`'s, else `ADM`'s (read as `pinpoint-message` reads an `ADMMessage`), else
/// `Baidu`'s (as a `BaiduMessage`); a rendering writes it back under its own section. An `ADM` or `Baidu` section
/// beside the one read is kept verbatim and written back (an info says so), and other formats lose it with that
/// reason. `RawContent` is read as `pinpoint-message` reads it (it
/// overrides the section, and `Default` supplies nothing to it). Placeholders (`{{User.UserAttributes.X}}`,
/// `{{Attributes.x}}`, Handlebars helpers) are data, kept verbatim; a URL holding one gets an info, not an error.
/// Keys a template does not define are kept and written back with a warning (`MediaUrl` under `GCM`, `ImageUrl` under
/// `APNS`: misplaced, with where they belong). Rendering another format's notification writes the shared content to
/// `APNS` and Android's to `GCM` (with the shared title and body where Android has none of its own, so Android is
/// sent something); what a template has no member for (badge, thread, category, headers, custom data beyond the tap
/// link, Android's collapse key, priority, time to live) is reported lost.
public struct PinpointTemplateAdapter: PayloadAdapter {
    /// The `pinpoint-template` format.
    public init() {}

    /// The format's public name.
    public static let formatName = "pinpoint-template"

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// The two-channel `pinpoint-message` reader and writer the sections go through.
    let channels = PinpointChannelsAdapter()

    /// Built once: a conversion reads it several times.
    private static let standardDescriptor: FormatDescriptor = {
        let channels = PinpointChannelsAdapter().descriptor
        let memory = ["extensions", AmazonKeys.Extension.namespace, W.memoryKey]
        return FormatDescriptor(
            name: formatName, vendor: AmazonKeys.Extension.namespace,
            summary: "An Amazon Pinpoint push template: PushNotificationTemplateRequest, get-push-template output, "
                + "an AWS::Pinpoint::PushTemplate resource or its CDK props.",
            isDelivered: false,
            carries: channels.carries + ["extensions.amazon.\(W.memoryKey)"],
            layoutPaths: channels.layoutPaths
                + [K.form, K.spelling, K.envelope, K.order, K.fromDefault, K.absent].map {
                    JSONPointer(tokens: memory + [$0])
                },
            options: [.pinpointAndroidChannel])
    }()

    /// Certain on `PushNotificationTemplateResponse` or a `AWS::Pinpoint::PushTemplate` resource, and on a template
    /// section (`APNS`, `GCM`, `ADM`, `Baidu`, `Default`) holding a template member, with `DefaultSubstitutions` /
    /// `TemplateDescription` beside it as more evidence; above certain on a section spelt as the CDK spells it
    /// (`apns`, `gcm`: FCM v1's block names) holding a template member.
    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(var root) = payload else { return nil }
        if root[W.responseWrapper]?.objectValue != nil { return .certain("/\(W.responseWrapper)") }
        var prefix = ""
        if root[W.type]?.stringValue == W.resourceType {
            guard case .object(let properties)? = root[W.properties] else { return .certain("/\(W.type)") }
            root = properties
            prefix = "/\(W.properties)"
        }
        var evidence: [String] = []
        var cdkEvidence = false
        for (key, value) in root {
            let wire = W.cdkTopLevel.first(where: { $0.cdk == key })?.wire ?? key
            guard let members = W.members(of: wire), case .object(let section) = value else { continue }
            let cdk = wire != key
            if section.keys.contains(where: { members.contains(cdk ? (W.wireMember($0) ?? "") : $0) }) {
                evidence.append("\(prefix)/\(key)")
                cdkEvidence = cdkEvidence || cdk
            }
        }
        if !prefix.isEmpty { return .certain("/\(W.type)") }
        guard !evidence.isEmpty else { return nil }
        for key in [W.defaultSubstitutions, W.templateDescription, "defaultSubstitutions", "templateDescription"]
        where root[key] != nil {
            evidence.append("/\(key)")
        }
        // The CDK's `apns` / `gcm` look like an FCM v1 message's blocks to `fcm`, which is certain on them: a
        // template member inside (`body`, `mediaUrl`, …) is evidence FCM's blocks cannot have, so it weighs more.
        return Recognition(strength: cdkEvidence ? 4 : 3, evidence: evidence)
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object(let root) = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "a push template must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var reader = PinpointTemplateReader()
        guard let template = reader.unwrap(root, context: &context) else { return nil }
        var n = PushNotification()
        n.source = descriptor.name
        reader.read(template, into: &n, context: &context)
        n.source = descriptor.name
        var amazon = n.extensionObject(AmazonKeys.Extension.namespace)
        amazon[W.memoryKey] = .object(reader.memory)
        n.setExtension(AmazonKeys.Extension.namespace, amazon)
        // A template whose content is in an ADM or Baidu section (kept, with an info) is not missing its content.
        if !reader.keptChannel {
            ContentCheck.reportUnread(
                n, context: &context, unreadCodes: [.pinpointTemplateKeyUnknown, .pinpointTemplateKeyMisplaced])
        }
        return n
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        let own = Self.sanitised(notification)
        let carried = Self.restricted(own, context: &context)
        let rendered = channels.render(carried, context: &context)
        return PinpointTemplateWriter(memory: Self.memory(of: notification)).template(from: rendered)
    }

    /// What the sections carry (as `pinpoint-message` carries them, without what a template has no member for), and
    /// the template's memory.
    public func carriedPart(of notification: PushNotification, options: FormatOptions) -> PushNotification {
        var ignored = RenderContext(options: options)
        var kept = channels.carriedPart(
            of: Self.restricted(Self.sanitised(notification), context: &ignored), options: options)
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

    /// `n` without another format's `pinpoint-message` memory (its request, its envelopes): a template read by this
    /// format keeps what its own sections left there; a notification from elsewhere is written afresh.
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

    /// How a push template names its sections in the loss reasons `restricted` gives (`qconnect-push-template`
    /// spells them in camelCase).
    struct SectionNames {
        var apple = "APNS"
        var android = "GCM"
        var adm = "ADM"
        var baidu = "Baidu"
        var rawContent = "RawContent"
        var action = "Action"
        var url = "Url"

        /// The name of the section the Android side of `n` is written to (`GCM`, `ADM` or `Baidu`: the one it came
        /// from, or the `pinpointAndroidChannel` option's).
        func android(of n: PushNotification, options: FormatOptions) -> String {
            switch PinpointAndroidChannel.chosen(for: n, options: options) {
            case .gcm: return android
            case .adm: return adm
            case .baidu: return baidu
            }
        }
    }

    /// `n` without what a push template has no member for, each explained in `context`, with the sections named as
    /// `names` names them.
    static func restricted(
        _ n: PushNotification, context: inout RenderContext, names: SectionNames = SectionNames()
    ) -> PushNotification {
        var out = n
        let pinpoint = n.extensionObject(AmazonKeys.Extension.namespace)[AmazonKeys.Extension.pinpointMessage]
        let isRaw = pinpoint?.objectValue?[AmazonKeys.Extension.PinpointMessage.rawContent]?.boolValue == true
        func lose(_ tokens: [String], _ reason: String) { context.explainLoss(at: JSONPointer(tokens: tokens), reason) }
        let apns = "a push template's \(names.apple) section has no "
        if !isRaw {
            if out.badge != nil { lose(["badge"], apns + "badge (only \(names.rawContent) has one)"); out.badge = nil }
            if out.group != nil {
                lose(["group"], apns + "thread id (only \(names.rawContent) has one)"); out.group = nil
            }
            if out.category != nil {
                lose(["category"], apns + "category (only \(names.rawContent) has one)")
                out.category = nil
            }
            if out.contentAvailable != nil {
                lose(["contentAvailable"], apns + "silent-push flag (only \(names.rawContent) has content-available)")
                out.contentAvailable = nil
            }
            let reason =
                "a push template has no custom data (only a send's Data); the tap link is its \(names.action) and "
                + names.url
            out.data = keptData(n.data, reason: reason, lose: lose)
        }
        if out.target != nil {
            lose(["target"], "a push template names no recipient: the send request or campaign that uses it does")
            out.target = nil
        }
        if out.delivery != nil {
            lose(["delivery"], "a push template has no delivery headers: the send request or campaign sets them")
            out.delivery = nil
        }
        // An ADM or Baidu section's RawContent (that channel's own message) carries the Android side itself.
        if PinpointChannelsAdapter.writesNativeRawContent(n, options: context.options) { return out }
        if out.extensionObject(ADMWire.namespace)[ADMWire.Extension.md5] != nil {
            lose(
                PinpointAndroidChannel.md5Path.tokens,
                "an Android push template (\(names.android(of: n, options: context.options))) has no MD5 (a send's ADMMessage has)"
            )
            var adm = out.extensionObject(ADMWire.namespace)
            adm.removeValue(forKey: ADMWire.Extension.md5)
            out.setExtension(ADMWire.namespace, adm)
        }
        if var android = out.android {
            let reason = "an Android push template (\(names.android(of: n, options: context.options))) has no "
            let channel = PinpointAndroidChannel.chosen(for: n, options: context.options)
            for (field, what) in Self.androidLosses where android.canonicalObject[field] != nil {
                lose(["android", field], reason + what + channel.sendNote(for: field))
                switch field {
                case "collapseKey": android.collapseKey = nil
                case "icon": android.icon = nil
                case "priority": android.priority = nil
                case "restrictedPackageName": android.restrictedPackageName = nil
                case "silent": android.silent = nil
                case "ttl": android.ttl = nil
                default: android.data = nil
                }
            }
            out.android = android.isEmpty ? nil : android
        }
        return out
    }

    /// The Android fields a `GCM` template section has no member for (botocore `AndroidPushNotificationTemplate`).
    /// (The reason adds where a send's message of the section's channel has it.)
    static let androidLosses: [(field: String, what: String)] = [
        ("collapseKey", "collapse key"), ("icon", "icon resource"), ("priority", "priority"),
        ("restrictedPackageName", "restricted package name"), ("silent", "silent-push flag"), ("ttl", "time to live"),
        ("data", "data"),
    ]

    /// Custom data a template (or a campaign `Message`) carries: only where `Action` and `Url` are read to
    /// (`data.data.pinpoint.deeplink`, `.url`); the rest is explained through `lose` with `reason`.
    static func keptData(_ data: JSONObject, reason: String, lose: ([String], String) -> Void) -> JSONObject {
        var out = JSONObject()
        for (key, value) in data {
            guard key == AmazonKeys.data, case .object(let inner) = value else {
                lose(["data", key], reason)
                continue
            }
            var keptInner = JSONObject()
            for (innerKey, innerValue) in inner {
                guard innerKey == AmazonKeys.Pinpoint.pinpoint, case .object(let pinpoint) = innerValue else {
                    lose(["data", key, innerKey], reason)
                    continue
                }
                var link = JSONObject()
                for (name, item) in pinpoint {
                    if (name == AmazonKeys.Pinpoint.deeplink || name == AmazonKeys.Pinpoint.url)
                        && item.stringValue != nil
                    {
                        link.appendUnchecked(name, item)
                    } else {
                        lose(["data", key, innerKey, name], reason)
                    }
                }
                if !link.isEmpty { keptInner.appendUnchecked(innerKey, .object(link)) }
            }
            if !keptInner.isEmpty { out.appendUnchecked(key, .object(keptInner)) }
        }
        return out
    }
}

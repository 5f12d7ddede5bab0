public import PushCore

private typealias W = PinpointCampaignWire
private typealias K = PinpointCampaignWire.Memory

/// Amazon Pinpoint's campaign (format `pinpoint-campaign`), read and written in each form Pinpoint's API and CLI
/// hold it:
///
/// 1. the `WriteCampaignRequest` body of `CreateCampaign` / `UpdateCampaign` (botocore): `MessageConfiguration`,
///    `AdditionalTreatments`, `Schedule`, `SegmentId`, `TemplateConfiguration`, `tags`, …;
/// 2. `aws pinpoint get-campaign` output, `{"CampaignResponse": {…}}` or bare, whose metadata (`Id`, `Arn`,
///    `ApplicationId`, `CreationDate`, `LastModifiedDate`, `State`, `DefaultState`, `Version`) is kept verbatim and
///    written back;
/// 3. the CLI input of `aws pinpoint create-campaign --cli-input-json`, `{"ApplicationId": …,
///    "WriteCampaignRequest": {…}}`, written back in the same envelope.
///
/// The `MessageConfiguration`'s `APNSMessage` and `GCMMessage` are campaign `Message`s (`Action`, `Body`,
/// `ImageIconUrl`, `ImageSmallIconUrl`, `ImageUrl`, `JsonBody`, `MediaUrl`, `RawContent`, `SilentPush`,
/// `TimeToLive`, `Title`, `Url`; no `Sound`, `Data` or `Priority`). `DefaultMessage` supplies what a platform message
/// leaves out, as Pinpoint does, so each is read with those filled in: `APNSMessage` is the shared content (as
/// `pinpoint-message` reads a send's `APNSMessage`: `MediaUrl` is `media[0]`, `SilentPush` `contentAvailable`,
/// `Action` `DEEP_LINK`/`URL` + `Url` is `data.data.pinpoint.deeplink`/`url`, `TimeToLive` kept, or
/// `delivery.expiration` with the `sendTime` option), and `GCMMessage` is Android's (as `pinpoint-message` reads a
/// send's `GCMMessage`, `ImageSmallIconUrl` being its `SmallImageIconUrl`). Without a `GCMMessage`, the `ADMMessage`
/// (else the `BaiduMessage`) is Android's, read as a send's and written back under its own key; an `ADMMessage`
/// reads no `TimeToLive`, which "doesn't apply to … ADM" (botocore). A campaign with `DefaultMessage` but no
/// `APNSMessage` shows `DefaultMessage` on iOS. `DefaultMessage` itself is kept verbatim and written back; a
/// rendering leaves out of a platform message the values `DefaultMessage` supplied, when they still equal it.
///
/// A member a platform has no place for (`ImageUrl`, `ImageIconUrl`, `ImageSmallIconUrl` under `APNSMessage`,
/// `MediaUrl` under `GCMMessage`, `JsonBody`) is kept verbatim with an info; a key that is not a member (`Sound`,
/// `Data`, `Priority`, `SmallImageIconUrl`: the naming traps) with a warning. An `ADMMessage` or `BaiduMessage` beside
/// the message read as Android's (the model has one Android side) and the messages that are not push (`EmailMessage`, `SMSMessage`,
/// `InAppMessage`, `CustomMessage`) are kept verbatim and written back, with an info; other formats lose them with
/// that reason. Placeholders (`{{User.UserAttributes.X}}`) are data, kept verbatim; a URL holding one gets an info.
///
/// A campaign is one input and many messages: each of its `AdditionalTreatments` (an A/B variant with its own
/// `MessageConfiguration`) is kept verbatim and written back, and a conversion into a format with a place per message
/// (``RecipientCapacity``) yields the main treatment and each additional one as a message of its own, labelled
/// `treatment 2 of 3 (TreatmentName)` (``YieldsRecipientVariants``). Into any other format the campaign converts as
/// its main treatment, the additional ones reported lost.
///
/// Rendering another format's notification writes a `WriteCampaignRequest` holding only its `MessageConfiguration`
/// (the shared content in `APNSMessage`, Android's in `GCMMessage`, with the shared title and body where Android has
/// none of its own); what a campaign `Message` has no member for (badge, sound, thread, category, custom data beyond
/// the tap link, the recipient, APNs headers other than its time to live, Android's collapse key, priority, icon
/// resource, data and sound) is reported lost.
public struct PinpointCampaignAdapter: PayloadAdapter {
    /// The `pinpoint-campaign` format.
    public init() {}

    /// The format's public name.
    public static let formatName = "pinpoint-campaign"

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// The two-channel `pinpoint-message` reader and writer the messages go through.
    let channels = PinpointChannelsAdapter()

    /// Built once: a conversion reads it several times.
    private static let standardDescriptor: FormatDescriptor = {
        let channels = PinpointChannelsAdapter().descriptor
        let memory = ["extensions", AmazonKeys.Extension.namespace, W.memoryKey]
        return FormatDescriptor(
            name: formatName, vendor: AmazonKeys.Extension.namespace,
            summary: "An Amazon Pinpoint campaign: WriteCampaignRequest, get-campaign output (CampaignResponse) or "
                + "create-campaign's CLI input, its treatments one message each.",
            isDelivered: false,
            carries: channels.carries + ["extensions.amazon.\(W.memoryKey)"],
            layoutPaths: channels.layoutPaths
                + [
                    K.wrapper, K.envelopeOrder, K.order, K.configurationOrder, K.messageOrder, K.fromDefault,
                    K.absent, K.bareConfiguration, K.templateContent,
                ].map { JSONPointer(tokens: memory + [$0]) },
            options: channels.options + [.pinpointTemplates])
    }()

    /// Above certain (a `MessageConfiguration` is `pinpoint-message`'s certain evidence) on the `CampaignResponse` or
    /// `WriteCampaignRequest` envelope, and on a `MessageConfiguration`, `TemplateConfiguration` or
    /// `AdditionalTreatments` beside a key only a campaign has (`SegmentId`, `Schedule`, `HoldoutPercent`,
    /// `TreatmentName`, …; a send request has none of them).
    /// A bare `MessageConfiguration` is a campaign's when it holds keys only a campaign's has (`JsonBody`,
    /// `ImageSmallIconUrl`, `CustomMessage`, `InAppMessage`, a `DefaultMessage` with more than a `Body`, …) and none
    /// only a send's has (`Sound`, `Data`, `DefaultPushNotificationMessage`, …); beside those it is ambiguous and stays
    /// `pinpoint-message`'s (which says so, `amazon.pinpoint.campaign-shape`).
    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload else { return nil }
        for wrapper in [W.responseWrapper, W.requestWrapper] where root[wrapper]?.objectValue != nil {
            return Recognition(strength: 4, evidence: ["/\(wrapper)"])
        }
        if W.isBareConfiguration(root) {
            let evidence = W.shapeEvidence(of: root)
            return !evidence.campaign.isEmpty && evidence.send.isEmpty
                ? Recognition(strength: 4, evidence: evidence.campaign) : nil
        }
        let content = [W.messageConfiguration, W.templateConfiguration, W.additionalTreatments].filter {
            root[$0]?.objectValue != nil || root[$0]?.arrayValue != nil
        }
        guard !content.isEmpty else { return nil }
        let evidence = W.evidenceKeys.filter { root[$0] != nil && !content.contains($0) }
        guard !evidence.isEmpty else { return nil }
        return Recognition(strength: 4, evidence: (content + evidence).map { "/\($0)" })
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object(let root) = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "a campaign must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var reader = PinpointCampaignReader()
        guard let campaign = reader.unwrap(root, context: &context) else { return nil }
        var n = PushNotification()
        n.source = descriptor.name
        reader.read(campaign, into: &n, context: &context)
        n.source = descriptor.name
        var amazon = n.extensionObject(AmazonKeys.Extension.namespace)
        amazon[W.memoryKey] = .object(reader.memory)
        n.setExtension(AmazonKeys.Extension.namespace, amazon)
        // A campaign whose content is in an ADM or Baidu message or a push template is not missing its content.
        if !reader.keptContent {
            ContentCheck.reportUnread(n, context: &context, unreadCodes: [.pinpointCampaignKeyUnknown])
        }
        checkTreatmentMessages(campaign, base: reader.base, context: &context)
        return n
    }

    /// Reports the findings of each additional treatment's messages, at their paths (the notification is the main
    /// treatment's; each treatment's is read again as a message of its own only when converting).
    private func checkTreatmentMessages(_ campaign: JSONObject, base: JSONPointer, context: inout NormaliseContext) {
        guard case .array(let treatments)? = campaign[W.additionalTreatments] else { return }
        for (index, treatment) in treatments.enumerated() {
            guard case .object(let object) = treatment else { continue }
            var own = JSONObject()
            for key in [W.messageConfiguration, W.templateConfiguration] {
                if let value = object[key] { own.appendUnchecked(key, value) }
            }
            var reader = PinpointCampaignReader()
            reader.base = base.appending(W.additionalTreatments).appending(index: index)
            var scratch = NormaliseContext(options: context.options)
            var ignored = PushNotification()
            reader.read(own, into: &ignored, context: &scratch)
            context.diagnostics += scratch.diagnostics
        }
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        if let memory = Self.memory(of: notification), memory[K.templateContent]?.boolValue == true {
            return renderNamingTemplate(notification, memory: memory, context: &context)
        }
        let own = Self.sanitised(notification)
        let carried = Self.restricted(own, context: &context)
        let rendered = channels.render(carried, context: &context)
        return PinpointCampaignWriter(memory: Self.memory(of: notification)).campaign(from: rendered)
    }

    /// What the messages carry (as `pinpoint-message` carries them, without what a campaign `Message` has no member
    /// for), and the campaign's memory.
    public func carriedPart(of notification: PushNotification, options: FormatOptions) -> PushNotification {
        if let memory = Self.memory(of: notification), memory[K.templateContent]?.boolValue == true {
            return templateContent(of: notification, memory: memory, options: options)
        }
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

    // MARK: - A campaign whose content is its push template

    /// A campaign whose push content was read from the template it names: written back as it was, naming the
    /// template (its content is the template's, not the campaign's); what differs from the template's content is
    /// lost, with that reason.
    private func renderNamingTemplate(
        _ n: PushNotification, memory: JSONObject, context: inout RenderContext
    ) -> JSONValue {
        let written = PinpointCampaignWriter(memory: memory).campaign(from: .object(JSONObject()))
        let carried = templateContent(of: n, memory: memory, options: context.options)
        for path in n.lostFields(comparedWith: carried) {
            context.explainLoss(
                at: path,
                "the campaign's push content is the push template it names (TemplateConfiguration.PushTemplate), "
                    + "written back naming it: change the template to change the content")
        }
        return written
    }

    /// What a campaign naming its push template carries: what reading it back, with the same templates given, gives.
    private func templateContent(of n: PushNotification, memory: JSONObject, options: FormatOptions)
        -> PushNotification
    {
        let written = PinpointCampaignWriter(memory: memory).campaign(from: .object(JSONObject()))
        var context = NormaliseContext(options: options)
        context.recordsProvenance = false
        var back = normalise(written, context: &context) ?? PushNotification()
        back.source = n.source
        return back
    }

    /// The campaign memory of `n`, nil for a notification another format read.
    static func memory(of n: PushNotification) -> JSONObject? {
        n.extensionObject(AmazonKeys.Extension.namespace)[W.memoryKey]?.objectValue
    }

    /// `n` without another format's `pinpoint-message` memory (its request, its envelopes): a campaign read by this
    /// format keeps what its own messages left there; a notification from elsewhere is written afresh.
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

    /// `n` without what a campaign `Message` has no member for, each explained in `context`.
    static func restricted(_ n: PushNotification, context: inout RenderContext) -> PushNotification {
        var out = n
        let pinpoint = n.extensionObject(AmazonKeys.Extension.namespace)[AmazonKeys.Extension.pinpointMessage]
        let isRaw = pinpoint?.objectValue?[AmazonKeys.Extension.PinpointMessage.rawContent]?.boolValue == true
        func lose(_ tokens: [String], _ reason: String) { context.explainLoss(at: JSONPointer(tokens: tokens), reason) }
        let apns = "a campaign's APNSMessage has no "
        if !isRaw {
            if out.badge != nil { lose(["badge"], apns + "badge (only RawContent has one)"); out.badge = nil }
            if out.sound != nil {
                lose(["sound"], "a campaign Message has no Sound (a push template's has; only RawContent here)")
                out.sound = nil
            }
            if out.group != nil { lose(["group"], apns + "thread id (only RawContent has one)"); out.group = nil }
            if out.category != nil {
                lose(["category"], apns + "category (only RawContent has one)")
                out.category = nil
            }
            let reason =
                "a campaign Message has no custom data (no Data; `JsonBody` is a silent push's body); the tap link is "
                + "its Action and Url"
            out.data = PinpointTemplateAdapter.keptData(n.data, reason: reason, lose: lose)
        }
        if out.target != nil {
            lose(["target"], "a campaign names no device: it sends to its segment (SegmentId)")
            out.target = nil
        }
        if let delivery = out.delivery {
            var kept = PushNotification.Delivery()
            // `SilentPush` makes Pinpoint send a background push; `TimeToLive` is relative to the send time.
            if !isRaw && delivery.pushType == "background" && out.contentAvailable == true {
                kept.pushType = delivery.pushType
            }
            if context.options.sendTime != nil { kept.expiration = delivery.expiration }
            let headers = "a campaign Message has no APNs header but its time to live (`TimeToLive`)"
            if delivery.pushType != kept.pushType { lose(["delivery", "pushType"], headers) }
            if delivery.priority != nil { lose(["delivery", "priority"], headers) }
            if delivery.collapseID != nil { lose(["delivery", "collapseId"], headers) }
            if delivery.topic != nil { lose(["delivery", "topic"], headers) }
            if delivery.id != nil { lose(["delivery", "id"], headers) }
            if let expiration = delivery.expiration, kept.expiration == nil {
                lose(
                    ["delivery", "expiration"],
                    "apns-expiration is an absolute time (epoch \(expiration)) and a campaign's `TimeToLive` is "
                        + "relative (seconds after sending): give the `sendTime` option to convert it")
            }
            out.delivery = kept.isEmpty ? nil : kept
        }
        // An ADMMessage's or BaiduMessage's RawContent (that channel's own message) carries the Android side itself.
        if PinpointChannelsAdapter.writesNativeRawContent(n, options: context.options) { return out }
        if out.extensionObject(ADMWire.namespace)[ADMWire.Extension.md5] != nil {
            lose(PinpointAndroidChannel.md5Path.tokens, "a campaign Message has no MD5 (a send's ADMMessage has)")
            var adm = out.extensionObject(ADMWire.namespace)
            adm.removeValue(forKey: ADMWire.Extension.md5)
            out.setExtension(ADMWire.namespace, adm)
        }
        let channel = PinpointAndroidChannel.chosen(for: n, options: context.options)
        if channel == .adm, out.android?.ttl != nil {
            lose(["android", "ttl"], "a campaign's TimeToLive does not apply to its ADMMessage (botocore Message)")
            out.android?.ttl = nil
        }
        if var android = out.android {
            let reason = "an Android campaign Message (\(channel.rawValue)) has no "
            for (field, what) in Self.androidLosses where android.canonicalObject[field] != nil {
                lose(["android", field], reason + what + channel.sendNote(for: field))
                switch field {
                case "collapseKey": android.collapseKey = nil
                case "icon": android.icon = nil
                case "priority": android.priority = nil
                case "restrictedPackageName": android.restrictedPackageName = nil
                case "sound": android.sound = nil
                default: android.data = nil
                }
            }
            out.android = android.isEmpty ? nil : android
        }
        return out
    }

    /// The Android fields a campaign `GCMMessage` has no member for (botocore `Message`).
    /// (The reason adds where a send's message of that channel has it.)
    static let androidLosses: [(field: String, what: String)] = [
        ("collapseKey", "collapse key"), ("icon", "icon resource"), ("priority", "priority"),
        ("restrictedPackageName", "restricted package name"), ("sound", "sound"), ("data", "data"),
    ]
}

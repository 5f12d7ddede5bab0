import PushCore

/// The keys of Amazon Pinpoint's campaigns (format `pinpoint-campaign`), spelt once: botocore's
/// `WriteCampaignRequest`, `CampaignResponse`, `MessageConfiguration`, the campaign `Message`, `WriteTreatmentResource`
/// / `TreatmentResource` and `CreateCampaignRequest` (pinpoint 2016-12-01).
package enum PinpointCampaignWire {
    /// The `extensions.amazon` key of what a campaign needs to render back.
    package static let memoryKey = "pinpointCampaign"

    /// The `extensions.amazon.pinpointCampaign` keys.
    package enum Memory {
        /// The envelope the campaign was in: `CampaignResponse` (`get-campaign` output) or `WriteCampaignRequest`
        /// (the CLI input of `create-campaign` / `update-campaign`); absent for a bare campaign.
        package static let wrapper = "wrapper"
        /// The envelope's other members (the CLI input's `ApplicationId`, …), verbatim.
        package static let envelope = "envelope"
        /// The envelope's keys in input order, the campaign's slot included.
        package static let envelopeOrder = "envelopeOrder"
        /// The campaign's top-level keys in input order, so a rendering keeps the input's order.
        package static let order = "order"
        /// The campaign's keys other than `MessageConfiguration`, verbatim (metadata, `Schedule`, `tags`,
        /// `AdditionalTreatments`, `TemplateConfiguration`, unknown keys).
        package static let campaign = "campaign"
        /// The `MessageConfiguration`'s keys in input order.
        package static let configurationOrder = "configurationOrder"
        /// The `MessageConfiguration`'s keys other than the two read messages, verbatim (`DefaultMessage`,
        /// `ADMMessage`, `BaiduMessage`, the messages that are not push, unknown keys, values of the wrong type).
        package static let configuration = "configuration"
        /// Per read message (`APNSMessage`, `GCMMessage`), the keys it took from `DefaultMessage`.
        package static let fromDefault = "fromDefault"
        /// The read messages the input did not have (read from `DefaultMessage` alone).
        package static let absent = "absent"
        /// Per read message, its keys that are not read (campaign `Message` members with no place on that platform,
        /// keys that are not members), verbatim.
        package static let fields = "fields"
        /// Per read message, its keys in input order, so a rendering keeps the input's order.
        package static let messageOrder = "messageOrder"
        /// True when the input was a bare `MessageConfiguration` (a campaign's, with no campaign around it).
        package static let bareConfiguration = "bareConfiguration"
        /// True when the push content was read from the template `TemplateConfiguration.PushTemplate` names (given
        /// with the `pinpointTemplates` option): the campaign is written back naming it, without messages.
        package static let templateContent = "templateContent"
    }

    /// `{"CampaignResponse": {…}}`, what `aws pinpoint get-campaign` prints.
    static let responseWrapper = "CampaignResponse"
    /// `{"ApplicationId": …, "WriteCampaignRequest": {…}}`, `aws pinpoint create-campaign --cli-input-json`.
    static let requestWrapper = "WriteCampaignRequest"
    /// The CLI input's application id.
    static let applicationID = "ApplicationId"

    static let messageConfiguration = "MessageConfiguration"
    static let additionalTreatments = "AdditionalTreatments"
    static let templateConfiguration = "TemplateConfiguration"
    static let treatmentName = "TreatmentName"
    static let treatmentDescription = "TreatmentDescription"
    static let schedule = "Schedule"
    static let startTime = "StartTime"
    static let sizePercent = "SizePercent"
    static let holdoutPercent = "HoldoutPercent"
    static let state = "State"
    static let defaultState = "DefaultState"
    static let campaignStatus = "CampaignStatus"
    static let tags = "tags"
    static let pushTemplate = "PushTemplate"

    /// `WriteCampaignRequest`'s members.
    static let requestKeys: Set<String> = [
        additionalTreatments, "CustomDeliveryConfiguration", "Description", holdoutPercent, "Hook", "IsPaused",
        "Limits", messageConfiguration, "Name", "Priority", schedule, "SegmentId", "SegmentVersion", tags,
        templateConfiguration, treatmentDescription, treatmentName,
    ]
    /// What `CampaignResponse` adds (metadata, kept verbatim).
    static let responseKeys: Set<String> = [
        "ApplicationId", "Arn", "CreationDate", defaultState, "Id", "LastModifiedDate", state, "Version",
    ]
    /// Every top-level key of a campaign.
    static let topLevelKeys = requestKeys.union(responseKeys)

    /// Keys only a campaign has beside its `MessageConfiguration` (a send request has none of them): the evidence
    /// detection takes.
    static let evidenceKeys: [String] = [
        "SegmentId", schedule, additionalTreatments, holdoutPercent, treatmentName, treatmentDescription,
        "SegmentVersion", "IsPaused", "Hook", "Limits",
    ]

    /// `WriteTreatmentResource` / `TreatmentResource` members.
    static let treatmentKeys: Set<String> = [
        "CustomDeliveryConfiguration", "Id", messageConfiguration, schedule, sizePercent, state,
        templateConfiguration, treatmentDescription, treatmentName,
    ]

    /// The `MessageConfiguration` keys read into the model.
    static let apnsMessage = "APNSMessage"
    static let gcmMessage = "GCMMessage"
    static let defaultMessage = "DefaultMessage"
    /// The push messages kept verbatim when not read as the Android side (`GCMMessage`'s, else `ADMMessage`'s).
    static let keptPushMessages: Set<String> = ["ADMMessage", "BaiduMessage"]
    /// The messages that can be the model's Android side, in the order one is picked.
    static let androidMessages: [String] = PinpointAndroidChannel.allCases.map(\.configurationKey)
    /// The messages that are not push, kept verbatim.
    static let otherMessages: Set<String> = ["CustomMessage", "EmailMessage", "InAppMessage", "SMSMessage"]
    /// Every `MessageConfiguration` member.
    static let configurationKeys: Set<String> = keptPushMessages.union(otherMessages).union([
        apnsMessage, defaultMessage, gcmMessage,
    ])

    /// The campaign `Message`'s members (no `Sound`, `Data` or `Priority`; `ImageSmallIconUrl`, not
    /// `SmallImageIconUrl`).
    static let messageMembers: Set<String> = [
        "Action", "Body", "ImageIconUrl", "ImageSmallIconUrl", "ImageUrl", "JsonBody", "MediaUrl", "RawContent",
        "SilentPush", "TimeToLive", "Title", "Url",
    ]
    /// The members read from an `APNSMessage` (as `pinpoint-message` reads a send's `APNSMessage`).
    static let appleMembers: Set<String> = [
        "Action", "Body", "MediaUrl", "RawContent", "SilentPush", "TimeToLive", "Title", "Url",
    ]
    /// The members read from a `GCMMessage` (as `pinpoint-message` reads a send's `GCMMessage`, with
    /// `ImageSmallIconUrl` respelt as the send's `SmallImageIconUrl`).
    static let androidMembers: Set<String> = [
        "Action", "Body", "ImageIconUrl", "ImageSmallIconUrl", "ImageUrl", "RawContent", "SilentPush", "TimeToLive",
        "Title", "Url",
    ]
    /// The campaign's spelling of the small icon, and the send `GCMMessage`'s.
    static let campaignSmallIcon = "ImageSmallIconUrl"
    static let sendSmallIcon = "SmallImageIconUrl"

    /// The members of read message `name`.
    /// (An `ADMMessage` reads no `TimeToLive`: it "doesn't apply to … ADM", botocore `Message.TimeToLive`.)
    static func readMembers(of name: String) -> Set<String> {
        switch name {
        case apnsMessage: return appleMembers
        case PinpointAndroidChannel.adm.configurationKey: return androidMembers.subtracting(["TimeToLive"])
        default: return androidMembers
        }
    }

    /// The members holding a URL (a placeholder there is a template value).
    static let urlMembers: Set<String> = ["ImageIconUrl", "ImageSmallIconUrl", "ImageUrl", "MediaUrl", "Url"]

    /// Why a key is not a campaign `Message` member, for the naming traps.
    static func trap(_ key: String) -> String? {
        switch key {
        case "Sound": return "a campaign Message has no Sound (a push template's sections and a send's messages do)"
        case "Data": return "a campaign Message has no Data (a send's messages do; `JsonBody` is a silent push's body)"
        case "Priority": return "a campaign Message has no Priority (a send's messages do)"
        case sendSmallIcon: return "the campaign Message spells it `ImageSmallIconUrl`"
        default: return nil
        }
    }

    // MARK: - Limits, Hook and Schedule (botocore `CampaignLimits`, `CampaignHook`, `Schedule`)

    static let limits = "Limits"
    static let hook = "Hook"

    /// `CampaignLimits`: each an integer, with the range botocore's documentation states (nil: none stated beyond
    /// not negative).
    static let limitRanges: [(key: String, range: ClosedRange<Int64>?, stated: String)] = [
        ("Daily", 0...100, "at most 100"),
        ("MaximumDuration", 60...Int64.max, "at least 60 seconds"),
        ("MessagesPerSecond", 1...20_000, "from 1 to 20,000"),
        ("Total", 0...100, "at most 100"),
        ("Session", nil, "not negative"),
    ]

    /// `CampaignHook`'s members.
    static let hookKeys: Set<String> = ["LambdaFunctionName", "Mode", "WebUrl"]
    /// `Mode` values; `DELIVERY` is deprecated (botocore: "This functionality is not supported anymore").
    static let hookModes: Set<String> = ["FILTER", "DELIVERY"]

    /// `Schedule`'s members.
    static let scheduleKeys: Set<String> = [
        "EndTime", "EventFilter", "Frequency", "IsLocalTime", "QuietTime", startTime, "Timezone",
    ]
    /// `Frequency` values.
    static let frequencies: Set<String> = ["ONCE", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "EVENT", "IN_APP_EVENT"]
    /// `CampaignEventFilter.FilterType` values.
    static let filterTypes: Set<String> = ["SYSTEM", "ENDPOINT"]
    /// The `Timezone` values botocore's documentation lists (used when `IsLocalTime` is true).
    static let timezones: Set<String> = [
        "UTC", "UTC+01", "UTC+02", "UTC+03", "UTC+03:30", "UTC+04", "UTC+04:30", "UTC+05", "UTC+05:30", "UTC+05:45",
        "UTC+06", "UTC+06:30", "UTC+07", "UTC+08", "UTC+09", "UTC+09:30", "UTC+10", "UTC+10:30", "UTC+11", "UTC+12",
        "UTC+13", "UTC-02", "UTC-03", "UTC-04", "UTC-05", "UTC-06", "UTC-07", "UTC-08", "UTC-09", "UTC-10", "UTC-11",
    ]

    // MARK: - A bare MessageConfiguration: a campaign's or a send's

    /// The push messages of a `MessageConfiguration` (a campaign's and a send's).
    static let pushMessages: [String] = [apnsMessage, gcmMessage, "ADMMessage", "BaiduMessage", defaultMessage]
    /// `MessageConfiguration` keys only a campaign's has (botocore `MessageConfiguration` against
    /// `DirectMessageConfiguration`).
    static let campaignOnlyConfigurationKeys: [String] = ["CustomMessage", "InAppMessage"]
    /// `DirectMessageConfiguration` keys only a send's has.
    static let sendOnlyConfigurationKeys: [String] = ["DefaultPushNotificationMessage", "VoiceMessage"]
    /// Campaign `Message` members a send's message of that channel does not have.
    static func campaignOnlyMembers(of message: String) -> Set<String> {
        switch message {
        case apnsMessage: return ["ImageIconUrl", campaignSmallIcon, "ImageUrl", "JsonBody"]
        case defaultMessage: return messageMembers.subtracting(["Body"])
        default: return [campaignSmallIcon, "JsonBody", "MediaUrl"]
        }
    }
    /// A send's message members a campaign `Message` does not have (`APNSMessage`, `GCMMessage`, `ADMMessage`,
    /// `BaiduMessage`, `DefaultMessage`).
    static func sendOnlyMembers(of message: String) -> Set<String> {
        switch message {
        case apnsMessage:
            return [
                "APNSPushType", "Badge", "Category", "CollapseId", "Data", "PreferredAuthenticationMethod", "Priority",
                "Sound", "Substitutions", "ThreadId", "aps",
            ]
        case defaultMessage: return ["Substitutions"]
        default:
            return [
                "CollapseKey", "ConsolidationKey", "Data", "ExpiresAfter", "IconReference", "MD5",
                "PreferredAuthenticationMethod", "Priority", "RestrictedPackageName", sendSmallIcon, "Sound",
                "Substitutions",
            ]
        }
    }

    /// True when `root` is a bare `MessageConfiguration`: a push message or a configuration key of either shape at
    /// the root, and no key of a campaign or of a send request around it.
    static func isBareConfiguration(_ root: JSONObject) -> Bool {
        // Over the members: no array of keys built (every read of a send request asks).
        root.members.contains { eitherConfigurationKeys.contains($0.key) }
            && !root.members.contains { topLevelKeys.contains($0.key) || sendRequestKeys.contains($0.key) }
    }

    /// Every key of a `MessageConfiguration`, a campaign's or a send's (built once).
    private static let eitherConfigurationKeys = Set(
        pushMessages + campaignOnlyConfigurationKeys + sendOnlyConfigurationKeys
    ).union(otherMessages)

    /// Keys of a send request around a `MessageConfiguration` (and of the CLI input around it).
    static let sendRequestKeys: Set<String> = [
        "Addresses", "Endpoints", "Users", "Context", "TraceId", "MessageRequest", "SendUsersMessageRequest",
    ]

    /// The keys of the bare `MessageConfiguration` `root` that only a campaign's has, and those only a send's has,
    /// as JSON Pointers.
    static func shapeEvidence(of root: JSONObject) -> (campaign: [String], send: [String]) {
        var campaign = campaignOnlyConfigurationKeys.filter { root[$0] != nil }.map { "/\($0)" }
        var send = sendOnlyConfigurationKeys.filter { root[$0] != nil }.map { "/\($0)" }
        for name in pushMessages {
            guard case .object(let message)? = root[name] else { continue }
            let campaignOnly = campaignOnlyMembers(of: name)
            let sendOnly = sendOnlyMembers(of: name)
            for key in message.keys {
                if campaignOnly.contains(key) { campaign.append("/\(name)/\(key)") }
                if sendOnly.contains(key) { send.append("/\(name)/\(key)") }
            }
        }
        return (campaign, send)
    }

    /// Says when `payload`, read as a send's bare `MessageConfiguration` (by `pinpoint-message` or `pinpoint-gcm`),
    /// holds keys only a campaign's has: with a send's keys too it is ambiguous (`auto` keeps the send's reading);
    /// alone they make it a campaign's (`auto` reads it as `pinpoint-campaign`).
    static func reportCampaignShape(of payload: JSONValue, context: inout NormaliseContext) {
        guard case .object(let root) = payload, isBareConfiguration(root) else { return }
        let evidence = shapeEvidence(of: root)
        guard !evidence.campaign.isEmpty else { return }
        let campaign = evidence.campaign.map { "`\($0)`" }.joined(separator: ", ")
        let send = evidence.send.map { "`\($0)`" }.joined(separator: ", ")
        context.diagnostics.info(
            .amazonCampaignShape, at: .root,
            evidence.send.isEmpty
                ? "only a campaign's MessageConfiguration has \(campaign) (`auto` reads it as pinpoint-campaign); "
                    + "read as a send's, as the format was named"
                : "this MessageConfiguration holds keys only a campaign's has (\(campaign)) and keys only a send's "
                    + "has (\(send)): ambiguous, read as a send's; `--from pinpoint-campaign` reads it as a campaign's")
    }

    /// `CampaignStatus` values.
    static let statuses: Set<String> = [
        "SCHEDULED", "EXECUTING", "PENDING_NEXT_RUN", "COMPLETED", "PAUSED", "DELETED", "INVALID",
    ]

    /// The most characters of a campaign `Message`'s `Body` (botocore `Message.Body`).
    static let bodyLimit = 200
}

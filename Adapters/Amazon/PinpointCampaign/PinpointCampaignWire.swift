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

    /// `CampaignStatus` values.
    static let statuses: Set<String> = [
        "SCHEDULED", "EXECUTING", "PENDING_NEXT_RUN", "COMPLETED", "PAUSED", "DELETED", "INVALID",
    ]

    /// The most characters of a campaign `Message`'s `Body` (botocore `Message.Body`).
    static let bodyLimit = 200
}

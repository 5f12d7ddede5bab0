public import PushCore

extension DiagnosticCode {
    /// A key a campaign, its `MessageConfiguration`, a campaign `Message` or a treatment does not define; kept and
    /// written back.
    public static let pinpointCampaignKeyUnknown: DiagnosticCode = "pinpoint-campaign.key.unknown"
    /// A campaign `Message` member the platform's message has no place for (`ImageUrl` under `APNSMessage`,
    /// `JsonBody`, `MediaUrl` under `GCMMessage`): kept verbatim and written back.
    public static let pinpointCampaignMemberKept: DiagnosticCode = "pinpoint-campaign.member.kept"
    /// A message that is not read into the model (an `ADMMessage` or `BaiduMessage` beside the Android side's
    /// message, the email, SMS, in-app and custom messages): kept verbatim.
    public static let pinpointCampaignMessageKept: DiagnosticCode = "pinpoint-campaign.message.kept"
    /// An additional treatment: kept verbatim; converted as a message of its own into a format with a place per
    /// message.
    public static let pinpointCampaignTreatmentKept: DiagnosticCode = "pinpoint-campaign.treatment.kept"
    /// A treatment's `SizePercent` (or the campaign's `HoldoutPercent`) missing, outside 0–100, or the treatments
    /// and the holdout adding up to more than 100.
    public static let pinpointCampaignSizeInvalid: DiagnosticCode = "pinpoint-campaign.size.invalid"
    /// A `CampaignStatus` that is not one of botocore's values.
    public static let pinpointCampaignStateUnknown: DiagnosticCode = "pinpoint-campaign.state.unknown"
    /// A `Schedule` without its required `StartTime`.
    public static let pinpointCampaignStartMissing: DiagnosticCode = "pinpoint-campaign.schedule.start-missing"
    /// A campaign `Message` body over 200 characters.
    public static let pinpointCampaignBodyTooLong: DiagnosticCode = "pinpoint-campaign.body.too-long"
    /// A URL holding a `{{…}}` placeholder: a template value, checked once rendered.
    public static let pinpointCampaignPlaceholderURL: DiagnosticCode = "pinpoint-campaign.url.placeholder"
    /// A campaign with no push message and no push template: it sends no push notification.
    public static let pinpointCampaignEmpty: DiagnosticCode = "pinpoint-campaign.empty"
}

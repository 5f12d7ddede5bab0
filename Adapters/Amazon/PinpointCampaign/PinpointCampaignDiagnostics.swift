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
    /// A campaign whose push content is the template `TemplateConfiguration.PushTemplate` names, which was not given
    /// (option `pinpointTemplates`, `--templates DIR`), or not that version: the notification read has no content.
    public static let pinpointCampaignTemplateMissing: DiagnosticCode = "pinpoint-campaign.template.missing"
    /// The push content was read from the template `TemplateConfiguration.PushTemplate` names, as given; the
    /// template's own findings follow, located at `PushTemplate`.
    public static let pinpointCampaignTemplateRead: DiagnosticCode = "pinpoint-campaign.template.read"
    /// A `Limits` value outside the range botocore documents (`Daily` and `Total` at most 100, `MaximumDuration` at
    /// least 60, `MessagesPerSecond` 1 to 20,000, none negative).
    public static let pinpointCampaignLimitsInvalid: DiagnosticCode = "pinpoint-campaign.limits.invalid"
    /// A `Hook` whose `Mode` is not `FILTER` or `DELIVERY` (an error), whose `Mode` is the deprecated `DELIVERY`,
    /// whose `WebUrl` is not https, or that names neither a Lambda function nor a web URL (warnings).
    public static let pinpointCampaignHookInvalid: DiagnosticCode = "pinpoint-campaign.hook.invalid"
    /// A `Schedule` value botocore does not allow: a `Frequency` or event `FilterType` outside its values (an
    /// error); a `StartTime` that is neither `IMMEDIATE` nor ISO 8601, an `EndTime` that is not ISO 8601, a
    /// `QuietTime` not in `HH:MM`, a `Timezone` not in botocore's list, an `EVENT` schedule without its
    /// `EventFilter` (warnings).
    public static let pinpointCampaignScheduleInvalid: DiagnosticCode = "pinpoint-campaign.schedule.invalid"
}

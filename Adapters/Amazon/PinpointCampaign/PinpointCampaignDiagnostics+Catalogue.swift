package import PushCore

extension DiagnosticEntry {
    /// The catalogue entries of the `pinpoint-campaign` format: each code with its severities and one-line summary.
    package static let pinpointCampaignCodes: [DiagnosticEntry] = [
        DiagnosticEntry(
            .pinpointCampaignKeyUnknown, .warning,
            summary: """
                A key a campaign (`WriteCampaignRequest`, `CampaignResponse`), its `MessageConfiguration`, a campaign \
                `Message` or a treatment does not define (botocore); a campaign `Message` has no `Sound`, `Data` or \
                `Priority` and spells `ImageSmallIconUrl` so. Kept and written back.
                """),
        DiagnosticEntry(
            .pinpointCampaignMemberKept, .info,
            summary: """
                A campaign `Message` member its platform has no place for (`ImageUrl`, `ImageIconUrl`, \
                `ImageSmallIconUrl` under `APNSMessage`, `MediaUrl` under `GCMMessage`, `JsonBody`): kept verbatim \
                and written back.
                """),
        DiagnosticEntry(
            .pinpointCampaignMessageKept, .info,
            summary: """
                An `ADMMessage` or `BaiduMessage` beside the message read as the Android side (`GCMMessage`, else \
                `ADMMessage`), or a message that \
                is not push (`EmailMessage`, `SMSMessage`, `InAppMessage`, `CustomMessage`): kept verbatim and \
                written back, not read.
                """),
        DiagnosticEntry(
            .pinpointCampaignTreatmentKept, .info,
            summary: """
                An additional treatment (`AdditionalTreatments`): kept verbatim and written back; a conversion into \
                a format with a place per message makes it a message of its own (`treatment 2 of 3 (name)`).
                """),
        DiagnosticEntry(
            .pinpointCampaignSizeInvalid, .error,
            summary: """
                A treatment without `SizePercent` (required), a `SizePercent` or `HoldoutPercent` outside 0–100, or \
                the treatments and the holdout adding up to more than 100 percent.
                """),
        DiagnosticEntry(
            .pinpointCampaignStateUnknown, .warning,
            summary: """
                A `State.CampaignStatus` that is not one of `SCHEDULED`, `EXECUTING`, `PENDING_NEXT_RUN`, \
                `COMPLETED`, `PAUSED`, `DELETED`, `INVALID` (botocore `CampaignStatus`).
                """),
        DiagnosticEntry(
            .pinpointCampaignStartMissing, .warning,
            summary: """
                A `Schedule` without `StartTime`, which botocore requires (`IMMEDIATE` or an ISO 8601 time).
                """),
        DiagnosticEntry(
            .pinpointCampaignBodyTooLong, .warning,
            summary: """
                A campaign `Message` `Body` over 200 characters (botocore `Message.Body`).
                """),
        DiagnosticEntry(
            .pinpointCampaignPlaceholderURL, .info,
            summary: """
                A URL holding a `{{…}}` placeholder: a template value Pinpoint fills in when it sends, not an \
                invalid URL.
                """),
        DiagnosticEntry(
            .pinpointCampaignEmpty, .warning,
            summary: """
                A campaign with no push message (`APNSMessage`, `GCMMessage`, `ADMMessage`, `BaiduMessage`, \
                `DefaultMessage`) and no push template: it sends no push notification.
                """),
        DiagnosticEntry(
            .pinpointCampaignTemplateMissing, .warning,
            summary: """
                The campaign's push content is the template `TemplateConfiguration.PushTemplate` names (`Name`, \
                `Version`), which was not given (option `pinpointTemplates`, `--templates DIR`) or not in that \
                version: the notification read has no content.
                """),
        DiagnosticEntry(
            .pinpointCampaignTemplateRead, .info,
            summary: """
                The campaign's push content was read from the push template `TemplateConfiguration.PushTemplate` \
                names, as given with `pinpointTemplates`; the template's own findings are located at `PushTemplate`.
                """),
        DiagnosticEntry(
            .pinpointCampaignLimitsInvalid, .warning,
            summary: """
                A `Limits` value outside what botocore's `CampaignLimits` documents: `Daily` and `Total` at most \
                100, `MaximumDuration` at least 60 seconds, `MessagesPerSecond` from 1 to 20,000, none negative.
                """),
        DiagnosticEntry(
            .pinpointCampaignHookInvalid, .error, .warning,
            summary: """
                A `Hook` `Mode` other than `FILTER` or `DELIVERY` (error); the deprecated `DELIVERY` mode, a \
                `WebUrl` that is not https, or a hook naming neither `LambdaFunctionName` nor `WebUrl` (warnings).
                """),
        DiagnosticEntry(
            .pinpointCampaignScheduleInvalid, .error, .warning,
            summary: """
                A `Schedule` `Frequency` or `EventFilter.FilterType` outside botocore's values (error); a \
                `StartTime` neither `IMMEDIATE` nor ISO 8601, an `EndTime` not ISO 8601, a `QuietTime` not \
                `HH:MM`, a `Timezone` outside botocore's list, an `EVENT` schedule without `EventFilter` (warnings).
                """),
    ]
}

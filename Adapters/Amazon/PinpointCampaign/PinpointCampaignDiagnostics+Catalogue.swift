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
    ]
}

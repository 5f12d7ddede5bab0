package import PushCore

extension DiagnosticEntry {
    /// The catalogue entries of the Amazon formats (`amazon`, `pinpoint*`, `sns`): each code with its severities and
    /// one-line summary.
    package static let amazonCodes: [DiagnosticEntry] = [
        DiagnosticEntry(
            .amazonADMExpiresAfterInvalid, .error,
            summary: """
                `ADMMessage.ExpiresAfter` is not a string of whole seconds (kept).
                """),
        DiagnosticEntry(
            .amazonAndroidSilentPushInvalid, .error,
            summary: """
                `pinpoint.notification.silentPush` is not `"1"` or `"0"` (kept).
                """),
        DiagnosticEntry(
            .amazonBaiduTimeToLiveRange, .warning,
            summary: """
                `BaiduMessage.TimeToLive` is over Baidu's 604,800 seconds (7 days, also its default).
                """),
        DiagnosticEntry(
            .amazonCampaignShape, .info,
            summary: """
                A bare `MessageConfiguration` read as a send's (`pinpoint-message`, `pinpoint-gcm`) holds keys only \
                a campaign's has (`JsonBody`, `ImageSmallIconUrl`, `CustomMessage`, a `DefaultMessage` with a \
                `Title`, …): beside a send's keys (`Sound`, `Data`, …) it is ambiguous and stays a send's; \
                `--from pinpoint-campaign` reads it as a campaign's.
                """),
        DiagnosticEntry(
            .amazonChannelMessageKept, .info,
            summary: """
                An `ADMMessage` or `BaiduMessage` beside the message read as the Android side (`GCMMessage`, or \
                `ADMMessage` beside a `BaiduMessage`): kept verbatim, the model has one Android side.
                """),
        DiagnosticEntry(
            .amazonGCMMissing, .warning,
            summary: """
                A `MessageConfiguration` with no `GCMMessage` and no `DefaultPushNotificationMessage`: Pinpoint \
                sends nothing to Android.
                """),
        DiagnosticEntry(
            .amazonGCMPriorityInvalid, .error,
            summary: """
                `GCMMessage.Priority` is not `normal`, `high`, `5` or `10`.
                """),
        DiagnosticEntry(
            .amazonGCMPriorityNormalised, .warning,
            summary: """
                `GCMMessage.Priority` given as APNs's `10`/`5`; read as `high`/`normal`, as Pinpoint sends it.
                """),
        DiagnosticEntry(
            .amazonGCMTimeToLiveInvalid, .error,
            summary: """
                `GCMMessage.TimeToLive` is not a non-negative integer.
                """),
        DiagnosticEntry(
            .amazonGCMUnknownKey, .warning,
            summary: """
                A `GCMMessage` (or campaign `Message`) key Pinpoint does not define; kept verbatim.
                """),
        DiagnosticEntry(
            .amazonMediaFound, .info,
            summary: """
                Where the media URL was found (`top`, `data`, `aps`, or Pinpoint's `data.media-url`).
                """),
        DiagnosticEntry(
            .amazonMediaMultiple, .warning,
            summary: """
                Media URLs in several placements; all are read, in document order.
                """),
        DiagnosticEntry(
            .amazonMediaWithoutMutableContent, .info,
            summary: """
                Media rendered without `mutable-content: 1`; nothing is added, so no extension runs.
                """),
        DiagnosticEntry(
            .amazonActionUnknown, .error,
            summary: """
                `APNSMessage.Action` is not `OPEN_APP`, `DEEP_LINK` or `URL`.
                """),
        DiagnosticEntry(
            .amazonAPNSMessageMissing, .warning,
            summary: """
                A `MessageConfiguration` (or request) with no `APNSMessage`, `DefaultPushNotificationMessage` or \
                `DefaultMessage`: nothing is sent to iOS.
                """),
        DiagnosticEntry(
            .amazonAuthenticationMethodUnknown, .warning,
            summary: """
                `PreferredAuthenticationMethod` is not `CERTIFICATE` or `TOKEN`.
                """),
        DiagnosticEntry(
            .amazonRecipientSkipped, .warning,
            summary: """
                A send request's recipient (`Addresses`, `Endpoints`, `Users`) gets no message: its channel's \
                content is not read (`ADM`, `BAIDU`) or is not push, or its settings are not of the documented types.
                """),
        DiagnosticEntry(
            .amazonVariableUnrendered, .warning,
            summary: """
                A `{{…}}` placeholder left verbatim in a recipient's message: no `Substitutions` value names the \
                variable, or it is a Handlebars helper, block or partial, which is not rendered.
                """),
        DiagnosticEntry(
            .amazonTemplateMissing, .warning,
            summary: """
                A send request names a push template (`TemplateConfiguration.PushTemplate`) that the \
                `pinpointTemplates` option (`--templates DIR`) does not give: only the request's own \
                `MessageConfiguration` is read.
                """),
        DiagnosticEntry(
            .amazonTemplateRead, .info,
            summary: """
                A send request's push content is filled from the push template it names, given with the \
                `pinpointTemplates` option; the request's own `MessageConfiguration` values are over the template's.
                """),
        DiagnosticEntry(
            .amazonConsoleRawMessage, .info,
            summary: """
                `APNSMessage` holds a raw APNs payload (the Pinpoint console's raw message form), read as \
                delivered.
                """),
        DiagnosticEntry(
            .amazonPriorityInvalid, .error,
            summary: """
                `APNSMessage.Priority` is neither digits nor `high`/`normal`.
                """),
        DiagnosticEntry(
            .amazonPriorityNormalised, .warning,
            summary: """
                `APNSMessage.Priority` given as `high`/`normal`; normalised to `10`/`5`.
                """),
        DiagnosticEntry(
            .amazonPushTypeImplied, .info,
            summary: """
                `APNSPushType: background` beside `SilentPush: true` is what Pinpoint picks anyway; rendered \
                without it.
                """),
        DiagnosticEntry(
            .amazonRawContentOverrides, .warning,
            summary: """
                A content field beside `RawContent`, which Pinpoint ignores; kept verbatim.
                """),
        DiagnosticEntry(
            .amazonTimeConverted, .info,
            summary: """
                `TimeToLive` (relative) converted to or from `delivery.expiration` (absolute `apns-expiration`) \
                with the `sendTime` option.
                """),
        DiagnosticEntry(.amazonTimeToLiveNegative, .error, summary: "`TimeToLive` is negative."),
        DiagnosticEntry(
            .amazonMessageUnknownKey, .warning, .info,
            summary: """
                A request, `MessageConfiguration`, `APNSMessage` or default-message key Pinpoint does not define \
                (warning: not read by Pinpoint), or a `data.pinpoint` key its SDKs do not read (info); kept \
                verbatim.
                """),
        DiagnosticEntry(.amazonActionURLMissing, .warning, summary: "`Action` `URL` or `DEEP_LINK` without a `Url`."),
        DiagnosticEntry(
            .amazonSNSBaiduIncomplete, .warning,
            summary: """
                SNS's `BAIDU` message has no `title` or no `description` (Baidu Cloud Push requires both).
                """),
        DiagnosticEntry(
            .amazonSNSBaiduUnknownKey, .warning,
            summary: """
                A key of SNS's `BAIDU` message that Baidu Cloud Push does not define; kept and written back.
                """),
        DiagnosticEntry(
            .amazonSNSDefaultMissing, .warning,
            summary: """
                No `default` key, which SNS requires with `MessageStructure=json`.
                """),
        DiagnosticEntry(
            .amazonSNSGCMTarget, .warning,
            summary: """
                The `GCM` message names a target (`token`, `topic`, `condition`, legacy `to`/`registration_ids`); \
                SNS adds the target itself, so an `sns` rendering does not write it (reported lost).
                """),
        DiagnosticEntry(
            .amazonSNSPlatformFallback, .info,
            summary: """
                The `snsPlatform` key is absent, so the first APNs key present was read.
                """),
        DiagnosticEntry(
            .amazonSNSPlatformKept, .info,
            summary: """
                Another APNs key (`APNS_SANDBOX`, `APNS_VOIP`, `MACOS`, … beside the one read), or an Android \
                platform string beside the one read as the Android side (`GCM`, else `ADM`, else `BAIDU`), is kept \
                verbatim, not read.
                """),
        DiagnosticEntry(
            .amazonSNSPlatformMissing, .error,
            summary: """
                None of `APNS`, `APNS_SANDBOX`, `APNS_VOIP`, `APNS_VOIP_SANDBOX`, `MACOS`, `MACOS_SANDBOX`, `GCM`, \
                `ADM`, `BAIDU` is present.
                """),
        DiagnosticEntry(
            .amazonSNSUnknownKey, .warning,
            summary: """
                A key SNS does not define for a `MessageStructure=json` message; kept verbatim, not delivered.
                """),
    ]
}

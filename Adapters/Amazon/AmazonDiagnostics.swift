public import PushCore

// Diagnostic codes of the Amazon adapters (`amazon`, `pinpoint`, `pinpoint-message`, `sns`). Wrong JSON
// types use the shared `core.type.mismatch`; a broken embedded JSON string uses `core.json.invalid`.

extension DiagnosticCode {
    /// Info: where the media URL was found (`top`, `data`, `aps`, or Pinpoint's `data.media-url`).
    public static let amazonMediaFound: DiagnosticCode = "amazon.media.found"
    /// Warning: media URLs in several placements; all are read, in document order.
    public static let amazonMediaMultiple: DiagnosticCode = "amazon.media.multiple"
    /// Info (render): media rendered without `mutable-content: 1`; nothing is added, so no extension runs.
    public static let amazonMediaWithoutMutableContent: DiagnosticCode = "amazon.media.no-mutable-content"
    /// Warning: `APNSMessage.Priority` given as `high`/`normal`; normalised to `10`/`5`.
    public static let amazonPriorityNormalised: DiagnosticCode = "amazon.pinpoint.priority-normalised"
    /// Error: `APNSMessage.Priority` is neither digits nor `high`/`normal`.
    public static let amazonPriorityInvalid: DiagnosticCode = "amazon.pinpoint.priority-invalid"
    /// Info: `APNSPushType: background` beside `SilentPush: true` is what Pinpoint picks anyway; rendered without it.
    public static let amazonPushTypeImplied: DiagnosticCode = "amazon.pinpoint.push-type-implied"
    /// Error: `APNSMessage.Action` is not `OPEN_APP`, `DEEP_LINK` or `URL`.
    public static let amazonActionUnknown: DiagnosticCode = "amazon.pinpoint.action-unknown"
    /// Warning: `Action` `URL` or `DEEP_LINK` without a `Url`.
    public static let amazonActionURLMissing: DiagnosticCode = "amazon.pinpoint.url-missing"
    /// Error: `TimeToLive` is negative.
    public static let amazonTimeToLiveNegative: DiagnosticCode = "amazon.pinpoint.time-to-live-negative"
    /// Warning: `PreferredAuthenticationMethod` is not `CERTIFICATE` or `TOKEN`.
    public static let amazonAuthenticationMethodUnknown: DiagnosticCode =
        "amazon.pinpoint.authentication-method-unknown"
    /// Warning: a content field beside `RawContent`, which Pinpoint ignores; kept verbatim.
    public static let amazonRawContentOverrides: DiagnosticCode = "amazon.pinpoint.raw-content-overrides"
    /// Warning: a `MessageConfiguration` (or request) with no message Pinpoint sends to iOS.
    public static let amazonAPNSMessageMissing: DiagnosticCode = "amazon.pinpoint.apns-message-missing"
    /// Warning: a recipient of a send request (`Addresses`, `Endpoints`, `Users`) that gets no message of its own:
    /// a channel whose content is not read (`ADM`, `BAIDU`) or not a push channel, or settings that are not an object
    /// of the documented types.
    public static let amazonRecipientSkipped: DiagnosticCode = "amazon.pinpoint.recipient-skipped"
    /// Warning: a `{{…}}` placeholder left verbatim in a recipient's message: a variable no `Substitutions` names,
    /// or a Handlebars helper, block or partial, which the tool does not render.
    public static let amazonVariableUnrendered: DiagnosticCode = "amazon.pinpoint.variable-unrendered"
    /// Warning: a send request names a push template (`TemplateConfiguration.PushTemplate`) that the
    /// `pinpointTemplates` option (`--templates DIR`) does not give: only the request's own content is read.
    public static let amazonTemplateMissing: DiagnosticCode = "amazon.pinpoint.template-missing"
    /// Info: a send request's push content is filled from the push template it names, given with the
    /// `pinpointTemplates` option (the request's own `MessageConfiguration` values over the template's).
    public static let amazonTemplateRead: DiagnosticCode = "amazon.pinpoint.template-read"
    /// Info: `APNSMessage` holds a raw APNs payload (`aps`), the Pinpoint console's raw message form.
    public static let amazonConsoleRawMessage: DiagnosticCode = "amazon.pinpoint.console-raw"
    /// Warning: a key SNS does not define for a `MessageStructure=json` message; kept verbatim, not delivered.
    public static let amazonSNSUnknownKey: DiagnosticCode = "amazon.sns.unknown-key"
    /// Warning (render): `TimeToLive` derived from an absolute expiration and the `sendTime` option, or the reverse.
    public static let amazonTimeConverted: DiagnosticCode = "amazon.pinpoint.time-converted"
    /// Warning: a request key, `APNSMessage` field or default-message field Pinpoint does not define (info for
    /// `data.pinpoint`, which apps may extend); kept verbatim.
    public static let amazonMessageUnknownKey: DiagnosticCode = "amazon.pinpoint.unknown-key"
    /// Info: the `snsPlatform` key is absent, so the other APNs key was read.
    public static let amazonSNSPlatformFallback: DiagnosticCode = "amazon.sns.platform-fallback"
    /// Error: no APNs key (`APNS`, `APNS_SANDBOX`, …), no `GCM` and no `ADM`.
    public static let amazonSNSPlatformMissing: DiagnosticCode = "amazon.sns.platform-missing"
    /// Info: the other APNs key (`APNS_SANDBOX` when `APNS` was read), or an Android platform string beside the one
    /// read as the Android side (`GCM`, else `ADM`, else `BAIDU`), is kept verbatim, not read.
    public static let amazonSNSPlatformKept: DiagnosticCode = "amazon.sns.platform-kept"
    /// Warning: a key of SNS's `BAIDU` message that Baidu Cloud Push does not define; kept and written back.
    public static let amazonSNSBaiduUnknownKey: DiagnosticCode = "amazon.sns.baidu-unknown-key"
    /// Warning: SNS's `BAIDU` message has no `title` or no `description` (Baidu requires both).
    public static let amazonSNSBaiduIncomplete: DiagnosticCode = "amazon.sns.baidu-incomplete"
    /// Warning: no `default` key, which SNS requires with `MessageStructure=json`.
    public static let amazonSNSDefaultMissing: DiagnosticCode = "amazon.sns.default-missing"
    /// Warning: the `GCM` message names a target (`token`, `topic`, `condition`, legacy `to`/`registration_ids`);
    /// SNS adds the target itself (the endpoint or topic published to), so an `sns` rendering does not write it.
    public static let amazonSNSGCMTarget: DiagnosticCode = "amazon.sns.gcm-target"
}

// MARK: - pinpoint-gcm (the Android side)

extension DiagnosticCode {
    /// A `GCMMessage` (or campaign `Message`) key Pinpoint does not define; kept.
    public static let amazonGCMUnknownKey: DiagnosticCode = "amazon.gcm.unknown-key"
    /// `GCMMessage.Priority` given as APNs's `10`/`5`; read as `high`/`normal`, as Pinpoint sends it.
    public static let amazonGCMPriorityNormalised: DiagnosticCode = "amazon.gcm.priority-normalised"
    /// `GCMMessage.Priority` is not `normal`, `high`, `5` or `10`.
    public static let amazonGCMPriorityInvalid: DiagnosticCode = "amazon.gcm.priority-invalid"
    /// `GCMMessage.TimeToLive` is not a non-negative integer.
    public static let amazonGCMTimeToLiveInvalid: DiagnosticCode = "amazon.gcm.time-to-live-invalid"
    /// The request has no `GCMMessage` and no `DefaultPushNotificationMessage`: Pinpoint sends nothing to Android.
    public static let amazonGCMMissing: DiagnosticCode = "amazon.gcm.missing"
    /// `ADMMessage.ExpiresAfter` is not a string of whole seconds; kept.
    public static let amazonADMExpiresAfterInvalid: DiagnosticCode = "amazon.adm.expires-after-invalid"
    /// `BaiduMessage.TimeToLive` is over Baidu's 604,800 seconds (7 days).
    public static let amazonBaiduTimeToLiveRange: DiagnosticCode = "amazon.baidu.time-to-live-range"
    /// An `ADMMessage` or `BaiduMessage` beside the message read as the Android side (`GCMMessage`, or
    /// `ADMMessage` beside a `BaiduMessage`): the model has one Android side, so it is kept verbatim.
    public static let amazonChannelMessageKept: DiagnosticCode = "amazon.pinpoint.channel-message-kept"
    /// A bare `MessageConfiguration` read as a send's that holds keys only a campaign's has (`JsonBody`,
    /// `ImageSmallIconUrl`, `CustomMessage`, …): beside a send's keys it is ambiguous, and stays a send's.
    public static let amazonCampaignShape: DiagnosticCode = "amazon.pinpoint.campaign-shape"
}

extension DiagnosticCode {
    /// `pinpoint.notification.silentPush` is not `"1"` or `"0"`.
    public static let amazonAndroidSilentPushInvalid: DiagnosticCode = "amazon.android.silent-push-invalid"
}

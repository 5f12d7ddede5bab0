package import PushCore

extension DiagnosticEntry {
    /// The catalogue entries of the `hms` format: each code with its severity, a one-line summary and the Huawei
    /// source of the rule ("reference" is Huawei Push Kit's server API v1 reference, *Sending Downlink Messages*,
    /// developer.huawei.com/consumer/en/doc/HMSCore-References-V5/https-send-api-0000001050986197-V5).
    package static let hmsCodes: [DiagnosticEntry] = [
        DiagnosticEntry(
            .hmsKeyUnknown, .warning,
            summary: "A key the reference does not list for its object; kept and written back in place."),
        DiagnosticEntry(
            .hmsKeyMisplaced, .error,
            summary: """
                A key in the wrong place, named with where it belongs: AndroidNotification keys inside \
                `light_settings` and `badge.clazz` (HMS-Core/hms-push-serverdemo-nodejs), snake_case `aps` keys in \
                `apns.payload` (same demo; Apple's keys are kebab-case), FCM's `android.priority` (HMS: `urgency`).
                """),
        DiagnosticEntry(
            .hmsTargetCount, .error,
            summary: "Not exactly one of `token`, `topic`, `condition` (reference: Message, \"only one\")."),
        DiagnosticEntry(
            .hmsTargetTooManyTokens, .error,
            summary: "More than 1,000 tokens in one message (reference: Restrictions)."),
        DiagnosticEntry(
            .hmsTargetEmpty, .error,
            summary: "An empty `token` array, token, `topic` or `condition` (reference: Message)."),
        DiagnosticEntry(
            .hmsTokenNotArray, .error,
            summary: "`token` given as one string (FCM v1's shape); HMS takes an array (reference: `token[]`)."),
        DiagnosticEntry(
            .hmsDataNotString, .error,
            summary: "`data` given as a map (FCM v1's shape); HMS takes a string (reference: Message.data)."),
        DiagnosticEntry(
            .hmsDataNotJSON, .warning,
            summary: """
                A `data` string that looks like JSON but does not parse (`{key1:value1}` in \
                HMS-Core/hms-push-serverdemo-nodejs, `{'param1':'value1'}` in the reference): kept as a string.
                """),
        DiagnosticEntry(
            .hmsCollapseKeyRange, .error,
            summary: "`android.collapse_key` not an integer from -1 to 100 (reference: AndroidConfig)."),
        DiagnosticEntry(
            .hmsEnumInvalid, .error,
            summary: """
                A value outside its enum (reference): `urgency` HIGH|NORMAL, `importance` LOW|NORMAL|HIGH \
                (HMS-Core/hms-push-serverdemo-python's docstring sends PRIORITY_HIGH), `style` 0|1|3, \
                `visibility`, `fast_app_target` 1|2, `hms_options.target_user_type` 1|2|3.
                """),
        DiagnosticEntry(
            .hmsStyleIncomplete, .error,
            summary: """
                `style` 1 without `big_title` and `big_body`, or 3 without `inbox_content` of 1 to 5 lines \
                (reference: AndroidNotification).
                """),
        DiagnosticEntry(
            .hmsClickActionInvalid, .error,
            summary: """
                A `click_action` whose `type` is not 1–4, or without what its type needs: 1 `intent` or `action`, \
                2 `url`, 4 `rich_resource` (reference: ClickAction).
                """),
        DiagnosticEntry(
            .hmsClickActionMissing, .warning,
            summary: "An `android.notification` without `click_action`, which the reference marks mandatory."),
        DiagnosticEntry(
            .hmsURLNotHTTPS, .error,
            summary: "An `image`, click-action `url` or `rich_resource` that is not an https URL (reference)."),
        DiagnosticEntry(
            .hmsTTLInvalid, .error,
            summary: """
                `android.ttl` not seconds with up to nine decimals and an optional `s` (`"86400s"`; reference: \
                AndroidConfig, and the validator of HMS-Core/hms-push-serverdemo-nodejs).
                """),
        DiagnosticEntry(
            .hmsBadgeInvalid, .error,
            summary: """
                A `badge` with `set_num` outside 0–100, `add_num` outside 1–99, or no `class` (reference: \
                BadgeNotification).
                """),
        DiagnosticEntry(
            .hmsMessageEmpty, .error,
            summary: "A message with neither `data` nor a notification (nor `apns` / `webpush`) (reference: Message)."),
        DiagnosticEntry(
            .hmsMessageTooLarge, .error,
            summary: "The message over 4,096 bytes, tokens not counted (reference: Restrictions)."),
    ]
}

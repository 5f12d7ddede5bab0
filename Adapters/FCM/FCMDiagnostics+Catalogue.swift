package import PushCore

extension DiagnosticEntry {
    /// The catalogue entries of the FCM formats (`fcm`, `fcm-legacy`): each code with its severities and
    /// one-line summary.
    package static let fcmCodes: [DiagnosticEntry] = [
        DiagnosticEntry(
            .fcmLegacyKeyUnknown, .error,
            summary: """
                A top-level key the legacy send body does not document (a v1 field such as `android` names the \
                wrong format).
                """),
        DiagnosticEntry(
            .fcmAnalyticsLabelInvalid, .error,
            summary: """
                An `analytics_label` (message, `android`, `apns` or `webpush` `fcm_options`) outside \
                `[a-zA-Z0-9-_.~%]{1,50}`.
                """),
        DiagnosticEntry(
            .fcmColorInvalid, .error,
            summary: """
                `android.notification.color` is not `#rrggbb`, or `light_settings.color` is not a `{red, green, \
                blue, alpha?}` object of 0–1 values.
                """),
        DiagnosticEntry(
            .fcmConditionInvalid, .error,
            summary: """
                A `condition` naming more than five topics (FCM's documented limit) or a topic name outside \
                `[a-zA-Z0-9-_.~%]`.
                """),
        DiagnosticEntry(
            .fcmDataReservedKey, .error,
            summary: """
                A `data` / `android.data` key FCM reserves: `from`, `message_type`, `google…`, `gcm…`.
                """),
        DiagnosticEntry(
            .fcmDurationInvalid, .error,
            summary: """
                A duration (`ttl`, `vibrate_timings`, `light_*_duration`) that is not non-negative seconds with up \
                to nine decimals and an `s`.
                """),
        DiagnosticEntry(
            .fcmEnumInvalid, .error,
            summary: """
                `android.priority` not `normal`/`high` (either case), or `notification_priority`, `visibility`, \
                `proxy`, `webpush.notification.dir` outside their enums.
                """),
        DiagnosticEntry(.fcmEventTimeInvalid, .error, summary: "`event_time` is not an RFC 3339 UTC timestamp."),
        DiagnosticEntry(
            .fcmImageInvalid, .error,
            summary: """
                An image URL (`notification`, `android.notification`, `apns.fcm_options`) that is not an absolute \
                URL.
                """),
        DiagnosticEntry(
            .fcmKeyDuplicate, .error,
            summary: """
                A key given in both spellings (`collapse_key` and `collapseKey`); the snake_case one is read, the \
                other kept.
                """),
        DiagnosticEntry(.fcmKeyUnknown, .info, summary: "A key FCM does not define; kept and written back in place."),
        DiagnosticEntry(.fcmLinkInvalid, .error, summary: "`webpush.fcm_options.link` is not an https URL."),
        DiagnosticEntry(
            .fcmLocArgsWithoutKey, .error,
            summary: """
                `title_loc_args` / `body_loc_args` without their `…_loc_key`.
                """),
        DiagnosticEntry(
            .fcmMapNotString, .error,
            summary: """
                A value of `data`, `android.data`, `webpush.data` or a header map that is not a string.
                """),
        DiagnosticEntry(.fcmMessageTooLarge, .error, summary: "The message is over FCM's 4096 bytes."),
        DiagnosticEntry(.fcmNotificationCountNegative, .error, summary: "`notification_count` is negative."),
        DiagnosticEntry(.fcmTargetCount, .error, summary: "Not exactly one of `token`, `topic`, `condition`, `fid`."),
        DiagnosticEntry(.fcmTargetEmpty, .error, summary: "An empty `token`, `topic`, `condition` or `fid`."),
        DiagnosticEntry(
            .fcmTopicInvalid, .error,
            summary: """
                A topic with the `/topics/` prefix (the v1 API takes the bare name) or characters outside \
                `[a-zA-Z0-9-_.~%]`.
                """),
        DiagnosticEntry(.fcmTTLRange, .error, summary: "`android.ttl` over 28 days (2,419,200 s)."),
    ]
}

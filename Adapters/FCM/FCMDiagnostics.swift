public import PushCore

extension DiagnosticCode {
    /// A key given in both spellings (`collapse_key` and `collapseKey`); the lowerCamelCase one is kept aside.
    public static let fcmKeyDuplicate: DiagnosticCode = "fcm.key.duplicate"
    /// A key FCM does not define; kept and written back in place.
    public static let fcmKeyUnknown: DiagnosticCode = "fcm.key.unknown"
    /// Not exactly one of `token`, `topic`, `condition` (or `fid`).
    public static let fcmTargetCount: DiagnosticCode = "fcm.target.count"
    /// An empty `token`, `topic`, `condition` or `fid`.
    public static let fcmTargetEmpty: DiagnosticCode = "fcm.target.empty"
    /// A topic name outside `[a-zA-Z0-9-_.~%]+`, or with the `/topics/` prefix the v1 API does not take.
    public static let fcmTopicInvalid: DiagnosticCode = "fcm.topic.invalid"
    /// A `condition` naming more than five topics (FCM's limit), or a topic name outside `[a-zA-Z0-9-_.~%]`.
    public static let fcmConditionInvalid: DiagnosticCode = "fcm.condition.invalid"
    /// A value of a string map (`data`, `android.data`, `webpush.data`, a header map) that is not a string.
    public static let fcmMapNotString: DiagnosticCode = "fcm.map.not-string"
    /// A data key FCM reserves (`from`, `message_type`, `google…`, `gcm…`).
    public static let fcmDataReservedKey: DiagnosticCode = "fcm.data.reserved-key"
    /// A duration that is not seconds with up to nine decimals and an `s` (`"3.5s"`).
    public static let fcmDurationInvalid: DiagnosticCode = "fcm.duration.invalid"
    /// `android.ttl` over 28 days (2,419,200 s).
    public static let fcmTTLRange: DiagnosticCode = "fcm.ttl.range"
    /// A value outside its enum (`android.priority`, `notification_priority`, `visibility`, `proxy`).
    public static let fcmEnumInvalid: DiagnosticCode = "fcm.enum.invalid"
    /// `android.notification.color` not `#rrggbb`.
    public static let fcmColorInvalid: DiagnosticCode = "fcm.color.invalid"
    /// An `analytics_label` outside `[a-zA-Z0-9-_.~%]{1,50}`.
    public static let fcmAnalyticsLabelInvalid: DiagnosticCode = "fcm.analytics-label.invalid"
    /// An image URL that is not an absolute URL.
    public static let fcmImageInvalid: DiagnosticCode = "fcm.image.invalid"
    /// `webpush.fcm_options.link` that is not an https URL.
    public static let fcmLinkInvalid: DiagnosticCode = "fcm.link.invalid"
    /// Localisation arguments without their `…_loc_key`.
    public static let fcmLocArgsWithoutKey: DiagnosticCode = "fcm.loc-args.without-key"
    /// `notification_count` negative.
    public static let fcmNotificationCountNegative: DiagnosticCode = "fcm.notification-count.negative"
    /// `event_time` not an RFC 3339 UTC timestamp (`2026-01-02T03:04:05Z`).
    public static let fcmEventTimeInvalid: DiagnosticCode = "fcm.event-time.invalid"
    /// The message is over FCM's 4096-byte limit.
    public static let fcmMessageTooLarge: DiagnosticCode = "fcm.message.too-large"
}

extension DiagnosticCode {
    /// A top-level key the legacy send body does not document.
    public static let fcmLegacyKeyUnknown: DiagnosticCode = "fcm-legacy.key.unknown"
}

public import PushCore

extension DiagnosticCode {
    /// A key HMS's reference does not list for its object; kept and written back in place.
    public static let hmsKeyUnknown: DiagnosticCode = "hms.key.unknown"
    /// A key in the wrong place (a badge inside `light_settings`, snake_case `aps` keys in `apns.payload`, FCM's
    /// spelling of an HMS key), with the place it belongs.
    public static let hmsKeyMisplaced: DiagnosticCode = "hms.key.misplaced"
    /// Not exactly one of `token`, `topic`, `condition`.
    public static let hmsTargetCount: DiagnosticCode = "hms.target.count"
    /// More than 1,000 tokens in one message.
    public static let hmsTargetTooManyTokens: DiagnosticCode = "hms.target.too-many-tokens"
    /// An empty `token` array, token, `topic` or `condition`.
    public static let hmsTargetEmpty: DiagnosticCode = "hms.target.empty"
    /// `token` given as one string (FCM's spelling) instead of HMS's array.
    public static let hmsTokenNotArray: DiagnosticCode = "hms.token.not-array"
    /// `data` given as a map (FCM's spelling) instead of HMS's string.
    public static let hmsDataNotString: DiagnosticCode = "hms.data.not-string"
    /// A `data` string that looks like JSON but does not parse (Huawei's samples write `{key1:value1}`): kept as a
    /// plain string.
    public static let hmsDataNotJSON: DiagnosticCode = "hms.data.not-json"
    /// `android.collapse_key` not an integer from -1 to 100.
    public static let hmsCollapseKeyRange: DiagnosticCode = "hms.collapse-key.range"
    /// A value outside its enum (`urgency`, `importance`, `style`, `visibility`, `fast_app_target`,
    /// `apns.hms_options.target_user_type`).
    public static let hmsEnumInvalid: DiagnosticCode = "hms.enum.invalid"
    /// A `style` without the fields it needs (`big_title` and `big_body` for 1, `inbox_content` of at most 5 for 3).
    public static let hmsStyleIncomplete: DiagnosticCode = "hms.style.incomplete"
    /// A `click_action` whose `type` is not 1–4, or without the field its type needs.
    public static let hmsClickActionInvalid: DiagnosticCode = "hms.click-action.invalid"
    /// An Android notification without `click_action` (HMS's reference marks it mandatory).
    public static let hmsClickActionMissing: DiagnosticCode = "hms.click-action.missing"
    /// A URL HMS requires to be https (`image`, click-action `url` and `rich_resource`) that is not.
    public static let hmsURLNotHTTPS: DiagnosticCode = "hms.url.not-https"
    /// `android.ttl` not a duration in seconds (`"86400s"`, `"3.5"`).
    public static let hmsTTLInvalid: DiagnosticCode = "hms.ttl.invalid"
    /// A `badge` with `set_num` outside 0–100, `add_num` outside 1–99, or without `class`.
    public static let hmsBadgeInvalid: DiagnosticCode = "hms.badge.invalid"
    /// A message with neither data nor a notification (nor an `apns` or `webpush` block).
    public static let hmsMessageEmpty: DiagnosticCode = "hms.message.empty"
    /// The message over HMS's 4,096 bytes (tokens not counted).
    public static let hmsMessageTooLarge: DiagnosticCode = "hms.message.too-large"
}

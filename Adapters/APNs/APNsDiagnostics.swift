public import PushCore

extension DiagnosticCode {
    /// `aps` is missing from an APNs payload.
    public static let apnsMissingAps: DiagnosticCode = "apns.aps.missing"
    /// `aps` is not an object.
    public static let apnsApsNotObject: DiagnosticCode = "apns.aps.not-object"
    /// A key inside `aps`, `alert` or a sound dictionary that the model does not know; kept in place.
    public static let apnsUnknownKey: DiagnosticCode = "apns.key.unknown"
    /// The rendered payload is over the APNs limit (4096 bytes, 5120 for VoIP).
    public static let apnsPayloadTooLarge: DiagnosticCode = "apns.payload.too-large"
    /// `badge` is negative.
    public static let apnsBadgeNegative: DiagnosticCode = "apns.badge.negative"
    /// `badge` is not an integer.
    public static let apnsBadgeNotInteger: DiagnosticCode = "apns.badge.not-integer"
    /// A critical sound's volume is outside 0…1.
    public static let apnsSoundVolumeRange: DiagnosticCode = "apns.sound.volume-range"
    /// A sound dictionary without a `name`.
    public static let apnsSoundMissingName: DiagnosticCode = "apns.sound.missing-name"
    /// `interruption-level` is not passive, active, time-sensitive or critical.
    public static let apnsInterruptionLevelUnknown: DiagnosticCode = "apns.interruption-level.unknown"
    /// `relevance-score` outside 0…1 on an alert.
    public static let apnsRelevanceScoreRange: DiagnosticCode = "apns.relevance-score.range"
    /// `*-loc-args` without the matching `*-loc-key`.
    public static let apnsLocArgsWithoutKey: DiagnosticCode = "apns.alert.loc-args-without-key"
    /// A background push that also carries an alert, a sound or a badge.
    public static let apnsBackgroundVisible: DiagnosticCode = "apns.background.visible-content"
    /// A background push sent with priority 10.
    public static let apnsBackgroundPriority: DiagnosticCode = "apns.background.priority"
    /// `apns-push-type` contradicts the content.
    public static let apnsPushTypeMismatch: DiagnosticCode = "apns.push-type.mismatch"
    /// `apns-push-type` is not a known value.
    public static let apnsPushTypeUnknown: DiagnosticCode = "apns.push-type.unknown"
    /// `apns-priority` is not 10, 5 or 1.
    public static let apnsPriorityInvalid: DiagnosticCode = "apns.priority.invalid"
    /// `apns-collapse-id` over 64 bytes.
    public static let apnsCollapseIDTooLong: DiagnosticCode = "apns.collapse-id.too-long"
    /// `mutable-content` given as `true` or `"1"`; normalised to 1.
    public static let apnsMutableContentCoerced: DiagnosticCode = "apns.mutable-content.coerced"
    /// `content-available` given as `true` or `"1"`; normalised to 1.
    public static let apnsContentAvailableCoerced: DiagnosticCode = "apns.content-available.coerced"
    /// `mutable-content` / `content-available` with a value that is not 0, 1, true, false, "0" or "1".
    public static let apnsFlagInvalid: DiagnosticCode = "apns.flag.invalid"
    /// Nothing visible (no alert, sound or badge) and not a background push.
    public static let apnsContentEmpty: DiagnosticCode = "apns.content.empty"
    /// `mutable-content` at the top level instead of inside `aps`.
    public static let apnsMisplacedKey: DiagnosticCode = "apns.key.misplaced"
    /// Media without `mutable-content: 1`: no extension will run to attach it.
    public static let mediaWithoutMutableContent: DiagnosticCode = "media.mutable-content.missing"
    /// A media URL that is not https (App Transport Security blocks it).
    public static let mediaInsecureURL: DiagnosticCode = "media.url.insecure"
    /// A media URL that cannot be parsed.
    public static let mediaInvalidURL: DiagnosticCode = "media.url.invalid"
    /// A media URL with user name or password in it.
    public static let mediaURLCredentials: DiagnosticCode = "media.url.credentials"
    /// A media URL whose host is an IP literal or localhost.
    public static let mediaURLLocalHost: DiagnosticCode = "media.url.local-host"
    /// A media URL whose extension iOS does not accept as an attachment.
    public static let mediaUnsupportedType: DiagnosticCode = "media.type.unsupported"
}

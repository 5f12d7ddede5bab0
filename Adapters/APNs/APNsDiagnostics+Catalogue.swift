package import PushCore

extension DiagnosticEntry {
    /// The catalogue entries of Apple's rules and the `apns` format: each code with its severities and
    /// one-line summary.
    package static let apnsCodes: [DiagnosticEntry] = [
        DiagnosticEntry(.apnsLocArgsWithoutKey, .error, summary: "`*-loc-args` without the matching `*-loc-key`."),
        DiagnosticEntry(.apnsMissingAps, .error, summary: "`aps` is missing from an APNs payload."),
        DiagnosticEntry(.apnsApsNotObject, .error, summary: "`aps` is not an object."),
        DiagnosticEntry(.apnsBackgroundPriority, .error, summary: "A background push sent with priority 10."),
        DiagnosticEntry(
            .apnsBackgroundVisible, .warning,
            summary: """
                A background push that also carries an alert, a sound or a badge.
                """),
        DiagnosticEntry(.apnsBadgeNegative, .error, summary: "`badge` is negative."),
        DiagnosticEntry(.apnsBadgeNotInteger, .error, summary: "`badge` is not an integer."),
        DiagnosticEntry(.apnsCollapseIDTooLong, .error, summary: "`apns-collapse-id` over 64 bytes."),
        DiagnosticEntry(
            .apnsContentAvailableCoerced, .warning,
            summary: """
                `content-available` given as `true` or `"1"`; normalised to 1.
                """),
        DiagnosticEntry(
            .apnsContentEmpty, .warning,
            summary: """
                Nothing visible (no alert, sound or badge) and not a background push.
                """),
        DiagnosticEntry(
            .apnsFlagInvalid, .error, .warning,
            summary: """
                `mutable-content` / `content-available` with a value that is not 0, 1, true, false, "0" or "1".
                """),
        DiagnosticEntry(
            .apnsInterruptionLevelUnknown, .error,
            summary: """
                `interruption-level` is not passive, active, time-sensitive or critical.
                """),
        DiagnosticEntry(
            .apnsMisplacedKey, .warning,
            summary: """
                `mutable-content` at the top level instead of inside `aps`.
                """),
        DiagnosticEntry(
            .apnsUnknownKey, .info,
            summary: """
                A key inside `aps`, `alert` or a sound dictionary that the model does not know; kept in place.
                """),
        DiagnosticEntry(
            .apnsMediaCustomKey, .info,
            summary: """
                A top-level https media URL under an app's own key: read as media with the `apnsMediaKeys` option, \
                otherwise kept as custom data with a suggestion to set it.
                """),
        DiagnosticEntry(
            .apnsMutableContentCoerced, .warning,
            summary: """
                `mutable-content` given as `true` or `"1"`; normalised to 1.
                """),
        DiagnosticEntry(
            .apnsPayloadTooLarge, .error,
            summary: """
                The rendered payload is over the APNs limit (4096 bytes, 5120 for VoIP).
                """),
        DiagnosticEntry(.apnsPriorityInvalid, .error, summary: "`apns-priority` is not 10, 5 or 1."),
        DiagnosticEntry(.apnsPushTypeMismatch, .error, summary: "`apns-push-type` contradicts the content."),
        DiagnosticEntry(.apnsPushTypeUnknown, .warning, summary: "`apns-push-type` is not a known value."),
        DiagnosticEntry(.apnsRelevanceScoreRange, .error, summary: "`relevance-score` outside 0…1 on an alert."),
        DiagnosticEntry(.apnsSoundMissingName, .error, summary: "A sound dictionary without a `name`."),
        DiagnosticEntry(.apnsSoundVolumeRange, .error, summary: "A critical sound's volume is outside 0…1."),
        DiagnosticEntry(
            .mediaWithoutMutableContent, .warning,
            summary: """
                Media without `mutable-content: 1`: no extension will run to attach it.
                """),
        DiagnosticEntry(
            .mediaUnsupportedType, .warning,
            summary: """
                A media URL whose extension iOS does not accept as an attachment.
                """),
        DiagnosticEntry(.mediaURLCredentials, .error, summary: "A media URL with user name or password in it."),
        DiagnosticEntry(
            .mediaInsecureURL, .warning,
            summary: """
                A media URL that is not https (App Transport Security blocks it).
                """),
        DiagnosticEntry(.mediaInvalidURL, .error, summary: "A media URL that cannot be parsed."),
        DiagnosticEntry(.mediaURLLocalHost, .warning, summary: "A media URL whose host is an IP literal or localhost."),
    ]
}

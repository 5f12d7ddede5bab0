package import PushCore

extension DiagnosticEntry {
    /// The catalogue entries of the `adm` format: each code with its severities and one-line summary.
    package static let admCodes: [DiagnosticEntry] = [
        DiagnosticEntry(
            .admDataValueNotString, .error,
            summary: """
                A `data` value that is not a string (ADM's `data` is a map of strings); kept as it was.
                """),
        DiagnosticEntry(
            .admDataTooLarge, .error,
            summary: """
                `data` is over ADM's 6 KB (its keys, values, quotes, colons, commas and braces; Amazon's \
                send-message reference).
                """),
        DiagnosticEntry(
            .admMessageEmpty, .error,
            summary: """
                A message with neither `data` nor `notification`: ADM has nothing to deliver.
                """),
        DiagnosticEntry(
            .admNotificationIncomplete, .warning,
            summary: """
                A `notification` without a title or a body (ADM's console requires both for a notification \
                message).
                """),
        DiagnosticEntry(
            .admExpiresAfterRange, .warning,
            summary: """
                `expiresAfter` outside 60 to 2,678,400 seconds (31 days); ADM's default is 604,800 (one week).
                """),
        DiagnosticEntry(
            .admConsolidationKeyTooLong, .warning,
            summary: """
                `consolidationKey` longer than 64 characters (an ADM client library's check; Amazon's page names \
                no limit).
                """),
        DiagnosticEntry(
            .admMD5Malformed, .warning,
            summary: """
                `md5` is not the base64 of an MD5 checksum (24 characters ending in `==`).
                """),
        DiagnosticEntry(
            .admUnknownKey, .warning,
            summary: """
                A key ADM's message or notification does not define; kept in `extensions.adm` and written back.
                """),
    ]
}

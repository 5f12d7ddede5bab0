package import PushCore

extension DiagnosticEntry {
    /// The catalogue entries of format selection and conversion (the facade): each code with its severities and
    /// one-line summary.
    package static let facadeCodes: [DiagnosticEntry] = [
        DiagnosticEntry(
            .conversionInvalidOutput, .warning,
            summary: """
                The rendered payload does not read back without errors in its own format (a custom key that \
                collides with one of the format's keys, …), or fails the target format's own send rules (an FCM \
                message without its `token`/`topic`/`condition`, a reserved data key, …: add them before sending, \
                or convert it on with `--allow-invalid`); the message names the finding.
                """),
        DiagnosticEntry(.conversionLost, .error, .warning, summary: "A field cannot be carried by the target format."),
        DiagnosticEntry(
            .conversionTargetMissing, .info,
            summary: """
                The target format sends to a device, topic or condition and the notification names none; reported                 once per run, apart from the findings.
                """),
        DiagnosticEntry(
            .inputUnreadable, .error,
            summary: "A batch input, or a file of a directory input, could not be read; the message names it and why."),
        DiagnosticEntry(.ambiguousFormat, .warning, summary: "`auto` found several equally likely formats."),
        DiagnosticEntry(.unknownFormat, .error, summary: "The format name is unknown."),
        DiagnosticEntry(.unrecognisedFormat, .error, summary: "`auto` recognised no format."),
    ]
}

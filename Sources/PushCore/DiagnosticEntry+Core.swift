extension DiagnosticEntry {
    /// The catalogue entries of the codes every format shares (PushCore): each code with its severities and
    /// one-line summary.
    package static let coreCodes: [DiagnosticEntry] = [
        DiagnosticEntry(
            .canonicalSchemaVersion, .error,
            summary: """
                A canonical notification has an unsupported `schemaVersion`.
                """),
        DiagnosticEntry(
            .canonicalUnknownKey, .error,
            summary: """
                A canonical notification has a key the model does not define.
                """),
        DiagnosticEntry(
            .contentUnread, .error,
            summary: """
                A send form whose notification has no content while the input holds keys the format does not read \
                (content under a misspelt key).
                """),
        DiagnosticEntry(.invalidJSON, .error, summary: "The payload (or a nested JSON string) is not valid JSON."),
        DiagnosticEntry(.invalidOption, .error, summary: "An option is unknown or has a bad value."),
        DiagnosticEntry(.notAnObject, .error, summary: "The top-level value is not an object."),
        DiagnosticEntry(.wrongType, .error, summary: "A value has the wrong JSON type for its key."),
        DiagnosticEntry(.missingValue, .error, summary: "A required value is missing."),
        DiagnosticEntry(
            .templateHelperKept, .warning,
            summary: """
                Rendering templates (`--substitutions`): a Handlebars helper, block, partial or comment \
                (`{{#if …}}`, `{{capitalize …}}`), which the tool does not render, kept verbatim; one per text.
                """),
        DiagnosticEntry(
            .templateSubstitutionsInvalid, .error, .warning,
            summary: """
                Substitutions that are not an object of variable names and lists of strings (or strings): an error \
                for `--substitutions FILE` and the RPC `substitutions`, a warning for a template's \
                `DefaultSubstitutions` or `defaultAttributes` (the entry is not used).
                """),
        DiagnosticEntry(
            .templateUnrendered, .warning,
            summary: """
                Rendering templates (`--substitutions`): a `{{…}}` variable no substitution gives a value, \
                left verbatim; one per text, naming its variables.
                """),
    ]
}

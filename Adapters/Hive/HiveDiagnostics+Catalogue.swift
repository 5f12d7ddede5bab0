package import PushCore

extension DiagnosticEntry {
    /// The catalogue entries of the Hive formats (`hive`, `hive-local`, `hive-actions`): each code with its severities
    /// and one-line summary.
    package static let hiveCodes: [DiagnosticEntry] = [
        DiagnosticEntry(
            .hiveActionsUndefinedAction, .error,
            summary: """
                A category references an action the file does not define.
                """),
        DiagnosticEntry(.hiveActionsUnusedAction, .info, summary: "An action no category uses."),
        DiagnosticEntry(
            .hiveActionsBuiltInRedefined, .error,
            summary: """
                A built-in category or action id redefined differently (custom ids must be distinct).
                """),
        DiagnosticEntry(
            .hiveActionsCategoriesMissing, .warning,
            summary: """
                The file has no `categories`: no button set is registered.
                """),
        DiagnosticEntry(.hiveActionsEmptyCategory, .warning, summary: "A category with no buttons."),
        DiagnosticEntry(.hiveActionsTooManyButtons, .error, summary: "A category with more than three buttons."),
        DiagnosticEntry(.hiveActionsDuplicateID, .error, summary: "The same action id twice in one category."),
        DiagnosticEntry(.hiveActionsEmptyID, .error, summary: "An empty action or category id."),
        DiagnosticEntry(
            .hiveActionsDefaultLanguageMissing, .error,
            summary: """
                An action without an `en` title (the default language).
                """),
        DiagnosticEntry(.hiveActionsTooManyLanguages, .error, summary: "More than 16 title languages in the file."),
        DiagnosticEntry(
            .hiveActionsUnknownKey, .info,
            summary: """
                A key the catalogue schema does not define (top level or inside an action); kept verbatim.
                """),
        DiagnosticEntry(
            .hiveCategoryUnknown, .warning,
            summary: """
                `aps.category` is neither one of Hive's nine built-in categories nor in `hiveActionCatalogue`.
                """),
        DiagnosticEntry(
            .hiveGroupConflict, .warning,
            summary: """
                `aps.thread-id` and the top-level group key disagree: `thread-id` (what iOS groups by) becomes \
                `group`, and the top-level value is kept as custom data.
                """),
        DiagnosticEntry(.hiveLocalAfterNegative, .warning, summary: "`after` is negative."),
        DiagnosticEntry(
            .hiveLocalAndroidOnly, .info,
            summary: """
                An Android-only LocalPush field (ignored on iOS); kept in `extensions.hive`.
                """),
        DiagnosticEntry(
            .hiveLocalMessageMissing, .warning,
            summary: """
                A LocalPush without `msg`: the notification has no body.
                """),
        DiagnosticEntry(
            .hiveLocalNoticeIDBoth, .warning,
            summary: """
                A LocalPush with both `noticeId` and `noticeID`; both are kept.
                """),
        DiagnosticEntry(
            .hiveLocalNoticeIDMissing, .warning,
            summary: """
                A LocalPush without `noticeId` (or `noticeID`): `registerLocalPush` needs an id.
                """),
        DiagnosticEntry(
            .hiveLocalUnknownKey, .info,
            summary: """
                A key LocalPush does not define; kept in `extensions.hive`.
                """),
        DiagnosticEntry(
            .hiveMediaAudio, .warning,
            summary: """
                The media URL names an audio file: Hive advises against audio push (a Springboard restart bug).
                """),
        DiagnosticEntry(
            .hiveMediaUnsupportedType, .warning,
            summary: """
                The media URL's extension is not one Hive documents (JPG, GIF, MP4).
                """),
        DiagnosticEntry(
            .hiveCatalogueOptionInvalid, .warning,
            summary: """
                The `hiveActionCatalogue` option is not a readable catalogue; only built-in categories are known.
                """),
    ]
}

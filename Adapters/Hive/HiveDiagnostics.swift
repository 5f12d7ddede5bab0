public import PushCore

// MARK: - hive (remote push)

extension DiagnosticCode {
    /// `aps.thread-id` and the top-level group key disagree: `thread-id` (what iOS groups by) becomes
    /// `group`, and the top-level value is kept as custom data.
    public static let hiveGroupConflict: DiagnosticCode = "hive.group.conflict"
    /// `aps.category` is neither one of Hive's nine built-in categories nor in `hiveActionCatalogue`.
    public static let hiveCategoryUnknown: DiagnosticCode = "hive.category.unknown"
    /// The media URL names an audio file: Hive advises against audio push (a Springboard restart bug).
    public static let hiveMediaAudio: DiagnosticCode = "hive.media.audio"
    /// The media URL's extension is not one Hive documents (JPG, GIF, MP4).
    public static let hiveMediaUnsupportedType: DiagnosticCode = "hive.media.unsupported-type"
    /// The `hiveActionCatalogue` option is not a readable catalogue; only built-in categories are known.
    public static let hiveCatalogueOptionInvalid: DiagnosticCode = "hive.options.catalogue-invalid"
}

// MARK: - hive-local (LocalPush)

extension DiagnosticCode {
    /// A LocalPush without `noticeId` (or `noticeID`): `registerLocalPush` needs an id.
    public static let hiveLocalNoticeIDMissing: DiagnosticCode = "hive.local.notice-id.missing"
    /// A LocalPush with both `noticeId` and `noticeID`; both are kept.
    public static let hiveLocalNoticeIDBoth: DiagnosticCode = "hive.local.notice-id.both"
    /// A LocalPush without `msg`: the notification has no body.
    public static let hiveLocalMessageMissing: DiagnosticCode = "hive.local.msg.missing"
    /// `after` is negative.
    public static let hiveLocalAfterNegative: DiagnosticCode = "hive.local.after.negative"
    /// An Android-only LocalPush field (ignored on iOS); kept in `extensions.hive`.
    public static let hiveLocalAndroidOnly: DiagnosticCode = "hive.local.android-only"
    /// A key LocalPush does not define; kept in `extensions.hive`.
    public static let hiveLocalUnknownKey: DiagnosticCode = "hive.local.unknown-key"
}

// MARK: - hive-actions (hive_push_actions.json)

extension DiagnosticCode {
    /// A key the catalogue schema does not define (top level or inside an action); kept verbatim.
    public static let hiveActionsUnknownKey: DiagnosticCode = "hive.actions.unknown-key"
    /// The file has no `categories`: no button set is registered.
    public static let hiveActionsCategoriesMissing: DiagnosticCode = "hive.actions.categories.missing"
    /// An empty action or category id.
    public static let hiveActionsEmptyID: DiagnosticCode = "hive.actions.id.empty"
    /// A category with more than three buttons.
    public static let hiveActionsTooManyButtons: DiagnosticCode = "hive.actions.category.too-many-buttons"
    /// A category with no buttons.
    public static let hiveActionsEmptyCategory: DiagnosticCode = "hive.actions.category.empty"
    /// The same action id twice in one category.
    public static let hiveActionsDuplicateID: DiagnosticCode = "hive.actions.id.duplicate"
    /// A category references an action the file does not define.
    public static let hiveActionsUndefinedAction: DiagnosticCode = "hive.actions.action.undefined"
    /// An action no category uses.
    public static let hiveActionsUnusedAction: DiagnosticCode = "hive.actions.action.unused"
    /// A built-in category or action id redefined differently (custom ids must be distinct).
    public static let hiveActionsBuiltInRedefined: DiagnosticCode = "hive.actions.builtin-redefined"
    /// More than 16 title languages in the file.
    public static let hiveActionsTooManyLanguages: DiagnosticCode = "hive.actions.language.too-many"
    /// An action without an `en` title (the default language).
    public static let hiveActionsDefaultLanguageMissing: DiagnosticCode = "hive.actions.language.default-missing"
}

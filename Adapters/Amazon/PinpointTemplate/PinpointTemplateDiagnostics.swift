public import PushCore

extension DiagnosticCode {
    /// `DefaultSubstitutions` is not a string holding a JSON object.
    public static let pinpointTemplateSubstitutionsInvalid: DiagnosticCode =
        "pinpoint-template.default-substitutions.invalid"
    /// A template name longer than 128 characters or holding characters other than alphanumerics, `_` and `-`.
    public static let pinpointTemplateNameInvalid: DiagnosticCode = "pinpoint-template.name.invalid"
    /// A template description longer than 500 characters.
    public static let pinpointTemplateDescriptionTooLong: DiagnosticCode = "pinpoint-template.description.too-long"
    /// A section member that belongs to another section (`MediaUrl` under `GCM`, `ImageUrl` under `APNS`).
    public static let pinpointTemplateKeyMisplaced: DiagnosticCode = "pinpoint-template.key.misplaced"
    /// A key a push template or its section does not define; kept and written back.
    public static let pinpointTemplateKeyUnknown: DiagnosticCode = "pinpoint-template.key.unknown"
    /// An `ADM` or `Baidu` section beside the section read as the Android side (`GCM`, else `ADM`): kept verbatim.
    public static let pinpointTemplateSectionKept: DiagnosticCode = "pinpoint-template.section.kept"
    /// A URL holding a `{{…}}` placeholder: a template value, checked once rendered.
    public static let pinpointTemplatePlaceholderURL: DiagnosticCode = "pinpoint-template.url.placeholder"
    /// A template with none of `APNS`, `GCM`, `ADM`, `Baidu` or `Default`.
    public static let pinpointTemplateEmpty: DiagnosticCode = "pinpoint-template.empty"
}

public import PushCore

extension DiagnosticCode {
    /// A key a Q in Connect push template or its section does not define; kept and written back.
    public static let qconnectTemplateKeyUnknown: DiagnosticCode = "qconnect-push-template.key.unknown"
    /// A section member that belongs to another section (`mediaUrl` under `fcm`, `imageUrl` under `apns`).
    public static let qconnectTemplateKeyMisplaced: DiagnosticCode = "qconnect-push-template.key.misplaced"
    /// An `adm` or `baidu` section beside the section read as the Android side: kept verbatim, not read.
    public static let qconnectTemplateSectionKept: DiagnosticCode = "qconnect-push-template.section.kept"
    /// A URL holding a `{{…}}` placeholder: a template value, checked once rendered.
    public static let qconnectTemplatePlaceholderURL: DiagnosticCode = "qconnect-push-template.url.placeholder"
    /// A template with none of `apns`, `fcm`, `adm` or `baidu`.
    public static let qconnectTemplateEmpty: DiagnosticCode = "qconnect-push-template.empty"
    /// A platform section (without `rawContent`) missing its title or its body.
    public static let qconnectTemplateTitleOrBodyMissing: DiagnosticCode =
        "qconnect-push-template.title-or-body.missing"
    /// A `body` or `rawContent` that is not an object `{"content": …}`.
    public static let qconnectTemplateContentNotWrapped: DiagnosticCode = "qconnect-push-template.content.not-wrapped"
    /// A `channelSubtype` other than `PUSH` beside push content.
    public static let qconnectTemplateChannelSubtypeInvalid: DiagnosticCode =
        "qconnect-push-template.channel-subtype.invalid"
}

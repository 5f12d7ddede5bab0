package import PushCore

extension DiagnosticEntry {
    /// The catalogue entries of the `qconnect-push-template` format: each code with its severities and one-line
    /// summary.
    package static let qconnectPushTemplateCodes: [DiagnosticEntry] = [
        DiagnosticEntry(
            .qconnectTemplateKeyUnknown, .warning,
            summary: """
                A key a Q in Connect push template, its `push` content or a platform section does not define \
                (botocore qconnect `PushMessageTemplateContent` and its platform shapes); kept and written back.
                """),
        DiagnosticEntry(
            .qconnectTemplateKeyMisplaced, .warning,
            summary: """
                A member of another section's shape (`mediaUrl` under `fcm`, `imageUrl` under `apns`; botocore \
                `PushAPNSMessageTemplateContent` / `PushFCMMessageTemplateContent`); kept and written back.
                """),
        DiagnosticEntry(
            .qconnectTemplateSectionKept, .info,
            summary: """
                An `adm` or `baidu` section beside the section read as the Android side (`fcm`, else `adm`): kept \
                verbatim and written back, not read into the model.
                """),
        DiagnosticEntry(
            .qconnectTemplatePlaceholderURL, .info,
            summary: """
                A URL holding a `{{…}}` placeholder: a template value Amazon Connect fills in when it sends, not an \
                invalid URL.
                """),
        DiagnosticEntry(
            .qconnectTemplateEmpty, .warning,
            summary: """
                A push template with no `apns`, `fcm`, `adm` or `baidu` section: it has no message.
                """),
        DiagnosticEntry(
            .qconnectTemplateTitleOrBodyMissing, .warning,
            summary: """
                A platform section without `rawContent` that lacks its `title` or its `body` (a platform entry \
                "needs both a title and a body": Amplify's message-template guide).
                """),
        DiagnosticEntry(
            .qconnectTemplateContentNotWrapped, .error,
            summary: """
                A `body` or `rawContent` that is not an object `{"content": …}` (botocore \
                `MessageTemplateBodyContentProvider`); kept as it was, not read.
                """),
        DiagnosticEntry(
            .qconnectTemplateChannelSubtypeInvalid, .error,
            summary: """
                A `channelSubtype` other than `PUSH` on a template holding push content.
                """),
    ]
}

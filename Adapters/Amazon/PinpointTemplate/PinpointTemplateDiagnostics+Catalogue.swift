package import PushCore

extension DiagnosticEntry {
    /// The catalogue entries of the `pinpoint-template` format: each code with its severities and one-line summary.
    package static let pinpointTemplateCodes: [DiagnosticEntry] = [
        DiagnosticEntry(
            .pinpointTemplateSubstitutionsInvalid, .error,
            summary: """
                `DefaultSubstitutions` is not a string holding a JSON object (botocore \
                `PushNotificationTemplateRequest.DefaultSubstitutions` is a string of JSON).
                """),
        DiagnosticEntry(
            .pinpointTemplateNameInvalid, .error,
            summary: """
                A template name over 128 characters, or with characters other than alphanumerics, `_` and `-` \
                (Pinpoint user guide, message-templates-creating-push).
                """),
        DiagnosticEntry(
            .pinpointTemplateDescriptionTooLong, .warning,
            summary: """
                A template description over 500 characters (the limit the Pinpoint user guide gives version \
                descriptions).
                """),
        DiagnosticEntry(
            .pinpointTemplateKeyMisplaced, .warning,
            summary: """
                A member of another section's shape (`MediaUrl` under `GCM`, `ImageUrl` under `APNS`; botocore \
                `APNSPushNotificationTemplate` / `AndroidPushNotificationTemplate`); kept and written back.
                """),
        DiagnosticEntry(
            .pinpointTemplateKeyUnknown, .warning,
            summary: """
                A key a push template or its section does not define (in CloudFormation's shapes also \
                `RawContent` and `RecommenderId`, which only the API's has); kept and written back.
                """),
        DiagnosticEntry(
            .pinpointTemplateSectionKept, .info,
            summary: """
                An `ADM` or `Baidu` section beside the section read as the Android side (`GCM`, else `ADM`): kept \
                verbatim and written back, not read into the model.
                """),
        DiagnosticEntry(
            .pinpointTemplatePlaceholderURL, .info,
            summary: """
                A URL holding a `{{…}}` placeholder: a template value Pinpoint fills in when it sends, not an \
                invalid URL.
                """),
        DiagnosticEntry(
            .pinpointTemplateEmpty, .warning,
            summary: """
                A template with no `APNS`, `GCM`, `ADM`, `Baidu` or `Default` section: it has no message.
                """),
    ]
}

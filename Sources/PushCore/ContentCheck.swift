/// The check that no send form is called valid while its content went unread (`core.content.unread`).
///
/// A format that knows every key the vendor defines at a level warns about each other key (kept, not delivered).
/// When the notification read ends up with nothing to deliver while such keys were found, the content most likely
/// sits under a misspelt key: that is an error, so `validate` cannot say `valid: true` and `convert` fails.
package enum ContentCheck {
    /// True when `n` holds something a device receives: alert text, sound, badge, a background flag, media, custom
    /// data, a Live Activity, or an Android side.
    package static func hasContent(_ n: PushNotification) -> Bool {
        n.hasAlert || n.isVisible || n.contentAvailable != nil || !n.media.isEmpty || !n.data.isEmpty
            || n.liveActivity != nil || n.android.map { !$0.isEmpty } ?? false
    }

    /// Reports `core.content.unread` at the root when `n` has no content and `context` holds a warning with one of
    /// `unreadCodes` (the format's unknown-key codes), naming those keys.
    package static func reportUnread(
        _ n: PushNotification, context: inout NormaliseContext, unreadCodes: Set<DiagnosticCode>
    ) {
        guard !hasContent(n) else { return }
        let unread = context.diagnostics.filter { $0.severity == .warning && unreadCodes.contains($0.code) }
        guard !unread.isEmpty else { return }
        let paths = unread.map { $0.path.description }.joined(separator: ", ")
        context.diagnostics.error(
            .contentUnread, at: .root,
            "no notification content was read, and the input holds keys this format does not read (\(paths)): "
                + "is the content under a misspelt key?")
    }
}

extension DiagnosticCode {
    /// Error: a send form whose notification has no content while the input holds unread keys.
    public static let contentUnread: DiagnosticCode = "core.content.unread"
}

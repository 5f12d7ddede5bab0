public import PushCore

// The options the hms format reads, declared by it.

extension FormatOption {
    /// `hmsBadgeClass`: the launcher Activity's full class name written as `badge.class` when a badge is rendered
    /// into HMS and the notification kept none (HMS requires it; it is the app's own, so it cannot be guessed).
    package static let hmsBadgeClass = FormatOption(
        "hmsBadgeClass", kind: .string(allowed: nil),
        summary: "the launcher Activity class written as `badge.class` when a badge is rendered into hms")
}

extension FormatOptions {
    /// `hmsBadgeClass`: the launcher Activity's full class name written as `badge.class` when a badge is rendered
    /// into HMS and the notification kept none.
    public var hmsBadgeClass: String? {
        get { hasOnlyDefaults ? nil : string(.hmsBadgeClass) }
        set { set(.hmsBadgeClass, newValue.map(JSONValue.string)) }
    }
}

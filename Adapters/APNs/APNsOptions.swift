public import PushCore

// The option the plain `apns` format reads, declared by it.

extension FormatOption {
    /// `apnsMediaKeys`: top-level keys of a plain `apns` payload read as media URLs.
    package static let apnsMediaKeys = FormatOption(
        "apnsMediaKeys", kind: .strings,
        summary: "top-level keys of a plain `apns` payload read as media URLs (an app's own `image`, `media-url`, …)")
}

extension FormatOptions {
    /// `apnsMediaKeys`: top-level keys of a plain `apns` payload read as media URLs (an app's own convention,
    /// `image`, `media-url`, …), in order. Default none.
    public var apnsMediaKeys: [String] {
        get { hasOnlyDefaults ? [] : value(.apnsMediaKeys)?.arrayValue?.compactMap(\.stringValue) ?? [] }
        set { set(.apnsMediaKeys, newValue.isEmpty ? nil : .array(newValue.map(JSONValue.string))) }
    }
}

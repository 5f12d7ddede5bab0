import PushNormaliser

/// The one place the command line lists format names (help, usage errors): read from the format
/// registry, plus the action catalogue format, so a new adapter appears everywhere at once.
enum FormatNames {
    /// Every format name, in registry order, with `hive-actions` marked as a catalogue.
    static func list(registry: FormatRegistry = .standard) -> [String] {
        registry.descriptors.map(\.name) + ["\(Normaliser.catalogueFormat) (catalogue)"]  // = formatNameList
    }

    /// True when `name` is a format a command can read or write (`auto` excepted).
    static func isKnown(_ name: String, registry: FormatRegistry = .standard) -> Bool {
        registry.adapter(named: name) != nil || name == Normaliser.catalogueFormat
    }

    /// `unknown format "x"; known: auto, apns, … (did you mean …?)`.
    static func unknown(_ name: String, registry: FormatRegistry = .standard) -> String {
        let names = registry.descriptors.map(\.name) + [Normaliser.catalogueFormat]
        var message = "unknown format \"\(name)\"; known: auto, \(registry.formatNameList)"
        if let near = Suggestion.closest(to: name, among: names + ["auto"]) { message += " (did you mean \(near)?)" }
        return message
    }
}

import PushNormaliser

/// The one place the command line lists format names (help, usage errors): read from the format
/// registry, plus its catalogue formats, so a new adapter appears everywhere at once.
enum FormatNames {
    /// Every format name, in registry order, with the catalogue formats (`hive-actions`) marked.
    static func list(registry: FormatRegistry = .standard) -> [String] {
        registry.descriptors.map(\.name) + registry.catalogues.map { "\($0.descriptor.name) (catalogue)" }
    }

    /// True when `name` is a format a command can read or write (`auto` excepted).
    static func isKnown(_ name: String, registry: FormatRegistry = .standard) -> Bool {
        registry.adapter(named: name) != nil || registry.isCatalogue(name)
    }

    /// `unknown format "x"; known: auto, apns, … (did you mean …?)`.
    static func unknown(_ name: String, registry: FormatRegistry = .standard) -> String {
        let names = registry.descriptorsWithCatalogue.map(\.name)
        var message = "unknown format \"\(name)\"; known: auto, \(registry.formatNameList)"
        if let near = Suggestion.closest(to: name, among: names + ["auto"]) { message += " (did you mean \(near)?)" }
        return message
    }
}

/// What an adapter reads with and records into while normalising.
public struct NormaliseContext: Sendable {
    /// Conversion options.
    public var options: FormatOptions
    /// Findings, located in the input.
    public var diagnostics: [Diagnostic] = []
    /// Where each canonical field came from: canonical pointer (`/badge`) to input pointer (`/aps/badge`).
    /// Model checks use it to locate their findings in the input.
    public var provenance: [JSONPointer: JSONPointer] = [:]
    /// True when the "input" is the canonical model itself: every canonical path is its own location.
    public var pathsAreCanonical = false
    /// When false, ``record(_:from:)`` does nothing: for a normalisation whose provenance nobody reads
    /// (the facade's read-back of a rendered payload, which only compares models). Default true.
    public var recordsProvenance = true
    /// The payload's own default values for its template variables (a Pinpoint template's `DefaultSubstitutions`),
    /// read only when ``FormatOptions/substitutions`` is set: rendering puts that option's values over them.
    package var templateDefaults = TemplateSubstitutions()

    /// A context reading with `options`.
    public init(options: FormatOptions = FormatOptions()) { self.options = options }

    /// Records that canonical field `field` came from `input`; nothing when ``recordsProvenance`` is false, and then
    /// `input` is not even built (a reader names the location it read from without building it per record).
    @inlinable public mutating func record(_ field: String, from input: @autoclosure () -> JSONPointer) {
        guard recordsProvenance else { return }
        // A payload records about a dozen fields: size the table once instead of rehashing as it grows.
        if provenance.isEmpty { provenance.reserveCapacity(16) }
        provenance[JSONPointer(tokens: [field])] = input()
    }

    /// Records that the canonical path `canonical` (deeper than a field: `/media/0`) was read from `input`; nothing
    /// when ``recordsProvenance`` is false, and then `input` is not built.
    @inlinable public mutating func record(path canonical: JSONPointer, from input: @autoclosure () -> JSONPointer) {
        guard recordsProvenance else { return }
        if provenance.isEmpty { provenance.reserveCapacity(16) }
        provenance[canonical] = input()
    }

    /// The input location of a canonical path: its own record, else its nearest recorded ancestor
    /// (with the rest of the path appended when the ancestor is an object copied verbatim), else the root.
    public func inputPath(for canonical: JSONPointer) -> JSONPointer {
        if pathsAreCanonical { return canonical }
        var tokens = canonical.tokens
        while !tokens.isEmpty {
            if let found = provenance[JSONPointer(tokens: tokens)] {
                let rest = canonical.tokens.dropFirst(tokens.count)
                return rest.isEmpty || tokens.first == "media"
                    ? found : found.appending(JSONPointer(tokens: Array(rest)))
            }
            tokens.removeLast()
        }
        return .root
    }
}

/// What an adapter renders with and records into.
public struct RenderContext: Sendable {
    /// Conversion options.
    public var options: FormatOptions
    /// Findings, located in the canonical model.
    public var diagnostics: [Diagnostic] = []
    /// Specific reasons for fields the format cannot carry, keyed by canonical pointer.
    public var lossReasons: [JSONPointer: String] = [:]

    /// A context rendering with `options`.
    public init(options: FormatOptions = FormatOptions()) { self.options = options }

    /// Explains why the field at `path` (a canonical pointer) cannot be carried.
    public mutating func explainLoss(at path: JSONPointer, _ reason: String) {
        lossReasons[path] = reason
    }
}

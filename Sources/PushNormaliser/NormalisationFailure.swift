public import PushCore

/// Why the facade could not produce a result at all (as opposed to findings, which are data).
public struct NormalisationFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Open set of failure kinds; the RPC maps each to an application error code.
    public struct Kind: RawRepresentable, Sendable, Hashable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The format name is not one the registry knows.
        public static let unknownFormat = Kind(rawValue: "unknown-format")
        /// `auto` found no format that recognises the payload.
        public static let unrecognised = Kind(rawValue: "unrecognised")
        /// The bytes are not valid JSON.
        public static let invalidJSON = Kind(rawValue: "invalid-json")
        /// The payload has errors (see diagnostics).
        public static let rejected = Kind(rawValue: "rejected")
        /// Strict conversion would lose fields (see diagnostics and lost).
        public static let lossy = Kind(rawValue: "lossy")
    }

    /// What failed.
    public var kind: Kind
    /// Human text; may change between versions.
    public var message: String
    /// The findings that caused the failure.
    public var diagnostics: [Diagnostic]
    /// For `lossy`: what would be lost.
    public var lost: [LostField]

    /// A failure of `kind`.
    public init(_ kind: Kind, _ message: String, diagnostics: [Diagnostic] = [], lost: [LostField] = []) {
        self.kind = kind
        self.message = message
        self.diagnostics = diagnostics
        self.lost = lost
    }

    public var description: String { "\(kind.rawValue): \(message)" }
}

extension DiagnosticCode {
    /// The format name is unknown.
    public static let unknownFormat: DiagnosticCode = "core.format.unknown"
    /// `auto` recognised no format.
    public static let unrecognisedFormat: DiagnosticCode = "core.format.unrecognised"
    /// `auto` found several equally likely formats.
    public static let ambiguousFormat: DiagnosticCode = "core.format.ambiguous"
    /// A field cannot be carried by the target format.
    public static let conversionLost: DiagnosticCode = "core.conversion.lost"
    /// The rendered payload does not read back without errors in its own format (a custom key that
    /// collides with one of the format's keys, …); the message names the finding.
    public static let conversionInvalidOutput: DiagnosticCode = "core.conversion.invalid-output"
    /// A batch input (a file, or a file of a directory input) could not be read: the message names it and says why.
    public static let inputUnreadable: DiagnosticCode = "core.input.unreadable"
}

/// A stable dotted diagnostic code (`apns.badge.negative`). Open set: every module declares its own
/// codes as static members next to their use, each with a catalogue entry (``DiagnosticEntry``).
public struct DiagnosticCode: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A code from its dotted string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

// MARK: - Codes shared by every adapter

extension DiagnosticCode {
    /// A value has the wrong JSON type for its key.
    public static let wrongType: DiagnosticCode = "core.type.mismatch"
    /// The target format sends to a device, topic or condition the notification does not name (the source format
    /// has none): an info at the canonical `/target`, which a batch reports once per run
    /// (`Normaliser.runNotices`; a format's wire writer gives it as its adapter path does).
    public static let conversionTargetMissing: DiagnosticCode = "core.conversion.target-missing"
    /// The payload (or a nested JSON string) is not valid JSON.
    public static let invalidJSON: DiagnosticCode = "core.json.invalid"
    /// The top-level value is not an object.
    public static let notAnObject: DiagnosticCode = "core.payload.not-object"
    /// A canonical notification has a key the model does not define.
    public static let canonicalUnknownKey: DiagnosticCode = "core.canonical.unknown-key"
    /// A canonical notification has an unsupported `schemaVersion`.
    public static let canonicalSchemaVersion: DiagnosticCode = "core.canonical.schema-version"
    /// A required value is missing.
    public static let missingValue: DiagnosticCode = "core.value.missing"
}

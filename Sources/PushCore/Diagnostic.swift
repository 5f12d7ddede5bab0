/// One finding about a payload: data, never an exception.
///
/// Canonical JSON: `{"severity": "error", "code": "apns.badge.negative", "path": "/aps/badge", "message": "…"}`.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How bad it is.
    public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
        /// The payload is invalid or could not be read faithfully.
        case error
        /// The payload works but probably not as intended.
        case warning
        /// Something worth knowing (where a key was found, a normalisation applied).
        case info

        private var rank: Int {
            switch self {
            case .error: return 2
            case .warning: return 1
            case .info: return 0
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// Severity.
    public var severity: Severity
    /// Stable dotted code: the public contract tests and clients match on.
    public var code: DiagnosticCode
    /// Where in the input (or in the canonical model, for render findings).
    public var path: JSONPointer
    /// Human text; may change between versions.
    public var message: String

    /// A diagnostic.
    public init(_ severity: Severity, _ code: DiagnosticCode, at path: JSONPointer, _ message: String) {
        self.severity = severity
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String {
        "\(severity) \(code.rawValue) at \(path.description.isEmpty ? "/" : path.description): \(message)"
    }

    /// The canonical JSON form.
    public var jsonValue: JSONValue {
        .object(
            JSONObject(uncheckedMembers: [
                .init(key: "severity", value: .string(severity.rawValue)),
                .init(key: "code", value: .string(code.rawValue)),
                .init(key: "path", value: .string(path.description)),
                .init(key: "message", value: .string(message)),
            ]))
    }
}

extension Array where Element == Diagnostic {
    /// True when any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// The keys `k` for which a finding is located at `path/k`: what a loop over an object's keys looks up once,
    /// instead of scanning every finding for every key (quadratic over thousands of unknown keys, issue 22).
    package func keysNamed(under path: JSONPointer) -> Set<String> {
        var keys = Set<String>()
        let depth = path.tokens.count
        for diagnostic in self
        where diagnostic.path.tokens.count == depth + 1 && diagnostic.path.tokens.starts(with: path.tokens) {
            keys.insert(diagnostic.path.tokens[depth])
        }
        return keys
    }

    /// Appends an error.
    @inlinable public mutating func error(_ code: DiagnosticCode, at path: JSONPointer, _ message: String) {
        append(Diagnostic(.error, code, at: path, message))
    }

    /// Appends a warning.
    @inlinable public mutating func warning(_ code: DiagnosticCode, at path: JSONPointer, _ message: String) {
        append(Diagnostic(.warning, code, at: path, message))
    }

    /// Appends an info.
    @inlinable public mutating func info(_ code: DiagnosticCode, at path: JSONPointer, _ message: String) {
        append(Diagnostic(.info, code, at: path, message))
    }
}

extension Diagnostic {
    /// The `core.conversion.target-missing` info of a rendering as `format` (at the canonical `/target`): the
    /// rendered payload names no target because the source had none. A run notice, said once per run.
    package static func conversionTargetMissing(format: String) -> Diagnostic {
        Diagnostic(
            .info, .conversionTargetMissing, at: JSONPointer(tokens: ["target"]),
            "the \(format) payload names no target (token, topic, condition or fid): the source had none to carry;"
                + " set one when sending")
    }
}

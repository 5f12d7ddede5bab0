/// Codable in the canonical JSON form (through ``PushNotification/canonicalJSON`` and
/// ``PushNotification/init(canonical:diagnostics:)``, so there is one mapping, not two).
extension PushNotification: Codable {
    /// Thrown by `init(from:)` with every finding when the canonical JSON is invalid.
    public struct CanonicalDecodingError: Error, Sendable, Hashable {
        /// Every finding of the canonical JSON, located in it.
        public var diagnostics: [Diagnostic]
    }

    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        var diagnostics: [Diagnostic] = []
        guard let notification = PushNotification(canonical: json, diagnostics: &diagnostics) else {
            throw CanonicalDecodingError(diagnostics: diagnostics)
        }
        self = notification
    }

    public func encode(to encoder: any Encoder) throws {
        try canonicalJSON.encode(to: encoder)
    }
}

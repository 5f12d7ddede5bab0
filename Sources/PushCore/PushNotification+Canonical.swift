// Canonical JSON <-> model, from the model's declaration (`PushNotification+Model.swift`). Encoding is total;
// decoding reports every problem as a diagnostic located in the canonical document and returns nil only when an
// error was recorded.

extension PushNotification {
    /// The canonical JSON form (`schemaVersion` first, absent keys omitted).
    public var canonicalJSON: JSONValue {
        var encoder = CanonicalEncoder(self)
        encoder.object.appendUnchecked(Self.schemaVersionKey, .integer(PushNotification.schemaVersion))
        Self.declareFields(&encoder)
        return .object(encoder.object)
    }

    /// Reads a canonical JSON document. Every problem becomes a diagnostic whose path points into
    /// `json`; the result is nil only when an error was recorded.
    public init?(canonical json: JSONValue, diagnostics: inout [Diagnostic]) {
        let errorsBefore = diagnostics.count { $0.severity == .error }
        guard var object = json.objectValue else {
            diagnostics.error(.notAnObject, at: .root, "a notification must be a JSON object, found \(json.typeName)")
            return nil
        }
        if let version = object.takeInteger(Self.schemaVersionKey, at: .root, &diagnostics),
            version != PushNotification.schemaVersion
        {
            diagnostics.error(
                .canonicalSchemaVersion, at: JSONPointer.root.appending(Self.schemaVersionKey),
                "schemaVersion \(version) is not supported; this library reads version \(PushNotification.schemaVersion)"
            )
        }
        var decoder = CanonicalDecoder(
            PushNotification(), from: object, at: .root, subject: "a notification", diagnostics)
        diagnostics = []
        Self.declareFields(&decoder)
        decoder.rejectUnknown(prefix: "")
        diagnostics = decoder.diagnostics
        if diagnostics.count(where: { $0.severity == .error }) > errorsBefore { return nil }
        self = decoder.value
    }

    /// The canonical key of the schema version, written first and read apart from the fields.
    static let schemaVersionKey = "schemaVersion"
}

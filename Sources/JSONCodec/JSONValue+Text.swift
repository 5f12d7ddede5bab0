public import PushCore

extension JSONValue {
    /// Parses JSON text with the default `JSONParser` limits.
    public init(parsing text: String) throws(JSONParseError) {
        self = try JSONParser().parse(text)
    }

    /// Compact JSON text.
    public var compactText: String { JSONWriter(style: .compact).string(self) }

    /// Canonical JSON text (sorted keys, 2-space indent, trailing newline).
    public var canonicalText: String { JSONWriter(style: .canonical).string(self) }
}

extension JSONParseError {
    /// This error as a diagnostic (`json.<kind>`) at `path`, with the line and column in the message.
    public func diagnostic(at path: JSONPointer = .root, context: String = "") -> Diagnostic {
        Diagnostic(
            .error, DiagnosticCode(rawValue: code), at: path,
            "\(context)\(message) (line \(line), column \(column), byte \(byteOffset))")
    }
}

package import PushCore

extension JSONParseError.Kind {
    /// What this kind of parse error means, in one line: the catalogue summary of its code (`json.<kind>`).
    public var summary: String {
        switch self {
        case .syntax: return "Not JSON; the message has line, column and byte offset."
        case .duplicateKey:
            return "An object has the same key twice; the message has line, column and byte offset."
        case .invalidUTF8:
            return "Bytes that are not UTF-8, or a lone surrogate escape; the message has line, column and byte offset."
        case .truncated:
            return "The text ends before the value does (or is empty); the message has line, column and byte offset."
        case .numberOutOfRange:
            return "An integer beyond 64 bits or a real beyond `Double`; the message has line, column and byte offset."
        case .tooDeep: return "Nesting deeper than the limit; the message has line, column and byte offset."
        case .tooLarge: return "More bytes than the limit; the message has line, column and byte offset."
        case .bom: return "The text starts with a UTF-8 byte-order mark, which JSON does not allow; located at byte 0."
        }
    }
}

extension DiagnosticEntry {
    /// The catalogue entries of the JSON codec: one `json.<kind>` error per `JSONParseError.Kind`.
    package static let jsonCodes: [DiagnosticEntry] = JSONParseError.Kind.allCases.map { kind in
        DiagnosticEntry(DiagnosticCode(rawValue: "json.\(kind.rawValue)"), .error, summary: kind.summary)
    }
}

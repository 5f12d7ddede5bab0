/// Why JSON text could not be parsed, and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class of problem.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Not JSON (a stray character, a missing comma, …).
        case syntax
        /// An object has the same key twice.
        case duplicateKey = "duplicate-key"
        /// Bytes that are not UTF-8, or a `\u` escape that is a lone surrogate.
        case invalidUTF8 = "invalid-utf8"
        /// The text ends before the value does (also: empty input).
        case truncated
        /// A number that does not fit: an integer beyond 64 bits, or a real beyond `Double`.
        case numberOutOfRange = "number-out-of-range"
        /// Nesting deeper than the parser's limit.
        case tooDeep = "too-deep"
        /// More bytes than the parser's limit.
        case tooLarge = "too-large"
        /// A UTF-8 byte-order mark (EF BB BF) at byte 0: refused, named (RFC 8259 §8.1: JSON text must not add one).
        case bom
    }

    /// The class of problem.
    public var kind: Kind
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in characters (a multi-byte UTF-8 character is one column).
    public var column: Int
    /// 0-based byte offset into the input.
    public var byteOffset: Int
    /// Human text.
    public var message: String

    /// An error of `kind` at a 1-based `line` and `column` and a 0-based `byteOffset`.
    public init(kind: Kind, line: Int, column: Int, byteOffset: Int, message: String) {
        self.kind = kind
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
        self.message = message
    }

    public var description: String {
        "\(kind.rawValue) at line \(line), column \(column) (byte \(byteOffset)): \(message)"
    }

    /// The stable diagnostic code for this kind (`json.syntax`, `json.duplicate-key`, …).
    public var code: String { "json.\(kind.rawValue)" }
}

extension JSONParseError {
    /// An error at `byteOffset`, with line and column computed from `bytes`.
    static func located(
        _ kind: Kind, at byteOffset: Int, in bytes: UnsafeBufferPointer<UInt8>, _ message: String
    ) -> JSONParseError {
        var line = 1
        var column = 1
        let end = min(byteOffset, bytes.count)
        var index = 0
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return JSONParseError(kind: kind, line: line, column: column, byteOffset: byteOffset, message: message)
    }
}

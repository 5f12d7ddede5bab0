import CJansson
import CSimdjson

/// Says where and why rejected input went wrong, using Jansson (`json_loadb`). Called only after
/// simdjson has refused the bytes (or a duplicate key was found), never on the success path.
enum JanssonLocator {
    /// simdjson error codes we map ourselves (simdjson::error_code).
    private enum Simdjson {
        static let capacity: Int32 = 1
        static let depth: Int32 = 4
        static let utf8: Int32 = 10
        static let empty: Int32 = 12
        static let unclosedString: Int32 = 14
        static let numberOutOfRange: Int32 = 17
        static let incomplete: Int32 = 28
    }

    static func locate(
        _ buffer: UnsafeBufferPointer<UInt8>, simdjsonError: Int32, maximumDepth: Int, duplicateKey: String? = nil
    ) -> JSONParseError {
        if simdjsonError == Simdjson.depth || (simdjsonError != 0 && exceedsDepth(buffer, maximumDepth) != nil) {
            let offset = exceedsDepth(buffer, maximumDepth) ?? 0
            return .located(.tooDeep, at: offset, in: buffer, "nesting deeper than the limit of \(maximumDepth)")
        }
        if let janssonError = JanssonReference.load(buffer).error {
            return janssonError
        }
        // Jansson accepted what simdjson refused (or the difference is one we document).
        let message = simdjsonError == 0 ? "duplicate object key \"\(duplicateKey ?? "")\"" : simdjsonMessage(simdjsonError)
        let kind: JSONParseError.Kind
        switch simdjsonError {
        case 0: kind = .duplicateKey
        case Simdjson.capacity: kind = .tooLarge
        case Simdjson.utf8: kind = .invalidUTF8
        case Simdjson.empty, Simdjson.unclosedString, Simdjson.incomplete: kind = .truncated
        case Simdjson.numberOutOfRange: kind = .numberOutOfRange
        default: kind = .syntax
        }
        return .located(kind, at: 0, in: buffer, message)
    }

    static func simdjsonMessage(_ code: Int32) -> String {
        guard let text = csimdjson_error_message(code) else { return "simdjson error \(code)" }
        return String(cString: text)
    }

    /// The byte offset of the first bracket that opens a level deeper than `limit`, if any.
    static func exceedsDepth(_ buffer: UnsafeBufferPointer<UInt8>, _ limit: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for (offset, byte) in buffer.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return offset }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return nil
    }
}

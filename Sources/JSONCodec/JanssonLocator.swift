import CJansson
import CSimdjson
import PushCore

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
            // Jansson reads a raw NUL byte as the end of its input, so it would call a text that is cut by one
            // `truncated` "near end of file"; a raw NUL is never valid JSON (even in a string it must be
            // escaped): report it where it is.
            if let nul = buffer.firstIndex(of: 0), janssonError.byteOffset >= nul {
                return .located(.syntax, at: nul, in: buffer, "a NUL byte, which JSON never allows unescaped")
            }
            return janssonError
        }
        // Keys that differ in bytes but are canonically equivalent Unicode ("é" and "e\u{301}") are one key to
        // Swift's `String`, hence to `JSONObject`, so they are refused as duplicates; Jansson compares bytes and
        // accepts them, so locate the second one ourselves.
        if simdjsonError == 0, let key = duplicateKey, let offset = equivalentKeyOffset(buffer, key) {
            return .located(
                .duplicateKey, at: offset, in: buffer,
                "duplicate object key \"\(key)\" (canonically equivalent to an earlier key of the same object)")
        }
        // Jansson accepted what simdjson refused (or the difference is one we document).
        let message =
            simdjsonError == 0 ? "duplicate object key \"\(duplicateKey ?? "")\"" : simdjsonMessage(simdjsonError)
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

    /// The byte offset of the first key in some object that is the second one equal to `key` under Swift's
    /// `String` equality (Unicode canonical equivalence), if any. Called only for input Jansson accepted.
    static func equivalentKeyOffset(_ buffer: UnsafeBufferPointer<UInt8>, _ key: String) -> Int? {
        var matches: [Int] = []  // per open container: keys equal to `key` so far (-1 for an array)
        var index = 0
        while index < buffer.count {
            let byte = buffer[index]
            switch byte {
            case UInt8(ascii: "{"):
                matches.append(0)
                index += 1
            case UInt8(ascii: "["):
                matches.append(-1)
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = matches.popLast()
                index += 1
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                var escaped = false
                while index < buffer.count {
                    let character = buffer[index]
                    index += 1
                    if escaped {
                        escaped = false
                    } else if character == UInt8(ascii: "\\") {
                        escaped = true
                    } else if character == UInt8(ascii: "\"") {
                        break
                    }
                }
                var next = index
                while next < buffer.count, [0x20, 0x09, 0x0A, 0x0D].contains(buffer[next]) { next += 1 }
                guard next < buffer.count, buffer[next] == UInt8(ascii: ":"), let count = matches.last, count >= 0,
                    let token = try? JSONParser(maximumBytes: .max).parse(buffer[start..<index]),
                    token.stringValue == key
                else { continue }
                if count >= 1 { return start }
                matches[matches.count - 1] = count + 1
            default:
                index += 1
            }
        }
        return nil
    }

    /// The byte offset of the first bracket that opens a level deeper than `limit`, if any.
    static func exceedsDepth(_ buffer: UnsafeBufferPointer<UInt8>, _ limit: Int) -> Int? {
        var depth = 0
        var strings = JSONStringScanner()
        for (offset, byte) in buffer.enumerated() {
            if strings.advance(byte) { continue }
            switch byte {
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

package import PushCore
import CJansson

/// Jansson as a parser: the locator of rejected input, and the reference parser the codec's tests
/// compare simdjson against. All Jansson calls of the project are in this file.
package enum JanssonReference {
    /// Parses with `json_loadb(buffer, length, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_ALLOW_NUL)`
    /// and converts the tree eagerly; the root is `json_decref`ed before returning.
    package static func load(_ buffer: UnsafeBufferPointer<UInt8>) -> (value: JSONValue?, error: JSONParseError?) {
        var error = json_error_t()
        var empty: CChar = 0
        let root: UnsafeMutablePointer<json_t>? =
            if let base = buffer.baseAddress {
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    json_loadb($0, buffer.count, cjansson_strict_load_flags(), &error)
                }
            } else {
                json_loadb(&empty, 0, cjansson_strict_load_flags(), &error)
            }
        guard let root else { return (nil, parseError(error, in: buffer)) }
        defer { json_decref(root) }
        return (convert(root), nil)
    }

    /// Parses `bytes` with Jansson (test reference).
    package static func parse(_ bytes: [UInt8]) -> Result<JSONValue, JSONParseError> {
        let (value, error) = bytes.withUnsafeBufferPointer { load($0) }
        if let error { return .failure(error) }
        return .success(value ?? .null)
    }

    private static func convert(_ json: UnsafeMutablePointer<json_t>) -> JSONValue {
        switch cjansson_typeof(json) {
        case Int32(JSON_OBJECT.rawValue):
            var object = JSONObject()
            var iterator = json_object_iter(json)
            while let current = iterator {
                if let keyPointer = json_object_iter_key(current) {
                    let length = json_object_iter_key_len(current)
                    let key = keyPointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                        String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                    }
                    if let child = json_object_iter_value(current) { object.appendUnchecked(key, convert(child)) }
                }
                iterator = json_object_iter_next(json, current)
            }
            return .object(object)
        case Int32(JSON_ARRAY.rawValue):
            var array: [JSONValue] = []
            let count = json_array_size(json)
            array.reserveCapacity(count)
            for index in 0..<count {
                if let child = json_array_get(json, index) { array.append(convert(child)) }
            }
            return .array(array)
        case Int32(JSON_STRING.rawValue):
            let length = json_string_length(json)
            guard let text = json_string_value(json) else { return .string("") }
            return text.withMemoryRebound(to: UInt8.self, capacity: length) {
                .string(String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self))
            }
        case Int32(JSON_INTEGER.rawValue): return .integer(Int64(json_integer_value(json)))
        case Int32(JSON_REAL.rawValue): return .double(json_real_value(json))
        case Int32(JSON_TRUE.rawValue): return .bool(true)
        case Int32(JSON_FALSE.rawValue): return .bool(false)
        default: return .null
        }
    }

    private static func parseError(_ error: json_error_t, in buffer: UnsafeBufferPointer<UInt8>) -> JSONParseError {
        var error = error
        let text = withUnsafeBytes(of: &error.text) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let kind: JSONParseError.Kind
        switch UInt32(cjansson_error_code(&error)) {
        case json_error_duplicate_key.rawValue: kind = .duplicateKey
        case json_error_invalid_utf8.rawValue: kind = .invalidUTF8
        case json_error_premature_end_of_input.rawValue: kind = .truncated
        case json_error_numeric_overflow.rawValue: kind = .numberOutOfRange
        case json_error_stack_overflow.rawValue: kind = .tooDeep
        default:
            // Jansson reports a lone surrogate in a \u escape as a syntax error ("invalid Unicode").
            kind = text.contains("invalid Unicode") ? .invalidUTF8 : .syntax
        }
        let position = max(0, Int(error.position))
        // Jansson's column is in characters and 1-based on the error's line; keep its numbers.
        return JSONParseError(
            kind: kind, line: max(1, Int(error.line)), column: max(1, Int(error.column)), byteOffset: position,
            message: text)
    }
}

import JSONCodec
import PushCore

/// Reads request ids straight from a message's bytes, without parsing the whole message:
/// - the id of a message too large to parse, from its head, so its error reply carries the caller's id;
/// - the exact JSON text of numeric ids (`1e3`, `1.50`, `-0`), so replies echo them as sent.
///
/// Only a top-level `"id"` member counts (an `"id"` inside `params` is skipped). The scan stops at the first
/// byte it cannot read and then knows nothing: it never guesses.
enum RequestIDScanner {
    /// The id of the object message in `bytes`, read from at most its first `limit` bytes; nil when the head is
    /// not an object, has no top-level `id` within the limit, or the id is not a string, number or null.
    static func id(in bytes: some Collection<UInt8>, limit: Int = 64 * 1024) -> RPCRequestID? {
        let head = Array(bytes.prefix(limit))
        var index = skipWhitespace(head, 0)
        guard index < head.count, head[index] == UInt8(ascii: "{") else { return nil }
        guard let token = topLevelIDToken(head, from: &index) else { return nil }
        return requestID(token)
    }

    /// The text of each numeric top-level id: one entry for an object message, one per element for a batch
    /// (nil where an element has no numeric id or cannot be read).
    static func numericIDTexts(in bytes: some Collection<UInt8>) -> [String?] {
        let all = Array(bytes)
        var index = skipWhitespace(all, 0)
        guard index < all.count else { return [] }
        func text(at start: inout Int) -> String? {
            guard let token = topLevelIDToken(all, from: &start), let first = token.first,
                first == UInt8(ascii: "-") || (0x30...0x39).contains(first)
            else { return nil }
            return String(decoding: token, as: UTF8.self)
        }
        if all[index] == UInt8(ascii: "{") { return [text(at: &index)] }
        guard all[index] == UInt8(ascii: "[") else { return [] }
        var texts: [String?] = []
        index += 1
        while true {
            index = skipWhitespace(all, index)
            guard index < all.count, all[index] != UInt8(ascii: "]") else { return texts }
            var start = index
            if all[index] == UInt8(ascii: "{") { texts.append(text(at: &start)) } else { texts.append(nil) }
            guard let end = skipValue(all, index) else { return texts }
            index = skipWhitespace(all, end)
            guard index < all.count, all[index] == UInt8(ascii: ",") else { return texts }
            index += 1
        }
    }

    // MARK: - Scanning

    /// The bytes of the top-level `id` member's value of the object starting at `index`.
    private static func topLevelIDToken(_ bytes: [UInt8], from index: inout Int) -> ArraySlice<UInt8>? {
        var i = index + 1
        while true {
            i = skipWhitespace(bytes, i)
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            guard let keyEnd = skipString(bytes, i) else { return nil }
            let key = bytes[(i + 1)..<(keyEnd - 1)]
            i = skipWhitespace(bytes, keyEnd)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
            i = skipWhitespace(bytes, i + 1)
            guard let valueEnd = skipValue(bytes, i) else { return nil }
            if key.elementsEqual("id".utf8) {
                index = valueEnd
                return bytes[i..<valueEnd]
            }
            i = skipWhitespace(bytes, valueEnd)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
            i += 1
        }
    }

    /// The id a value token holds (parsed by the codec, so only valid JSON counts).
    private static func requestID(_ token: ArraySlice<UInt8>) -> RPCRequestID? {
        guard let value = try? JSONParser().parse(Array(token)), let id = RPCRequestID(json: value) else { return nil }
        if case .string = value { return id }
        if case .null = value { return id }
        return .number(String(decoding: token, as: UTF8.self))
    }

    private static func skipWhitespace(_ bytes: [UInt8], _ start: Int) -> Int {
        var i = start
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        return i
    }

    /// The index after the string starting at `start` (a `"`), or nil when it does not end.
    private static func skipString(_ bytes: [UInt8], _ start: Int) -> Int? {
        var i = start + 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): return i + 1
            default: i += 1
            }
        }
        return nil
    }

    /// The index after the value starting at `start`, or nil when it does not end within `bytes`.
    private static func skipValue(_ bytes: [UInt8], _ start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return skipString(bytes, start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var i = start
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    guard let end = skipString(bytes, i) else { return nil }
                    i = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default:
                    break
                }
                i += 1
            }
            return nil
        default:
            var i = start
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == 0x20
                    || byte == 0x0A || byte == 0x0D || byte == 0x09
                {
                    break
                }
                i += 1
            }
            return i > start && i < bytes.count ? i : nil
        }
    }
}

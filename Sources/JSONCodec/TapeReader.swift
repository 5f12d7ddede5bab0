import PushCore

/// Thrown by ``TapeReader`` for a repeated object key.
struct DuplicateKeyError: Error {
    var key: String
}

/// Turns the flat tape written by `csimdjson.cpp` into a ``JSONValue``. The tape is trusted (it was
/// written by our shim from a validated document), but every read is still bounds-checked.
struct TapeReader {
    let tape: UnsafeBufferPointer<UInt8>
    var position = 0

    init(tape: UnsafeBufferPointer<UInt8>) { self.tape = tape }

    private mutating func byte() -> UInt8 {
        guard position < tape.count else { return 0 }
        defer { position += 1 }
        return tape[position]
    }

    private mutating func fixed<T: FixedWidthInteger>(_: T.Type) -> T {
        let size = MemoryLayout<T>.size
        guard position + size <= tape.count, let base = tape.baseAddress else { return 0 }
        let value = UnsafeRawPointer(base + position).loadUnaligned(as: T.self)
        position += size
        return value
    }

    private mutating func string() -> String {
        let length = Int(fixed(UInt32.self))
        guard position + length <= tape.count, let base = tape.baseAddress else { return "" }
        let string = String(decoding: UnsafeBufferPointer(start: base + position, count: length), as: UTF8.self)
        position += length
        return string
    }

    mutating func readValue() throws(DuplicateKeyError) -> JSONValue {
        switch byte() {
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "t"): return .bool(true)
        case UInt8(ascii: "f"): return .bool(false)
        case UInt8(ascii: "i"): return .integer(fixed(Int64.self))
        case UInt8(ascii: "u"):
            let value = fixed(UInt64.self)
            return value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
        case UInt8(ascii: "d"): return .double(Double(bitPattern: fixed(UInt64.self)))
        case UInt8(ascii: "s"): return .string(string())
        case UInt8(ascii: "["):
            var array: [JSONValue] = []
            while position < tape.count, tape[position] != UInt8(ascii: "]") {
                array.append(try readValue())
            }
            position += 1
            return .array(array)
        case UInt8(ascii: "{"):
            var members: [JSONObject.Member] = []
            members.reserveCapacity(8)  // push payload objects are small; skip the 1-2-4-8 regrowth
            var seen: Set<String>?
            while position < tape.count, tape[position] != UInt8(ascii: "}") {
                let key = string()
                let value = try readValue()
                if seen != nil {
                    if seen?.insert(key).inserted == false { throw DuplicateKeyError(key: key) }
                } else {
                    for member in members where member.key == key { throw DuplicateKeyError(key: key) }
                    if members.count >= 16 {
                        seen = Set(members.map(\.key))
                        seen?.insert(key)
                    }
                }
                members.append(JSONObject.Member(key: key, value: value))
            }
            position += 1
            return .object(JSONObject(uncheckedMembers: members))
        default:
            return .null
        }
    }
}

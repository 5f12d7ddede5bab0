public import PushCore

/// Renders ``PushCore/JSONValue`` as JSON text. Pure Swift: Jansson's writer changes decimals and Foundation's
/// is slow.
///
/// - Non-ASCII is never escaped, so the output's byte count is the payload's real UTF-8 size (what
///   APNs limits). `"`, `\` and control characters are escaped (`\n`, `\t`, … or `\u00XX`).
/// - Integers are exact; reals use the shortest form that reads back to the same `Double`
///   (`86.795456` stays `86.795456`, an integral real keeps its `.0`). A non-finite real, which no
///   parsed input can hold, is written as `null`.
public struct JSONWriter: Sendable {
    /// Output styles.
    public enum Style: Sendable, Hashable {
        /// One line, no spaces, keys in their order: for the wire.
        case compact
        /// Sorted keys (by UTF-8 bytes), 2-space indent, `": "`, trailing newline: for goldens and people.
        case canonical
        /// Keys in their order, 2-space indent, `": "`, trailing newline: for goldens whose key order matters
        /// (rendered payloads).
        case indented
    }

    /// The style.
    public var style: Style

    /// A writer in `style` (compact for the wire, canonical for goldens and people).
    public init(style: Style = .compact) { self.style = style }

    /// The bytes of `value`.
    public func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out)
        return out
    }

    /// The text of `value`.
    public func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// Appends `value` to `out`.
    public func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch style {
        case .compact: Self.writeCompact(value, into: &out)
        case .canonical:
            Self.writeCanonical(value, indent: 0, sortingKeys: true, into: &out)
            out.append(UInt8(ascii: "\n"))
        case .indented:
            Self.writeCanonical(value, indent: 0, sortingKeys: false, into: &out)
            out.append(UInt8(ascii: "\n"))
        }
    }

    /// The compact byte count of `value`, without keeping the bytes: counted, not written, so it
    /// allocates nothing (equal to `bytes(value).count` in the compact style).
    public static func compactSize(of value: JSONValue) -> Int {
        var count = 0
        countCompact(value, into: &count)
        return count
    }

    // MARK: - Counting

    static func countCompact(_ value: JSONValue, into count: inout Int) {
        switch value {
        case .object(let object):
            count += object.members.isEmpty ? 2 : 1 + object.members.count * 2  // braces, colons, commas
            for member in object.members {
                count += stringSize(member.key)
                countCompact(member.value, into: &count)
            }
        case .array(let array):
            count += array.isEmpty ? 2 : 1 + array.count
            for element in array { countCompact(element, into: &count) }
        case .null: count += 4
        case .bool(let bool): count += bool ? 4 : 5
        case .integer(let int): count += int >= 0 && int < 10 ? 1 : String(int).utf8.count
        case .unsignedInteger(let uint): count += String(uint).utf8.count
        case .double(let double): count += double.isFinite ? double.description.utf8.count : 4
        case .string(let string): count += stringSize(string)
        }
    }

    /// The byte count of `string` as ``writeString(_:into:)`` writes it, quotes included.
    static func stringSize(_ string: String) -> Int {
        var string = string
        return string.withUTF8 { utf8 in
            var size = utf8.count + 2
            var index = 0
            let count = utf8.count
            while index < count {
                if let base = utf8.baseAddress, index &+ 8 <= count, !hasSpecialByte(base + index) {
                    index &+= 8
                    continue
                }
                let byte = utf8[index]
                index &+= 1
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"),
                    0x08, 0x0C:
                    size += 1
                default: size += 5
                }
            }
            return size
        }
    }

    /// True when one of the 8 bytes at `pointer` needs escaping: below 0x20, `"` or `\\`. SWAR
    /// tests, exact for the word as a whole (a borrow can only follow a byte that matched).
    @inline(__always)
    static func hasSpecialByte(_ pointer: UnsafePointer<UInt8>) -> Bool {
        specialBits(UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)) != 0
    }

    /// ``hasSpecialByte(_:)`` of the 16 bytes at `first` and `second` (its next 8), in one test.
    @inline(__always)
    static func hasSpecialByte(_ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>) -> Bool {
        specialBits(UnsafeRawPointer(first).loadUnaligned(as: UInt64.self))
            | specialBits(UnsafeRawPointer(second).loadUnaligned(as: UInt64.self)) != 0
    }

    /// The high bit of each byte of `word` that may need escaping (exact for the word as a whole).
    @inline(__always)
    static func specialBits(_ word: UInt64) -> UInt64 {
        let quote = word ^ 0x2222_2222_2222_2222
        let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
        let control = (word &- 0x2020_2020_2020_2020) & ~word
        let special =
            control | ((quote &- 0x0101_0101_0101_0101) & ~quote)
            | ((backslash &- 0x0101_0101_0101_0101) & ~backslash)
        return special & 0x8080_8080_8080_8080
    }

    // MARK: - Compact

    /// Writes `value` compactly into any sink (the writer's buffer, or the wire path's scratch buffer directly).
    @_specialize(exported:true,where S == [UInt8])
    @_specialize(exported:true,where S == ByteBuffer)
    @usableFromInline package static func writeCompact<S: ByteSink>(_ value: JSONValue, into out: inout S) {
        switch value {
        case .object(let object):
            out.appendByte(UInt8(ascii: "{"))
            var first = true
            for member in object.members {
                if !first { out.appendByte(UInt8(ascii: ",")) }
                first = false
                writeString(member.key, into: &out)
                out.appendByte(UInt8(ascii: ":"))
                writeCompact(member.value, into: &out)
            }
            out.appendByte(UInt8(ascii: "}"))
        case .array(let array):
            out.appendByte(UInt8(ascii: "["))
            var first = true
            for element in array {
                if !first { out.appendByte(UInt8(ascii: ",")) }
                first = false
                writeCompact(element, into: &out)
            }
            out.appendByte(UInt8(ascii: "]"))
        default:
            writeScalar(value, into: &out)
        }
    }

    // MARK: - Canonical

    static func writeCanonical(_ value: JSONValue, indent: Int, sortingKeys: Bool, into out: inout [UInt8]) {
        switch value {
        case .object(let object):
            if object.isEmpty {
                out.append(literal: "{}")
                return
            }
            out.append(UInt8(ascii: "{"))
            let sorted =
                sortingKeys
                ? object.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : object.members
            for (index, member) in sorted.enumerated() {
                out.append(UInt8(ascii: index == 0 ? "\n" : ","))
                if index > 0 { out.append(UInt8(ascii: "\n")) }
                appendIndent(indent + 1, into: &out)
                writeString(member.key, into: &out)
                out.append(literal: ": ")
                writeCanonical(member.value, indent: indent + 1, sortingKeys: sortingKeys, into: &out)
            }
            out.append(UInt8(ascii: "\n"))
            appendIndent(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        case .array(let array):
            if array.isEmpty {
                out.append(literal: "[]")
                return
            }
            out.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                out.append(UInt8(ascii: index == 0 ? "\n" : ","))
                if index > 0 { out.append(UInt8(ascii: "\n")) }
                appendIndent(indent + 1, into: &out)
                writeCanonical(element, indent: indent + 1, sortingKeys: sortingKeys, into: &out)
            }
            out.append(UInt8(ascii: "\n"))
            appendIndent(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        default:
            writeScalar(value, into: &out)
        }
    }

    private static func appendIndent(_ level: Int, into out: inout [UInt8]) {
        for _ in 0..<(level * 2) { out.append(UInt8(ascii: " ")) }
    }

    // MARK: - Scalars

    package static func writeScalar<S: ByteSink>(_ value: JSONValue, into out: inout S) {
        switch value {
        case .null: out.appendLiteral("null")
        case .bool(let bool): out.appendLiteral(bool ? "true" : "false")
        case .integer(let int): writeInteger(int, into: &out)
        case .unsignedInteger(let uint): writeText(String(uint), into: &out)
        case .double(let double):
            if double.isFinite {
                writeText(double.description, into: &out)
            } else {
                out.appendLiteral("null")
            }
        case .string(let string): writeString(string, into: &out)
        case .array, .object: writeCompact(value, into: &out)
        }
    }

    /// Appends the UTF-8 of `text` as it is (a number's digits: no quotes, nothing to escape).
    static func writeText<S: ByteSink>(_ text: String, into out: inout S) {
        var text = text
        text.withUTF8 { out.appendBytes($0) }
    }

    /// A scalar the sink has no routine of its own for (an unsigned integer above Int64, a real), written as
    /// ``writeScalar(_:into:)`` writes it.
    package static func writeOther<S: ByteSink>(_ value: JSONValue, into out: inout S) {
        writeScalar(value, into: &out)
    }

    /// Writes an integer in decimal.
    @_specialize(exported:true,where S == [UInt8])
    @_specialize(exported:true,where S == ByteBuffer)
    @usableFromInline package static func writeInteger<S: ByteSink>(_ value: Int64, into out: inout S) {
        if value >= 0 && value < 10 {
            out.appendByte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        // Digits from the right into a 20-byte scratch (Int64.min has 19 digits and a sign).
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { raw in
            var position = 24
            var magnitude = value.magnitude
            repeat {
                position -= 1
                raw[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                position -= 1
                raw[position] = UInt8(ascii: "-")
            }
            let bytes = raw.bindMemory(to: UInt8.self)
            out.appendBytes(UnsafeBufferPointer(rebasing: bytes[position...]))
        }
    }

    /// Appends `value` in decimal to `out`, as the writer writes an integer (no ``PushCore/JSONValue`` built, no string
    /// made).
    public static func appendInteger(_ value: Int64, to out: inout [UInt8]) { writeInteger(value, into: &out) }

    @usableFromInline static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    @_specialize(exported:true,where S == [UInt8])
    @_specialize(exported:true,where S == ByteBuffer)
    @_specialize(exported:true,where S == ByteCounter)
    @usableFromInline package static func writeString<S: ByteSink>(_ string: String, into out: inout S) {
        var string = string
        string.withUTF8 { writeString(bytes: $0, into: &out) }
    }

    /// Writes UTF-8 `utf8` as a JSON string (quoted, escaped).
    @_specialize(exported:true,where S == [UInt8])
    @_specialize(exported:true,where S == ByteCounter)
    @_specialize(exported:true,where S == ByteBuffer)
    @usableFromInline package static func writeString<S: ByteSink>(
        bytes utf8: UnsafeBufferPointer<UInt8>, into out: inout S
    ) {
        out.appendByte(UInt8(ascii: "\""))
        guard let base = utf8.baseAddress else {
            out.appendByte(UInt8(ascii: "\""))
            return
        }
        let count = utf8.count
        var runStart = 0
        var index = 0
        while true {
            // Skip plain bytes: 16 at a time, then 8; in a word with a byte to escape, the lowest flagged byte is
            // the first one (a false flag can only follow a true one); past the last whole word, one by one.
            while index &+ 16 <= count, !hasSpecialByte(base + index, base + (index &+ 8)) { index &+= 16 }
            var found = false
            while index &+ 8 <= count {
                let bits = specialBits(
                    UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
                if bits != 0 {
                    index &+= bits.trailingZeroBitCount &>> 3
                    found = true
                    break
                }
                index &+= 8
            }
            if !found { while index < count, isPlain(base[index]) { index &+= 1 } }
            guard index < count else { break }
            let byte = base[index]
            if runStart < index {
                out.appendBytes(UnsafeBufferPointer(start: base + runStart, count: index &- runStart))
            }
            out.appendByte(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): out.appendByte(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.appendByte(UInt8(ascii: "\\"))
            case UInt8(ascii: "\n"): out.appendByte(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): out.appendByte(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): out.appendByte(UInt8(ascii: "t"))
            case 0x08: out.appendByte(UInt8(ascii: "b"))
            case 0x0C: out.appendByte(UInt8(ascii: "f"))
            default:
                out.appendLiteral("u00")
                out.appendByte(hexDigits[Int(byte >> 4)])
                out.appendByte(hexDigits[Int(byte & 0xF)])
            }
            index &+= 1
            runStart = index
        }
        if runStart < count { out.appendBytes(UnsafeBufferPointer(start: base + runStart, count: count &- runStart)) }
        out.appendByte(UInt8(ascii: "\""))
    }

    /// True when `byte` is written as it is inside a JSON string (not below 0x20, `"` or `\\`).
    @inline(__always)
    static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }
}

extension JSONWriter {
    /// Writes `pointer`'s text (``PushCore/JSONPointer/description``) as a JSON string, byte for byte what
    /// `writeString(pointer.description, into:)` writes, without building that `String`: each token is written as a
    /// string whose opening quote becomes the `/` before it (JSON escaping is per character, so the pieces join).
    /// A token holding `~` or `/` is escaped (`~0`, `~1`) first.
    package static func writeString(pointer: JSONPointer, into out: inout [UInt8]) {
        let tokens = pointer.tokens
        guard !tokens.isEmpty else {
            writeString("", into: &out)
            return
        }
        out.append(UInt8(ascii: "\""))
        for index in tokens.indices {
            let token = tokens[index]
            let start = out.count
            if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                var escaped = JSONPointer(tokens: [token]).description
                escaped.removeFirst()
                writeString(escaped, into: &out)
            } else {
                writeString(token, into: &out)
            }
            out[start] = UInt8(ascii: "/")
            if index < tokens.count - 1 { out.removeLast() }
        }
    }
}

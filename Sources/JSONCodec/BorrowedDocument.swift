public import PushCore
import CSimdjson
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A parsed JSON document read in place: a non-escaping view over simdjson's own DOM tape and string buffer
/// (no copy, no ``JSONValue``). Nodes are tape indices; containers know where they end, so skipping a subtree is
/// O(1). Strings are simdjson's unescaped, validated UTF-8 bytes.
///
/// Valid only inside the closure of ``JSONParser/withBorrowedDocument(_:_:)`` (or ``JSONParser/withDocument(_:_:)``)
/// that lent it: a format that parses a string of it does so in a nested call, and finishes its work inside it.
@usableFromInline package struct BorrowedDocument {
    /// A value in the document: its tape index.
    @usableFromInline package typealias Node = Int

    /// The kinds of value.
    @usableFromInline package enum Kind: UInt8 {
        case object = 0x7B  // {
        case array = 0x5B  // [
        case string = 0x22  // "
        case int64 = 0x6C  // l
        case uint64 = 0x75  // u
        case double = 0x64  // d
        case `true` = 0x74  // t
        case `false` = 0x66  // f
        case null = 0x6E  // n
    }

    @usableFromInline let tape: UnsafePointer<UInt64>
    @usableFromInline let count: Int
    @usableFromInline let strings: UnsafePointer<UInt8>
    /// The length of the JSON text parsed (what bounds the document's compact size: ``compactSize(_:ifOver:)``).
    let inputCount: Int

    init(tape: UnsafePointer<UInt64>, count: Int, strings: UnsafePointer<UInt8>, inputCount: Int) {
        self.tape = tape
        self.count = count
        self.strings = strings
        self.inputCount = inputCount
    }

    /// The document's value.
    @inlinable package var root: Node { 1 }

    @inlinable @inline(__always) package func tag(_ node: Node) -> UInt8 { UInt8(truncatingIfNeeded: tape[node] >> 56) }

    @inlinable @inline(__always) package func kind(_ node: Node) -> Kind { Kind(rawValue: tag(node)) ?? .null }

    /// The node just past `node` and its subtree.
    @inlinable @inline(__always) package func after(_ node: Node) -> Node {
        switch tag(node) {
        case Kind.object.rawValue, Kind.array.rawValue: return Int(UInt32(truncatingIfNeeded: tape[node]))
        case Kind.int64.rawValue, Kind.uint64.rawValue, Kind.double.rawValue: return node + 2
        default: return node + 1
        }
    }

    /// The bytes of a string node (a key or a value).
    @inlinable @inline(__always) package func stringBytes(_ node: Node) -> UnsafeBufferPointer<UInt8> {
        let offset = Int(tape[node] & 0x00FF_FFFF_FFFF_FFFF)
        let length = Int(UnsafeRawPointer(strings + offset).loadUnaligned(as: UInt32.self))
        return UnsafeBufferPointer(start: strings + offset + 4, count: length)
    }

    /// A string node as the model holds a text (nil for another kind): its bytes copied, no `String` made.
    @inlinable package func text(_ node: Node) -> PushNotification.Text? {
        guard tag(node) == Kind.string.rawValue else { return nil }
        return PushNotification.Text(copying: stringBytes(node))
    }

    /// A string node as a `String` (nil for another kind).
    @inlinable package func string(_ node: Node) -> String? {
        guard tag(node) == Kind.string.rawValue else { return nil }
        return String(decoding: stringBytes(node), as: UTF8.self)
    }

    /// An integer node's value (nil for another kind, or a uint64 beyond Int64).
    @inlinable package func int64(_ node: Node) -> Int64? {
        switch tag(node) {
        case Kind.int64.rawValue: return Int64(bitPattern: tape[node + 1])
        case Kind.uint64.rawValue: return tape[node + 1] <= UInt64(Int64.max) ? Int64(tape[node + 1]) : nil
        default: return nil
        }
    }

    /// A number node as a double (nil for another kind).
    @inlinable package func double(_ node: Node) -> Double? {
        switch tag(node) {
        case Kind.int64.rawValue: return Double(Int64(bitPattern: tape[node + 1]))
        case Kind.uint64.rawValue: return Double(tape[node + 1])
        case Kind.double.rawValue: return Double(bitPattern: tape[node + 1])
        default: return nil
        }
    }

    /// True when `node` is a string equal to `text`.
    @inlinable @inline(__always) package func stringEquals(_ node: Node, _ text: StaticString) -> Bool {
        guard tag(node) == Kind.string.rawValue else { return false }
        return Self.equal(stringBytes(node), text)
    }

    @usableFromInline package static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard bytes.count == text.utf8CodeUnitCount else { return false }
        guard let base = bytes.baseAddress else { return true }
        return memcmp(base, text.utf8Start, bytes.count) == 0
    }

    @usableFromInline package static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        guard bytes.count == text.count else { return false }
        guard let a = bytes.baseAddress, let b = text.baseAddress else { return true }
        return memcmp(a, b, bytes.count) == 0
    }

    // MARK: - Objects and arrays

    /// The members of an object node: (key node, value node), in order.
    @usableFromInline package struct Members: Sequence, IteratorProtocol {
        @usableFromInline let document: BorrowedDocument
        @usableFromInline var position: Node
        @usableFromInline let end: Node

        @inlinable init(document: BorrowedDocument, position: Node, end: Node) {
            self.document = document
            self.position = position
            self.end = end
        }

        @inlinable package mutating func next() -> (key: Node, value: Node)? {
            guard position < end - 1 else { return nil }
            let key = position
            let value = position + 1
            position = document.after(value)
            return (key, value)
        }
    }

    /// The members of `node` (none when it is not an object).
    @inlinable package func members(_ node: Node) -> Members {
        guard tag(node) == Kind.object.rawValue else { return Members(document: self, position: 0, end: 0) }
        return Members(document: self, position: node + 1, end: after(node))
    }

    /// The elements of an array node, in order (walked over the tape, nothing allocated).
    @usableFromInline package struct Elements: Sequence, IteratorProtocol {
        @usableFromInline let document: BorrowedDocument
        @usableFromInline var position: Node
        @usableFromInline let end: Node

        @inlinable init(document: BorrowedDocument, position: Node, end: Node) {
            self.document = document
            self.position = position
            self.end = end
        }

        @inlinable package mutating func next() -> Node? {
            guard position < end else { return nil }
            defer { position = document.after(position) }
            return position
        }
    }

    /// The elements of `node` (none when it is not an array).
    @inlinable package func elements(_ node: Node) -> Elements {
        guard tag(node) == Kind.array.rawValue else { return Elements(document: self, position: 0, end: 0) }
        return Elements(document: self, position: node + 1, end: after(node) - 1)
    }

    /// The value of `key` in object `node`.
    @inlinable package func value(_ node: Node, _ key: StaticString) -> Node? {
        for member in members(node) where Self.equal(stringBytes(member.key), key) { return member.value }
        return nil
    }

    /// The value of `key` in object `node`.
    package func value(_ node: Node, _ key: String) -> Node? {
        var key = key
        return key.withUTF8 { utf8 in
            for member in members(node) where Self.equal(stringBytes(member.key), utf8) { return member.value }
            return nil
        }
    }

    /// The number of members of an object, or elements of an array.
    @inlinable package func childCount(_ node: Node) -> Int {
        let stored = Int((tape[node] >> 32) & 0xFF_FFFF)
        if stored < 0xFF_FFFF { return stored }
        var count = 0
        if tag(node) == Kind.object.rawValue {
            for _ in members(node) { count += 1 }
        } else {
            for _ in elements(node) { count += 1 }
        }
        return count
    }

    /// True when a string at or under `node` (a member name or a value) holds the byte `first` followed by `second`
    /// (a template placeholder's `{{`): the tape walked once. The parser lays the strings out in document order, so
    /// those under `node` lie in one run of its string buffer, each behind its 4-byte length and before a NUL: that
    /// run is searched at once, and only when it holds the pair (in a string, or, for a string of tens of kilobytes,
    /// in a length) is each string searched on its own.
    package func stringsHold(_ first: UInt8, _ second: UInt8, under node: Node) -> Bool {
        let end = after(node)
        var start: Int?
        var stop = 0
        var position = node
        while position < end {
            switch tag(position) {
            case Kind.string.rawValue:
                let offset = Int(tape[position] & 0x00FF_FFFF_FFFF_FFFF)
                if start == nil { start = offset }
                stop = offset + 4 + Int(UnsafeRawPointer(strings + offset).loadUnaligned(as: UInt32.self))
                position += 1
            case Kind.object.rawValue, Kind.array.rawValue: position += 1
            default: position = after(position)
            }
        }
        guard let start, Self.holds(first, second, in: UnsafeBufferPointer(start: strings + start, count: stop - start))
        else { return false }
        return eachStringHolds(first, second, under: node)
    }

    /// ``stringsHold(_:_:under:)`` asked of each string on its own.
    private func eachStringHolds(_ first: UInt8, _ second: UInt8, under node: Node) -> Bool {
        var position = node
        let end = after(node)
        while position < end {
            switch tag(position) {
            case Kind.string.rawValue:
                if Self.holds(first, second, in: stringBytes(position)) { return true }
                position += 1
            case Kind.object.rawValue, Kind.array.rawValue:
                // Into the container: step over its opening word only.
                position += 1
            default:
                position = after(position)
            }
        }
        return false
    }

    /// True when `bytes` hold `first` immediately followed by `second`.
    static func holds(_ first: UInt8, _ second: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > 1, var base = bytes.baseAddress else { return false }
        var remaining = bytes.count
        while remaining > 1 {
            // The last byte cannot start the pair: it is not searched.
            guard let found = memchr(base, Int32(first), remaining - 1) else { return false }
            let hit = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            if hit[1] == second { return true }
            let skipped = hit - base + 1
            base += skipped
            remaining -= skipped
        }
        return false
    }

    /// The first key repeated within one object, anywhere in the document (the parser refuses duplicates).
    package func firstDuplicateKey() -> String? {
        var node = 1
        let end = count - 1
        while node < end {
            if tag(node) == Kind.object.rawValue, let key = duplicateKey(in: node) { return key }
            // Descend into containers: step over the opening word only.
            switch tag(node) {
            case Kind.object.rawValue, Kind.array.rawValue: node += 1
            case Kind.int64.rawValue, Kind.uint64.rawValue, Kind.double.rawValue: node += 2
            default: node += 1
            }
        }
        return nil
    }

    /// Objects with more members than this are checked through a `Set` of their keys (linear, but it allocates);
    /// smaller ones compare bytes and allocate nothing.
    private static var duplicateScanLimit: Int { 64 }

    private func duplicateKey(in object: Node) -> String? {
        let n = childCount(object)
        guard n > 1 else { return nil }
        guard n <= Self.duplicateScanLimit else { return duplicateKeyAsString(in: object) }
        // Keys compare as `String`s (canonical equivalence: `é` and `e` + U+0301 are the same key, and so are the
        // Kelvin sign and `K`), which for ASCII keys is byte equality. A 256-bit filter on length and the first,
        // second and last bytes picks the keys that need comparing with the earlier ones at all (at most
        // 64 × 63 / 2 short comparisons, and usually none).
        var filter: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for member in members(object) {
            let bytes = stringBytes(member.key)
            guard Self.isASCII(bytes) else { return duplicateKeyAsString(in: object) }
            let second = bytes.count > 1 ? Int(bytes[1]) : 0
            let hash =
                (bytes.count &* 7 &+ Int(bytes.first ?? 0) &* 5 &+ second &* 11 &+ Int(bytes.last ?? 0) &* 3) & 255
            let bit: UInt64 = 1 << UInt64(hash & 63)
            let seen: Bool
            switch hash >> 6 {
            case 0: seen = filter.0 & bit != 0; filter.0 |= bit
            case 1: seen = filter.1 & bit != 0; filter.1 |= bit
            case 2: seen = filter.2 & bit != 0; filter.2 |= bit
            default: seen = filter.3 & bit != 0; filter.3 |= bit
            }
            guard seen else { continue }
            for earlier in members(object) {
                if earlier.key == member.key { break }
                if Self.equal(stringBytes(earlier.key), bytes) { return String(decoding: bytes, as: UTF8.self) }
            }
        }
        return nil
    }

    private func duplicateKeyAsString(in object: Node) -> String? {
        var seen = Set<String>()
        for member in members(object) {
            let key = String(decoding: stringBytes(member.key), as: UTF8.self)
            if !seen.insert(key).inserted { return key }
        }
        return nil
    }

    /// True when every byte is below 0x80 (eight at a time).
    @inline(__always) static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        let count = bytes.count
        while index &+ 8 <= count {
            if UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                return false
            }
            index &+= 8
        }
        while index < count {
            if base[index] >= 0x80 { return false }
            index &+= 1
        }
        return true
    }

    // MARK: - Values and text

    /// The node as a ``JSONValue`` (built only when someone asks for one).
    @usableFromInline package func jsonValue(_ node: Node) -> JSONValue {
        switch tag(node) {
        case Kind.object.rawValue:
            var members: [JSONObject.Member] = []
            members.reserveCapacity(childCount(node))
            for member in self.members(node) {
                members.append(
                    JSONObject.Member(
                        key: String(decoding: stringBytes(member.key), as: UTF8.self), value: jsonValue(member.value)))
            }
            return .object(JSONObject(uncheckedMembers: members))
        case Kind.array.rawValue:
            var array: [JSONValue] = []
            array.reserveCapacity(childCount(node))
            var position = node + 1
            let end = after(node) - 1
            while position < end {
                array.append(jsonValue(position))
                position = after(position)
            }
            return .array(array)
        case Kind.string.rawValue: return .string(String(decoding: stringBytes(node), as: UTF8.self))
        case Kind.int64.rawValue: return .integer(Int64(bitPattern: tape[node + 1]))
        case Kind.uint64.rawValue:
            let value = tape[node + 1]
            return value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
        case Kind.double.rawValue: return .double(Double(bitPattern: tape[node + 1]))
        case Kind.true.rawValue: return .bool(true)
        case Kind.false.rawValue: return .bool(false)
        default: return .null
        }
    }

    /// The length of `node` written as compact JSON (``writeCompact(_:into:)``), counted, not written.
    @usableFromInline package func compactSize(_ node: Node) -> Int {
        compactLength(node)
    }

    /// Writes `node` as compact JSON, byte for byte what ``JSONWriter`` writes for ``jsonValue(_:)``.
    @_specialize(exported:true,where S == [UInt8])
    @_specialize(exported:true,where S == ByteBuffer)
    @_specialize(exported:true,where S == ByteCounter)
    @usableFromInline package func writeCompact<S: ByteSink>(_ node: Node, into out: inout S) {
        switch tag(node) {
        case Kind.object.rawValue:
            out.appendByte(UInt8(ascii: "{"))
            var first = true
            for member in members(node) {
                if !first { out.appendByte(UInt8(ascii: ",")) }
                first = false
                JSONWriter.writeString(bytes: stringBytes(member.key), into: &out)
                out.appendByte(UInt8(ascii: ":"))
                writeCompact(member.value, into: &out)
            }
            out.appendByte(UInt8(ascii: "}"))
        case Kind.array.rawValue:
            out.appendByte(UInt8(ascii: "["))
            var position = node + 1
            let end = after(node) - 1
            while position < end {
                if position != node + 1 { out.appendByte(UInt8(ascii: ",")) }
                writeCompact(position, into: &out)
                position = after(position)
            }
            out.appendByte(UInt8(ascii: "]"))
        case Kind.string.rawValue: JSONWriter.writeString(bytes: stringBytes(node), into: &out)
        case Kind.int64.rawValue: JSONWriter.writeInteger(Int64(bitPattern: tape[node + 1]), into: &out)
        case Kind.uint64.rawValue: JSONWriter.writeOther(jsonValue(node), into: &out)
        case Kind.double.rawValue: JSONWriter.writeOther(.double(Double(bitPattern: tape[node + 1])), into: &out)
        case Kind.true.rawValue: out.appendLiteral("true")
        case Kind.false.rawValue: out.appendLiteral("false")
        default: out.appendLiteral("null")
        }
    }
}

public import JSONCodec

/// A wire key as a table spells it: a literal (compared as bytes, never turned into a `String` on the conversion
/// path) or a vendor's key constant, with the snake_case spelling the vendor also accepts when it has one (FCM's
/// REST reference spells `clickAction` what the Admin SDKs send as `click_action`).
///
/// A table declares each key once; which of its spellings the table writes is the table's ``WireTable/spelling``.
@usableFromInline package struct WireKey: @unchecked Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    // Immutable bytes that live as long as the process (a literal's, or a copy made once for a key constant, as
    // tables are built once), so a key is copied as two words and compared with `memcmp`.
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    /// The snake_case spelling, when it differs from the declared one.
    @usableFromInline let snake: UnsafeBufferPointer<UInt8>?
    /// The declared spelling as the literal it was, written without looking for bytes to escape.
    @usableFromInline let literal: StaticString?

    /// A key literal (`"thread-id"`).
    @usableFromInline package init(stringLiteral value: StaticString) {
        bytes = Self.immortal(value)
        snake = nil
        literal = value.hasPointerRepresentation ? value : nil
    }

    /// A key spelt by a vendor's key constant (its bytes are copied once, for the life of the process: keys are
    /// declared in tables, which are built once).
    package init(_ text: String) {
        bytes = Self.immortal(text)
        snake = nil
        literal = nil
    }

    /// A key with a camelCase spelling (declared) and the snake_case one the vendor accepts too.
    package init(camel: StaticString, snake: StaticString) {
        bytes = Self.immortal(camel)
        self.snake = Self.immortal(snake)
        literal = camel.hasPointerRepresentation ? camel : nil
    }

    private static func immortal(_ text: StaticString) -> UnsafeBufferPointer<UInt8> {
        if text.hasPointerRepresentation {
            return UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        }
        return immortal(text.description)
    }

    private static func immortal(_ text: String) -> UnsafeBufferPointer<UInt8> {
        let utf8 = Array(text.utf8)
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(utf8.count, 1))
        _ = copy.initialize(from: utf8)
        return UnsafeBufferPointer(start: copy.baseAddress, count: utf8.count)
    }

    /// The declared spelling as a `String` (for findings and paths).
    @usableFromInline package var description: String { String(decoding: bytes, as: UTF8.self) }

    /// The spelling `spelling` writes, as a `String`.
    @usableFromInline package func name(_ spelling: WireTableSpelling) -> String {
        if spelling == .snakeCase, let snake { return String(decoding: snake, as: UTF8.self) }
        return description
    }

    /// True when `key` (a key node of `source`) spells this key in either of its spellings.
    @_specialize(exported:true,where S == BorrowedDocument)
    @inlinable package func matches<S: WireSource>(_ source: S, _ key: S.Node) -> Bool {
        matches(source, key, length: source.keyLength(key))
    }

    /// The bit of a key of `length` bytes in a set of key lengths (one bit each, modulo 64: an object's member names,
    /// gathered once, tell a key none of whose spellings has such a length absent without looking at a member).
    @inlinable package static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(length & 63) }

    /// False when the set of member key lengths `lengths` (``lengthBit(_:)``) has the length of neither of this key's
    /// spellings: no member of that object is this key.
    @inlinable package func mayBeIn(_ lengths: UInt64) -> Bool {
        if lengths & Self.lengthBit(bytes.count) != 0 { return true }
        guard let snake else { return false }
        return lengths & Self.lengthBit(snake.count) != 0
    }

    /// True when `key` (a key node of `source`) spells one of `keys`: told by length, then bytes (no key decoded).
    @inlinable package static func list<S: WireSource>(_ keys: [WireKey], holds key: S.Node, of source: S) -> Bool {
        let length = source.keyLength(key)
        for candidate in keys where candidate.hasSpelling(ofLength: length) {
            if candidate.matches(source, key, length: length) { return true }
        }
        return false
    }

    /// True when one of the key's spellings is `length` bytes long: told inline, before a call compares any bytes (a
    /// table's reader asks it of every line for every member).
    @inlinable @inline(__always) package func hasSpelling(ofLength length: Int) -> Bool {
        length == bytes.count || length == snake?.count
    }

    /// ``matches(_:_:)`` for a key node whose UTF-8 length is `length` (compared first, so most keys are told apart
    /// without comparing bytes).
    @_specialize(exported:true,where S == BorrowedDocument)
    @inlinable package func matches<S: WireSource>(_ source: S, _ key: S.Node, length: Int) -> Bool {
        if length == bytes.count, source.key(key, isBytes: bytes) { return true }
        guard let snake else { return false }
        return length == snake.count && source.key(key, isBytes: snake)
    }

    /// True when `text` is one of this key's spellings.
    package func matches(_ text: String) -> Bool {
        // A native string's bytes compared at once (each key of each envelope level is asked).
        if let equal = text.utf8.withContiguousStorageIfAvailable({ utf8 in
            BorrowedDocument.equal(utf8, bytes) || snake.map { BorrowedDocument.equal(utf8, $0) } == true
        }) {
            return equal
        }
        if text.utf8.elementsEqual(bytes) { return true }
        guard let snake else { return false }
        return text.utf8.elementsEqual(snake)
    }

    /// Writes the key in `spelling`.
    @_specialize(exported:true,where O == CompactOutput)
    @_specialize(exported:true,where O == JSONValueOutput)
    @inlinable package func write<O: WireOutput>(to out: inout O, spelling: WireTableSpelling = .declared) {
        if spelling == .snakeCase, let snake {
            out.key(bytes: snake)
        } else if let literal {
            out.key(literal)
        } else {
            out.key(bytes: bytes)
        }
    }
}

/// Which spelling of its keys a table writes: as declared (APNs' kebab-case, Pinpoint's PascalCase, FCM's
/// camelCase), or the snake_case alternatives its lines give.
@usableFromInline package enum WireTableSpelling: Sendable, Equatable {
    case declared
    case snakeCase
}

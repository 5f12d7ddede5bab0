public import PushCore

/// A JSON document a format's wire table reads: the parser's borrowed output (the conversion path) or a
/// ``JSONValue`` (the public `normalise(JSONValue)` API). One generic reader interprets a table over either, so a
/// mapping is written once; specialised for ``BorrowedDocument`` it builds no ``JSONValue`` for modelled fields.
@usableFromInline package protocol WireSource {
    /// A value of the document.
    associatedtype Node
    /// An object's members, in order.
    associatedtype Members: Sequence<(key: Node, value: Node)>
    /// An array's elements, in order.
    associatedtype Elements: Sequence<Node>

    /// The value's JSON type name, as ``PushCore/JSONValue/typeName`` spells it (`string`, `object`, …).
    func typeName(_ node: Node) -> String
    /// True for an object.
    func isObject(_ node: Node) -> Bool
    /// True for an array.
    func isArray(_ node: Node) -> Bool
    /// A string's value (nil for another kind).
    func string(_ node: Node) -> String?
    /// A string's value as the model holds a text (nil for another kind): its bytes copied, no `String` made.
    func text(_ node: Node) -> PushNotification.Text?
    /// An integer's value (nil for another kind, or beyond Int64).
    func int64(_ node: Node) -> Int64?
    /// Any number as a double (nil for another kind).
    func number(_ node: Node) -> Double?
    /// A boolean's value (nil for another kind).
    func bool(_ node: Node) -> Bool?
    /// The members of an object (none for another kind); keys are string nodes.
    func members(_ node: Node) -> Members
    /// The elements of an array (none for another kind).
    func elements(_ node: Node) -> Elements
    /// The number of members or elements.
    func childCount(_ node: Node) -> Int
    /// The UTF-8 length of a key node (compared first, so most keys are told apart without comparing bytes).
    func keyLength(_ key: Node) -> Int
    /// True when the key node spells `text`.
    func key(_ key: Node, is text: StaticString) -> Bool
    /// True when the key node spells `text`.
    func key(_ key: Node, isString text: String) -> Bool
    /// True when the key node spells the UTF-8 `bytes`.
    func key(_ key: Node, isBytes bytes: UnsafeBufferPointer<UInt8>) -> Bool
    /// A key node's text.
    func keyString(_ key: Node) -> String
    /// The value as a ``JSONValue`` (for what is kept verbatim).
    func jsonValue(_ node: Node) -> JSONValue
    /// The length of the value written as compact JSON (what ``JSONWriter/compactSize(of:)`` gives for
    /// ``jsonValue(_:)``), for size limits.
    func compactSize(_ node: Node) -> Int
}

extension BorrowedDocument: WireSource {
    @inlinable package func typeName(_ node: Node) -> String {
        switch kind(node) {
        case .object: return "object"
        case .array: return "array"
        case .string: return "string"
        case .int64: return "integer"
        case .uint64: return JSONValue.outOfRangeIntegerName
        case .double: return "number"
        case .true, .false: return "boolean"
        case .null: return "null"
        }
    }
    @inlinable @inline(__always) package func isObject(_ node: Node) -> Bool { tag(node) == Kind.object.rawValue }
    @inlinable @inline(__always) package func isArray(_ node: Node) -> Bool { tag(node) == Kind.array.rawValue }
    @inlinable @inline(__always) package func number(_ node: Node) -> Double? { double(node) }
    @inlinable @inline(__always) package func bool(_ node: Node) -> Bool? {
        switch tag(node) {
        case Kind.true.rawValue: return true
        case Kind.false.rawValue: return false
        default: return nil
        }
    }
    @inlinable @inline(__always) package func keyLength(_ key: Node) -> Int { stringBytes(key).count }
    @inlinable @inline(__always) package func key(_ key: Node, is text: StaticString) -> Bool {
        Self.equal(stringBytes(key), text)
    }
    @inlinable @inline(__always) package func key(_ key: Node, isBytes bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        Self.equal(stringBytes(key), bytes)
    }
    @inlinable package func key(_ key: Node, isString text: String) -> Bool {
        var text = text
        return text.withUTF8 { Self.equal(stringBytes(key), $0) }
    }
    @inlinable package func keyString(_ key: Node) -> String { String(decoding: stringBytes(key), as: UTF8.self) }
}

/// A ``JSONValue`` read as a ``WireSource``: nodes are the values themselves, keys are string values.
@usableFromInline package struct JSONValueSource: WireSource {
    @usableFromInline package init() {}

    @usableFromInline package struct Members: Sequence, IteratorProtocol {
        @usableFromInline var base: IndexingIterator<[JSONObject.Member]>
        @usableFromInline package mutating func next() -> (key: JSONValue, value: JSONValue)? {
            guard let member = base.next() else { return nil }
            return (.string(member.key), member.value)
        }
    }

    @usableFromInline package func typeName(_ node: JSONValue) -> String { node.typeName }
    @usableFromInline package func isObject(_ node: JSONValue) -> Bool { node.objectValue != nil }
    @usableFromInline package func isArray(_ node: JSONValue) -> Bool { node.arrayValue != nil }
    @usableFromInline package func string(_ node: JSONValue) -> String? { node.stringValue }
    @usableFromInline package func text(_ node: JSONValue) -> PushNotification.Text? {
        node.stringValue.map(PushNotification.Text.init)
    }
    @usableFromInline package func int64(_ node: JSONValue) -> Int64? { node.int64Value }
    @usableFromInline package func number(_ node: JSONValue) -> Double? { node.numberValue }
    @usableFromInline package func bool(_ node: JSONValue) -> Bool? { node.boolValue }
    @usableFromInline package func members(_ node: JSONValue) -> Members {
        Members(base: (node.objectValue?.members ?? []).makeIterator())
    }
    @usableFromInline package func elements(_ node: JSONValue) -> [JSONValue] { node.arrayValue ?? [] }
    @usableFromInline package func childCount(_ node: JSONValue) -> Int {
        switch node {
        case .object(let object): return object.count
        case .array(let array): return array.count
        default: return 0
        }
    }
    @usableFromInline package func key(_ key: JSONValue, is text: StaticString) -> Bool {
        guard case .string(let string) = key else { return false }
        let count = text.utf8CodeUnitCount
        guard string.utf8.count == count else { return false }
        return string.utf8.withContiguousStorageIfAvailable { utf8 in
            BorrowedDocument.equal(utf8, text)
        } ?? string.utf8.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: count))
    }
    @usableFromInline package func key(_ key: JSONValue, isString text: String) -> Bool { key.stringValue == text }
    @usableFromInline package func key(_ key: JSONValue, isBytes bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard case .string(let string) = key else { return false }
        // A native string's bytes compared at once (every key of every object read is asked per table line).
        return string.utf8.withContiguousStorageIfAvailable { BorrowedDocument.equal($0, bytes) }
            ?? string.utf8.elementsEqual(bytes)
    }
    @usableFromInline package func keyLength(_ key: JSONValue) -> Int { key.stringValue?.utf8.count ?? -1 }
    @usableFromInline package func keyString(_ key: JSONValue) -> String { key.stringValue ?? "" }
    @usableFromInline package func jsonValue(_ node: JSONValue) -> JSONValue { node }
    @usableFromInline package func compactSize(_ node: JSONValue) -> Int { JSONWriter.compactSize(of: node) }
}

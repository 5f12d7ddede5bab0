import JSONCodec
import PushCore
import WireTables

/// A document FCM's rules run over (``FCMChecks``), with each value's location kept as something cheap to carry and
/// turned into a ``JSONPointer`` only when a finding names it: a message that breaks no rule builds no path.
protocol FCMCheckedSource: WireSource {
    /// Where a value is, in the form this source can carry without building a path.
    associatedtype Location

    /// The location of the checked root `node` (the payload's root: its path is the empty pointer).
    func location(ofRoot node: Node) -> Location
    /// The location of `value`, the member of the object at `parent` whose key is `key`.
    func location(_ parent: Location, key: Node, value: Node) -> Location
    /// The location as a JSON Pointer (for a finding).
    func pointer(_ location: Location) -> JSONPointer
    /// Calls `body` with a string node's UTF-8 bytes (nil for another kind).
    func withStringBytes<R>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R?
    /// Calls `body` with a key node's UTF-8 bytes.
    func withKeyBytes<R>(_ key: Node, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
    /// The value's compact JSON length when it is over `limit`, nil when it is not.
    func compactSize(_ node: Node, ifOver limit: Int) -> Int?
}

/// The parsed document: a location is the root checked and the node; its path is found, when a finding needs it, by
/// walking down from the root to the node (a node's subtree is a range of the tape).
extension BorrowedDocument: FCMCheckedSource {
    struct Location {
        let root: Node
        let node: Node
    }

    func location(ofRoot node: Node) -> Location { Location(root: node, node: node) }

    func location(_ parent: Location, key: Node, value: Node) -> Location { Location(root: parent.root, node: value) }

    func pointer(_ location: Location) -> JSONPointer {
        var tokens: [String] = []
        var current = location.root
        let target = location.node
        descending: while current != target {
            if isObject(current) {
                for member in members(current) where member.value <= target && target < after(member.value) {
                    tokens.append(keyString(member.key))
                    current = member.value
                    continue descending
                }
            } else if isArray(current) {
                for (index, element) in elements(current).enumerated()
                where element <= target && target < after(element) {
                    tokens.append(String(index))
                    current = element
                    continue descending
                }
            }
            break
        }
        return JSONPointer(tokens: tokens)
    }

    func withStringBytes<R>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard tag(node) == Kind.string.rawValue else { return nil }
        return body(stringBytes(node))
    }

    func withKeyBytes<R>(_ key: Node, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { body(stringBytes(key)) }
}

/// A ``JSONValue``: a location is its pointer, built as the checks descend.
extension JSONValueSource: FCMCheckedSource {
    typealias Location = JSONPointer

    func location(ofRoot node: JSONValue) -> JSONPointer { .root }

    func location(_ parent: JSONPointer, key: JSONValue, value: JSONValue) -> JSONPointer {
        parent.appending(keyString(key))
    }

    func pointer(_ location: JSONPointer) -> JSONPointer { location }

    func withStringBytes<R>(_ node: JSONValue, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard case .string(var text) = node else { return nil }
        return text.withUTF8(body)
    }

    func withKeyBytes<R>(_ key: JSONValue, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var text = keyString(key)
        return text.withUTF8(body)
    }

    func compactSize(_ node: JSONValue, ifOver limit: Int) -> Int? {
        let size = compactSize(node)
        return size > limit ? size : nil
    }
}

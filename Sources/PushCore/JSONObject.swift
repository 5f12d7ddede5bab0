/// A JSON object: unique keys in insertion order.
///
/// Lookup is a linear scan, which beats hashing for the small objects push payloads are made of.
/// Equality ignores key order (JSON objects are unordered); the order is kept for faithful rendering.
public struct JSONObject: Sendable, Hashable, Sequence {
    /// One member.
    public struct Member: Sendable, Hashable {
        /// The member name.
        public var key: String
        /// The member value.
        public var value: JSONValue
        /// A member.
        @inlinable public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in order.
    public private(set) var members: [Member]

    /// An empty object.
    public init() { members = [] }

    /// An object from pairs; a later duplicate key replaces the earlier value in place.
    public init(uniqueKeysWithValues pairs: some Sequence<(String, JSONValue)>) {
        members = []
        for (key, value) in pairs { self[key] = value }
    }

    /// Members without a uniqueness check; the caller guarantees unique keys.
    package init(uncheckedMembers: [Member]) { members = uncheckedMembers }

    /// Number of members.
    @inlinable public var count: Int { members.count }
    /// True when there are no members.
    @inlinable public var isEmpty: Bool { members.isEmpty }
    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// Index of `key`, if present.
    @inlinable public func index(forKey key: String) -> Int? {
        members.firstIndex { $0.key == key }
    }

    /// The value at `key`. Setting nil removes the key; setting an existing key keeps its position.
    public subscript(key: String) -> JSONValue? {
        @inlinable get {
            for member in members where member.key == key { return member.value }
            return nil
        }
        set {
            if let index = index(forKey: key) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Appends a member whose key the caller knows is absent.
    package mutating func appendUnchecked(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
    }

    /// Removes `key` and returns its value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let index = index(forKey: key) else { return nil }
        return members.remove(at: index).value
    }

    /// Iterates `(key, value)` in order.
    public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        members.lazy.map { (key: $0.key, value: $0.value) }.makeIterator()
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        for member in lhs.members {
            guard let other = rhs[member.key], other == member.value else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: combine per-member hashes commutatively.
        var combined = 0
        for member in members {
            var inner = Hasher()
            inner.combine(member.key)
            inner.combine(member.value)
            combined ^= inner.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(combined)
    }
}

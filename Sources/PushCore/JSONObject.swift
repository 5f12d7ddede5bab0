/// A JSON object: unique keys in insertion order.
///
/// Lookup is a linear scan, which beats hashing for the small objects push payloads are made of; an object
/// that grows past `indexedCount` members also keeps a hash index of its keys, so that building, reading and
/// comparing a hostile object of thousands of keys costs time linear in its size, not quadratic (issue 22).
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
    /// Each key's index in ``members``, kept once the object has `indexedCount` members (nil below).
    @usableFromInline private(set) var positions: [String: Int]?

    /// The room an empty object's first append makes.
    static let firstCapacity = 4

    /// Members from which lookups go through the hash index.
    @usableFromInline static let indexedCount = 32

    /// An empty object.
    public init() { members = [] }

    /// An object from pairs; a later duplicate key replaces the earlier value in place.
    public init(uniqueKeysWithValues pairs: some Sequence<(String, JSONValue)>) {
        members = []
        for (key, value) in pairs { self[key] = value }
    }

    /// Members without a uniqueness check; the caller guarantees unique keys.
    package init(uncheckedMembers: [Member]) {
        members = uncheckedMembers
        if members.count >= Self.indexedCount { rebuildPositions() }
    }

    /// Rebuilds the hash index (for a large object), or drops it (for a small one).
    private mutating func rebuildPositions() {
        guard members.count >= Self.indexedCount else {
            positions = nil
            return
        }
        var index: [String: Int] = [:]
        index.reserveCapacity(members.count)
        // The first of two equal keys wins, as the linear scan finds it.
        for (position, member) in members.enumerated() where index[member.key] == nil { index[member.key] = position }
        positions = index
    }

    /// Appends a member and keeps the index.
    private mutating func append(_ member: Member) {
        // Room for a few members at the first: an object built member by member (a reader's memory, custom data)
        // grows once, not at its first, second and third member.
        if members.capacity == 0 { members.reserveCapacity(Self.firstCapacity) }
        members.append(member)
        if positions != nil {
            if positions?[member.key] == nil { positions?[member.key] = members.count - 1 }
        } else if members.count >= Self.indexedCount {
            rebuildPositions()
        }
    }

    /// Number of members.
    @inlinable public var count: Int { members.count }
    /// True when there are no members.
    @inlinable public var isEmpty: Bool { members.isEmpty }
    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// Index of `key`, if present.
    @inlinable public func index(forKey key: String) -> Int? {
        if let positions { return positions[key] }
        return members.firstIndex { $0.key == key }
    }

    /// The value at `key`. Setting nil removes the key; setting an existing key keeps its position.
    public subscript(key: String) -> JSONValue? {
        @inlinable get {
            if let positions { return positions[key].map { members[$0].value } }
            for member in members where member.key == key { return member.value }
            return nil
        }
        set {
            if let index = index(forKey: key) {
                if let newValue {
                    members[index].value = newValue
                } else {
                    members.remove(at: index)
                    if positions != nil { rebuildPositions() }
                }
            } else if let newValue {
                append(Member(key: key, value: newValue))
            }
        }
    }

    /// Lends the value of `key` (nil when absent) to `body`, taken out of the object for the call so that changing it
    /// copies nothing it holds; what `body` leaves is stored as the subscript's setter stores it (nil removes the key,
    /// an existing key keeps its position).
    package mutating func modifyValue(forKey key: String, _ body: (inout JSONValue?) -> Void) {
        guard let index = index(forKey: key) else {
            var value: JSONValue?
            body(&value)
            if let value { append(Member(key: key, value: value)) }
            return
        }
        var value: JSONValue? = members[index].value
        members[index].value = .null
        body(&value)
        if let value {
            members[index].value = value
        } else {
            members.remove(at: index)
            if positions != nil { rebuildPositions() }
        }
    }

    /// Makes room for `capacity` members (an object a reader fills member by member).
    package mutating func reserveCapacity(_ capacity: Int) { members.reserveCapacity(capacity) }

    /// Appends a member whose key the caller knows is absent.
    @usableFromInline package mutating func appendUnchecked(_ key: String, _ value: JSONValue) {
        append(Member(key: key, value: value))
    }

    /// Removes every member `shouldBeRemoved` picks, in one pass (removing them one by one is quadratic).
    package mutating func removeAll(where shouldBeRemoved: (Member) throws -> Bool) rethrows {
        try members.removeAll(where: shouldBeRemoved)
        if positions != nil { rebuildPositions() }
    }

    /// Removes the members named `leaves` of the object at `parent` (tokens below this object; nothing when it
    /// is not an object), in one pass: what removing each `parent/leaf` path in turn does, in linear time.
    package mutating func removeLeaves(_ leaves: Set<String>, under parent: ArraySlice<String>) {
        guard let first = parent.first else {
            removeAll { leaves.contains($0.key) }
            return
        }
        guard case .object(var child)? = self[first] else { return }
        child.removeLeaves(leaves, under: parent.dropFirst())
        self[first] = .object(child)
    }

    /// Removes `key` and returns its value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let index = index(forKey: key) else { return nil }
        let value = members.remove(at: index).value
        if positions != nil { rebuildPositions() }
        return value
    }

    /// Iterates `(key, value)` in order.
    @inlinable public func makeIterator() -> Iterator { Iterator(members.makeIterator()) }

    /// The members as `(key, value)`, in order: a concrete iterator the compiler sees through in every module
    /// (every reader walks objects with it).
    public struct Iterator: IteratorProtocol {
        @usableFromInline var base: IndexingIterator<[Member]>

        @inlinable init(_ base: IndexingIterator<[Member]>) { self.base = base }

        /// The next member, or nil after the last.
        @inlinable public mutating func next() -> (key: String, value: JSONValue)? {
            guard let member = base.next() else { return nil }
            return (member.key, member.value)
        }
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

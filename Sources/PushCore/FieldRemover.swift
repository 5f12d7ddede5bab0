/// Removes the value at one canonical path (``PushNotification/removing(_:)``): a field's value, a member inside a
/// JSON value, a part's field (the part goes when it ends up empty or loses a required value), or a whole list of
/// parts. A path that names no field changes nothing; the origin is never removed. Changes the value in place
/// through a pointer (no copy of it per path) and compares no key after the one that matched.
struct FieldRemover<Root>: CanonicalFieldVisitor {
    let target: UnsafeMutablePointer<Root>
    /// The path, relative to `value`; not empty.
    let tokens: ArraySlice<String>
    /// True when a required value was removed: the whole value goes.
    var removedRequired = false
    /// True once the field the path names was met.
    private var found = false

    init(_ target: UnsafeMutablePointer<Root>, _ tokens: ArraySlice<String>) {
        self.target = target
        self.tokens = tokens
    }

    private var below: ArraySlice<String> { tokens.dropFirst() }

    /// True (once) for the field the path names.
    @inline(__always) private mutating func names(_ key: String) -> Bool {
        guard !found, tokens.first == key else { return false }
        found = true
        return true
    }

    @inline(__always) mutating func field<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        guard names(key), let field = target.pointee[keyPath: path] else { return }
        target.pointee[keyPath: path] = below.isEmpty ? nil : field.removing(below)
    }

    @inline(__always) mutating func required<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value>)
    {
        if names(key) { removedRequired = true }
    }

    @inline(__always) mutating func object<Value: CanonicalCollection>(
        _ key: String, _ path: WritableKeyPath<Root, Value>
    ) {
        guard names(key) else { return }
        target.pointee[keyPath: path] = target.pointee[keyPath: path].removing(below) ?? Value()
    }

    @inline(__always) mutating func namespaces(_ key: String, _ path: WritableKeyPath<Root, JSONObject>) {
        object(key, path)
    }

    @inline(__always) mutating func part<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, Part?>) {
        guard names(key), let part = target.pointee[keyPath: path] else { return }
        target.pointee[keyPath: path] = below.isEmpty ? nil : part.removing(below)
    }

    @inline(__always) mutating func items<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, [Part]>) {
        if names(key) { target.pointee[keyPath: path] = [] }
    }

    @inline(__always) mutating func origin<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>)
    {}
}

extension CanonicalPart {
    /// The part without the value at `tokens` (relative to it), or nil when the part goes.
    func removing(_ tokens: ArraySlice<String>) -> Self? {
        var part = self
        let removedRequired = withUnsafeMutablePointer(to: &part) { target in
            var remover = FieldRemover(target, tokens)
            Self.declareFields(&remover)
            return remover.removedRequired
        }
        return removedRequired || part.isUnset ? nil : part
    }
}

/// Removes the values at several canonical paths in one visit of the fields (``PushNotification/removing(_:)``):
/// what ``FieldRemover`` does for each path in turn, with the paths into one field applied to it in their order, and
/// a part's paths removed in one visit of the part's fields. (One visit of every field per path cost FCM's declared
/// losses a visit per Android field it has no place for, on every message.)
struct FieldsRemover<Root>: CanonicalFieldVisitor {
    let target: UnsafeMutablePointer<Root>
    /// The paths by their first token, in the order first met, each with what follows that token (in order).
    private var groups: [(key: String, belows: [ArraySlice<String>])] = []
    /// True when a required value was removed: the whole value goes.
    var removedRequired = false

    /// `paths`, each relative to the value and not empty.
    init(_ target: UnsafeMutablePointer<Root>, _ paths: some Sequence<ArraySlice<String>>) {
        self.target = target
        for tokens in paths {
            guard let first = tokens.first else { continue }
            if let index = groups.firstIndex(where: { $0.key == first }) {
                groups[index].belows.append(tokens.dropFirst())
            } else {
                groups.append((first, [tokens.dropFirst()]))
            }
        }
    }

    /// The paths below `key`, taken (once: the first field of that key), or nil when no path names it.
    @inline(__always) private mutating func take(_ key: String) -> [ArraySlice<String>]? {
        guard !groups.isEmpty, let index = groups.firstIndex(where: { $0.key == key }) else { return nil }
        return groups.remove(at: index).belows
    }

    @inline(__always) mutating func field<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        guard let belows = take(key) else { return }
        var field = target.pointee[keyPath: path]
        for below in belows {
            guard let current = field else { break }
            field = below.isEmpty ? nil : current.removing(below)
        }
        target.pointee[keyPath: path] = field
    }

    @inline(__always) mutating func required<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value>)
    {
        if take(key) != nil { removedRequired = true }
    }

    @inline(__always) mutating func object<Value: CanonicalCollection>(
        _ key: String, _ path: WritableKeyPath<Root, Value>
    ) {
        guard let belows = take(key) else { return }
        for below in belows { target.pointee[keyPath: path] = target.pointee[keyPath: path].removing(below) ?? Value() }
    }

    @inline(__always) mutating func namespaces(_ key: String, _ path: WritableKeyPath<Root, JSONObject>) {
        object(key, path)
    }

    @inline(__always) mutating func part<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, Part?>) {
        guard let belows = take(key), let part = target.pointee[keyPath: path] else { return }
        target.pointee[keyPath: path] = belows.contains(where: \.isEmpty) ? nil : part.removing(all: belows)
    }

    @inline(__always) mutating func items<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, [Part]>) {
        if take(key) != nil { target.pointee[keyPath: path] = [] }
    }

    @inline(__always) mutating func origin<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>)
    {}
}

extension CanonicalPart {
    /// The part without the values at `paths` (each relative to it, not empty), or nil when the part goes: what
    /// ``removing(_:)`` of each in turn gives, in one visit of its fields.
    func removing(all paths: [ArraySlice<String>]) -> Self? {
        if paths.count == 1 { return removing(paths[0]) }
        var part = self
        let removedRequired = withUnsafeMutablePointer(to: &part) { target in
            var remover = FieldsRemover(target, paths)
            Self.declareFields(&remover)
            return remover.removedRequired
        }
        return removedRequired || part.isUnset ? nil : part
    }
}

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

    private var value: Root {
        get { target.pointee }
        nonmutating _modify { yield &target.pointee }
    }

    /// True (once) for the field the path names.
    @inline(__always) private mutating func names(_ key: String) -> Bool {
        guard !found, tokens.first == key else { return false }
        found = true
        return true
    }

    @inline(__always) mutating func field<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        guard names(key), let field = value[keyPath: path] else { return }
        value[keyPath: path] = below.isEmpty ? nil : field.removing(below)
    }

    @inline(__always) mutating func required<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value>)
    {
        if names(key) { removedRequired = true }
    }

    @inline(__always) mutating func object<Value: CanonicalCollection>(
        _ key: String, _ path: WritableKeyPath<Root, Value>
    ) {
        guard names(key) else { return }
        value[keyPath: path] = value[keyPath: path].removing(below) ?? Value()
    }

    @inline(__always) mutating func namespaces(_ key: String, _ path: WritableKeyPath<Root, JSONObject>) {
        object(key, path)
    }

    @inline(__always) mutating func part<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, Part?>) {
        guard names(key), let part = value[keyPath: path] else { return }
        value[keyPath: path] = below.isEmpty ? nil : part.removing(below)
    }

    @inline(__always) mutating func items<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, [Part]>) {
        if names(key) { value[keyPath: path] = [] }
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

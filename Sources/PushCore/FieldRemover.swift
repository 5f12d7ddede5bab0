/// Removes the value at one canonical path (``PushNotification/removing(_:)``): a field's value, a member inside a
/// JSON value, a part's field (the part goes when it ends up empty or loses a required value), or a whole list of
/// parts. A path that names no field changes nothing; the origin is never removed.
struct FieldRemover<Root>: CanonicalFieldVisitor {
    var value: Root
    /// The path, relative to `value`; not empty.
    let tokens: ArraySlice<String>
    /// True when a required value was removed: the whole value goes.
    var removedRequired = false

    init(_ value: Root, _ tokens: ArraySlice<String>) {
        self.value = value
        self.tokens = tokens
    }

    private var below: ArraySlice<String> { tokens.dropFirst() }

    @inline(__always) mutating func field<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        guard tokens.first == key, let field = value[keyPath: path] else { return }
        value[keyPath: path] = below.isEmpty ? nil : field.removing(below)
    }

    @inline(__always) mutating func required<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value>)
    {
        if tokens.first == key { removedRequired = true }
    }

    @inline(__always) mutating func object<Value: CanonicalCollection>(
        _ key: String, _ path: WritableKeyPath<Root, Value>
    ) {
        guard tokens.first == key else { return }
        value[keyPath: path] = value[keyPath: path].removing(below) ?? Value()
    }

    @inline(__always) mutating func namespaces(_ key: String, _ path: WritableKeyPath<Root, JSONObject>) {
        object(key, path)
    }

    @inline(__always) mutating func part<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, Part?>) {
        guard tokens.first == key, let part = value[keyPath: path] else { return }
        value[keyPath: path] = below.isEmpty ? nil : part.removing(below)
    }

    @inline(__always) mutating func items<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, [Part]>) {
        if tokens.first == key { value[keyPath: path] = [] }
    }

    @inline(__always) mutating func origin<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>)
    {}
}

extension CanonicalPart {
    /// The part without the value at `tokens` (relative to it), or nil when the part goes.
    func removing(_ tokens: ArraySlice<String>) -> Self? {
        var remover = FieldRemover(self, tokens)
        Self.declareFields(&remover)
        return remover.removedRequired || remover.value.isUnset ? nil : remover.value
    }
}

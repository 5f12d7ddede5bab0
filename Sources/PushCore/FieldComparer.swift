/// The fields of one value that another lacks or holds differently, as canonical pointers down to the leaves of
/// JSON objects (``PushNotification/lostFields(comparedWith:)``). The origin is not compared; what only the other
/// holds is not a difference. Reads through pointers: no copy of either value.
struct FieldComparer<Root>: CanonicalFieldVisitor {
    let mine: UnsafePointer<Root>
    let theirs: UnsafePointer<Root>?
    /// The path of `mine`, extended and restored in place so that a pointer is only built for a lost field.
    var tokens: [String]
    var lost: [JSONPointer] = []

    @inline(__always) mutating func field<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        guard let field = mine.pointee[keyPath: path] else { return }
        compare(key, field, theirs?.pointee[keyPath: path])
    }

    @inline(__always) mutating func required<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value>)
    {
        compare(key, mine.pointee[keyPath: path], theirs?.pointee[keyPath: path])
    }

    /// Appends what `other` lacks or holds differently of `field` (held under `key`).
    @inline(__always) private mutating func compare<Value: CanonicalValue>(
        _ key: String, _ field: Value, _ other: Value?
    ) {
        if field == other { return }
        tokens.append(key)
        field.appendDifferences(from: other, tokens: &tokens, into: &lost)
        tokens.removeLast()
    }

    @inline(__always) mutating func object<Value: CanonicalCollection>(
        _ key: String, _ path: WritableKeyPath<Root, Value>
    ) {
        let field = mine.pointee[keyPath: path]
        if !field.isEmpty { compare(key, field, theirs?.pointee[keyPath: path]) }
    }

    @inline(__always) mutating func namespaces(_ key: String, _ path: WritableKeyPath<Root, JSONObject>) {
        object(key, path)
    }

    @inline(__always) mutating func part<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, Part?>) {
        guard let part = mine.pointee[keyPath: path] else { return }
        let other = theirs?.pointee[keyPath: path]
        if part == other { return }
        tokens.append(key)
        withUnsafePointer(to: part) { mine in
            if let other {
                withUnsafePointer(to: other) { theirs in compare(mine, theirs) }
            } else {
                compare(mine, nil)
            }
        }
        tokens.removeLast()
    }

    @inline(__always) private mutating func compare<Part: CanonicalPart>(
        _ mine: UnsafePointer<Part>, _ theirs: UnsafePointer<Part>?
    ) {
        var comparer = FieldComparer<Part>(mine: mine, theirs: theirs, tokens: tokens)
        swap(&comparer.lost, &lost)
        Part.declareFields(&comparer)
        swap(&comparer.lost, &lost)
    }

    @inline(__always) mutating func items<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, [Part]>) {
        let items = mine.pointee[keyPath: path]
        if !items.isEmpty && items != theirs?.pointee[keyPath: path] {
            lost.append(JSONPointer(tokens: tokens + [key]))
        }
    }

    @inline(__always) mutating func origin<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>)
    {}
}

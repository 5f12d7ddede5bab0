/// The fields of one value that another lacks or holds differently, as canonical pointers down to the leaves of
/// JSON objects (``PushNotification/lostFields(comparedWith:)``). The origin is not compared; what only the other
/// holds is not a difference. Reads through pointers: no copy of either value.
struct FieldComparer<Root>: CanonicalFieldVisitor {
    let mine: UnsafePointer<Root>
    let theirs: UnsafePointer<Root>?
    /// The path of `mine`, extended and restored in place so that a pointer is only built for a lost field.
    var tokens: [String]
    var lost: [JSONPointer] = []
    /// When set, the comparison stops (``stopped``) after the first top-level field that loses a pointer this
    /// accepts: the fields after it are not compared (``PushNotification/hasLostField(comparedWith:where:)``).
    var stopsAt: ((JSONPointer) -> Bool)?
    /// True once a pointer ``stopsAt`` accepts was lost.
    var stopped = false

    /// Stops when a pointer lost since `count` is one ``stopsAt`` accepts.
    @inline(__always) private mutating func checkStop(since count: Int) {
        guard let stopsAt, lost.count > count else { return }
        for index in count..<lost.count where stopsAt(lost[index]) {
            stopped = true
            return
        }
    }

    @inline(__always) mutating func field<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        guard !stopped, let field = mine.pointee[keyPath: path] else { return }
        compare(key, field, theirs?.pointee[keyPath: path])
    }

    @inline(__always) mutating func required<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value>)
    {
        guard !stopped else { return }
        compare(key, mine.pointee[keyPath: path], theirs?.pointee[keyPath: path])
    }

    /// Appends what `other` lacks or holds differently of `field` (held under `key`).
    @inline(__always) private mutating func compare<Value: CanonicalValue>(
        _ key: String, _ field: Value, _ other: Value?
    ) {
        if field == other { return }
        let count = lost.count
        tokens.append(key)
        field.appendDifferences(from: other, tokens: &tokens, into: &lost)
        tokens.removeLast()
        checkStop(since: count)
    }

    @inline(__always) mutating func object<Value: CanonicalCollection>(
        _ key: String, _ path: WritableKeyPath<Root, Value>
    ) {
        guard !stopped else { return }
        let field = mine.pointee[keyPath: path]
        if !field.isEmpty { compare(key, field, theirs?.pointee[keyPath: path]) }
    }

    @inline(__always) mutating func namespaces(_ key: String, _ path: WritableKeyPath<Root, JSONObject>) {
        object(key, path)
    }

    @inline(__always) mutating func part<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, Part?>) {
        guard !stopped, let part = mine.pointee[keyPath: path] else { return }
        let other = theirs?.pointee[keyPath: path]
        if part == other { return }
        let count = lost.count
        defer { checkStop(since: count) }
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
        guard !stopped else { return }
        let items = mine.pointee[keyPath: path]
        if !items.isEmpty && items != theirs?.pointee[keyPath: path] {
            lost.append(JSONPointer(tokens: tokens + [key]))
            checkStop(since: lost.count - 1)
        }
    }

    @inline(__always) mutating func origin<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>)
    {}
}

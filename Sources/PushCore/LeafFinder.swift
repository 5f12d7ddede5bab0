/// Tells whether some of a notification's top-level fields hold a leaf (``PushNotification/holdsLeaf(inFields:)``):
/// what ``FieldComparer`` reports of a field the other notification lacks is at least one pointer exactly when the
/// field is set (a value, even an empty JSON object, is a leaf), a non-empty object or list, or a part with something
/// set (parts hold no nested parts). Reads through a pointer, builds no pointer.
struct LeafFinder: CanonicalFieldVisitor {
    typealias Root = PushNotification
    let notification: UnsafePointer<PushNotification>
    /// The fields asked about, a bit each (``FieldPresence`` order).
    let fields: UInt32
    /// True once an asked field holds a leaf.
    var found = false
    var bit: UInt32 = 0

    /// True when the next field is asked about (and nothing was found yet).
    @inline(__always) private mutating func next() -> Bool {
        defer { bit += 1 }
        return !found && fields & (1 << bit) != 0
    }

    @inline(__always) mutating func field<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        if next(), notification.pointee[keyPath: path] != nil { found = true }
    }

    @inline(__always) mutating func required<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value>)
    {
        if next() { found = true }
    }

    @inline(__always) mutating func object<Value: CanonicalCollection>(
        _ key: String, _ path: WritableKeyPath<Root, Value>
    ) {
        if next(), !notification.pointee[keyPath: path].isEmpty { found = true }
    }

    @inline(__always) mutating func namespaces(_ key: String, _ path: WritableKeyPath<Root, JSONObject>) {}

    @inline(__always) mutating func part<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, Part?>) {
        if next(), let part = notification.pointee[keyPath: path], !part.isUnset { found = true }
    }

    @inline(__always) mutating func items<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, [Part]>) {
        if next(), !notification.pointee[keyPath: path].isEmpty { found = true }
    }

    @inline(__always) mutating func origin<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>)
    {}
}

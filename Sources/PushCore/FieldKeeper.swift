/// Copies the top-level content fields whose bit is set (``FieldPresence`` order) into a new notification, and
/// the origin always (``PushNotification/keeping(_:)-(CarriedFields)``). Vendor namespaces are kept apart.
struct FieldKeeper: CanonicalFieldVisitor {
    typealias Root = PushNotification
    let notification: UnsafePointer<PushNotification>
    let carried: UInt32
    var kept = PushNotification()
    var bit: UInt32 = 0

    @inline(__always) private mutating func next() -> Bool {
        defer { bit += 1 }
        return carried & (1 << bit) != 0
    }

    @inline(__always) mutating func field<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        if next() { kept[keyPath: path] = notification.pointee[keyPath: path] }
    }

    @inline(__always) mutating func required<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value>)
    {
        if next() { kept[keyPath: path] = notification.pointee[keyPath: path] }
    }

    @inline(__always) mutating func object<Value: CanonicalCollection>(
        _ key: String, _ path: WritableKeyPath<Root, Value>
    ) {
        if next() { kept[keyPath: path] = notification.pointee[keyPath: path] }
    }

    @inline(__always) mutating func namespaces(_ key: String, _ path: WritableKeyPath<Root, JSONObject>) {}

    @inline(__always) mutating func part<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, Part?>) {
        if next() { kept[keyPath: path] = notification.pointee[keyPath: path] }
    }

    @inline(__always) mutating func items<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, [Part]>) {
        if next() { kept[keyPath: path] = notification.pointee[keyPath: path] }
    }

    @inline(__always) mutating func origin<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>)
    {
        kept[keyPath: path] = notification.pointee[keyPath: path]
    }
}

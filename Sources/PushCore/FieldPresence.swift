/// The top-level content fields a notification holds, a bit each in declaration order
/// (``PushNotification/presentFields``). Runs on every conversion: reads through a pointer, so no copy of the
/// notification and no retain, and the declaration's literal key paths become plain loads.
struct FieldPresence: CanonicalFieldVisitor {
    typealias Root = PushNotification
    let notification: UnsafePointer<PushNotification>
    var bits: UInt32 = 0
    var bit: UInt32 = 0

    @inline(__always) private mutating func set(_ present: Bool) {
        if present { bits |= 1 << bit }
        bit += 1
    }

    @inline(__always) mutating func field<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        set(Self.holds(notification.pointee[keyPath: path]))
    }

    @inline(__always) mutating func required<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value>)
    {
        set(true)
    }

    @inline(__always) mutating func object<Value: CanonicalCollection>(
        _ key: String, _ path: WritableKeyPath<Root, Value>
    ) {
        set(!notification.pointee[keyPath: path].isEmpty)
    }

    @inline(__always) mutating func namespaces(_ key: String, _ path: WritableKeyPath<Root, JSONObject>) {}

    @inline(__always) mutating func part<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, Part?>) {
        set(Self.holds(notification.pointee[keyPath: path]))
    }

    /// True for `.some`: the tag alone (no `Equatable` comparison, which would copy the value out).
    @inline(__always) private static func holds<Value>(_ value: Value?) -> Bool {
        switch value {
        case .none: return false
        case .some: return true
        }
    }

    @inline(__always) mutating func items<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, [Part]>) {
        set(!notification.pointee[keyPath: path].isEmpty)
    }

    @inline(__always) mutating func origin<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>)
    {}
}

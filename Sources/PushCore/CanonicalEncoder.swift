/// Writes a value's canonical JSON object from the model's declaration (absent fields omitted).
struct CanonicalEncoder<Root>: CanonicalFieldVisitor {
    let value: Root
    var object = JSONObject()

    init(_ value: Root) { self.value = value }

    mutating func field<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        if let field = value[keyPath: path] { object.appendUnchecked(key, field.canonicalValue) }
    }

    mutating func required<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value>) {
        object.appendUnchecked(key, value[keyPath: path].canonicalValue)
    }

    mutating func object<Value: CanonicalCollection>(_ key: String, _ path: WritableKeyPath<Root, Value>) {
        let field = value[keyPath: path]
        if !field.isEmpty { object.appendUnchecked(key, field.canonicalValue) }
    }

    mutating func namespaces(_ key: String, _ path: WritableKeyPath<Root, JSONObject>) { object(key, path) }

    mutating func part<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, Part?>) {
        if let part = value[keyPath: path], !part.isUnset { object.appendUnchecked(key, .object(part.canonicalFields)) }
    }

    mutating func items<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, [Part]>) {
        let items = value[keyPath: path]
        if !items.isEmpty { object.appendUnchecked(key, .array(items.map { .object($0.canonicalFields) })) }
    }

    mutating func origin<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        field(key, path)
    }
}

extension CanonicalPart {
    /// The part's canonical JSON object (absent fields omitted).
    package var canonicalFields: JSONObject {
        var encoder = CanonicalEncoder(self)
        Self.declareFields(&encoder)
        return encoder.object
    }
}

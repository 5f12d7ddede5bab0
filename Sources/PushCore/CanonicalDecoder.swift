/// Reads a canonical JSON object into a value from the model's declaration: every problem is a diagnostic located
/// in the canonical document (a wrong type where the value is, an unknown key, a missing required value), and
/// wrongly typed values are left unread (nil).
struct CanonicalDecoder<Root>: CanonicalFieldVisitor {
    var value: Root
    /// The keys not read yet.
    var rest: JSONObject
    /// Where `rest` is in the canonical document.
    let path: JSONPointer
    /// How a missing required value names the object (`` `sound` ``, `a media item`).
    let subject: String
    var diagnostics: [Diagnostic]
    /// Required keys that were missing (or unreadable): the value is incomplete.
    var missing: [String] = []

    init(_ value: Root, from object: JSONObject, at path: JSONPointer, subject: String, _ diagnostics: [Diagnostic]) {
        self.value = value
        self.rest = object
        self.path = path
        self.subject = subject
        self.diagnostics = diagnostics
    }

    mutating func field<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        value[keyPath: path] = Value.take(key, from: &rest, at: self.path, &diagnostics)
    }

    mutating func required<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value>) {
        if let field = Value.take(key, from: &rest, at: self.path, &diagnostics) {
            value[keyPath: path] = field
        } else {
            missing.append(key)
        }
    }

    mutating func object<Value: CanonicalCollection>(_ key: String, _ path: WritableKeyPath<Root, Value>) {
        value[keyPath: path] = Value.take(key, from: &rest, at: self.path, &diagnostics) ?? Value()
    }

    mutating func namespaces(_ key: String, _ path: WritableKeyPath<Root, JSONObject>) {
        object(key, path)
        for (namespace, member) in value[keyPath: path] where member.objectValue == nil {
            diagnostics.error(
                .wrongType, at: self.path.appending(key).appending(namespace),
                "extension namespace `\(namespace)` must be an object, found \(member.typeName)")
        }
    }

    mutating func part<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, Part?>) {
        guard let object = rest.takeObject(key, at: self.path, &diagnostics) else { return }
        let part = decodePart(Part.self, object, at: self.path.appending(key), subject: "`\(key)`")
        value[keyPath: path] = part.flatMap { $0.isUnset ? nil : $0 }
    }

    mutating func items<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, [Part]>) {
        guard let items = rest.take(key) else { return }
        let itemsPath = self.path.appending(key)
        guard let array = items.arrayValue else {
            diagnostics.error(.wrongType, at: itemsPath, "`\(key)` must be an array, found \(items.typeName)")
            return
        }
        for (index, item) in array.enumerated() {
            let itemPath = itemsPath.appending(index: index)
            guard let object = item.objectValue else {
                diagnostics.error(.wrongType, at: itemPath, "a \(key) item must be an object, found \(item.typeName)")
                continue
            }
            if let part = decodePart(Part.self, object, at: itemPath, subject: "a \(key) item") {
                value[keyPath: path].append(part)
            }
        }
    }

    mutating func origin<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        field(key, path)
    }

    /// A part read from `object`, or nil when a required value is missing (reported).
    private mutating func decodePart<Part: CanonicalPart>(
        _ type: Part.Type, _ object: JSONObject, at path: JSONPointer, subject: String
    ) -> Part? {
        Part(canonicalFields: object, at: path, subject: subject, &diagnostics)
    }

    /// Reports the keys left over (unless already reported where they are) and the missing required values; the
    /// decoded value, or nil when a required value is missing.
    mutating func finish() -> Root? where Root: CanonicalPart {
        Root.declareFields(&self)
        rejectUnknown(prefix: Root.unknownKeyPrefix)
        for key in missing { diagnostics.error(.missingValue, at: path, "\(subject) needs a `\(key)`") }
        guard missing.isEmpty else { return nil }
        value.finishDecoding()
        return value
    }

    /// Reports every key left in `rest` that no finding already names as unknown.
    mutating func rejectUnknown(prefix: String) {
        var named = diagnostics.keysNamed(under: path)
        for key in rest.keys where named.insert(key).inserted {
            diagnostics.error(
                .canonicalUnknownKey, at: path.appending(key), "`\(prefix)\(key)` is not a canonical notification key")
        }
    }
}

extension CanonicalPart {
    /// Reads the part's canonical object (located at `path`); nil when a required value is missing. Problems are
    /// appended to `diagnostics`.
    package init?(
        canonicalFields object: JSONObject, at path: JSONPointer, subject: String, _ diagnostics: inout [Diagnostic]
    ) {
        var decoder = CanonicalDecoder<Self>(.unset, from: object, at: path, subject: subject, diagnostics)
        diagnostics = []
        let part = decoder.finish()
        diagnostics = decoder.diagnostics
        guard let part else { return nil }
        self = part
    }
}

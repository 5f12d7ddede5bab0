/// The model's fields as the documentation and ``CarriedFields`` name them: canonical paths (`title`,
/// `sound.critical`, `media`), their JSON types, and which are top-level content fields (a bit each).
struct FieldLister<Root>: CanonicalFieldVisitor {
    /// The parent path (`sound.`), empty at the top.
    let prefix: String
    var fields: [PushNotification.FieldDescription] = []

    init(prefix: String = "") { self.prefix = prefix }

    private mutating func add(
        _ key: String, _ type: String, _ kind: PushNotification.FieldDescription.Kind, required: Bool = false
    ) {
        fields.append(
            PushNotification.FieldDescription(path: prefix + key, type: type, kind: kind, isRequired: required))
    }

    mutating func field<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        add(key, Value.canonicalTypeName, .value)
    }

    mutating func required<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value>) {
        add(key, Value.canonicalTypeName, .value, required: true)
    }

    mutating func object<Value: CanonicalCollection>(_ key: String, _ path: WritableKeyPath<Root, Value>) {
        add(key, Value.canonicalTypeName, .value)
    }

    mutating func namespaces(_ key: String, _ path: WritableKeyPath<Root, JSONObject>) {
        add(key, "object of vendor objects", .namespaces)
    }

    mutating func part<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, Part?>) {
        add(key, "object", .part)
        var lister = FieldLister<Part>(prefix: prefix + key + ".")
        Part.declareFields(&lister)
        fields += lister.fields
    }

    mutating func items<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, [Part]>) {
        var lister = FieldLister<Part>()
        Part.declareFields(&lister)
        let members = lister.fields.map { $0.path + ($0.isRequired ? "" : "?") }.joined(separator: ", ")
        add(key, "[{\(members)}]", .value)
    }

    mutating func origin<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        add(key, "string", .origin)
    }
}

extension PushNotification {
    /// One field of the canonical model as the documentation lists it.
    package struct FieldDescription: Sendable, Hashable {
        /// What the field is to the model's tools.
        package enum Kind: Sendable, Hashable {
            /// A value (or a JSON object, or a list of parts): carried, lost and compared as declared.
            case value
            /// A part: its fields follow, as `part.field`.
            case part
            /// `extensions`: carried namespace by namespace.
            case namespaces
            /// `source`: where the value came from, not content.
            case origin
        }

        /// The canonical path, dotted (`title`, `sound.critical`).
        package var path: String
        /// The JSON type (`string`, `[string]`, `integer`, `object`, …).
        package var type: String
        package var kind: Kind
        /// True for a value its part cannot do without (`sound.name`).
        package var isRequired: Bool
    }

    /// Every field of the model, parts' fields after their part (`sound`, `sound.name`, …), in canonical order.
    package static let fieldDescriptions: [FieldDescription] = {
        var lister = FieldLister<PushNotification>()
        declareFields(&lister)
        return lister.fields
    }()

    /// The top-level content fields, in declaration order: bit `i` of ``presentFields`` and of
    /// ``CarriedFields`` is `topLevelFieldNames[i]`.
    package static let topLevelFieldNames: [String] = fieldDescriptions.filter {
        !$0.path.contains(".") && ($0.kind == .value || $0.kind == .part)
    }.map(\.path)
}

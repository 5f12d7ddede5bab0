/// Builds a notification holding one field of the model (and the required values of its part), for the model
/// reference table: each format renders it, and what the rendering holds, or the loss it declares, is that format's
/// cell (``PushNotification/documentationSample(_:)``).
struct FieldSampler<Root>: CanonicalFieldVisitor {
    var value: Root
    /// The field's path below `value`; empty to fill only the required values.
    let tokens: ArraySlice<String>

    private func names(_ key: String) -> Bool { tokens.first == key }

    mutating func field<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        if names(key) { value[keyPath: path] = Value.sample(1) }
    }

    mutating func required<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value>) {
        value[keyPath: path] = Value.sample(1)
    }

    mutating func object<Value: CanonicalCollection>(_ key: String, _ path: WritableKeyPath<Root, Value>) {
        if names(key) { value[keyPath: path] = Value.sample(1) }
    }

    mutating func namespaces(_ key: String, _ path: WritableKeyPath<Root, JSONObject>) {}

    mutating func part<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, Part?>) {
        guard names(key) else { return }
        var sampler = FieldSampler<Part>(value: .unset, tokens: tokens.dropFirst())
        Part.declareFields(&sampler)
        value[keyPath: path] = sampler.value
    }

    mutating func items<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, [Part]>) {
        guard names(key) else { return }
        var sampler = FieldSampler<Part>(value: .unset, tokens: tokens.dropFirst())
        Part.declareFields(&sampler)
        sampler.value.finishDecoding()
        value[keyPath: path] = [sampler.value]
    }

    mutating func origin<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>) {
        field(key, path)
    }
}

extension PushNotification {
    /// A notification holding only the field at `path` (`["title"]`, `["sound", "critical"]`), with a sample value
    /// and the required values of its part; `["sound"]` gives the part with only its required values.
    package static func documentationSample(_ path: [String]) -> PushNotification {
        var sampler = FieldSampler(value: PushNotification(), tokens: path[...])
        declareFields(&sampler)
        return sampler.value
    }
}

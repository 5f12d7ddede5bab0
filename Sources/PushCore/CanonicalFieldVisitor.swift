/// Something done once per field of the canonical model: writing canonical JSON, reading it, telling which fields a
/// notification holds, keeping or removing some, comparing two notifications, listing the fields for the model reference.
///
/// The fields are declared once (``PushNotification/declareFields(_:)`` and each part's ``CanonicalPart``
/// declaration, one call per field, in canonical writing order); every visitor is driven by that declaration, so a
/// new field is one line there and its stored property. The declaration functions are `@inline(__always)`: a
/// visitor specialised for them reads each field through a literal key path, which the optimiser turns into a
/// plain stored-property access (no key-path runtime, no allocation: the per-conversion visitors rely on it).
package protocol CanonicalFieldVisitor {
    /// The type whose fields are visited (``PushNotification`` or one of its parts).
    associatedtype Root

    /// An optional value, absent from canonical JSON when nil.
    mutating func field<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>)

    /// A value a part cannot do without (`sound.name`, `media[].url`): decoding reports it missing.
    mutating func required<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value>)

    /// A JSON object, absent from canonical JSON when empty (`data`, `extensions`).
    mutating func object<Value: CanonicalCollection>(_ key: String, _ path: WritableKeyPath<Root, Value>)

    /// A JSON object of vendor namespaces, each an object, absent when empty (`extensions`); not a bit of
    /// ``PushNotification/presentFields``: formats carry it namespace by namespace (``CarriedFields``).
    mutating func namespaces(_ key: String, _ path: WritableKeyPath<Root, JSONObject>)

    /// A nested part, absent when nil (or empty).
    mutating func part<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, Part?>)

    /// A list of parts, absent when empty; carried, lost and removed as a whole (`media`).
    mutating func items<Part: CanonicalPart>(_ key: String, _ path: WritableKeyPath<Root, [Part]>)

    /// Where the value came from, not content (`source`): written and read, never compared, kept or lost.
    mutating func origin<Value: CanonicalValue>(_ key: String, _ path: WritableKeyPath<Root, Value?>)
}

/// A nested object of the canonical model (`sound`, `liveActivity`, a `media` item, `delivery`, `android`,
/// `target`): its fields declared once, as ``PushNotification``'s are.
package protocol CanonicalPart: Sendable, Equatable {
    /// Visits every field of the part, in canonical writing order (one line per field).
    static func declareFields<V: CanonicalFieldVisitor>(_ visitor: inout V) where V.Root == Self

    /// A part with nothing set, filled field by field when decoding (required fields get a placeholder that
    /// decoding replaces or reports missing).
    static var unset: Self { get }

    /// True when nothing is set: an empty part is absent (nil) in the model and in canonical JSON. Default: equal
    /// to ``unset``.
    var isUnset: Bool { get }

    /// How an unknown key of this part is named in its `core.canonical.unknown-key` finding (`android.` for
    /// `android.x`; empty for the bare key).
    static var unknownKeyPrefix: String { get }

    /// Completes a decoded part (a media item's kind implied by its URL). Default: nothing.
    mutating func finishDecoding()
}

extension CanonicalPart {
    package static var unknownKeyPrefix: String { "" }
    package var isUnset: Bool { self == Self.unset }
    package mutating func finishDecoding() {}
}

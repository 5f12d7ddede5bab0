/// A value the canonical model holds in one canonical JSON key: how it is written, read back (with a located
/// finding when the canonical input holds something else) and named in the documentation.
///
/// The model's declaration (``PushNotification/declareFields(_:)``) names each field's key path; the field's type
/// picks the conformance, so encoding, decoding and comparing a field follow from that one line.
package protocol CanonicalValue: Sendable, Equatable {
    /// The value in canonical JSON.
    var canonicalValue: JSONValue { get }

    /// Removes `key` from `object` and returns it as this type; a value of another type is reported (located at
    /// `path/key`) and left in `object`.
    static func take(
        _ key: String, from object: inout JSONObject, at path: JSONPointer, _ diagnostics: inout [Diagnostic]
    )
        -> Self?

    /// The type as the model reference and the schema name it (`string`, `[string]`, `integer`, …).
    static var canonicalTypeName: String { get }

    /// A value for documentation probes (``PushNotification/sample(_:)``): distinct per `seed`.
    static func sample(_ seed: Int) -> Self

    /// This value without the member at `tokens` (a path below it), or nil when the whole value goes. Default: the
    /// whole value goes (a scalar or an array has no members to remove).
    func removing(_ tokens: ArraySlice<String>) -> Self?

    /// Appends the pointers (`tokens` and below) of what `other` lacks or holds differently. Default: `tokens`
    /// itself when the two differ; JSON objects are compared down to their leaves.
    func appendDifferences(from other: Self?, tokens: inout [String], into lost: inout [JSONPointer])
}

extension CanonicalValue {
    package func removing(_ tokens: ArraySlice<String>) -> Self? { nil }

    package func appendDifferences(from other: Self?, tokens: inout [String], into lost: inout [JSONPointer]) {
        if self != other { lost.append(JSONPointer(tokens: tokens)) }
    }
}

/// A canonical value that is absent when empty (`data`, `extensions`).
package protocol CanonicalCollection: CanonicalValue {
    /// The empty value.
    init()
    var isEmpty: Bool { get }
}

extension JSONObject: CanonicalCollection {}

extension String: CanonicalValue {
    package var canonicalValue: JSONValue { .string(self) }
    package static func take(
        _ key: String, from object: inout JSONObject, at path: JSONPointer, _ diagnostics: inout [Diagnostic]
    ) -> String? { object.takeString(key, at: path, &diagnostics) }
    package static var canonicalTypeName: String { "string" }
    package static func sample(_ seed: Int) -> String { "s\(seed)" }
}

extension Array: CanonicalValue where Element == String {
    package var canonicalValue: JSONValue { .array(map(JSONValue.string)) }
    package static func take(
        _ key: String, from object: inout JSONObject, at path: JSONPointer, _ diagnostics: inout [Diagnostic]
    ) -> [String]? { object.takeStringArray(key, at: path, &diagnostics) }
    package static var canonicalTypeName: String { "[string]" }
    package static func sample(_ seed: Int) -> [String] { ["s\(seed)"] }
}

extension Int64: CanonicalValue {
    package var canonicalValue: JSONValue { .integer(self) }
    package static func take(
        _ key: String, from object: inout JSONObject, at path: JSONPointer, _ diagnostics: inout [Diagnostic]
    ) -> Int64? { object.takeInteger(key, at: path, &diagnostics) }
    package static var canonicalTypeName: String { "integer" }
    package static func sample(_ seed: Int) -> Int64 { Int64(seed) + 1 }
}

extension Double: CanonicalValue {
    package var canonicalValue: JSONValue { .double(self) }
    package static func take(
        _ key: String, from object: inout JSONObject, at path: JSONPointer, _ diagnostics: inout [Diagnostic]
    ) -> Double? { object.takeNumber(key, at: path, &diagnostics) }
    package static var canonicalTypeName: String { "number" }
    package static func sample(_ seed: Int) -> Double { 0.5 }
}

extension Bool: CanonicalValue {
    package var canonicalValue: JSONValue { .bool(self) }
    package static func take(
        _ key: String, from object: inout JSONObject, at path: JSONPointer, _ diagnostics: inout [Diagnostic]
    ) -> Bool? { object.takeBool(key, at: path, &diagnostics) }
    package static var canonicalTypeName: String { "boolean" }
    package static func sample(_ seed: Int) -> Bool { true }
}

extension JSONValue: CanonicalValue {
    package var canonicalValue: JSONValue { self }
    /// Any JSON value is one: never a finding.
    package static func take(
        _ key: String, from object: inout JSONObject, at path: JSONPointer, _ diagnostics: inout [Diagnostic]
    ) -> JSONValue? { object.take(key) }
    package static var canonicalTypeName: String { "any" }
    package static func sample(_ seed: Int) -> JSONValue { .string("s\(seed)") }

    package func removing(_ tokens: ArraySlice<String>) -> JSONValue? {
        guard let first = tokens.first else { return nil }
        guard case .object(var object) = self, let child = object[first] else { return self }
        if let rest = child.removing(tokens.dropFirst()) {
            object[first] = rest
        } else {
            object.removeValue(forKey: first)
        }
        return .object(object)
    }

    /// The leaves of this value that `other` lacks or holds differently (numbers compared by value); a non-empty
    /// object is descended into, anything else is a leaf.
    package func appendDifferences(from other: JSONValue?, tokens: inout [String], into lost: inout [JSONPointer]) {
        guard case .object(let mine) = self, !mine.isEmpty else {
            if let other, isNumericallyEqual(to: other) { return }
            lost.append(JSONPointer(tokens: tokens))
            return
        }
        // Missing or no longer an object: every leaf below is lost.
        let theirs = other?.objectValue
        for (key, value) in mine {
            tokens.append(key)
            value.appendDifferences(from: theirs?[key], tokens: &tokens, into: &lost)
            tokens.removeLast()
        }
    }
}

extension JSONObject: CanonicalValue {
    package var canonicalValue: JSONValue { .object(self) }
    package static func take(
        _ key: String, from object: inout JSONObject, at path: JSONPointer, _ diagnostics: inout [Diagnostic]
    ) -> JSONObject? { object.takeObject(key, at: path, &diagnostics) }
    package static var canonicalTypeName: String { "object" }
    package static func sample(_ seed: Int) -> JSONObject {
        JSONObject(uncheckedMembers: [.init(key: "k\(seed)", value: .string("s\(seed)"))])
    }

    /// Without the member at `tokens`; an empty path empties it (nil: the whole value goes).
    package func removing(_ tokens: ArraySlice<String>) -> JSONObject? {
        guard !tokens.isEmpty else { return nil }
        return JSONValue.object(self).removing(tokens)?.objectValue
    }

    package func appendDifferences(from other: JSONObject?, tokens: inout [String], into lost: inout [JSONPointer]) {
        JSONValue.object(self).appendDifferences(from: other.map(JSONValue.object), tokens: &tokens, into: &lost)
    }
}

extension PushNotification.MediaKind: CanonicalValue {
    package var canonicalValue: JSONValue { .string(rawValue) }
    /// A string naming a kind; another string is a `core.type.mismatch` at `path/key`.
    package static func take(
        _ key: String, from object: inout JSONObject, at path: JSONPointer, _ diagnostics: inout [Diagnostic]
    ) -> Self? {
        guard let text = object.takeString(key, at: path, &diagnostics) else { return nil }
        guard let kind = Self(rawValue: text) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            diagnostics.error(
                .wrongType, at: path.appending(key), "media kind must be one of \(names); found \"\(text)\"")
            return nil
        }
        return kind
    }
    package static var canonicalTypeName: String { "string: " + allCases.map(\.rawValue).joined(separator: ", ") }
    package static func sample(_ seed: Int) -> Self { .image }
}

extension PushNotification.Text: CanonicalValue {
    package var canonicalValue: JSONValue { .string(string) }
    package static func take(
        _ key: String, from object: inout JSONObject, at path: JSONPointer, _ diagnostics: inout [Diagnostic]
    ) -> Self? { object.takeString(key, at: path, &diagnostics).map(Self.init) }
    package static var canonicalTypeName: String { "string" }
    package static func sample(_ seed: Int) -> Self { Self("s\(seed)") }
}

// Typed extraction for adapters. The pattern every adapter follows: copy the input object into a
// `rest` variable, `take…` the keys it understands (each take removes the key), and keep whatever is
// left in `rest` as pass-through data. A value of the wrong type is reported and left in `rest`, so
// it is carried through verbatim instead of being dropped.

extension JSONObject {
    /// Removes and returns the value at `key`, whatever its type.
    package mutating func take(_ key: String) -> JSONValue? {
        guard let index = index(forKey: key) else { return nil }
        let value = members[index].value
        removeValue(forKey: key)
        return value
    }

    package mutating func take<T>(
        _ key: String, at path: JSONPointer, expected: String, _ diagnostics: inout [Diagnostic],
        code: DiagnosticCode, _ extract: (JSONValue) -> T?
    ) -> T? {
        guard let value = self[key] else { return nil }
        if let typed = extract(value) {
            removeValue(forKey: key)
            return typed
        }
        diagnostics.error(
            code, at: path.appending(key), "`\(key)` must be \(expected), found \(value.typeName); kept as it was")
        return nil
    }

    /// Removes and returns a string at `key`; reports any other type.
    package mutating func takeString(
        _ key: String, at path: JSONPointer, _ diagnostics: inout [Diagnostic], code: DiagnosticCode = .wrongType
    ) -> String? {
        take(key, at: path, expected: "a string", &diagnostics, code: code) { $0.stringValue }
    }

    /// Removes and returns an integer (Int64) at `key`; reports reals, strings and the rest.
    package mutating func takeInteger(
        _ key: String, at path: JSONPointer, _ diagnostics: inout [Diagnostic], code: DiagnosticCode = .wrongType
    ) -> Int64? {
        take(key, at: path, expected: "an integer", &diagnostics, code: code) { $0.int64Value }
    }

    /// Removes and returns any number as a Double at `key`.
    package mutating func takeNumber(
        _ key: String, at path: JSONPointer, _ diagnostics: inout [Diagnostic], code: DiagnosticCode = .wrongType
    ) -> Double? {
        take(key, at: path, expected: "a number", &diagnostics, code: code) { $0.numberValue }
    }

    /// Removes and returns a boolean at `key`.
    package mutating func takeBool(
        _ key: String, at path: JSONPointer, _ diagnostics: inout [Diagnostic], code: DiagnosticCode = .wrongType
    ) -> Bool? {
        take(key, at: path, expected: "a boolean", &diagnostics, code: code) { $0.boolValue }
    }

    /// Removes and returns an object at `key`.
    package mutating func takeObject(
        _ key: String, at path: JSONPointer, _ diagnostics: inout [Diagnostic], code: DiagnosticCode = .wrongType
    ) -> JSONObject? {
        take(key, at: path, expected: "an object", &diagnostics, code: code) { $0.objectValue }
    }

    /// Removes and returns an array of strings at `key`.
    package mutating func takeStringArray(
        _ key: String, at path: JSONPointer, _ diagnostics: inout [Diagnostic], code: DiagnosticCode = .wrongType
    ) -> [String]? {
        take(key, at: path, expected: "an array of strings", &diagnostics, code: code) { value in
            guard let array = value.arrayValue else { return nil }
            var strings: [String] = []
            strings.reserveCapacity(array.count)
            for element in array {
                guard let string = element.stringValue else { return nil }
                strings.append(string)
            }
            return strings
        }
    }
}

package import PushCore

/// One FCM object being read: takes each key in either spelling (snake_case or lowerCamelCase), reports a value
/// of the wrong type (and leaves it in ``rest``, so it is kept and written back), and what is left over is the
/// object's unknown keys.
package struct FCMFields {
    /// The members not taken yet.
    package var rest: JSONObject
    /// Where the object is in the input.
    package let path: JSONPointer
    /// The input paths of the keys read in their lowerCamelCase spelling (kept as layout memory, so a message
    /// renders back in the spelling it came in).
    package var camelUsed: [JSONPointer] = []

    package init(_ object: JSONObject, at path: JSONPointer) {
        rest = object
        self.path = path
    }

    /// Removes and returns the value of `snake` (or its lowerCamelCase spelling) and its input path. Both spellings
    /// present: the snake_case one is read, the other reported and left in ``rest``.
    package mutating func take(_ snake: String, _ diagnostics: inout [Diagnostic]) -> (JSONValue, JSONPointer)? {
        let camel = FCMKeys.camel(snake)
        let hasSnake = rest[snake] != nil
        if camel != snake, rest[camel] != nil {
            if hasSnake {
                diagnostics.error(
                    .fcmKeyDuplicate, at: path.appending(camel),
                    "`\(camel)` and `\(snake)` are the same field; `\(snake)` was read, this one kept aside")
            } else if let value = rest.take(camel) {
                // An empty block is dropped (FCM treats it as absent), so its spelling is never written: remembering
                // it would make the rendering read back differently.
                if !Self.holdsOnlyEmptyObjects(value) { camelUsed.append(path.appending(camel)) }
                return (value, path.appending(camel))
            }
        }
        guard let value = rest.take(snake) else { return nil }
        return (value, path.appending(snake))
    }

    /// An empty object, or one holding only such objects.
    static func holdsOnlyEmptyObjects(_ value: JSONValue) -> Bool {
        guard case .object(let object) = value else { return false }
        return object.allSatisfy { holdsOnlyEmptyObjects($0.value) }
    }

    private mutating func typed<T>(
        _ snake: String, expected: String, _ diagnostics: inout [Diagnostic], _ extract: (JSONValue) -> T?
    ) -> (T, JSONPointer)? {
        guard let (value, at) = take(snake, &diagnostics) else { return nil }
        if let typed = extract(value) { return (typed, at) }
        diagnostics.error(
            .wrongType, at: at,
            "`\(at.tokens.last ?? snake)` must be \(expected), found \(value.typeName); kept as it was")
        rest.appendUnchecked(at.tokens.last ?? snake, value)
        return nil
    }

    package mutating func string(_ snake: String, _ diagnostics: inout [Diagnostic]) -> (String, JSONPointer)? {
        typed(snake, expected: "a string", &diagnostics) { $0.stringValue }
    }

    package mutating func object(_ snake: String, _ diagnostics: inout [Diagnostic]) -> (JSONObject, JSONPointer)? {
        typed(snake, expected: "an object", &diagnostics) { $0.objectValue }
    }

    package mutating func bool(_ snake: String, _ diagnostics: inout [Diagnostic]) -> (Bool, JSONPointer)? {
        typed(snake, expected: "a boolean", &diagnostics) { $0.boolValue }
    }

    /// An integer; FCM's JSON also takes an int32 as a string of digits (proto3), read as the number.
    package mutating func integer(_ snake: String, _ diagnostics: inout [Diagnostic]) -> (Int64, JSONPointer)? {
        typed(snake, expected: "an integer", &diagnostics) { $0.int64Value }
    }

    package mutating func strings(_ snake: String, _ diagnostics: inout [Diagnostic]) -> ([String], JSONPointer)? {
        typed(snake, expected: "an array of strings", &diagnostics) { value in
            guard let array = value.arrayValue else { return nil }
            var out: [String] = []
            for element in array {
                guard let string = element.stringValue else { return nil }
                out.append(string)
            }
            return out
        }
    }

    /// Reports every key left as unknown (info) and returns them, to be kept.
    package func unknown(_ what: String, _ diagnostics: inout [Diagnostic]) -> JSONObject {
        var named = diagnostics.keysNamed(under: path)
        for key in rest.keys where named.insert(key).inserted {
            diagnostics.info(
                .fcmKeyUnknown, at: path.appending(key), "`\(key)` is not a field of \(what); kept and written back")
        }
        return rest
    }
}

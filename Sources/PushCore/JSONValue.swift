/// Any JSON value.
///
/// Integers and reals are kept apart (`1` is ``integer(_:)``, `1.0` is ``double(_:)``), integers above
/// `Int64.max` are ``unsignedInteger(_:)``, and booleans are never numbers, so `1` and `true` never merge.
/// Objects keep their key order (``JSONObject``).
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits in `Int64`.
    case integer(Int64)
    /// An integer in `Int64.max + 1 ... UInt64.max`.
    case unsignedInteger(UInt64)
    /// A number with a fraction or an exponent.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, in input order.
    case object(JSONObject)
}

// MARK: - Accessors

extension JSONValue {
    /// The object, when this is one.
    @inlinable public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The array, when this is one.
    @inlinable public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The string, when this is one.
    @inlinable public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The boolean, when this is one (never a number).
    @inlinable public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The integer, when this is an integer that fits `Int64` (never a real or a boolean).
    @inlinable public var int64Value: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The numeric value of any number as a `Double` (nil for non-numbers).
    @inlinable public var numberValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .unsignedInteger(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// True for `integer`, `unsignedInteger` and `double`.
    @inlinable public var isNumber: Bool { numberValue != nil }

    /// The value at `key`, when this is an object that has it.
    @inlinable public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// What ``typeName`` calls an integer above `Int64.max` (`unsignedInteger`): no integer field of the model
    /// holds it, so "must be an integer, found integer" would say nothing.
    public static let outOfRangeIntegerName = "an integer out of range (above 9223372036854775807)"

    /// The JSON type name used in diagnostics: `null`, `boolean`, `integer`, `number`, `string`, `array`, `object`.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .integer: return "integer"
        case .unsignedInteger: return Self.outOfRangeIntegerName
        case .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// Structural equality in which numbers compare by value (`1 == 1.0`), used where a
    /// documented normalisation may turn an integral real into an integer. Booleans stay apart.
    public func isNumericallyEqual(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in a {
                guard let otherValue = b[key], value.isNumericallyEqual(to: otherValue) else { return false }
            }
            return true
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            return zip(a, b).allSatisfy { $0.isNumericallyEqual(to: $1) }
        default:
            if let x = numberValue, let y = other.numberValue { return x == y }
            return self == other
        }
    }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(uniqueKeysWithValues: elements))
    }
}

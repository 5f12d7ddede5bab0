import JSONCodec
public import PushCore

/// A JSON-RPC request `id`, echoed in the reply exactly as it was sent.
///
/// JSON-RPC 2.0 allows a string, a number or `null` (discouraged, but legal). A server reading message bytes
/// keeps a number id as its JSON text (``number(_:)``), so `1e3` comes back as `1e3` and `1.50` as `1.50`; a
/// string id never turns into a number.
public enum RPCRequestID: Sendable, Hashable, CustomStringConvertible {
    /// A string id.
    case string(String)
    /// An integer id that fits `Int64`.
    case integer(Int64)
    /// An integer id in `Int64.max + 1 ... UInt64.max`.
    case unsignedInteger(UInt64)
    /// A real id (legal, though JSON-RPC says it SHOULD NOT have a fraction).
    case double(Double)
    /// `"id": null`, and the id of error replies whose request id could not be read.
    case null
    /// A number id as its exact JSON text (`1e3`, `-0`, `7`), echoed verbatim on the wire.
    case number(String)

    /// The id a JSON value holds; nil when the value cannot be an id (boolean, array, object).
    public init?(json: JSONValue) {
        switch json {
        case .string(let value): self = .string(value)
        case .integer(let value): self = .integer(value)
        case .unsignedInteger(let value): self = .unsignedInteger(value)
        case .double(let value): self = .double(value)
        case .null: self = .null
        case .bool, .array, .object: return nil
        }
    }

    /// The JSON form, for the reply's `id` member.
    public var jsonValue: JSONValue {
        switch self {
        case .string(let value): return .string(value)
        case .integer(let value): return .integer(value)
        case .unsignedInteger(let value): return .unsignedInteger(value)
        case .double(let value): return .double(value)
        case .null: return .null
        case .number(let text):
            if let value = Int64(text) { return .integer(value) }
            if let value = UInt64(text) { return .unsignedInteger(value) }
            return .double(Double(text) ?? 0)
        }
    }

    /// The JSON text written in a reply: a number's text as sent, otherwise the JSON form.
    var wireText: [UInt8] {
        if case .number(let text) = self { return Array(text.utf8) }
        return JSONWriter(style: .compact).bytes(jsonValue)
    }

    /// The id as it appears in JSON.
    public var description: String {
        switch self {
        case .string(let value): return "\"\(value)\""
        case .integer(let value): return String(value)
        case .unsignedInteger(let value): return String(value)
        case .double(let value): return String(value)
        case .null: return "null"
        case .number(let text): return text
        }
    }
}

import JSONCodec
import PushCore
import PushNormaliser

/// A method's by-name params, read with typed accessors that turn every problem into a -32602
/// (or, for a `payload` string that is not JSON, a 1005) error located in `params`.
///
/// Construction rejects positional params and keys the method does not declare, before any work is done.
struct RPCParams {
    private let object: JSONObject

    /// Reads `params` (absent means `{}`), accepting only the `declared` keys.
    init(_ params: JSONValue?, declared: [String]) throws(RPCError) {
        switch params {
        case nil:
            object = JSONObject()
        case .object(let members)?:
            object = members
        case .array(let elements)? where elements.isEmpty:
            object = JSONObject()
        default:
            throw .invalidParams([
                Diagnostic(
                    .error, .rpcParamsByPosition, at: .root,
                    "params must be an object (by name); this method takes "
                        + (declared.isEmpty ? "no params" : declared.joined(separator: ", "))
                )
            ])
        }
        var problems: [Diagnostic] = []
        for key in object.keys where !declared.contains(key) {
            let known = declared.isEmpty ? "this method takes no params" : "known: \(declared.joined(separator: ", "))"
            problems.error(.rpcParamsUnknown, at: JSONPointer(tokens: [key]), "unknown param `\(key)`; \(known)")
        }
        if !problems.isEmpty { throw .invalidParams(problems) }
    }

    /// True when `key` was given.
    func has(_ key: String) -> Bool { object[key] != nil }

    /// The raw value at `key`.
    func value(_ key: String) -> JSONValue? { object[key] }

    /// A required value of any type.
    func required(_ key: String) throws(RPCError) -> JSONValue {
        guard let value = object[key] else {
            throw .invalidParams([Diagnostic(.error, .rpcParamsMissing, at: .root, "missing required param `\(key)`")])
        }
        return value
    }

    /// A string, or `defaultValue` when absent.
    func string(_ key: String, default defaultValue: String) throws(RPCError) -> String {
        try optionalString(key) ?? defaultValue
    }

    /// A string, or nil when absent.
    func optionalString(_ key: String) throws(RPCError) -> String? {
        guard let value = object[key] else { return nil }
        guard let string = value.stringValue else { throw Self.wrongType(key, "a string", value) }
        return string
    }

    /// A required string.
    func requiredString(_ key: String) throws(RPCError) -> String {
        let value = try required(key)
        guard let string = value.stringValue else { throw Self.wrongType(key, "a string", value) }
        return string
    }

    /// A boolean, or `defaultValue` when absent.
    func bool(_ key: String, default defaultValue: Bool) throws(RPCError) -> Bool {
        guard let value = object[key] else { return defaultValue }
        guard let bool = value.boolValue else { throw Self.wrongType(key, "a boolean", value) }
        return bool
    }

    /// A required object.
    func requiredObject(_ key: String) throws(RPCError) -> JSONValue {
        let value = try required(key)
        guard value.objectValue != nil else { throw Self.wrongType(key, "an object", value) }
        return value
    }

    /// `options` laid over the server-wide `defaults` (`pushnorm rpc --options FILE`) key by key, decoded with
    /// ``FormatOptions/init(json:at:diagnostics:)``; the defaults alone when absent.
    func options(defaults: JSONObject = JSONObject()) throws(RPCError) -> FormatOptions {
        let key = "options"
        var merged = JSONValue.object(defaults)
        if let value = object[key] {
            if case .object(let members) = value {
                var combined = defaults
                for (name, member) in members { combined[name] = member }
                merged = .object(combined)
            } else {
                merged = value  // not an object: decoding reports it
            }
        } else if defaults.isEmpty {
            return FormatOptions()
        }
        var diagnostics: [Diagnostic] = []
        let options = FormatOptions(json: merged, at: JSONPointer(tokens: [key]), diagnostics: &diagnostics)
        if diagnostics.containsErrors { throw .invalidParams(diagnostics) }
        return options
    }

    /// `substitutions` (``PushCore/TemplateSubstitutions``: an object of variable names and lists of strings, or
    /// strings); nil when absent. A bad entry is -32602 with a diagnostic located under `/substitutions`.
    func substitutions() throws(RPCError) -> TemplateSubstitutions? {
        let key = "substitutions"
        guard let value = object[key] else { return nil }
        var diagnostics: [Diagnostic] = []
        let substitutions = TemplateSubstitutions(
            json: value, at: JSONPointer(tokens: [key]), diagnostics: &diagnostics)
        if diagnostics.containsErrors { throw .invalidParams(diagnostics) }
        return substitutions
    }

    /// `payload`: an object, or a string holding JSON text (parsed here; invalid text is a 1005 error).
    func payload(parser: JSONParser) throws(RPCError) -> JSONValue {
        let value = try required("payload")
        switch value {
        case .object:
            return value
        case .string(let text):
            do {
                return try parser.parse(text)
            } catch {
                throw RPCError(
                    .invalidPayloadJSON, "`payload` is a string but not valid JSON: \(error.description)",
                    diagnostics: [error.diagnostic()])
            }
        default:
            throw Self.wrongType("payload", "an object or a string holding JSON", value)
        }
    }

    static func wrongType(_ key: String, _ expected: String, _ value: JSONValue) -> RPCError {
        .invalidParams([
            Diagnostic(
                .error, .rpcParamsType, at: JSONPointer(tokens: [key]),
                "`\(key)` must be \(expected), found \(value.typeName)")
        ])
    }
}

public import PushCore

/// A JSON-RPC error object: code, one-line message, and structured `data`.
///
/// `data` is an object; for errors about a payload it has `diagnostics` (an array of
/// `{severity, code, path, message}`) and, for lossy conversions, `lost` (`{path, reason}`).
public struct RPCError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error code.
    public var code: RPCErrorCode
    /// One human sentence; clients match on ``code`` and `data`, never on this.
    public var message: String
    /// Extra structured information, or nil.
    public var data: JSONValue?

    /// An error.
    public init(_ code: RPCErrorCode, _ message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// An error whose `data` is `{"diagnostics": [...]}`.
    public init(_ code: RPCErrorCode, _ message: String, diagnostics: [Diagnostic]) {
        self.init(code, message, data: ["diagnostics": .array(diagnostics.map(\.jsonValue))])
    }

    /// `code message`.
    public var description: String { "\(code.rawValue) \(message)" }

    /// The JSON form: `{"code", "message", "data"?}`.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["code"] = .integer(Int64(code.rawValue))
        object["message"] = .string(message)
        if let data { object["data"] = data }
        return .object(object)
    }

    /// The diagnostics in `data`, if any (for tests and logs).
    public var diagnostics: [JSONValue] { data?["diagnostics"]?.arrayValue ?? [] }
}

// MARK: - Standard errors

extension RPCError {
    /// -32700 with the parser's located finding.
    static func parseError(_ message: String, diagnostics: [Diagnostic] = []) -> RPCError {
        RPCError(.parseError, "Parse error: \(message)", diagnostics: diagnostics)
    }

    /// -32600.
    static func invalidRequest(_ message: String) -> RPCError {
        RPCError(.invalidRequest, "Invalid request: \(message)")
    }

    /// -32601, naming the method.
    static func methodNotFound(_ method: String) -> RPCError {
        RPCError(.methodNotFound, "Method not found: \(method)", data: ["method": .string(method)])
    }

    /// -32602 with the problems located in `params`.
    static func invalidParams(_ diagnostics: [Diagnostic]) -> RPCError {
        let summary = diagnostics.first.map {
            "\($0.path.description.isEmpty ? "/" : $0.path.description): \($0.message)"
        }
        return RPCError(.invalidParams, "Invalid params: \(summary ?? "bad params")", diagnostics: diagnostics)
    }
}

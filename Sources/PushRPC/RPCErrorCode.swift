/// A JSON-RPC error code: an open set of integers with the reserved codes and this server's
/// application codes as static members.
///
/// Codes from -32768 to -32000 are reserved by JSON-RPC 2.0; application codes live outside that range
/// and are listed in `rpc-spec/openrpc.json` (`components.errors`) and in the generated JSON-RPC reference.
public struct RPCErrorCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The integer sent as `error.code`.
    public var rawValue: Int

    /// A code from its integer.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The integer as text.
    public var description: String { String(rawValue) }

    // MARK: - Reserved by JSON-RPC 2.0

    /// -32700: the message is not JSON (also: broken framing, invalid UTF-8). The reply's id is null.
    public static let parseError = RPCErrorCode(rawValue: -32700)
    /// -32600: the message is JSON but not a request (also: an empty batch, a message over the size limit).
    public static let invalidRequest = RPCErrorCode(rawValue: -32600)
    /// -32601: no such method.
    public static let methodNotFound = RPCErrorCode(rawValue: -32601)
    /// -32602: params of the wrong shape: positional, unknown keys, wrong types, missing, bad options.
    public static let invalidParams = RPCErrorCode(rawValue: -32602)
    /// -32603: the server could not answer (the OpenRPC document could not be read).
    public static let internalError = RPCErrorCode(rawValue: -32603)

    // MARK: - Application errors

    /// 1001: a format name the registry does not know.
    public static let unknownFormat = RPCErrorCode(rawValue: 1001)
    /// 1002: `auto` detection recognised no format.
    public static let unrecognisedPayload = RPCErrorCode(rawValue: 1002)
    /// 1003: the payload (or notification) has errors; `data.diagnostics` says which.
    public static let payloadRejected = RPCErrorCode(rawValue: 1003)
    /// 1004: strict conversion would lose fields; `data.lost` lists them.
    public static let lossyConversion = RPCErrorCode(rawValue: 1004)
    /// 1005: a `payload` given as a string does not hold valid JSON.
    public static let invalidPayloadJSON = RPCErrorCode(rawValue: 1005)

    /// Every code this server can send, reserved codes first. The spec conformance test checks that
    /// each one is declared in `components.errors` of `rpc-spec/openrpc.json`.
    public static let allSent: [RPCErrorCode] = [
        .parseError, .invalidRequest, .methodNotFound, .invalidParams, .internalError,
        .unknownFormat, .unrecognisedPayload, .payloadRejected, .lossyConversion, .invalidPayloadJSON,
    ]

    /// True for the range JSON-RPC 2.0 reserves (-32768 ... -32000).
    public var isReserved: Bool { (-32768)...(-32000) ~= rawValue }
}

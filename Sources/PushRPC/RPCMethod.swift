import JSONCodec
import PushCore
import PushNormaliser

/// One JSON-RPC method: its name, the params it accepts by name, and a pure handler.
///
/// A conformer never traps and never does I/O; every failure is an ``RPCError``. Adding a method:
/// write the conformer, list it in ``MethodTable``, describe it in `rpc-spec/openrpc.json` with an
/// example that runs (the spec conformance tests fail until both agree), and regenerate the reference (`make reference`).
protocol RPCMethod: Sendable {
    /// The method name (`normalise`, `rpc.discover`).
    var name: String { get }
    /// The param names it accepts; any other key is a -32602 error.
    var params: [String] { get }
    /// Answers one call.
    func call(_ params: RPCParams, context: RPCMethodContext) throws(RPCError) -> JSONValue
}

/// What a method handler may use.
struct RPCMethodContext: Sendable {
    /// The facade.
    var normaliser: Normaliser
    /// The OpenRPC document, or why it could not be read.
    var openRPC: Result<JSONValue, RPCError>
    /// Server-wide default format options (`pushnorm rpc --options FILE`); a call's `options` overrides them.
    var defaultOptions: JSONObject = JSONObject()
}

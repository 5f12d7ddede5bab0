import PushCore

/// `rpc.discover` → the OpenRPC document (`rpc-spec/openrpc.json`, compiled in, schemas inlined), or the
/// `--openrpc PATH` document.
struct DiscoverMethod: RPCMethod {
    let name = "rpc.discover"
    let params: [String] = []

    func call(_ params: RPCParams, context: RPCMethodContext) throws(RPCError) -> JSONValue {
        try context.openRPC.get()
    }
}

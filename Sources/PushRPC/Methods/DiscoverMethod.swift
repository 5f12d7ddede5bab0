import PushCore

/// `rpc.discover` → the OpenRPC document (`rpc-spec/openrpc.json`), as the server read it at start.
struct DiscoverMethod: RPCMethod {
    let name = "rpc.discover"
    let params: [String] = []

    func call(_ params: RPCParams, context: RPCMethodContext) throws(RPCError) -> JSONValue {
        try context.openRPC.get()
    }
}

/// `pushnorm rpc`: the JSON-RPC 2.0 server on stdin/stdout (PushRPC).
enum RPCCommand {
    static func run(_ arguments: Arguments) throws(Arguments.UsageError) -> Int32 {
        IO.stderr("pushnorm rpc: not wired yet\n")
        return 2
    }
}

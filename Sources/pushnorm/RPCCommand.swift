import PushRPC

/// `pushnorm rpc`: the JSON-RPC 2.0 server on stdin/stdout (PushRPC). stdout carries replies only.
enum RPCCommand {
    static func run(_ arguments: Arguments) throws(Arguments.UsageError) -> Int32 {
        let raw = Array(CommandLine.arguments.dropFirst(2))
        do {
            return runRPCServer(options: try RPCServerOptions(arguments: raw))
        } catch {
            throw Arguments.UsageError(message: "rpc: \(error)\n\(RPCServerOptions.usage)")
        }
    }
}

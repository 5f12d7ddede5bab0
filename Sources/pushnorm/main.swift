import PushRPC

// TEMPORARY (wt-rpc): only the `rpc` dispatch, so the RPC end-to-end tests can run. The CLI owner
// replaces this file; the entry point to call is `runRPCServer(options:)` from PushRPC.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let arguments = CommandLine.arguments
if arguments.count >= 2 && arguments[1] == "rpc" {
    do {
        let options = try RPCServerOptions(arguments: Array(arguments.dropFirst(2)))
        exit(runRPCServer(options: options))
    } catch {
        let text = "pushnorm rpc: \(error)\n\(RPCServerOptions.usage)\n"
        _ = write(2, text, text.utf8.count)
        exit(2)
    }
}
let usage = "usage: \(RPCServerOptions.usage)\n"
_ = write(2, usage, usage.utf8.count)
exit(2)

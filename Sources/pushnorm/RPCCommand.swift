import PushCore
import PushRPC

/// `pushnorm rpc`: the JSON-RPC 2.0 server on stdin/stdout (PushRPC). stdout carries replies only.
enum RPCCommand {
    static func run(_ arguments: Arguments) throws(Arguments.UsageError) -> Int32 {
        runRPCServer(options: try serverOptions(arguments))
    }

    /// The server's settings from the command's options (`rpc` in ``CommandSpec/all``).
    static func serverOptions(_ arguments: Arguments) throws(Arguments.UsageError) -> RPCServerOptions {
        var options = RPCServerOptions()
        if let bytes = try arguments.int("--max-message-bytes") { options.maxMessageBytes = bytes }
        if let bytes = try arguments.int("--max-batch-reply-bytes") { options.maxBatchReplyBytes = bytes }
        if let text = arguments.value("--log-level") {
            guard let level = RPCLogLevel(rawValue: text) else {
                throw Arguments.UsageError(
                    message: "--log-level must be error, warning, info or debug, got \"\(text)\"", command: "rpc")
            }
            options.logLevel = level
        }
        options.openRPCPath = arguments.value("--openrpc")
        if arguments.value("--options") != nil {
            // Checked here (exit 2 on a bad file), passed on as JSON so a call's `options` can override by key.
            _ = try Commands.options(arguments)
            if case .object(let object) = try Commands.optionsJSON(arguments) { options.defaultFormatOptions = object }
        }
        return options
    }
}

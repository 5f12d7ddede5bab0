/// Settings of the RPC server, and the `pushnorm rpc` flags that set them.
///
/// | flag | default | meaning |
/// | --- | --- | --- |
/// | `--max-message-bytes N` | 1048576 (1 MiB) | larger messages get an error reply and are skipped |
/// | `--log-level L` | `warning` | `error`, `warning`, `info` or `debug`; logs go to stderr |
/// | `--openrpc PATH` | the source tree's `rpc-spec/openrpc.json` | the document `rpc.discover` returns |
public struct RPCServerOptions: Sendable, Hashable {
    /// Largest message body accepted, in bytes (`--max-message-bytes`). Default 1 MiB.
    public var maxMessageBytes: Int = 1 << 20
    /// Log verbosity (`--log-level`). Default ``RPCLogLevel/warning``.
    public var logLevel: RPCLogLevel = .warning
    /// Where logs go. Default 2 (stderr); -1 discards them.
    public var logFileDescriptor: Int32 = 2
    /// The OpenRPC document's path (`--openrpc`); nil means ``OpenRPCDocument/defaultPath``.
    public var openRPCPath: String?
    /// Bytes asked of each `read(2)`. Default 64 KiB.
    public var readBlockSize: Int = 64 * 1024

    /// The defaults.
    public init() {}

    /// Usage text for the flags, for the CLI's help.
    public static let usage = """
        pushnorm rpc [--max-message-bytes N] [--log-level error|warning|info|debug] [--openrpc PATH]
          JSON-RPC 2.0 on stdin/stdout; each message framed as one JSON line (NDJSON) or with
          LSP-style Content-Length headers, and answered in the same framing.
          --max-message-bytes N   largest message accepted (default 1048576)
          --log-level L           stderr verbosity (default warning)
          --openrpc PATH          the OpenRPC document rpc.discover returns
        """

    /// Parses the flags that follow `rpc` (`--flag value` or `--flag=value`).
    /// - Throws: ``RPCOptionsError`` naming the bad flag or value.
    public init(arguments: [String]) throws(RPCOptionsError) {
        self.init()
        var index = 0
        while index < arguments.count {
            var flag = arguments[index]
            var value: String?
            if let equals = flag.firstIndex(of: "="), flag.hasPrefix("--") {
                value = String(flag[flag.index(after: equals)...])
                flag = String(flag[..<equals])
            }
            func next() throws(RPCOptionsError) -> String {
                if let value { return value }
                index += 1
                guard index < arguments.count else { throw RPCOptionsError("\(flag) needs a value") }
                return arguments[index]
            }
            switch flag {
            case "--max-message-bytes":
                let text = try next()
                guard let bytes = Int(text), bytes > 0 else {
                    throw RPCOptionsError("--max-message-bytes must be a positive integer, got \"\(text)\"")
                }
                maxMessageBytes = bytes
            case "--log-level":
                let text = try next()
                guard let level = RPCLogLevel(rawValue: text) else {
                    throw RPCOptionsError("--log-level must be error, warning, info or debug, got \"\(text)\"")
                }
                logLevel = level
            case "--openrpc":
                openRPCPath = try next()
            default:
                throw RPCOptionsError("unknown option \(flag)")
            }
            index += 1
        }
    }
}

/// A bad `pushnorm rpc` flag.
public struct RPCOptionsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// An error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

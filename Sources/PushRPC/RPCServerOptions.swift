public import PushCore

/// Settings of the RPC server. `pushnorm rpc` sets them from its option table (Sources/pushnorm/CommandSpec.swift):
///
/// | flag | default | meaning |
/// | --- | --- | --- |
/// | `--max-message-bytes N` | 1048576 (1 MiB) | larger messages get an error reply (with their id when readable) |
/// | `--max-batch-reply-bytes N` | 16777216 (16 MiB) | past it, a batch's remaining requests get -32603 errors |
/// | `--log-level L` | `warning` | `error`, `warning`, `info` or `debug`; logs go to stderr, never blocking |
/// | `--options FILE` | none | server-wide default format options; a call's `options` overrides them by key |
/// | `--openrpc PATH` | the built-in document | the document `rpc.discover` returns |
public struct RPCServerOptions: Sendable, Hashable {
    /// Largest message body accepted, in bytes (`--max-message-bytes`). Default 1 MiB.
    public var maxMessageBytes: Int = 1 << 20
    /// Largest total of a batch's replies, in bytes (`--max-batch-reply-bytes`). Default 16 MiB. Past it, each
    /// remaining request of the batch gets a -32603 "batch reply too large" error with its id, so that a small
    /// batch of large answers (`rpc.discover` ×1000) cannot take unbounded memory.
    public var maxBatchReplyBytes: Int = 16 << 20
    /// Log verbosity (`--log-level`). Default ``RPCLogLevel/warning``.
    public var logLevel: RPCLogLevel = .warning
    /// Where logs go. Default 2 (stderr); -1 discards them.
    public var logFileDescriptor: Int32 = 2
    /// Log bytes that may wait for a slow or unread log descriptor before further lines are dropped (and
    /// counted). Default 256 KiB.
    public var logBufferBytes: Int = 256 * 1024
    /// An OpenRPC document to serve instead of the built-in one (`--openrpc`); nil serves
    /// ``OpenRPCDocument/embedded``.
    public var openRPCPath: String?
    /// Server-wide default format options (`--options FILE`), as a JSON object in the `FormatOptions` form.
    /// A call's `options` member overrides them key by key.
    public var defaultFormatOptions: JSONObject = JSONObject()
    /// Bytes asked of each `read(2)`. Default 64 KiB.
    public var readBlockSize: Int = 64 * 1024

    /// The defaults.
    public init() {}
}

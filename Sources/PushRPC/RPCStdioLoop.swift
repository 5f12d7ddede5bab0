#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the JSON-RPC server on file descriptors until end of input: the entry point of `pushnorm rpc`.
///
/// Reads `input` in blocks of `options.readBlockSize` (64 KiB) with `read(2)`, answers every complete
/// message, and writes the replies with `write(2)` once the input read so far holds no further complete
/// message. stdout carries only replies; logs go to `options.logFileDescriptor` (stderr) without blocking (a
/// full stderr drops lines and counts them; the count is logged at exit). SIGPIPE is
/// ignored, so a closed output (EPIPE) ends the loop cleanly.
///
/// ```swift
/// var options = RPCServerOptions()
/// options.logLevel = .info
/// exit(runRPCServer(options: options))
/// ```
/// - Returns: the process exit code: 0 at end of input or when the output is closed, 1 on a read or
///   write error.
public func runRPCServer(input: Int32 = 0, output: Int32 = 1, options: RPCServerOptions) -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    let server = RPCServer(options: options)
    var loop = RPCStdioLoop(input: input, output: output, server: server)
    let status = loop.run()
    server.logger.finish()
    return status
}

/// The read–answer–write loop over two file descriptors.
struct RPCStdioLoop {
    let input: Int32
    let output: Int32
    var session: RPCSession
    let logger: RPCLogger
    let blockSize: Int

    init(input: Int32, output: Int32, server: RPCServer) {
        self.input = input
        self.output = output
        session = RPCSession(server: server)
        logger = server.logger
        blockSize = max(4096, server.options.readBlockSize)
    }

    mutating func run() -> Int32 {
        logger.log(.info, "serving JSON-RPC 2.0 on fd \(input) -> fd \(output) (NDJSON or Content-Length framing)")
        var block = [UInt8](repeating: 0, count: blockSize)
        var out: [UInt8] = []
        out.reserveCapacity(blockSize)
        while true {
            let count = block.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                logger.log(.error, "read failed: \(String(cString: strerror(errno)))")
                _ = flush(&out)
                return 1
            }
            if count == 0 {
                session.finish(into: &out)
                let flushed = flush(&out)
                logger.log(.info, "end of input")
                return flushed == .failed ? 1 : 0
            }
            block.withUnsafeBufferPointer { session.receive($0[0..<count], into: &out) }
            switch flush(&out) {
            case .done: continue
            case .closed: return 0
            case .failed: return 1
            }
        }
    }

    enum FlushOutcome { case done, closed, failed }

    /// Writes all of `out` and empties it.
    mutating func flush(_ out: inout [UInt8]) -> FlushOutcome {
        var offset = 0
        defer { out.removeAll(keepingCapacity: out.capacity <= 4 << 20) }
        while offset < out.count {
            let written = out.withUnsafeBytes { write(output, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            if written >= 0 {
                offset += written
                continue
            }
            switch errno {
            case EINTR:
                continue
            case EAGAIN:
                var descriptor = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, -1)
            case EPIPE:
                logger.log(.info, "output closed (EPIPE); stopping")
                return .closed
            default:
                logger.log(.error, "write failed: \(String(cString: strerror(errno)))")
                return .failed
            }
        }
        return .done
    }
}

/// Writes log lines (`pushnorm rpc: warning: …`) to a file descriptor, normally stderr, through an
/// ``RPCLogSink`` that never blocks the caller. Never stdout: stdout carries only replies.
struct RPCLogger: Sendable {
    /// The most verbose level written.
    var level: RPCLogLevel
    /// Where lines go; nil discards them.
    var sink: RPCLogSink?

    init(level: RPCLogLevel, fileDescriptor: Int32, bufferBytes: Int = 256 * 1024) {
        self.level = level
        sink = fileDescriptor >= 0 ? RPCLogSink(fileDescriptor: fileDescriptor, capacity: bufferBytes) : nil
    }

    /// True when `level` is written.
    func enabled(_ level: RPCLogLevel) -> Bool { sink != nil && level <= self.level }

    /// Queues one line at `level` (the message is built only when written).
    func log(_ level: RPCLogLevel, _ message: @autoclosure () -> String) {
        guard enabled(level), let sink else { return }
        sink.enqueue(Array("pushnorm rpc: \(level.rawValue): \(message())\n".utf8))
    }

    /// Waits briefly for queued lines and reports dropped ones; see ``RPCLogSink/finish(timeout:)``.
    @discardableResult
    func finish() -> Int { sink?.finish() ?? 0 }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes log lines (`pushnorm rpc: warning: …`) to a file descriptor, normally stderr. Never stdout:
/// stdout carries only replies.
struct RPCLogger: Sendable {
    /// The most verbose level written.
    var level: RPCLogLevel
    /// Where lines go; a negative descriptor discards them.
    var fileDescriptor: Int32

    /// True when `level` is written.
    func enabled(_ level: RPCLogLevel) -> Bool { fileDescriptor >= 0 && level <= self.level }

    /// Writes one line at `level` (the message is built only when written).
    func log(_ level: RPCLogLevel, _ message: @autoclosure () -> String) {
        guard enabled(level) else { return }
        var line = Array("pushnorm rpc: \(level.rawValue): \(message())\n".utf8)
        var offset = 0
        while offset < line.count {
            let written = line.withUnsafeMutableBytes { buffer in
                write(fileDescriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
        line.removeAll()
    }
}

import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where log lines go, without ever holding up request handling: lines are written by a background queue, and
/// when more than `capacity` bytes are waiting (the descriptor is slow, or a parent pipes stderr and never reads
/// it) further lines are dropped and counted. ``finish(timeout:)`` reports the count at exit.
///
/// Invariant: `state` is the only mutable state and is touched only under its lock; the queue runs writes one at
/// a time, so lines never interleave.
final class RPCLogSink: Sendable {
    /// The descriptor written to.
    let fileDescriptor: Int32
    /// Bytes that may wait before lines are dropped.
    let capacity: Int
    private let queue = DispatchQueue(label: "pushnorm.rpc.log")
    private let state = Mutex(State())

    private struct State {
        var pendingBytes = 0
        var dropped = 0
    }

    init(fileDescriptor: Int32, capacity: Int) {
        self.fileDescriptor = fileDescriptor
        self.capacity = max(4096, capacity)
    }

    /// Queues a line, or drops (and counts) it when `capacity` bytes are already waiting.
    func enqueue(_ line: [UInt8]) {
        let accepted = state.withLock { state in
            guard state.pendingBytes + line.count <= capacity else {
                state.dropped += 1
                return false
            }
            state.pendingBytes += line.count
            return true
        }
        guard accepted else { return }
        queue.async { [self] in
            writeAll(fileDescriptor, line)
            state.withLock { $0.pendingBytes -= line.count }
        }
    }

    /// Lines dropped so far.
    var droppedCount: Int { state.withLock { $0.dropped } }

    /// At exit: waits up to `timeout` for the queued lines, then reports how many were dropped (if any) on
    /// the same descriptor, again waiting at most `timeout`. Returns the number dropped.
    @discardableResult
    func finish(timeout: DispatchTimeInterval = .seconds(1)) -> Int {
        let done = DispatchSemaphore(value: 0)
        queue.async { done.signal() }
        guard done.wait(timeout: .now() + timeout) == .success else { return droppedCount }
        let dropped = droppedCount
        if dropped > 0 {
            let line = Array(
                "pushnorm rpc: warning: \(dropped) log line\(dropped == 1 ? "" : "s") dropped: stderr was not read fast enough\n"
                    .utf8)
            queue.async { [self] in
                writeAll(fileDescriptor, line)
                done.signal()
            }
            _ = done.wait(timeout: .now() + timeout)
        }
        return dropped
    }
}

/// Writes all of `bytes` to `fd` (blocking; runs on the sink's queue).
private func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
    }
}

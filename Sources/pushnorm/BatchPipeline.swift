/// Processes chunks of records on worker threads while the reading thread reads, splits and writes: the reading
/// thread ``submit(_:)``s chunks in input order and takes them back in the same order (``next(wait:)``), each
/// one processed whole by one worker (``RecordFormatter``: conversion and output bytes).
///
/// With `jobs` workers in all, `jobs - 1` are threads of their own and the reading thread is the last one: when it
/// has to wait for the oldest chunk, it processes a queued one itself instead. So the process has no more busy
/// threads than `jobs` (with one job, no thread is started and everything runs on the reading thread), and the
/// reading thread's own work (reads, `memchr`, writes) fills the gaps.
///
/// Invariant that makes the `@unchecked Sendable` safe: `queue`, `stopping`, `running` and each chunk's
/// `isDone` are touched only under `condition`'s lock; `inFlight` and `spare` only by the reading thread; a chunk
/// belongs to the reading thread until it is queued, to one worker from the moment it leaves the queue until
/// it is marked done, and to the reading thread again after that (``RecordChunk``).
final class BatchPipeline: @unchecked Sendable {
    private let formatter: RecordFormatter
    private let condition = ConditionLock()
    /// Submitted, not yet taken by a worker (oldest first).
    private var queue: [RecordChunk] = []
    private var stopping = false
    /// Worker threads still running.
    private var running = 0
    /// Submitted and not yet taken back, in input order (reading thread only).
    private var inFlight: [RecordChunk] = []
    /// Chunks taken back, for reuse (reading thread only).
    private var spare: [RecordChunk] = []
    /// Workers used at most, whatever `--jobs` asks for.
    static let maximumJobs = 64
    /// Chunks in flight at most before ``isFull``.
    let capacity: Int
    /// Input bytes a chunk starts with room for.
    let chunkBytes: Int

    init(formatter: RecordFormatter, jobs: Int, chunkBytes: Int) {
        self.formatter = formatter
        self.chunkBytes = chunkBytes
        // More workers than any machine this runs on has cores gain nothing; the cap bounds the memory read ahead
        // (4 chunks of about 128 KiB in and out per worker).
        let jobs = min(jobs, Self.maximumJobs)
        let threads = max(0, jobs - 1)
        // Enough queued work that no worker runs dry while the reading thread processes a chunk of its own, even
        // when that thread is slowed down (by other processes on the machine) to a quarter of the workers' pace.
        capacity = threads == 0 ? 1 : 4 * jobs
        condition.lock()
        for _ in 0..<threads {
            // A thread that cannot start leaves its share to the others (the reading thread processes chunks too).
            if ConditionLock.detach({ [self] in work() }) { running += 1 }
        }
        condition.unlock()
    }

    /// A chunk to fill: an empty one taken back earlier, or a new one.
    func emptyChunk() -> RecordChunk {
        if let chunk = spare.popLast() {
            chunk.reset()
            return chunk
        }
        return RecordChunk(capacity: chunkBytes + (1 << 16))
    }

    /// Gives back a chunk taken with ``next(wait:)`` once written.
    func recycle(_ chunk: RecordChunk) { spare.append(chunk) }

    /// True when the reading thread should take a chunk back before submitting another.
    var isFull: Bool { inFlight.count >= capacity }

    /// True when no chunk is in flight.
    var isEmpty: Bool { inFlight.isEmpty }

    /// Queues `chunk` for processing.
    func submit(_ chunk: RecordChunk) {
        inFlight.append(chunk)
        condition.lock()
        queue.append(chunk)
        condition.signal()
        condition.unlock()
    }

    /// The oldest chunk in flight once processed; nil when none is in flight, or (without `wait`) when the oldest is
    /// not done yet. While waiting, the reading thread processes queued chunks itself.
    func next(wait: Bool) -> RecordChunk? {
        guard let oldest = inFlight.first else { return nil }
        condition.lock()
        while !oldest.isDone {
            guard wait else {
                condition.unlock()
                return nil
            }
            if !queue.isEmpty {
                let chunk = queue.removeFirst()
                condition.unlock()
                formatter.process(chunk)
                condition.lock()
                chunk.isDone = true
                condition.broadcast()
            } else {
                condition.wait()
            }
        }
        condition.unlock()
        inFlight.removeFirst()
        return oldest
    }

    /// Drops the chunks not started, waits for those being processed, and stops the worker threads (after a
    /// failure, or at the end).
    func stop() {
        condition.lock()
        stopping = true
        for chunk in queue { chunk.isDone = true }
        queue.removeAll()
        condition.broadcast()
        while running > 0 { condition.wait() }
        condition.unlock()
        inFlight.removeAll()
    }

    /// A worker thread: takes queued chunks until stopped.
    private func work() {
        condition.lock()
        while true {
            if let chunk = queue.first {
                queue.removeFirst()
                condition.unlock()
                formatter.process(chunk)
                condition.lock()
                chunk.isDone = true
                condition.broadcast()
            } else if stopping {
                break
            } else {
                condition.wait()
            }
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}

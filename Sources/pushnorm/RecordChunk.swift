import PushNormaliser

/// A run of input records and what became of them: what the reading thread hands to a worker, and writes back in
/// input order with one call per output. The reading thread fills ``input`` and ``spans`` (and the context after
/// them); the worker that takes the chunk fills the outputs, the marks and the tally (``RecordFormatter``). The
/// arrays keep their capacity when the chunk is reused, so a steady run allocates nothing per record here.
///
/// Invariant that makes the `@unchecked Sendable` safe: a chunk is touched by one thread at a time. The reading
/// thread writes it before ``BatchPipeline/submit(_:)`` and reads it after ``BatchPipeline/next(wait:)`` returned
/// it; a worker writes it between taking it from the queue and marking it done; both hand-overs go through the
/// pipeline's lock.
final class RecordChunk: @unchecked Sendable {
    /// Where one record's bytes end in the outputs, and what it adds to the tally once written.
    struct Mark {
        var outputEnd: Int
        var errorsEnd: Int
        /// Records placed in the output up to and including this one (a checkpoint's `outputRecords`).
        var written: Int
        /// End of this record's codes in ``codes``.
        var codesEnd: Int
        var failed: Bool
        var lossy: Bool
        /// Messages this record wrote (convert: 1, or one per recipient; 0 when it failed).
        var outputs: Int
    }

    /// The input bytes: the records are ``spans`` of `input[0..<length]`. Its count is the capacity (reads go
    /// straight into it); the bytes past `length` mean nothing.
    var input: [UInt8]
    var length = 0
    var spans: [RecordSplitter.Span] = []
    /// The real length of each record that ran past the size limit and was cut as it streamed (by record number):
    /// its error says how long it was, not how much of it was kept.
    var cutLengths: [Int: Int] = [:]
    /// Records placed in the output before this chunk's (a JSON array's separators).
    var writtenBefore = 0
    /// The input's shape, and whether it is one document.
    var shape: RecordSplitter.Shape = .ndjson
    var single = false
    /// The input's index among the command's inputs, and its name.
    var inputIndex = 0

    /// What the records became: output bytes, `--errors` bytes, one mark per record.
    var output: [UInt8] = []
    var errors: [UInt8] = []
    var marks: [Mark] = []
    /// The diagnostic codes the tally counts, record after record (see ``Mark/codesEnd``).
    var codes: [String] = []
    /// The counts of all the records of the chunk.
    var tally = BatchTally()
    /// What the summary, the run notices and a single payload's loss report need (``ChunkSummary``).
    var summary = ChunkSummary()
    /// Set under the pipeline's lock once a worker has filled the chunk.
    var isDone = false

    init(capacity: Int) { input = [UInt8](repeating: 0, count: capacity) }

    /// Empties the chunk for reuse (capacities kept).
    func reset() {
        length = 0
        spans.removeAll(keepingCapacity: true)
        cutLengths.removeAll(keepingCapacity: true)
        output.removeAll(keepingCapacity: true)
        errors.removeAll(keepingCapacity: true)
        marks.removeAll(keepingCapacity: true)
        codes.removeAll(keepingCapacity: true)
        tally = BatchTally()
        isDone = false
    }

    /// Makes room for `count` more input bytes after `length` (doubling).
    func reserve(_ count: Int) {
        guard input.count - length < count else { return }
        // A new buffer holding the `length` bytes in use, the rest left as it comes (a byte is read into before it
        // is looked at): zero-filling every doubling cost more than reading a record of several hundred KiB.
        let size = max(input.count * 2, length + count)
        let used = length
        input = input.withUnsafeBufferPointer { old in
            [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                if used > 0, let from = old.baseAddress, let to = buffer.baseAddress {
                    to.update(from: from, count: used)
                }
                initialized = size
            }
        }
    }
}

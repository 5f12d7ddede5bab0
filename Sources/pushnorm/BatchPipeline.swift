import Dispatch
import PushNormaliser

/// Converts one batch in the background while the caller reads and splits the next one and writes the
/// previous one, so the serial work (I/O, splitting, ordered writing) overlaps the parallel conversion.
/// Used only with `--jobs` above 1: with one job everything stays on one thread.
///
/// Invariant that makes the `@unchecked Sendable` safe: `result` is written only by the background block,
/// before it leaves `group`, and read only by the caller's thread after `group.wait()`; `busy` is touched
/// only by the caller's thread.
final class BatchPipeline: @unchecked Sendable {
    private let converter: BatchConverter
    private let group = DispatchGroup()
    private var result: [BatchConverter.Outcome] = []
    private var busy = false

    init(converter: BatchConverter) { self.converter = converter }

    /// Starts converting `batch` and returns the outcomes of the batch before it (empty for the first).
    func submit(_ batch: [RecordSplitter.Record]) -> [BatchConverter.Outcome] {
        let previous = finish()
        busy = true
        group.enter()
        DispatchQueue.global().async { [self] in
            result = converter.process(batch)
            group.leave()
        }
        return previous
    }

    /// Waits for the batch in flight, if any, and returns its outcomes.
    func finish() -> [BatchConverter.Outcome] {
        guard busy else { return [] }
        group.wait()
        busy = false
        defer { result = [] }
        return result
    }
}

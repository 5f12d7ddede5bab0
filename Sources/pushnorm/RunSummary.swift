#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import JSONCodec
import PushCore
import PushNormaliser
import PushReport

/// The writing thread's side of a run's summary: merges each written chunk's ``ChunkSummary`` in input order into
/// one ``BatchSummary`` (with `--summary FILE` or `--report FILE`), builds the samples, prints a single payload's
/// losses and, once per run, the run notices; at the end writes the summary JSON and the HTML report rendered from it.
final class RunSummary {
    /// True when the command line asks for the summary or the report.
    static func isWanted(_ arguments: Arguments) -> Bool {
        arguments.value("--summary") != nil || arguments.value("--report") != nil
    }

    private(set) var summary: BatchSummary
    let summarising: Bool
    let converter: BatchConverter
    let summaryPath: String?
    let reportPath: String?
    /// The inputs as given.
    let inputs: [String]
    /// Each run notice's first diagnostic and the records that had it.
    private(set) var notices: [DiagnosticCode: (first: Diagnostic, records: Int)] = [:]
    private let from: String
    private let to: String?
    /// The loss sets of the samples kept, and of the candidates that could not become one: a candidate of a set
    /// seen before is skipped with one lookup.
    private var sampledSets: Set<[JSONPointer]> = []

    init(arguments: Arguments, converter: BatchConverter, inputs: [String]) {
        self.converter = converter
        self.inputs = inputs
        summarising = Self.isWanted(arguments)
        summaryPath = arguments.value("--summary")
        reportPath = arguments.value("--report")
        let operation: String
        switch converter.operation {
        case .convert(let from, let to, _):
            (operation, self.from, self.to) = ("convert", from, to)
        case .validate(let format, let target):
            (operation, self.from, self.to) = ("validate", format, target)
        }
        summary = BatchSummary(
            operation: operation, version: CommandSpec.version,
            command: ["pushnorm"] + CommandLine.arguments.dropFirst(),
            from: from, to: to)
        summary.strict = arguments.flags.contains("--strict")
        summary.allowInvalid = arguments.flags.contains("--allow-invalid")
        summary.reportLoss = arguments.flags.contains("--report-loss")
        summary.inputs = inputs.map { BatchSummary.InputCounts(file: $0, name: $0) }
    }

    /// Takes a chunk whose records are all written.
    /// Counts records that were not kept (inside a broken array element over the limit) as failed.
    func countUnread(_ count: Int, inputIndex: Int) {
        guard summarising else { return }
        summary.records += count
        summary.failed += count
        guard inputIndex < summary.inputs.count else { return }
        summary.inputs[inputIndex].records += count
        summary.inputs[inputIndex].failed += count
    }

    func accept(_ chunk: RecordChunk, input: String) {
        for (code, notice) in chunk.summary.notices {
            notices[code, default: (notice.first, 0)].records += notice.records
        }
        for finding in chunk.summary.singleTemplateFindings { IO.stderr("\(finding)\n") }
        for lost in chunk.summary.singleLost { IO.stderr("lost \(lost.path): \(lost.reason)\n") }
        guard summarising else { return }
        chunk.summary.finishLost()
        for index in chunk.summary.part.failures.indices { chunk.summary.part.failures[index].file = input }
        summary.merge(chunk.summary.part)
        if chunk.inputIndex < summary.inputs.count {
            var counts = summary.inputs[chunk.inputIndex]
            counts.records += chunk.tally.records
            counts.converted += chunk.tally.converted
            counts.lossy += chunk.tally.lossy
            counts.failed += chunk.tally.failed
            if let last = chunk.spans.last { counts.lines = max(counts.lines, last.line, last.after.line - 1) }
            summary.inputs[chunk.inputIndex] = counts
        }
        for candidate in chunk.summary.candidates where summary.samples.count < summary.limits.samples {
            guard sampledSets.insert(candidate.lost.map(\.path)).inserted,
                summary.wantsSample(lostPaths: candidate.lost.map(\.path.description))
            else { continue }
            let bytes = Array(chunk.input[candidate.start..<candidate.end])
            addSample(bytes, record: candidate.record, line: candidate.line, input: input)
        }
    }

    /// Counts the outcome of a record read whole (a directory's file), with its bytes for a sample.
    func accept(_ outcome: BatchConverter.Outcome, bytes: [UInt8], input: String) {
        for notice in outcome.notices { notices[notice.code, default: (notice, 0)].records += 1 }
        guard summarising else { return }
        var chunk = ChunkSummary()
        chunk.reset(summarising: true, limits: summary.limits)
        chunk.note(outcome, span: 0..<bytes.count, from: from, single: false)
        chunk.finishLost()
        for index in chunk.part.failures.indices { chunk.part.failures[index].file = input }
        summary.merge(chunk.part)
        if let index = inputs.firstIndex(of: input) ?? (inputs.count == 1 ? 0 : nil) {
            summary.inputs[index].records += 1
            summary.inputs[index].lines += 1
            if outcome.failed { summary.inputs[index].failed += 1 } else { summary.inputs[index].converted += 1 }
            if !outcome.failed && !outcome.lost.isEmpty { summary.inputs[index].lossy += 1 }
        }
        if let candidate = chunk.candidates.first,
            summary.wantsSample(lostPaths: candidate.lost.map(\.path.description))
        {
            addSample(bytes, record: outcome.index, line: outcome.line, input: input, outcome: outcome)
        }
    }

    /// Converts the record in `bytes` again (or takes its `outcome`) and keeps it as a sample.
    private func addSample(
        _ bytes: [UInt8], record: Int, line: Int, input: String, outcome known: BatchConverter.Outcome? = nil
    ) {
        guard let to, case .convert = converter.operation else { return }
        var single = converter
        single.jobs = 1
        let outcome = known ?? single.process(RecordSplitter.Record(bytes: bytes, line: line, index: record))
        guard !outcome.failed, let output = outcome.output ?? outcome.messages.first?.output,
            let sample = BatchSummary.Sample(
                file: input, record: record, line: line, from: outcome.format ?? from, to: to, lost: outcome.lost,
                source: bytes, converted: output, normaliser: converter.normaliser, options: converter.options)
        else { return }
        summary.addSample(sample)
    }

    /// Each run notice once, on stderr, with the number of records it applies to.
    func printNotices() {
        for (_, notice) in notices.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let records = notice.records == 1 ? "1 record" : "\(notice.records) records"
            IO.stderr("\(notice.first) (\(records))\n")
        }
    }

    /// Writes `--summary` and `--report` (each whole, or not at all); the first failure.
    func write(seconds: Double, inputFormat: String) -> OutputError? {
        guard summarising else { return nil }
        summary.seconds = seconds
        summary.inputFormat = inputFormat
        let json = summary.jsonValue
        if let summaryPath {
            do throws(OutputError) {
                try BatchCommand.writeWhole(JSONWriter(style: .canonical).bytes(json), to: summaryPath)
            } catch { return error }
        }
        if let reportPath {
            // The report is rendered from the summary JSON alone: what it shows is what the summary says.
            let html: String
            do { html = HTMLReport.render(try BatchSummary(json: json)) } catch {
                return OutputError(file: reportPath, operation: "render", code: EINVAL)
            }
            do throws(OutputError) { try BatchCommand.writeWhole(Array(html.utf8), to: reportPath) } catch {
                return error
            }
        }
        return nil
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import PushCore
import JSONCodec
import PushNormaliser

/// `convert` and `validate` over one payload, NDJSON, a JSON array or a directory: streamed in
/// batches, processed on every core, written in input order.
enum BatchCommand {
    static let batchSize = 512

    static func convert(_ arguments: Arguments) throws(Arguments.UsageError) -> Int32 {
        guard let to = arguments.value("--to") else { throw Arguments.UsageError(message: "convert needs --to") }
        let from = arguments.value("--from") ?? "auto"
        for name in [from, to] where name != "auto" && FormatRegistry.standard.adapter(named: name) == nil {
            throw Arguments.UsageError(message: FormatNames.unknown(name), command: "convert")
        }
        var options = try Commands.options(arguments)
        options.substitutions = try Commands.substitutions(arguments)
        var converter = BatchConverter(
            normaliser: try arguments.normaliser(),
            operation: .convert(from: from, to: to, strict: arguments.flags.contains("--strict")),
            options: options, jobs: try jobs(arguments))
        converter.allowInvalid = arguments.flags.contains("--allow-invalid")
        return try run(converter, arguments, isConvert: true)
    }

    static func validate(_ arguments: Arguments) throws(Arguments.UsageError) -> Int32 {
        if let format = arguments.value("--format"), format != "auto", !FormatNames.isKnown(format) {
            throw Arguments.UsageError(message: FormatNames.unknown(format), command: "validate")
        }
        if let target = arguments.value("--target"), FormatRegistry.standard.adapter(named: target) == nil {
            throw Arguments.UsageError(message: "--target: " + FormatNames.unknown(target), command: "validate")
        }
        var options = try Commands.options(arguments)
        options.substitutions = try Commands.substitutions(arguments)
        let converter = BatchConverter(
            normaliser: try arguments.normaliser(),
            operation: .validate(format: arguments.value("--format") ?? "auto", target: arguments.value("--target")),
            options: options, jobs: try jobs(arguments))
        return try run(converter, arguments, isConvert: false)
    }

    static func jobs(_ arguments: Arguments) throws(Arguments.UsageError) -> Int {
        try arguments.int("--jobs") ?? IO.processorCount()
    }

    // MARK: - Driver

    /// Collects the outcomes in input order into the output (and `--errors`) buffers, writes them with every call
    /// checked, and counts a record only once its bytes are written: the summary never claims a record that was
    /// converted and then lost. On a failure it stops taking records (``failure``); with `--resume` it writes a
    /// checkpoint after every batch.
    final class Sink {
        let output: OutputFile
        let errors: OutputFile?
        let arguments: Arguments
        let isConvert: Bool
        /// Formats each record's output (on the workers); its options decided once.
        let formatter: RecordFormatter
        var shape: RecordSplitter.Shape = .ndjson
        var single = false
        /// Records handed on for the output so far (a JSON array's separators).
        var written = 0
        /// The records whose output and error record are written: what the summary reports.
        var tally = BatchTally()
        /// The first output failure; the run stops at it.
        var failure: OutputError?
        /// The last record written, for the failure message.
        var lastWritten: (index: Int, line: Int, input: String)?
        /// The input being read, and its index among the inputs.
        var input = "-"
        var inputIndex = 0
        /// With `--resume`: the checkpoint kept up to date with what is written, and where it is saved.
        var checkpoint: Checkpoint?
        var checkpointPath: String?
        var inputBytes = 0
        /// The sizes of the input files opened so far, for the progress line's ETA; nil once an input is not a
        /// regular file (a pipe, a FIFO, a device), whose size says nothing about what it will deliver.
        var totalBytes: Int?
        /// False once an input is not a regular file: no ETA from then on.
        var sizesKnown = true
        /// The run's summary, notices and single-payload losses (``RunSummary``); nil for a directory's files.
        var run: RunSummary?
        let started = IO.now()
        var lastProgress = IO.now()

        init(output: OutputFile, errors: OutputFile?, arguments: Arguments, isConvert: Bool, converter: BatchConverter)
        {
            self.output = output
            self.errors = errors
            self.arguments = arguments
            self.isConvert = isConvert
            formatter = RecordFormatter(
                converter: converter, arguments: arguments, isConvert: isConvert, errorsApart: errors != nil)
        }

        /// Sets what a chunk about to be processed needs from the input: its shape, and where its records go
        /// among those written.
        func prepare(_ chunk: RecordChunk) {
            chunk.shape = shape
            chunk.single = single
            chunk.inputIndex = inputIndex
            chunk.writtenBefore = written
            if isConvert { written += chunk.spans.count }
        }

        /// Takes outcomes processed elsewhere (a directory's files), formats them and writes them.
        func accept(_ outcomes: [BatchConverter.Outcome]) {
            guard failure == nil else { return }
            let chunk = RecordChunk(capacity: 0)
            for outcome in outcomes {
                let end = RecordSplitter.Position(offset: 0, line: outcome.line, records: outcome.index)
                chunk.spans.append(
                    RecordSplitter.Span(start: 0, end: 0, line: outcome.line, index: outcome.index, after: end))
            }
            prepare(chunk)
            var written = chunk.writtenBefore
            for outcome in outcomes { formatter.append(outcome, to: chunk, written: &written) }
            write(chunk)
        }

        /// Writes a processed chunk (the `--errors` bytes first, then the output, one call each) and counts its
        /// records; on a failure, those whose bytes were all written, and stops. With `--resume`, saves the
        /// checkpoint after it.
        func write(_ chunk: RecordChunk) {
            guard failure == nil else { return }
            let outputBase = output.offset
            let errorsBase = errors?.offset ?? 0
            do {
                if let errors, !chunk.errors.isEmpty { try errors.write(chunk.errors) }
                if !chunk.output.isEmpty { try output.write(chunk.output) }
            } catch {
                failure = error
                let outputDone = output.offset - outputBase
                let errorsDone = (errors?.offset ?? 0) - errorsBase
                let whole = chunk.marks.prefix { $0.outputEnd <= outputDone && $0.errorsEnd <= errorsDone }.count
                commit(chunk, records: whole, outputBase: outputBase, errorsBase: errorsBase)
                return
            }
            commit(chunk, records: chunk.marks.count, outputBase: outputBase, errorsBase: errorsBase)
            run?.accept(chunk, input: input)
            if checkpoint != nil && !chunk.marks.isEmpty {
                // Saved every `batchSize` records or so: a kill repeats at most that many.
                unsaved += chunk.marks.count
                if unsaved >= batchSize {
                    saveCheckpoint()
                    unsaved = 0
                }
            }
            progress()
        }

        /// Records written since the checkpoint was last saved.
        private var unsaved = 0

        /// Counts the first `records` records of `chunk` as written, and moves the checkpoint past them.
        private func commit(_ chunk: RecordChunk, records: Int, outputBase: Int, errorsBase: Int) {
            guard records > 0 else { return }
            if records == chunk.marks.count {
                tally.add(chunk.tally)
            } else {
                var codesStart = 0
                for mark in chunk.marks[..<records] {
                    tally.add(
                        failed: mark.failed, lossy: mark.lossy, codes: chunk.codes[codesStart..<mark.codesEnd],
                        outputs: mark.outputs)
                    codesStart = mark.codesEnd
                }
            }
            let span = chunk.spans[records - 1]
            lastWritten = (span.index, span.line, input)
            guard checkpoint != nil else { return }
            let last = chunk.marks[records - 1]
            checkpoint?.outputBytes = outputBase + last.outputEnd
            if errors != nil { checkpoint?.errorsBytes = errorsBase + last.errorsEnd }
            checkpoint?.outputRecords = last.written
            checkpoint?.input = chunk.inputIndex
            checkpoint?.position = span.after
            checkpoint?.shape = chunk.shape
            checkpoint?.single = chunk.single
            checkpoint?.tally = tally
        }

        /// The last checkpoint saved.
        var savedCheckpoint: Checkpoint?
        /// Records an earlier run had written when this one resumed (the summary's counts include them).
        var resumedAfter: Int?

        /// Saves the checkpoint (after a flush: it claims only written bytes).
        func saveCheckpoint() {
            guard failure == nil, let checkpoint, let checkpointPath else { return }
            do {
                try checkpoint.save(checkpointPath)
                savedCheckpoint = checkpoint
            } catch { failure = error }
        }

        func progress() {
            guard IO.isTerminal(2), IO.now() - lastProgress > 0.5 else { return }
            lastProgress = IO.now()
            let seconds = IO.now() - started
            let records = tally.records
            let rate = Double(records) / max(seconds, 0.001)
            var line = "\r\(records) records, \(Int(rate))/s, \(inputBytes / 1024) KiB"
            if let totalBytes, inputBytes > 0, totalBytes >= inputBytes {
                let eta = seconds * Double(totalBytes - inputBytes) / Double(inputBytes)
                line += ", ETA \(Int(eta)) s"
            }
            IO.stderr(line + "   ")
        }

        /// Ends the output: a JSON array's closing bracket, validate's summary.
        func finish() {
            guard failure == nil else { return }
            let chunk = RecordChunk(capacity: 0)
            if shape == .jsonArray && !single && isConvert {
                chunk.output.append(contentsOf: (written == 0 ? "[]\n" : "\n]\n").utf8)
            }
            // With --records, stdout holds only the NDJSON record lines; the summary goes to stderr (summary()).
            if !isConvert && !single && !formatter.records {
                var codes = JSONObject()
                for (code, count) in tally.codes.sorted(by: { $0.key < $1.key }) {
                    codes[code] = .integer(Int64(count))
                }
                let summary: JSONValue = [
                    "records": .integer(Int64(tally.records)), "valid": .integer(Int64(tally.converted)),
                    "invalid": .integer(Int64(tally.failed)), "codes": .object(codes),
                ]
                JSONWriter(style: .canonical).write(summary, into: &chunk.output)
            }
            write(chunk)
        }

        /// Problems of an input's structure that are no record's (an array cut short, an empty element): each is
        /// said on stderr, located, and makes the exit status 1.
        var inputProblems = 0

        /// Counts `count` records that were not kept (they were inside a broken array element over the limit) as
        /// failed, in the totals and the run summary.
        func countUnread(_ count: Int) {
            guard count > 0 else { return }
            for _ in 0..<count { tally.add(failed: true, lossy: false, codes: [String]()) }
            run?.countUnread(count, inputIndex: inputIndex)
        }

        /// Says a problem of the input's structure and counts it.
        func inputProblem(_ message: String) {
            inputProblems += 1
            IO.stderr("pushnorm: \(input == "-" ? "standard input" : input): \(message)\n")
        }

        /// The exit status the records give (output failures aside).
        var status: Int32 { tally.failed > 0 || inputProblems > 0 ? ExitStatus.invalidInput : ExitStatus.ok }

        /// The summary on stderr, of the records written; `stopped` says why it is short.
        func summary(stopped: String? = nil) {
            let seconds = IO.now() - started
            let rate = Int(Double(tally.records) / max(seconds, 0.000_001))
            if IO.isTerminal(2) { IO.stderr("\r") }
            var prefix = stopped.map { "stopped, \($0): " } ?? ""
            if let resumedAfter, resumedAfter > 0 { prefix += "resumed after \(resumedAfter) records, " }
            if isConvert {
                // Records converted into one message per recipient: the messages written too.
                let messages = tally.outputs == tally.converted ? "" : " into \(tally.outputs) messages"
                IO.stderr(
                    "\(prefix)converted \(tally.converted)\(messages), lossy \(tally.lossy), failed \(tally.failed), \(IO.threeDecimals(seconds)) s, \(rate) records/s\n"
                )
            } else {
                IO.stderr(
                    "\(prefix)validated \(tally.records): \(tally.converted) valid, \(tally.failed) invalid, \(IO.threeDecimals(seconds)) s\n"
                )
                for (code, count) in tally.codes.sorted(by: {
                    $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
                }) {
                    IO.stderr("  \(count)\t\(code)\n")
                }
            }
            run?.printNotices()
        }

        /// How the records were read, as the summary names it.
        var inputFormat: String { single ? "json" : shape == .jsonArray ? "json-array" : "ndjson" }
    }

    static func run(_ converter: BatchConverter, _ arguments: Arguments, isConvert: Bool) throws(Arguments.UsageError)
        -> Int32
    {
        let inputs = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        if inputs.count == 1, IO.isDirectory(inputs[0]) {
            return try runDirectory(converter, inputs[0], arguments, isConvert: isConvert)
        }
        let outputPath = arguments.value("-o", or: "--output").flatMap { $0 == "-" ? nil : $0 }
        let errorsPath = arguments.value("--errors")
        let resume = arguments.flags.contains("--resume")
        // Refused before anything is opened, so a refusal leaves nothing behind.
        if let outputPath, let errorsPath, IO.sameFile(outputPath, errorsPath) {
            throw Arguments.UsageError(
                message: "-o and --errors name the same file (\(outputPath)): each needs its own",
                command: arguments.spec?.name)
        }
        for input in inputs where input != "-" { try IO.checkReadable(input) }
        var saved: Checkpoint?
        var checkpoint: Checkpoint?
        var checkpointPath: String?
        if resume {
            let plan = try ResumePlan(inputs: inputs, outputPath: outputPath, errorsPath: errorsPath)
            checkpointPath = plan.checkpointPath
            saved = plan.saved
            checkpoint = plan.saved ?? plan.fresh
            if let saved = plan.saved, saved.complete { return plan.finishCompleted(saved, isConvert: isConvert) }
        }
        let output: OutputFile
        let errors: OutputFile?
        do {
            output =
                try outputPath.map { path throws(OutputError) in
                    try OutputFile(path: path, resumable: resume, keeping: saved?.outputBytes)
                } ?? OutputFile.standardOutput()
        } catch {
            IO.stderr("pushnorm: \(error.message)\n")
            return error.status
        }
        do {
            errors = try errorsPath.map { path throws(OutputError) in
                try OutputFile(path: path, resumable: resume, keeping: saved?.errorsBytes)
            }
        } catch {
            output.abandon(keeping: resume)
            IO.stderr("pushnorm: \(error.message)\n")
            return error.status
        }
        if outputPath == nil { IO.widenPipe(1) }
        let sink = Sink(
            output: output, errors: errors, arguments: arguments, isConvert: isConvert, converter: converter)
        sink.checkpoint = checkpoint
        sink.checkpointPath = checkpointPath
        sink.run = RunSummary(arguments: arguments, converter: converter, inputs: inputs)
        if let saved {
            sink.savedCheckpoint = saved
            sink.resumedAfter = saved.tally.records
            sink.tally = saved.tally
            sink.shape = saved.shape
            sink.single = saved.single
            sink.written = saved.outputRecords
        } else {
            sink.saveCheckpoint()
        }
        for (index, input) in inputs.enumerated() where sink.failure == nil {
            if let saved, index < saved.input { continue }
            sink.input = input
            sink.inputIndex = index
            var start: RecordSplitter.Position?
            if let saved, index == saved.input, saved.position.records > 0 {
                if saved.single { continue }  // a single-payload input, done
                start = saved.position
            }
            do {
                try stream(input, converter, sink, resumingAt: start)
            } catch {
                // An input that cannot be read: nothing is left behind (a resumable run keeps its partial files
                // and checkpoint, which claim only what was written).
                output.abandon(keeping: resume)
                errors?.abandon(keeping: resume)
                sink.summary(stopped: "input failed")
                throw error
            }
        }
        sink.finish()
        if let failure = sink.failure {
            return stop(failure, sink, outputs: [output] + (errors.map { [$0] } ?? []), resume: resume)
        }
        do {
            try output.sync()
            try errors?.sync()
            if let checkpointPath, var done = sink.checkpoint {
                done.complete = true
                try done.save(checkpointPath)
            }
            try output.commit()
            try errors?.commit()
            if let checkpointPath { unlink(checkpointPath) }
        } catch {
            sink.failure = error
            return stop(error, sink, outputs: [output] + (errors.map { [$0] } ?? []), resume: resume)
        }
        if let failure = sink.run?.write(seconds: IO.now() - sink.started, inputFormat: sink.inputFormat) {
            sink.summary()
            IO.stderr("pushnorm: \(failure.message)\n")
            return failure.status
        }
        sink.summary()
        if sink.tally.records == 0 {
            return Commands.noRecords(inputs.count == 1 ? inputs[0] : inputs.joined(separator: ", "))
        }
        return sink.status
    }

    /// Ends a run at an output failure: quietly with status 4 when the reader of standard output went away;
    /// otherwise a message naming the file and the last record written, and status 3. The working files are
    /// removed (the final names untouched), or with `--resume` cut back to the last record written and kept
    /// with the checkpoint for the next run.
    static func stop(_ failure: OutputError, _ sink: Sink, outputs: [OutputFile], resume: Bool) -> Int32 {
        if failure.isClosedReader {
            for output in outputs { output.abandon() }
            return failure.status
        }
        var message = "pushnorm: \(failure.message); "
        if !sink.isConvert && !sink.single && !sink.arguments.flags.contains("--records") {
            message += "the summary was not written"  // validate writes nothing per record
        } else if let last = sink.lastWritten {
            message +=
                "the last record written was record \(last.index) (line \(last.line)) of \(last.input == "-" ? "standard input" : last.input)"
        } else {
            message += "no record was written"
        }
        let kept = outputs.compactMap(\.workingPath)
        if resume, var checkpoint = sink.checkpoint, let checkpointPath = sink.checkpointPath {
            // Cut the partial files back to the last whole record and checkpoint there; when that checkpoint
            // cannot be saved (the disk is full), back to the last one saved.
            func cut(to checkpoint: Checkpoint) {
                try? outputs.first?.truncate(to: checkpoint.outputBytes)
                if let errorsBytes = checkpoint.errorsBytes, outputs.count > 1 {
                    try? outputs[1].truncate(to: errorsBytes)
                }
            }
            cut(to: checkpoint)
            do { try checkpoint.save(checkpointPath) } catch {
                checkpoint = sink.savedCheckpoint ?? checkpoint
                cut(to: checkpoint)
            }
            for output in outputs { try? output.close() }
            let done = checkpoint.tally.records
            message +=
                "; kept \(kept.joined(separator: " and ")) with the first \(done) record\(done == 1 ? "" : "s") and "
                + "\(checkpointPath): rerun with --resume to continue"
        } else {
            for output in outputs { output.abandon() }
            for output in outputs where output.workingPath != nil {
                message +=
                    "; \(output.name) \(output.replacesExisting ? "left as it was" : "not created") (temporary file removed)"
            }
        }
        IO.stderr(message + "\n")
        sink.summary(stopped: "output failed")
        return failure.status
    }

    /// Records a chunk holds at most, and the input bytes it is handed on at: small enough that the workers share
    /// the end of the input evenly, large enough that the per-chunk hand-over and write cost little.
    static let chunkRecords = 128
    static let chunkBytes = 1 << 17

    /// Streams one input: decides its shape from the first bytes (or takes it from the checkpoint when resuming
    /// at `start`), then reads blocks straight into chunks, finds the records in them (`memchr` for NDJSON; no
    /// copy per record) and hands each chunk to the workers, writing the processed chunks in input order. Stops
    /// reading as soon as the sink has failed.
    static func stream(
        _ input: String, _ converter: BatchConverter, _ sink: Sink, resumingAt start: RecordSplitter.Position? = nil
    ) throws(Arguments.UsageError) {
        let fd: Int32 = input == "-" ? 0 : open(input, O_RDONLY)
        guard fd >= 0 else {
            throw Arguments.UsageError(message: "cannot open \(input): \(String(cString: strerror(errno)))")
        }
        defer { if fd != 0 { close(fd) } }
        IO.widenPipe(fd)
        if fd != 0 {
            var info = stat()
            if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, sink.sizesKnown {
                sink.totalBytes = (sink.totalBytes ?? 0) + Int(info.st_size)
            } else {
                sink.sizesKnown = false
                sink.totalBytes = nil
            }
        }
        var splitter: RecordSplitter?
        if let start {
            guard lseek(fd, off_t(start.offset), SEEK_SET) == off_t(start.offset) else {
                throw Arguments.UsageError(message: "--resume: cannot seek \(input) to byte \(start.offset)")
            }
            splitter = RecordSplitter(shape: sink.shape, resumingAt: start)
            sink.inputBytes += start.offset
        } else if sink.arguments.flags.contains("--ndjson") {
            // `--ndjson`: one record per line whatever the first bytes (a record may start with `[`, or hold
            // the whole input), and no look-ahead, so records stream through a pipe as they arrive.
            splitter = RecordSplitter(shape: .ndjson)
            sink.shape = .ndjson
        }
        let pipeline = BatchPipeline(formatter: sink.formatter, jobs: converter.jobs, chunkBytes: chunkBytes)
        defer { pipeline.stop() }
        /// Writes the processed chunks at the head of the pipeline: all of them (`drain`), or those done, after
        /// waiting for the oldest when the pipeline is full.
        func writeProcessed(drain: Bool) {
            while sink.failure == nil, let chunk = pipeline.next(wait: drain || pipeline.isFull) {
                sink.write(chunk)
                pipeline.recycle(chunk)
            }
        }
        var chunk = pipeline.emptyChunk()
        /// `chunk.input[..<consumed]` holds whole records; `chunk.input[consumed..<chunk.length]` is the start of
        /// the next one, of which the splitter has seen the first `scanned` bytes.
        var consumed = 0
        var scanned = 0
        var whole = false  // one document spread over lines: read it all
        /// A record is refused past the parser's limit: only its first `keep` bytes (which the parser refuses as
        /// too large) are kept; the rest of an over-long line is read and dropped as it streams (`skipping`), never
        /// buffered or rescanned.
        let keep = converter.normaliser.parser.maximumBytes + 1
        var skipping = false
        /// The elements after an array element that ran past the limit, counted as they stream by (nil while no
        /// element is over the limit): if it never closes, they were dropped with it.
        var unreadElements: RecordSplitter.UnreadElementCounter?
        /// Bytes dropped from the record being cut (its error gives its real length).
        var cutDropped = 0
        /// Notes the real length of the cut record if it is the first of the spans from `first` on.
        func noteCutRecord(from first: Int) {
            guard cutDropped > 0, first < chunk.spans.count else { return }
            let span = chunk.spans[first]
            chunk.cutLengths[span.index] = span.end - span.start + cutDropped
            cutDropped = 0
        }
        var layoutScanner = RecordSplitter.LayoutScanner()
        /// Hands `chunk` on (its records end at `consumed`) and starts the next one with the bytes after them.
        func handOn() {
            let next = pipeline.emptyChunk()
            let rest = chunk.length - consumed
            next.reserve(rest)
            if rest > 0 { next.input.replaceSubrange(0..<rest, with: chunk.input[consumed..<chunk.length]) }
            next.length = rest
            chunk.length = consumed
            sink.prepare(chunk)
            pipeline.submit(chunk)
            chunk = next
            consumed = 0
            writeProcessed(drain: false)
        }
        /// Finds the records completed by the bytes read so far (`end`: there are no more).
        func split(_ records: inout RecordSplitter, end: Bool) {
            let first = chunk.spans.count
            let base = consumed
            chunk.input.withUnsafeBufferPointer { input in
                let rest = UnsafeBufferPointer(rebasing: input[base..<chunk.length])
                if end {
                    records.splitEnd(rest, into: &chunk.spans)
                    consumed = chunk.length
                } else {
                    consumed += records.split(rest, carried: scanned, into: &chunk.spans)
                }
            }
            scanned = chunk.length - consumed
            if base > 0 {
                for i in first..<chunk.spans.count {
                    chunk.spans[i].start += base
                    chunk.spans[i].end += base
                }
            }
        }
        while sink.failure == nil {
            chunk.reserve(1 << 16)
            let room = chunk.input.count - chunk.length
            let at = chunk.length
            let n = chunk.input.withUnsafeMutableBytes { read(fd, $0.baseAddress.map { $0 + at }, room) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 {
                throw Arguments.UsageError(message: "cannot read \(input): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            sink.inputBytes += n
            chunk.length += n
            if skipping, var records = splitter {
                let newline = chunk.input.withUnsafeBufferPointer { buffer -> Int? in
                    guard let base = buffer.baseAddress, let found = memchr(base + at, 0x0A, n) else { return nil }
                    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                }
                let dropped = (newline ?? chunk.length) - at
                if let newline {
                    chunk.input.replaceSubrange(
                        at..<(at + chunk.length - newline), with: chunk.input[newline..<chunk.length])
                    skipping = false
                }
                chunk.length -= dropped
                records.skip(dropped)
                cutDropped += dropped
                splitter = records
                if skipping { continue }
            }
            if whole && chunk.length > keep {
                // One document over the limit: its first bytes say so; the rest is read only to count it.
                cutDropped += chunk.length - keep
                chunk.length = keep
                continue
            }
            /// Splits, then keeps only the start of a record that runs past the limit: an NDJSON line is skipped to
            /// its newline; an array element is scanned to its end (the splitter needs every byte) but only its
            /// first `keep` bytes are held, and what follows it is counted in case it turns out never to close.
            func splitBounded(_ records: inout RecordSplitter) {
                let before = chunk.length - consumed - scanned
                let spansBefore = chunk.spans.count
                split(&records, end: false)
                noteCutRecord(from: spansBefore)
                if chunk.spans.count > spansBefore { unreadElements = nil }  // the element it counted after closed
                guard chunk.length - consumed > keep else {
                    if !records.isInsideElement { unreadElements = nil }
                    return
                }
                cutDropped += chunk.length - consumed - keep
                if records.shape == .ndjson {
                    records.skip(chunk.length - consumed - keep)
                    chunk.length = consumed + keep
                    scanned = keep
                    skipping = true
                    return
                }
                // Still inside one element past the limit (a completed element is never carried).
                chunk.input.withUnsafeBufferPointer { buffer in
                    if unreadElements == nil {
                        var counter = RecordSplitter.UnreadElementCounter(limit: keep)
                        counter.feed(UnsafeBufferPointer(rebasing: buffer[consumed..<chunk.length]))
                        unreadElements = counter
                    } else {
                        let fresh = max(consumed + keep, chunk.length - before)
                        unreadElements?.feed(UnsafeBufferPointer(rebasing: buffer[fresh..<chunk.length]))
                    }
                }
                records.skip(chunk.length - consumed - keep)
                chunk.length = consumed + keep
                scanned = keep
            }
            if var records = splitter {
                splitBounded(&records)
                splitter = records
            } else if !whole {
                // Decide the shape from the first bytes and the line structure (nothing is parsed): an array;
                // one record per line; or one document, read whole.
                let head = chunk.input[..<chunk.length]
                guard let first = head.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) })
                else { continue }
                if first != UInt8(ascii: "[") {
                    let layout = layoutScanner.scan(head[layoutScanner.scanned...], atEnd: false)
                    if layout == .document {
                        whole = true
                        continue
                    }
                    // Undecided while the first line goes on; past the limit it is one record (refused), and the
                    // lines after it are records.
                    if layout == nil && chunk.length <= keep { continue }
                }
                var records = RecordSplitter(shape: RecordSplitter.shape(startingWith: first))
                sink.shape = records.shape
                splitBounded(&records)
                splitter = records
            }
            if !whole && !chunk.spans.isEmpty
                && (chunk.spans.count >= chunkRecords || chunk.length >= chunkBytes)
            {
                handOn()
            }
        }
        if sink.failure != nil { return }  // the chunks in flight: waited for (`stop`), not written
        if var records = splitter {
            // The input ended inside an array element: it is broken, and swallowed every element after it.
            // Resynchronise at the next element that starts a clean rest of the array, so those are read and
            // counted; the broken one fails on its own.
            var resynchronised = 0
            /// True when the elements after a broken one over the limit were counted to the array's end.
            var countedToTheEnd = false
            if records.isInsideElement, var counter = unreadElements {
                // The broken element ran past the limit: its bytes, and the elements after it, were not kept.
                let first = chunk.spans.count
                split(&records, end: true)
                noteCutRecord(from: first)
                let broken = chunk.spans.last
                let unread = counter.finish() ?? 0
                sink.inputProblem(
                    "array element \(broken?.index ?? records.position.records) (line \(broken?.line ?? 1)) is not "
                        + "closed and ran past --max-bytes, so the rest of the input was read as part of it: "
                        + (unread == 0
                            ? "no element was found after it"
                            : "\(unread) element\(unread == 1 ? "" : "s") found after it (by resynchronising) were "
                                + "not kept and are counted as failed"))
                sink.countUnread(unread)
                if unread > 0 { countedToTheEnd = true }
            }
            while records.isInsideElement, resynchronised < 64 {
                let point = chunk.input.withUnsafeBufferPointer { buffer in
                    RecordSplitter.resynchronisationPoint(
                        in: UnsafeBufferPointer(rebasing: buffer[consumed..<chunk.length]))
                }
                guard let point else { break }
                resynchronised += 1
                let end = chunk.length
                let carriedStart = consumed
                chunk.length = consumed + point.comma
                let brokenFirst = chunk.spans.count
                split(&records, end: true)  // the broken element, alone
                if brokenFirst < chunk.spans.count {
                    // Past its comma, like any element's: a checkpoint here resumes at the next element, where a
                    // comma would read as an empty element.
                    chunk.spans[brokenFirst].after.offset += point.resume - point.comma
                }
                let broken = chunk.spans.last
                chunk.length = end
                var lines = point.lines
                if let broken {
                    // Newlines before the broken element's first byte are in its line already.
                    lines -= chunk.input[carriedStart..<broken.start].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                }
                let line = (broken?.line ?? records.currentLine) + lines
                var next = carriedStart + point.resume
                var nextLine = line
                while next < end, [0x20, 0x0A, 0x0D, 0x09].contains(chunk.input[next]) {
                    if chunk.input[next] == 0x0A { nextLine += 1 }
                    next += 1
                }
                sink.inputProblem(
                    "array element \(broken?.index ?? records.position.records) (line \(broken?.line ?? line)) is not "
                        + "closed; the elements after it are read from line \(nextLine) on (resynchronised)")
                let offset = records.position.offset + (point.resume - point.comma)
                records = RecordSplitter(
                    shape: .jsonArray,
                    resumingAt: RecordSplitter.Position(offset: offset, line: line, records: records.position.records))
                consumed = carriedStart + point.resume
                scanned = 0
                split(&records, end: false)
            }
            let first = chunk.spans.count
            split(&records, end: true)
            noteCutRecord(from: first)
            if records.strayBytes {
                IO.stderr("pushnorm: \(input): bytes outside the top-level array were ignored\n")
            }
            if let line = records.firstEmptyElementLine {
                sink.inputProblem("line \(line): json.syntax: an empty array element (`[,`, `,,` or a trailing `,]`)")
            }
            if records.isUnclosed && !countedToTheEnd {
                sink.inputProblem(
                    "line \(records.currentLine): json.truncated: the top-level array is not closed (the input "
                        + "ends inside it, after record \(records.position.records))")
            }
        } else {
            let head = chunk.input[..<chunk.length]
            if !head.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) { return }
            if whole || layoutScanner.scan(head[layoutScanner.scanned...], atEnd: true) == .document {
                // One document, whitespace and all, so that a syntax error is located at the input's own line
                // and column.
                sink.single = true
                sink.shape = .ndjson
                let end = RecordSplitter.Position(offset: chunk.length, line: 1, records: 1)
                chunk.spans.append(RecordSplitter.Span(start: 0, end: chunk.length, line: 1, index: 1, after: end))
                noteCutRecord(from: chunk.spans.count - 1)
                consumed = chunk.length
            } else {
                var lines = RecordSplitter(shape: .ndjson)
                sink.shape = .ndjson
                split(&lines, end: false)
                split(&lines, end: true)
            }
        }
        if !chunk.spans.isEmpty { handOn() }
        writeProcessed(drain: true)
    }

    /// A directory of `.json` files: one record per file, written to `-o DIR` with the same names, each file
    /// whole (``OutputFile``: a temporary file, `fsync`, rename), or not at all. With `--resume`, a checkpoint in
    /// `-o DIR` counts the files done, and a rerun starts after them.
    static func runDirectory(
        _ converter: BatchConverter, _ directory: String, _ arguments: Arguments, isConvert: Bool
    ) throws(Arguments.UsageError) -> Int32 {
        let names = IO.directoryEntries(directory).filter { $0.hasSuffix(".json") }.sorted()
        let outDirectory = arguments.value("-o", or: "--output")
        if isConvert {
            guard let outDirectory else {
                throw Arguments.UsageError(
                    message: "\(directory) is a directory: convert writes one output file per input file, so it"
                        + " needs -o DIR (the output directory)", command: "convert")
            }
            IO.makeDirectories(outDirectory)
        }
        var checkpoint: Checkpoint?
        var checkpointPath: String?
        if arguments.flags.contains("--resume") {
            guard isConvert, let outDirectory else {
                throw Arguments.UsageError(message: "--resume with a directory input needs convert -o DIR")
            }
            (checkpoint, checkpointPath) = try ResumePlan.directory(
                directory, names: names, outDirectory: outDirectory)
            TemporaryFiles.removeStale(in: outDirectory)
        }
        let sink = Sink(
            output: .standardOutput(), errors: nil, arguments: arguments, isConvert: false, converter: converter)
        let run = RunSummary(arguments: arguments, converter: converter, inputs: [directory])
        let started = IO.now()
        /// Writes `--summary` and `--report`; the exit status of a failure.
        func writeSummary() -> Int32? {
            guard let failure = run.write(seconds: IO.now() - started, inputFormat: "directory") else { return nil }
            IO.stderr("pushnorm: \(failure.message)\n")
            return failure.status
        }
        var converted = checkpoint?.tally.converted ?? 0
        var failed = checkpoint?.tally.failed ?? 0
        var lossy = checkpoint?.tally.lossy ?? 0
        var lastFile: String?
        var start = min(names.count, checkpoint?.position.records ?? 0)
        /// Saves the checkpoint with the first `done` files handled; false (after saying why) when it cannot.
        func saveCheckpoint(done: Int) -> Bool {
            guard var next = checkpoint, let checkpointPath else { return true }
            next.position.records = done
            next.tally.records = done
            next.tally.converted = converted
            next.tally.failed = failed
            next.tally.lossy = lossy
            do throws(OutputError) {
                try next.save(checkpointPath)
                checkpoint = next
                return true
            } catch {
                IO.stderr("pushnorm: \(error.message)\n")
                return false
            }
        }
        while start < names.count {
            let slice = names[start..<min(names.count, start + batchSize)]
            var unreadable: [(offset: Int, message: String)] = []
            let limit = converter.normaliser.parser.maximumBytes + 1
            var records: [RecordSplitter.Record] = []
            for (offset, name) in slice.enumerated() {
                var bytes: [UInt8] = []
                do throws(Arguments.UsageError) {
                    bytes = try IO.readInput(directory + "/" + name, limit: limit)
                } catch {
                    unreadable.append((offset, error.message))
                }
                records.append(RecordSplitter.Record(bytes: bytes, line: 1, index: start + offset + 1))
            }
            var outcomes = converter.process(records)
            for (offset, message) in unreadable {
                // Said as it is, not parsed as an empty file ("truncated at byte 0").
                outcomes[offset].failed = true
                outcomes[offset].output = nil
                outcomes[offset].lost = []
                outcomes[offset].diagnostics = [Diagnostic(.error, .inputUnreadable, at: .root, message)]
            }
            for (offset, (name, outcome)) in zip(slice, outcomes).enumerated() {
                run.accept(outcome, bytes: records[offset].bytes, input: directory + "/" + name)
                if outcome.failed {
                    failed += 1
                    let first = outcome.diagnostics.first { $0.severity == .error }
                    IO.stderr("\(name): \(first?.description ?? "failed")\n")
                    continue
                }
                if isConvert, let outDirectory,
                    let bytes = outcome.output ?? RecordFormatter.messagesDocument(outcome.messages)
                {
                    let path = outDirectory + "/" + name
                    let existed = access(path, F_OK) == 0
                    do throws(OutputError) {
                        try writeWhole(bytes + [0x0A], to: path)
                    } catch {
                        let last = lastFile.map { "the last file written was \($0)" } ?? "no file was written"
                        let state = existed ? "left as it was" : "not created"
                        var kept = ""
                        if checkpoint != nil, saveCheckpoint(done: start + offset), let checkpointPath {
                            kept = "; \(checkpointPath) kept: rerun with --resume to continue"
                        }
                        IO.stderr(
                            "pushnorm: \(error.message); \(path) \(state) (temporary file removed); \(last)\(kept)\n")
                        IO.stderr("stopped, output failed: converted \(converted), lossy \(lossy), failed \(failed)\n")
                        return error.status
                    }
                    lastFile = path
                }
                converted += 1
                if !outcome.lost.isEmpty { lossy += 1 }
            }
            if !isConvert {
                sink.accept(outcomes)
                if let failure = sink.failure { return stop(failure, sink, outputs: [sink.output], resume: false) }
            }
            start += slice.count
            if !saveCheckpoint(done: start) { return ExitStatus.outputFailed }
        }
        if let checkpointPath { unlink(checkpointPath) }
        if !isConvert {
            sink.finish()
            if let failure = sink.failure { return stop(failure, sink, outputs: [sink.output], resume: false) }
            if let status = writeSummary() { return status }
            sink.summary()
            run.printNotices()
            return sink.status
        }
        if let status = writeSummary() { return status }
        IO.stderr("converted \(converted), lossy \(lossy), failed \(failed)\n")
        run.printNotices()
        return failed > 0 ? ExitStatus.invalidInput : ExitStatus.ok
    }

    /// Writes `bytes` as the whole of the file at `path`, or leaves it as it was.
    static func writeWhole(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let file = try OutputFile(path: path)
        do {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.abandon()
            throw error
        }
    }
}

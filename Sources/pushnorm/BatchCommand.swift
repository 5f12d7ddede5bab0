#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import Foundation
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
        var converter = BatchConverter(
            normaliser: try arguments.normaliser(),
            operation: .convert(from: from, to: to, strict: arguments.flags.contains("--strict")),
            options: try Commands.options(arguments), jobs: try jobs(arguments))
        converter.allowInvalid = arguments.flags.contains("--allow-invalid")
        return try run(converter, arguments, isConvert: true)
    }

    static func validate(_ arguments: Arguments) throws(Arguments.UsageError) -> Int32 {
        if let format = arguments.value("--format"), format != "auto", format != Normaliser.catalogueFormat,
            FormatRegistry.standard.adapter(named: format) == nil
        {
            throw Arguments.UsageError(message: FormatNames.unknown(format), command: "validate")
        }
        if let target = arguments.value("--target"), FormatRegistry.standard.adapter(named: target) == nil {
            throw Arguments.UsageError(message: "--target: " + FormatNames.unknown(target), command: "validate")
        }
        let converter = BatchConverter(
            normaliser: try arguments.normaliser(),
            operation: .validate(format: arguments.value("--format") ?? "auto", target: arguments.value("--target")),
            options: try Commands.options(arguments), jobs: try jobs(arguments))
        return try run(converter, arguments, isConvert: false)
    }

    static func jobs(_ arguments: Arguments) throws(Arguments.UsageError) -> Int {
        try arguments.int("--jobs") ?? ProcessInfo.processInfo.activeProcessorCount
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
        var shape: RecordSplitter.Shape = .ndjson
        var single = false
        var buffer: [UInt8] = []
        var errorBuffer: [UInt8] = []
        /// Records placed in the output buffer so far (a JSON array's separators).
        var written = 0
        /// The records whose output and error record are written: what the summary reports.
        var tally = BatchTally()
        /// Records in the buffers, not yet written.
        private var pending: [Pending] = []
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
        var totalBytes: Int?
        let started = Date()
        var lastProgress = Date()

        /// A record in the buffers: where its bytes end in each, and what it adds to the tally once written.
        private struct Pending {
            var outputEnd: Int
            var errorsEnd: Int
            var written: Int
            var index: Int
            var line: Int
            var inputIndex: Int
            var after: RecordSplitter.Position?
            var failed: Bool
            var lossy: Bool
            var codes: [String]
        }

        init(output: OutputFile, errors: OutputFile?, arguments: Arguments, isConvert: Bool) {
            self.output = output
            self.errors = errors
            self.arguments = arguments
            self.isConvert = isConvert
        }

        /// Takes a batch's outcomes; `positions` are the points after each record in its input (for checkpoints).
        func accept(_ outcomes: [BatchConverter.Outcome], positions: [RecordSplitter.Position] = []) {
            guard failure == nil else { return }
            for (offset, outcome) in outcomes.enumerated() {
                let codes =
                    isConvert && !outcome.failed ? [] : outcome.diagnostics.map(\.code.rawValue)
                if isConvert { emitConverted(outcome) } else { emitValidated(outcome) }
                pending.append(
                    Pending(
                        outputEnd: buffer.count, errorsEnd: errorBuffer.count, written: written, index: outcome.index,
                        line: outcome.line, inputIndex: inputIndex,
                        after: offset < positions.count ? positions[offset] : nil, failed: outcome.failed,
                        lossy: !outcome.lost.isEmpty && !outcome.failed, codes: codes))
            }
            if checkpoint != nil {
                flush(force: true)
                saveCheckpoint()
            } else {
                flush(force: false)
            }
            progress()
        }

        private func separator() {
            if shape == .jsonArray && !single {
                buffer.append(contentsOf: (written == 0 ? "[\n" : ",\n").utf8)
            }
            written += 1
        }

        private func errorRecord(_ outcome: BatchConverter.Outcome) -> JSONValue {
            let first = outcome.diagnostics.first { $0.severity == .error } ?? outcome.diagnostics.first
            return [
                "error": [
                    "record": .integer(Int64(outcome.index)), "line": .integer(Int64(outcome.line)),
                    "code": .string(first?.code.rawValue ?? "core.unknown"),
                    "path": .string(first?.path.description ?? ""),
                    "message": .string(first?.message ?? "failed"),
                    "diagnostics": .array(outcome.diagnostics.map(\.jsonValue)),
                ]
            ]
        }

        private func emitConverted(_ outcome: BatchConverter.Outcome) {
            separator()
            if outcome.failed {
                if errors != nil {
                    JSONWriter().write(errorRecord(outcome), into: &errorBuffer)
                    errorBuffer.append(0x0A)
                    buffer.append(contentsOf: "null".utf8)
                } else {
                    JSONWriter().write(errorRecord(outcome), into: &buffer)
                }
            } else if let bytes = outcome.output {
                if arguments.flags.contains("--report-loss") {
                    buffer.append(contentsOf: "{\"payload\":".utf8)
                    buffer.append(contentsOf: bytes)
                    buffer.append(contentsOf: ",\"lost\":".utf8)
                    JSONWriter().write(.array(outcome.lost.map(\.jsonValue)), into: &buffer)
                    if arguments.flags.contains("--allow-invalid") {
                        // The findings a record was converted despite.
                        buffer.append(contentsOf: ",\"diagnostics\":".utf8)
                        JSONWriter().write(.array(outcome.diagnostics.map(\.jsonValue)), into: &buffer)
                    }
                    buffer.append(UInt8(ascii: "}"))
                } else {
                    buffer.append(contentsOf: bytes)
                }
            }
            if shape == .ndjson || single { buffer.append(0x0A) }
        }

        private func emitValidated(_ outcome: BatchConverter.Outcome) {
            guard arguments.flags.contains("--records") || single else { return }
            var value: JSONValue = [
                "record": .integer(Int64(outcome.index)), "line": .integer(Int64(outcome.line)),
                "valid": .bool(!outcome.failed), "diagnostics": .array(outcome.diagnostics.map(\.jsonValue)),
            ]
            var result: JSONValue = [
                "valid": .bool(!outcome.failed), "diagnostics": .array(outcome.diagnostics.map(\.jsonValue)),
            ]
            if arguments.flags.contains("--full") {
                // What was validated: the format read and the notification.
                for key in ["format", "notification"] {
                    let added: JSONValue =
                        key == "format"
                        ? outcome.format.map(JSONValue.string) ?? .null
                        : outcome.notification?.canonicalJSON ?? .null
                    if case .object(var object) = value {
                        object[key] = added
                        value = .object(object)
                    }
                    if case .object(var object) = result {
                        object[key] = added
                        result = .object(object)
                    }
                }
            }
            if single {
                JSONWriter(style: arguments.flags.contains("--pretty") ? .canonical : .compact).write(
                    result, into: &buffer)
                if !arguments.flags.contains("--pretty") { buffer.append(0x0A) }
                return
            }
            JSONWriter().write(value, into: &buffer)
            buffer.append(0x0A)
        }

        /// Writes the buffers (when `force`, or when one holds over 64 KiB): the `--errors` records first, then the
        /// output. Counts the records whose bytes were all written; on a failure, those before it, and stops.
        func flush(force: Bool) {
            guard failure == nil, force || buffer.count > 1 << 16 || errorBuffer.count > 1 << 16 else { return }
            let outputBase = output.offset
            let errorsBase = errors?.offset ?? 0
            do {
                if let errors, !errorBuffer.isEmpty { try errors.write(errorBuffer) }
                if !buffer.isEmpty { try output.write(buffer) }
            } catch {
                failure = error
                let outputDone = output.offset - outputBase
                let errorsDone = (errors?.offset ?? 0) - errorsBase
                let whole = pending.prefix { $0.outputEnd <= outputDone && $0.errorsEnd <= errorsDone }
                commit(whole, outputBase: outputBase, errorsBase: errorsBase)
                return
            }
            commit(pending[...], outputBase: outputBase, errorsBase: errorsBase)
            pending.removeAll(keepingCapacity: true)
            buffer.removeAll(keepingCapacity: true)
            errorBuffer.removeAll(keepingCapacity: true)
        }

        /// Counts `records` as written, and moves the checkpoint past them.
        private func commit(_ records: ArraySlice<Pending>, outputBase: Int, errorsBase: Int) {
            for record in records {
                tally.add(failed: record.failed, lossy: record.lossy, codes: record.codes)
                lastWritten = (record.index, record.line, input)
            }
            guard let last = records.last, checkpoint != nil else { return }
            checkpoint?.outputBytes = outputBase + last.outputEnd
            if errors != nil { checkpoint?.errorsBytes = errorsBase + last.errorsEnd }
            checkpoint?.outputRecords = last.written
            checkpoint?.input = last.inputIndex
            if let after = last.after { checkpoint?.position = after }
            checkpoint?.shape = shape
            checkpoint?.single = single
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
            guard IO.isTerminal(2), Date().timeIntervalSince(lastProgress) > 0.5 else { return }
            lastProgress = Date()
            let seconds = Date().timeIntervalSince(started)
            let records = tally.records + pending.count
            let rate = Double(records) / max(seconds, 0.001)
            var line = "\r\(records) records, \(Int(rate))/s, \(inputBytes / 1024) KiB"
            if let totalBytes, inputBytes > 0 {
                let eta = seconds * Double(totalBytes - inputBytes) / Double(inputBytes)
                line += ", ETA \(Int(eta)) s"
            }
            IO.stderr(line + "   ")
        }

        /// Ends the output: a JSON array's closing bracket, validate's summary; then writes everything left.
        func finish() {
            guard failure == nil else { return }
            if shape == .jsonArray && !single && isConvert {
                buffer.append(contentsOf: (written == 0 ? "[]\n" : "\n]\n").utf8)
            }
            // With --records, stdout holds only the NDJSON record lines; the summary goes to stderr (summary()).
            if !isConvert && !single && !arguments.flags.contains("--records") {
                var counts = tally
                for record in pending { counts.add(failed: record.failed, lossy: record.lossy, codes: record.codes) }
                var codes = JSONObject()
                for (code, count) in counts.codes.sorted(by: { $0.key < $1.key }) {
                    codes[code] = .integer(Int64(count))
                }
                let summary: JSONValue = [
                    "records": .integer(Int64(counts.records)), "valid": .integer(Int64(counts.converted)),
                    "invalid": .integer(Int64(counts.failed)), "codes": .object(codes),
                ]
                JSONWriter(style: .canonical).write(summary, into: &buffer)
            }
            flush(force: true)
        }

        /// The exit status the records give (output failures aside).
        var status: Int32 { tally.failed > 0 ? ExitStatus.invalidInput : ExitStatus.ok }

        /// The summary on stderr, of the records written; `stopped` says why it is short.
        func summary(stopped: String? = nil) {
            let seconds = Date().timeIntervalSince(started)
            let rate = Int(Double(tally.records) / max(seconds, 0.000_001))
            if IO.isTerminal(2) { IO.stderr("\r") }
            var prefix = stopped.map { "stopped, \($0): " } ?? ""
            if let resumedAfter, resumedAfter > 0 { prefix += "resumed after \(resumedAfter) records, " }
            if isConvert {
                IO.stderr(
                    "\(prefix)converted \(tally.converted), lossy \(tally.lossy), failed \(tally.failed), \(String(format: "%.3f", seconds)) s, \(rate) records/s\n"
                )
            } else {
                IO.stderr(
                    "\(prefix)validated \(tally.records): \(tally.converted) valid, \(tally.failed) invalid, \(String(format: "%.3f", seconds)) s\n"
                )
                for (code, count) in tally.codes.sorted(by: {
                    $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
                }) {
                    IO.stderr("  \(count)\t\(code)\n")
                }
            }
        }
    }

    static func run(_ converter: BatchConverter, _ arguments: Arguments, isConvert: Bool) throws(Arguments.UsageError)
        -> Int32
    {
        let inputs = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        var isDirectory: ObjCBool = false
        if inputs.count == 1, FileManager.default.fileExists(atPath: inputs[0], isDirectory: &isDirectory),
            isDirectory.boolValue
        {
            return try runDirectory(converter, inputs[0], arguments, isConvert: isConvert)
        }
        let outputPath = arguments.value("-o", or: "--output").flatMap { $0 == "-" ? nil : $0 }
        let errorsPath = arguments.value("--errors")
        let resume = arguments.flags.contains("--resume")
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
        let sink = Sink(output: output, errors: errors, arguments: arguments, isConvert: isConvert)
        sink.checkpoint = checkpoint
        sink.checkpointPath = checkpointPath
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
            try stream(input, converter, sink, resumingAt: start)
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

    /// Streams one input: decides its shape from the first bytes (or takes it from the checkpoint when resuming
    /// at `start`), then feeds blocks to the splitter. Stops reading as soon as the sink has failed.
    static func stream(
        _ input: String, _ converter: BatchConverter, _ sink: Sink, resumingAt start: RecordSplitter.Position? = nil
    ) throws(Arguments.UsageError) {
        let fd: Int32 = input == "-" ? 0 : open(input, O_RDONLY)
        guard fd >= 0 else {
            throw Arguments.UsageError(message: "cannot open \(input): \(String(cString: strerror(errno)))")
        }
        defer { if fd != 0 { close(fd) } }
        if fd != 0 {
            var info = stat()
            if fstat(fd, &info) == 0 { sink.totalBytes = (sink.totalBytes ?? 0) + Int(info.st_size) }
        }
        var block = [UInt8](repeating: 0, count: 1 << 18)
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
        var head: [UInt8] = []
        var whole = false  // one document spread over lines: read it all
        var pending: [RecordSplitter.Record] = []
        let pipeline = converter.jobs > 1 ? BatchPipeline(converter: converter) : nil
        var inFlight: [[RecordSplitter.Position]] = []
        func drain(_ force: Bool) {
            if pending.count >= batchSize || (force && !pending.isEmpty) {
                let positions = pending.map(\.after)
                if let pipeline {
                    inFlight.append(positions)
                    let done = pipeline.submit(pending)
                    if !done.isEmpty { sink.accept(done, positions: inFlight.removeFirst()) }
                } else {
                    sink.accept(converter.process(pending), positions: positions)
                }
                pending.removeAll(keepingCapacity: true)
            }
            if force, let done = pipeline?.finish(), !done.isEmpty {
                sink.accept(done, positions: inFlight.removeFirst())
            }
        }
        while sink.failure == nil {
            let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            sink.inputBytes += n
            if splitter == nil && !whole {
                // Decide the shape from the first bytes and the line structure (nothing is parsed): an array;
                // one record per line; or one document, read whole.
                head.append(contentsOf: block[0..<n])
                guard let first = head.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
                    continue
                }
                if first != UInt8(ascii: "[") {
                    guard let layout = RecordSplitter.layout(of: head, atEnd: false) else { continue }
                    if layout == .document {
                        whole = true
                        continue
                    }
                }
                splitter = RecordSplitter(shape: RecordSplitter.shape(startingWith: first))
                sink.shape = splitter?.shape ?? .ndjson
                pending += splitter?.feed(head) ?? []
                head = []
            } else if whole {
                head.append(contentsOf: block[0..<n])
            } else {
                pending += splitter?.feed(block[0..<n]) ?? []
            }
            drain(false)
        }
        if sink.failure != nil {
            _ = pipeline?.finish()  // the batch in flight: waited for, not written
            return
        }
        if splitter == nil {
            let trimmed = head.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            if trimmed.isEmpty { return }
            if whole || RecordSplitter.layout(of: head, atEnd: true) == .document {
                // One document, whitespace and all, so that a syntax error is located at the input's own line
                // and column.
                sink.single = true
                sink.shape = .ndjson
                pending = [
                    RecordSplitter.Record(
                        bytes: head, line: 1, index: 1,
                        after: RecordSplitter.Position(offset: head.count, line: 1, records: 1))
                ]
            } else {
                var lines = RecordSplitter(shape: .ndjson)
                pending = lines.feed(head) + lines.finish()
                sink.shape = .ndjson
            }
        } else {
            pending += splitter?.finish() ?? []
            if splitter?.strayBytes == true {
                IO.stderr("pushnorm: \(input): bytes outside the top-level array were ignored\n")
            }
        }
        drain(true)
    }

    /// A directory of `.json` files: one record per file, written to `-o DIR` with the same names, each file
    /// whole (``OutputFile``: a temporary file, `fsync`, rename), or not at all. With `--resume`, a checkpoint in
    /// `-o DIR` counts the files done, and a rerun starts after them.
    static func runDirectory(
        _ converter: BatchConverter, _ directory: String, _ arguments: Arguments, isConvert: Bool
    ) throws(Arguments.UsageError) -> Int32 {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        let outDirectory = arguments.value("-o", or: "--output")
        if isConvert {
            guard let outDirectory else {
                throw Arguments.UsageError(
                    message: "\(directory) is a directory: convert writes one output file per input file, so it"
                        + " needs -o DIR (the output directory)", command: "convert")
            }
            try? FileManager.default.createDirectory(atPath: outDirectory, withIntermediateDirectories: true)
        }
        var checkpoint: Checkpoint?
        var checkpointPath: String?
        if arguments.flags.contains("--resume") {
            guard isConvert, let outDirectory else {
                throw Arguments.UsageError(message: "--resume with a directory input needs convert -o DIR")
            }
            (checkpoint, checkpointPath) = try ResumePlan.directory(
                directory, names: names, outDirectory: outDirectory)
        }
        let sink = Sink(output: .standardOutput(), errors: nil, arguments: arguments, isConvert: false)
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
            let records = slice.enumerated().map { offset, name in
                RecordSplitter.Record(
                    bytes: (try? IO.readInput(directory + "/" + name)) ?? [], line: 1, index: start + offset + 1)
            }
            let outcomes = converter.process(records)
            for (offset, (name, outcome)) in zip(slice, outcomes).enumerated() {
                if outcome.failed {
                    failed += 1
                    let first = outcome.diagnostics.first { $0.severity == .error }
                    IO.stderr("\(name): \(first?.description ?? "failed")\n")
                    continue
                }
                if isConvert, let outDirectory, let bytes = outcome.output {
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
            sink.summary()
            return sink.status
        }
        IO.stderr("converted \(converted), lossy \(lossy), failed \(failed)\n")
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

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
        let converter = BatchConverter(
            normaliser: try arguments.normaliser(),
            operation: .convert(from: from, to: to, strict: arguments.flags.contains("--strict")),
            options: try Commands.options(arguments), jobs: try jobs(arguments))
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

    final class Sink {
        let output: Int32
        let errors: Int32?
        let arguments: Arguments
        let isConvert: Bool
        var shape: RecordSplitter.Shape = .ndjson
        var single = false
        var buffer: [UInt8] = []
        var written = 0
        var converted = 0, lossy = 0, failed = 0, records = 0
        var codeCounts: [String: Int] = [:]
        var inputBytes = 0
        var totalBytes: Int?
        let started = Date()
        var lastProgress = Date()

        init(output: Int32, errors: Int32?, arguments: Arguments, isConvert: Bool) {
            self.output = output
            self.errors = errors
            self.arguments = arguments
            self.isConvert = isConvert
        }

        func accept(_ outcomes: [BatchConverter.Outcome]) {
            for outcome in outcomes {
                records += 1
                for diagnostic in outcome.diagnostics where isConvert == false || outcome.failed {
                    codeCounts[diagnostic.code.rawValue, default: 0] += 1
                }
                if outcome.failed { failed += 1 } else { converted += 1 }
                if !outcome.lost.isEmpty && !outcome.failed { lossy += 1 }
                if isConvert { emitConverted(outcome) } else { emitValidated(outcome) }
            }
            flush(force: false)
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
                if let errors {
                    IO.writeAll(errors, JSONWriter().bytes(errorRecord(outcome)) + [0x0A])
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
                    buffer.append(UInt8(ascii: "}"))
                } else {
                    buffer.append(contentsOf: bytes)
                }
            }
            if shape == .ndjson || single { buffer.append(0x0A) }
        }

        private func emitValidated(_ outcome: BatchConverter.Outcome) {
            guard arguments.flags.contains("--records") || single else { return }
            let value: JSONValue = [
                "record": .integer(Int64(outcome.index)), "line": .integer(Int64(outcome.line)),
                "valid": .bool(!outcome.failed), "diagnostics": .array(outcome.diagnostics.map(\.jsonValue)),
            ]
            if single {
                let result: JSONValue = [
                    "valid": .bool(!outcome.failed), "diagnostics": .array(outcome.diagnostics.map(\.jsonValue)),
                ]
                JSONWriter(style: arguments.flags.contains("--pretty") ? .canonical : .compact).write(
                    result, into: &buffer)
                if !arguments.flags.contains("--pretty") { buffer.append(0x0A) }
                return
            }
            JSONWriter().write(value, into: &buffer)
            buffer.append(0x0A)
        }

        func flush(force: Bool) {
            if force || buffer.count > 1 << 16 {
                IO.writeAll(output, buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }

        func progress() {
            guard IO.isTerminal(2), Date().timeIntervalSince(lastProgress) > 0.5 else { return }
            lastProgress = Date()
            let seconds = Date().timeIntervalSince(started)
            let rate = Double(records) / max(seconds, 0.001)
            var line = "\r\(records) records, \(Int(rate))/s, \(inputBytes / 1024) KiB"
            if let totalBytes, inputBytes > 0 {
                let eta = seconds * Double(totalBytes - inputBytes) / Double(inputBytes)
                line += ", ETA \(Int(eta)) s"
            }
            IO.stderr(line + "   ")
        }

        func finish() -> Int32 {
            if shape == .jsonArray && !single && isConvert {
                buffer.append(contentsOf: (written == 0 ? "[]\n" : "\n]\n").utf8)
            }
            // With --records, stdout holds only the NDJSON record lines; the summary goes to stderr below.
            if !isConvert && !single && !arguments.flags.contains("--records") {
                var codes = JSONObject()
                for (code, count) in codeCounts.sorted(by: { $0.key < $1.key }) { codes[code] = .integer(Int64(count)) }
                let summary: JSONValue = [
                    "records": .integer(Int64(records)), "valid": .integer(Int64(converted)),
                    "invalid": .integer(Int64(failed)), "codes": .object(codes),
                ]
                JSONWriter(style: .canonical).write(summary, into: &buffer)
            }
            flush(force: true)
            let seconds = Date().timeIntervalSince(started)
            let rate = Int(Double(records) / max(seconds, 0.000_001))
            if IO.isTerminal(2) { IO.stderr("\r") }
            if isConvert {
                IO.stderr(
                    "converted \(converted), lossy \(lossy), failed \(failed), \(String(format: "%.3f", seconds)) s, \(rate) records/s\n"
                )
            } else {
                IO.stderr(
                    "validated \(records): \(converted) valid, \(failed) invalid, \(String(format: "%.3f", seconds)) s\n"
                )
                for (code, count) in codeCounts.sorted(by: {
                    $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
                }) {
                    IO.stderr("  \(count)\t\(code)\n")
                }
            }
            return failed > 0 ? 1 : 0
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
        let outputFD: Int32
        if let path = arguments.value("-o", or: "--output"), path != "-" {
            outputFD = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard outputFD >= 0 else { throw Arguments.UsageError(message: "cannot write \(path)") }
        } else {
            outputFD = 1
        }
        var errorsFD: Int32?
        if let path = arguments.value("--errors") {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw Arguments.UsageError(message: "cannot write \(path)") }
            errorsFD = fd
        }
        defer {
            if outputFD != 1 { close(outputFD) }
            if let errorsFD { close(errorsFD) }
        }
        let sink = Sink(output: outputFD, errors: errorsFD, arguments: arguments, isConvert: isConvert)
        for input in inputs {
            try stream(input, converter, sink)
        }
        let status = sink.finish()
        if sink.records == 0 {
            return Commands.noRecords(inputs.count == 1 ? inputs[0] : inputs.joined(separator: ", "))
        }
        return status
    }

    /// Streams one input: decides its shape from the first bytes, then feeds blocks to the splitter.
    static func stream(_ input: String, _ converter: BatchConverter, _ sink: Sink) throws(Arguments.UsageError) {
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
        // `--ndjson`: one record per line whatever the first bytes (a record may start with `[`, or hold
        // the whole input), and no look-ahead, so records stream through a pipe as they arrive.
        var splitter: RecordSplitter? =
            sink.arguments.flags.contains("--ndjson") ? RecordSplitter(shape: .ndjson) : nil
        if splitter != nil { sink.shape = .ndjson }
        var head: [UInt8] = []
        var pending: [RecordSplitter.Record] = []
        let pipeline = converter.jobs > 1 ? BatchPipeline(converter: converter) : nil
        func drain(_ force: Bool) {
            if pending.count >= batchSize || (force && !pending.isEmpty) {
                if let pipeline {
                    let done = pipeline.submit(pending)
                    if !done.isEmpty { sink.accept(done) }
                } else {
                    sink.accept(converter.process(pending))
                }
                pending.removeAll(keepingCapacity: true)
            }
            if force, let done = pipeline?.finish(), !done.isEmpty { sink.accept(done) }
        }
        while true {
            let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            sink.inputBytes += n
            if splitter == nil {
                // Decide the shape: an array; one (possibly pretty-printed) object; or NDJSON.
                head.append(contentsOf: block[0..<n])
                guard let first = head.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
                    continue
                }
                if first != UInt8(ascii: "[") && head.count <= JSONParser.defaultMaximumBytes {
                    continue  // keep reading: maybe the whole input is one object
                }
                splitter = RecordSplitter(shape: RecordSplitter.shape(startingWith: first))
                sink.shape = splitter?.shape ?? .ndjson
                pending += splitter?.feed(head) ?? []
                head = []
            } else {
                pending += splitter?.feed(block[0..<n]) ?? []
            }
            drain(false)
        }
        if splitter == nil {
            // Small input: one object if it parses as one JSON value, else NDJSON lines.
            let trimmed = head.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            if trimmed.isEmpty { return }
            if (try? JSONParser().parse(head)) != nil || !head.contains(0x0A) || lineCount(head) <= 1 {
                sink.single = true
                sink.shape = .ndjson
                pending = [RecordSplitter.Record(bytes: Array(trimmed), line: 1, index: 1)]
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

    static func lineCount(_ bytes: [UInt8]) -> Int {
        var lines = 0
        var inLine = false
        for byte in bytes {
            if byte == 0x0A {
                if inLine { lines += 1 }
                inLine = false
            } else if !(byte == 0x20 || byte == 0x0D || byte == 0x09) {
                inLine = true
            }
        }
        return lines + (inLine ? 1 : 0)
    }

    /// A directory of `.json` files: one record per file, written to `-o DIR` with the same names.
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
        let sink = Sink(output: 1, errors: nil, arguments: arguments, isConvert: false)
        var converted = 0, failed = 0, lossy = 0
        var start = 0
        while start < names.count {
            let slice = names[start..<min(names.count, start + batchSize)]
            let records = slice.enumerated().map { offset, name in
                RecordSplitter.Record(
                    bytes: (try? IO.readInput(directory + "/" + name)) ?? [], line: 1, index: start + offset + 1)
            }
            let outcomes = converter.process(records)
            for (name, outcome) in zip(slice, outcomes) {
                if outcome.failed {
                    failed += 1
                    let first = outcome.diagnostics.first { $0.severity == .error }
                    IO.stderr("\(name): \(first?.description ?? "failed")\n")
                } else {
                    converted += 1
                    if !outcome.lost.isEmpty { lossy += 1 }
                }
                if isConvert, let outDirectory, let bytes = outcome.output,
                    !FileManager.default.createFile(atPath: outDirectory + "/" + name, contents: Data(bytes + [0x0A]))
                {
                    failed += 1
                    converted -= 1
                    IO.stderr("\(name): cannot write \(outDirectory)/\(name)\n")
                }
            }
            if !isConvert { sink.accept(outcomes) }
            start += batchSize
        }
        if !isConvert { return sink.finish() }
        IO.stderr("converted \(converted), lossy \(lossy), failed \(failed)\n")
        return failed > 0 ? 1 : 0
    }
}

import JSONCodec
import PushCore
import PushNormaliser
import PushReport

/// Converts or validates a chunk's records and writes what each one becomes into the chunk: the converted payload
/// (or `{"payload":…,"lost":[…]}` with `--report-loss`), the error record (into the output, or the `--errors`
/// bytes with `null` in its place), validate's record lines; a JSON array's separators; and the marks and tally
/// the writing thread needs to count each record once its bytes are written. Runs on the workers: the options
/// are decided once, here, not per record.
struct RecordFormatter: Sendable {
    let converter: BatchConverter
    let isConvert: Bool
    /// `--report-loss`.
    let reportLoss: Bool
    /// `--errors FILE`: error records go there, `null` in the output.
    let errorsApart: Bool
    /// validate `--records`.
    let records: Bool
    /// validate `--pretty` (a single document).
    let pretty: Bool
    /// convert `--allow-invalid`: with `--report-loss`, a record also carries the findings it was converted despite.
    let allowInvalid: Bool
    /// validate `--full`: each result also names the format read and holds the notification.
    let full: Bool
    /// The inputs, when there are several: each error record names the one it comes from.
    let inputs: [String]?
    /// `--summary` or `--report`: the chunk's records are counted for the summary (``ChunkSummary``).
    let summarising: Bool
    /// The failures and samples a summary keeps.
    let limits = BatchSummary.Limits()
    /// The source format asked for (`auto` or a name).
    let from: String

    init(converter: BatchConverter, arguments: Arguments, isConvert: Bool, errorsApart: Bool) {
        self.converter = converter
        self.isConvert = isConvert
        reportLoss = arguments.flags.contains("--report-loss")
        self.errorsApart = errorsApart
        records = arguments.flags.contains("--records")
        pretty = arguments.flags.contains("--pretty")
        allowInvalid = arguments.flags.contains("--allow-invalid")
        full = arguments.flags.contains("--full")
        inputs = arguments.positionals.count > 1 ? arguments.positionals : nil
        summarising = RunSummary.isWanted(arguments)
        switch converter.operation {
        case .convert(let from, _, _): self.from = from
        case .validate(let format, _): from = format
        }
    }

    /// What a chunk's records become, moved out of the chunk while a worker fills it and moved back once done: a
    /// class's stored properties are checked for exclusive access at run time on every access, several times per
    /// record; a local value's are not.
    struct Work {
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var marks: [RecordChunk.Mark] = []
        var codes: [String] = []
        var tally = BatchTally()
        var summary = ChunkSummary()
        let single: Bool
        let shape: RecordSplitter.Shape
        let inputIndex: Int

        /// Takes `chunk`'s outputs (swapped, never copied).
        init(_ chunk: RecordChunk) {
            single = chunk.single
            shape = chunk.shape
            inputIndex = chunk.inputIndex
            exchange(with: chunk)
        }

        /// Gives the outputs back to `chunk`.
        mutating func giveBack(to chunk: RecordChunk) { exchange(with: chunk) }

        /// Swaps the outputs with `chunk`'s.
        private mutating func exchange(with chunk: RecordChunk) {
            swap(&output, &chunk.output)
            swap(&errors, &chunk.errors)
            swap(&marks, &chunk.marks)
            swap(&codes, &chunk.codes)
            swap(&tally, &chunk.tally)
            swap(&summary, &chunk.summary)
        }
    }

    /// Processes every record of `chunk` and fills its outputs, marks and tally.
    func process(_ chunk: RecordChunk) {
        var written = chunk.writtenBefore
        var work = Work(chunk)
        defer { work.giveBack(to: chunk) }
        work.summary.reset(summarising: summarising, limits: limits)
        let spans = chunk.spans
        let cutLengths = chunk.cutLengths
        chunk.input.withUnsafeBufferPointer { input in
            for span in spans {
                let bytes = UnsafeBufferPointer(rebasing: input[span.start..<span.end])
                if !cutLengths.isEmpty, let length = cutLengths[span.index] {
                    var outcome = converter.process(bytes, index: span.index, line: span.line)
                    Self.sayRealLength(length, kept: bytes.count, in: &outcome)
                    append(outcome, to: &work, written: &written, span: span.start..<span.end)
                    continue
                }
                if isConvert, appendOnWire(bytes, span: span, to: &work, written: &written) { continue }
                append(
                    converter.process(
                        bytes, index: span.index, line: span.line, lostFields: wantsLostFields(work),
                        afterWire: isConvert),
                    to: &work, written: &written, span: span.start..<span.end)
            }
        }
    }

    /// A record cut as it streamed was parsed from its kept start: its too-large finding gives the record's real
    /// length instead of the kept one.
    static func sayRealLength(_ length: Int, kept: Int, in outcome: inout BatchConverter.Outcome) {
        for index in outcome.diagnostics.indices where outcome.diagnostics[index].code.rawValue == "json.too-large" {
            let keptText = "input is \(kept) bytes"
            guard outcome.diagnostics[index].message.hasPrefix(keptText) else { continue }
            outcome.diagnostics[index].message =
                "input is \(length) bytes" + outcome.diagnostics[index].message.dropFirst(keptText.count)
        }
    }

    /// Writes what `outcome` becomes into `chunk`'s outputs, and its mark and counts.
    func append(_ outcome: BatchConverter.Outcome, to chunk: RecordChunk, written: inout Int) {
        var work = Work(chunk)
        append(outcome, to: &work, written: &written)
        work.giveBack(to: chunk)
    }

    private func append(
        _ outcome: BatchConverter.Outcome, to work: inout Work, written: inout Int, span: Range<Int>? = nil
    ) {
        work.summary.note(outcome, span: span, from: from, single: work.single && isConvert)
        if isConvert {
            emitConverted(outcome, work: &work, written: &written, input: inputName(work.inputIndex))
        } else {
            emitValidated(outcome, work: &work)
        }
        finish(
            outcome, lossy: (!outcome.lost.isEmpty || outcome.unlistedLoss) && !outcome.failed, work: &work,
            written: written)
    }

    /// True when a record's lost fields are written or counted: `--report-loss`, a summary, or a single document.
    private func wantsLostFields(_ work: Work) -> Bool { reportLoss || summarising || work.single }

    /// Converts the record in `bytes` through the wire engine straight into `chunk`'s output (no buffer of its own,
    /// lost fields built only when `--report-loss`, a summary or a single document needs them), as ``append(_:to:
    /// written:span:)`` writes a converted record. False, with the chunk as it was, when the record takes the
    /// adapters.
    private func appendOnWire(
        _ bytes: UnsafeBufferPointer<UInt8>, span: RecordSplitter.Span, to work: inout Work, written: inout Int
    ) -> Bool {
        let single = work.single
        let start = work.output.count
        if work.shape == .jsonArray && !single {
            work.output.append(contentsOf: (written == 0 ? "[\n" : ",\n").utf8)
        }
        if reportLoss { work.output.append(text: "{\"payload\":") }
        guard
            let (outcome, lossy) = converter.convertOnWire(
                bytes, index: span.index, line: span.line, lostFields: wantsLostFields(work),
                into: &work.output)
        else {
            work.output.removeSubrange(start...)
            return false
        }
        work.summary.note(outcome, span: span.start..<span.end, from: from, single: single)
        written += 1
        if reportLoss {
            // `--allow-invalid` (whose findings would follow) never takes this path.
            work.output.append(text: ",\"lost\":")
            JSONWriter().write(.array(outcome.lost.map(\.jsonValue)), into: &work.output)
            work.output.append(UInt8(ascii: "}"))
        }
        if work.shape == .ndjson || single { work.output.append(0x0A) }
        finish(outcome, lossy: lossy, work: &work, written: written)
        return true
    }

    /// The record's codes, tally and mark, once its bytes are in `chunk`.
    private func finish(_ outcome: BatchConverter.Outcome, lossy: Bool, work: inout Work, written: Int) {
        let codesStart = work.codes.count
        if !isConvert || outcome.failed {
            for diagnostic in outcome.diagnostics { work.codes.append(diagnostic.code.rawValue) }
        }
        let outputs = outcome.failed || !isConvert ? 0 : max(1, outcome.messages.count)
        work.tally.add(failed: outcome.failed, lossy: lossy, codes: work.codes[codesStart...], outputs: outputs)
        work.marks.append(
            RecordChunk.Mark(
                outputEnd: work.output.count, errorsEnd: work.errors.count, written: written,
                codesEnd: work.codes.count, failed: outcome.failed, lossy: lossy, outputs: outputs))
    }

    /// The input `chunk` comes from, when there are several.
    private func inputName(_ index: Int) -> String? {
        guard let inputs, index < inputs.count else { return nil }
        return inputs[index] == "-" ? "standard input" : inputs[index]
    }

    private func errorRecord(_ outcome: BatchConverter.Outcome, input: String?) -> JSONValue {
        let first = outcome.diagnostics.first { $0.severity == .error } ?? outcome.diagnostics.first
        var error = JSONObject()
        if let input { error["input"] = .string(input) }
        error["record"] = .integer(Int64(outcome.index))
        error["line"] = .integer(Int64(outcome.line))
        error["code"] = .string(first?.code.rawValue ?? "core.unknown")
        error["path"] = .string(first?.path.description ?? "")
        error["message"] = .string(first?.message ?? "failed")
        error["diagnostics"] = .array(outcome.diagnostics.map(\.jsonValue))
        return ["error": .object(error)]
    }

    private func emitConverted(
        _ outcome: BatchConverter.Outcome, work: inout Work, written: inout Int, input: String?
    ) {
        let single = work.single
        if work.shape == .jsonArray && !single {
            work.output.append(contentsOf: (written == 0 ? "[\n" : ",\n").utf8)
        }
        written += 1
        if outcome.failed {
            if errorsApart {
                JSONWriter().write(errorRecord(outcome, input: input), into: &work.errors)
                work.errors.append(0x0A)
                work.output.append(text: "null")
            } else {
                JSONWriter().write(errorRecord(outcome, input: input), into: &work.output)
            }
        } else if !outcome.messages.isEmpty {
            emitMessages(outcome, work: &work)
            return
        } else if let bytes = outcome.output {
            if reportLoss {
                work.output.append(text: "{\"payload\":")
                work.output.append(contentsOf: bytes)
                work.output.append(text: ",\"lost\":")
                JSONWriter().write(.array(outcome.lost.map(\.jsonValue)), into: &work.output)
                if allowInvalid {
                    // The findings a record was converted despite.
                    work.output.append(text: ",\"diagnostics\":")
                    JSONWriter().write(.array(outcome.diagnostics.map(\.jsonValue)), into: &work.output)
                }
                work.output.append(UInt8(ascii: "}"))
            } else {
                work.output.append(contentsOf: bytes)
            }
        }
        if work.shape == .ndjson || single { work.output.append(0x0A) }
    }

    /// Writes the messages a record became (``BatchConverter/Outcome/messages``), each as its own output record
    /// `{"record", "recipient", "headers", "payload"}` (`headers` for a delivered target: the APNs request headers a
    /// sender sends with the payload; with `"lost"`, and `"diagnostics"` under `--allow-invalid`, when
    /// `--report-loss`): NDJSON lines, or elements of the output array, in order. A single document becomes one
    /// object `{"messages": [{"recipient", "headers", "payload"}, …]}`. The payload comes after every other member
    /// but `lost` and `diagnostics`, so a reader can cut it out without parsing it (the Spark job does).
    private func emitMessages(_ outcome: BatchConverter.Outcome, work: inout Work) {
        let single = work.single
        if single { work.output.append(text: "{\"messages\":[") }
        // Each message read where it is in the outcome (one taken out of the array by `for … in` is a copy: a retain
        // of each of its parts, and their releases).
        outcome.messages.withUnsafeBufferPointer { messages in
            for index in messages.indices {
                if index > 0 {
                    // The record's first message took the record's separator.
                    if single {
                        work.output.append(UInt8(ascii: ","))
                    } else {
                        work.output.append(text: work.shape == .jsonArray ? ",\n" : "\n")
                    }
                }
                work.output.append(UInt8(ascii: "{"))
                if !single {
                    work.output.append(text: "\"record\":")
                    JSONWriter.appendInteger(Int64(outcome.index), to: &work.output)
                    work.output.append(UInt8(ascii: ","))
                }
                Self.writeMessageHead(messages[index], into: &work.output)
                work.output.append(contentsOf: messages[index].output)
                if reportLoss {
                    work.output.append(text: ",\"lost\":")
                    JSONWriter().write(.array(messages[index].lost.map(\.jsonValue)), into: &work.output)
                    if allowInvalid {
                        work.output.append(text: ",\"diagnostics\":")
                        JSONWriter().write(.array(messages[index].diagnostics.map(\.jsonValue)), into: &work.output)
                    }
                }
                work.output.append(UInt8(ascii: "}"))
            }
        }
        if single { work.output.append(text: "]}") }
        if work.shape == .ndjson || single { work.output.append(0x0A) }
    }

    /// `"recipient":{…},` then `"headers":{…},` when the message has headers (a delivered target), then
    /// `"payload":`: what every message record holds before its payload.
    static func writeMessageHead(_ message: BatchConverter.Message, into out: inout [UInt8]) {
        out.append(text: "\"recipient\":")
        message.recipient.writeJSON(into: &out)
        if let headers = message.headers {
            out.append(text: ",\"headers\":")
            JSONWriter().write(.object(headers), into: &out)
        }
        out.append(text: ",\"payload\":")
    }

    /// A directory's file converted into several messages: `{"messages": [{"recipient", "headers", "payload"}, …]}`,
    /// the shape of a single document (``emitMessages(_:chunk:)``). Nil when there are none.
    static func messagesDocument(_ messages: [BatchConverter.Message]) -> [UInt8]? {
        guard !messages.isEmpty else { return nil }
        var out = Array("{\"messages\":[".utf8)
        for (index, message) in messages.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "{"))
            writeMessageHead(message, into: &out)
            out.append(contentsOf: message.output)
            out.append(UInt8(ascii: "}"))
        }
        out.append(text: "]}")
        return out
    }

    private func emitValidated(_ outcome: BatchConverter.Outcome, work: inout Work) {
        guard records || work.single else { return }
        var result = JSONObject()
        if !work.single {
            if let input = inputName(work.inputIndex) { result["input"] = .string(input) }
            result["record"] = .integer(Int64(outcome.index))
            result["line"] = .integer(Int64(outcome.line))
        }
        result["valid"] = .bool(!outcome.failed)
        result["diagnostics"] = .array(outcome.diagnostics.map(\.jsonValue))
        if full {
            // What was validated: the format read and the notification.
            result["format"] = outcome.format.map(JSONValue.string) ?? .null
            result["notification"] = outcome.notification?.canonicalJSON ?? .null
        }
        if work.single {
            JSONWriter(style: pretty ? .canonical : .compact).write(.object(result), into: &work.output)
            if !pretty { work.output.append(0x0A) }
            return
        }
        JSONWriter().write(.object(result), into: &work.output)
        work.output.append(0x0A)
    }
}

extension Array where Element == UInt8 {
    /// Appends the UTF-8 of a literal in one copy (a `String.UTF8View` is appended through a generic path, at a few
    /// hundred instructions a call: these run per record). JSONCodec's own is not visible to the fuzz package, which
    /// builds these sources against this one.
    @inline(__always) fileprivate mutating func append(text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

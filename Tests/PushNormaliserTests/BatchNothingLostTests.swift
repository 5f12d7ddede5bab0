import Foundation
import Testing
import PushNormaliser
import PushCore
import JSONCodec
import PushTestSupport

/// "Nothing lost": 100 000 mixed NDJSON records (the valid fixture inputs of every registered format with
/// seeded variations, plus truncated, wrongly typed and non-object ones) split by ``RecordSplitter`` and
/// converted by ``BatchConverter`` with 4 jobs. One outcome per record, in order, each failure with its
/// line; each outcome equal to converting that record alone; and every success converts back to its
/// source format with no difference other than the documented normalisations and the reported losses.
@Suite("Batch: nothing lost")
struct BatchNothingLostTests {
    /// 100 000, or `PUSH_BATCH_RECORDS` (for a run under a sanitizer, which makes each record about ten times
    /// dearer: the workers race as much on fewer records).
    static let recordCount = ProcessInfo.processInfo.environment["PUSH_BATCH_RECORDS"].flatMap(Int.init) ?? 100_000
    /// Distinct records; the 100 000 are drawn from them, so the per-record checks run once per distinct
    /// record while the batch itself processes all 100 000.
    static let distinctCount = 2_000
    static let target = "apns"

    /// SplitMix64: small, seeded, the same on every platform.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The valid fixture inputs that need no options (the batch runs with the default options).
    static func validInputs() -> [JSONValue] {
        ConversionMatrixTests.sources.compactMap { source -> JSONValue? in
            guard !FileManager.default.fileExists(atPath: source.path + "/options.json"),
                let input = try? Golden.load(source.path + "/input.json"),
                let result = try? Normaliser().normalise(input, format: source.format),
                !result.diagnostics.containsErrors
            else { return nil }
            return input
        }
    }

    static let strings = [
        "", "x", "é中😀", "line\nbreak", "quote\" and \\ backslash", "\u{0}nul", "tab\tand\u{1F}control",
        "https://cdn.example.com/a.png",
    ]
    static let wrongValues: [JSONValue] = [
        .null, .bool(false), .integer(-3), .double(0.25), .string("w"), .array([]), .object(JSONObject()),
    ]

    /// One record's compact bytes (never containing a newline, so one record per line).
    static func record(from inputs: [JSONValue], _ rng: inout Generator) -> [UInt8] {
        let input = inputs[Int(rng.next() % UInt64(inputs.count))]
        let locations = HostileInputTests.locations(in: input)
        switch rng.next() % 20 {
        case 0..<3:  // truncated (never to nothing: a blank line is not a record)
            let bytes = JSONWriter(style: .compact).bytes(input)
            return Array(bytes[..<(1 + Int(rng.next() % UInt64(bytes.count - 1)))])
        case 3..<5:  // a wrong type somewhere
            guard !locations.isEmpty else { return JSONWriter(style: .compact).bytes(input) }
            let (path, _) = locations[Int(rng.next() % UInt64(locations.count))]
            let value = wrongValues[Int(rng.next() % UInt64(wrongValues.count))]
            return JSONWriter(style: .compact).bytes(HostileInputTests.replacing(path, in: input, with: value))
        case 5:  // not a push payload at all
            return Array(
                ["[]", "\"aps\"", "17", "null", "{}", "{\"aps\":", "nul", "{\"a\":1,\"a\":2}"][Int(rng.next() % 8)].utf8
            )
        default:  // a valid input with a string changed and a custom key added
            var variant = input
            let strings = locations.filter { $0.1.stringValue != nil }
            if !strings.isEmpty, rng.next() % 2 == 0 {
                let (path, _) = strings[Int(rng.next() % UInt64(strings.count))]
                variant = HostileInputTests.replacing(
                    path, in: variant, with: .string(Self.strings[Int(rng.next() % UInt64(Self.strings.count))]))
            }
            if case .object(var object) = variant, rng.next() % 2 == 0 {
                let key = "trace-\(rng.next() % 1000)"
                if object[key] == nil {
                    object[key] = .string(Self.strings[Int(rng.next() % UInt64(Self.strings.count))])
                }
                variant = .object(object)
            }
            return JSONWriter(style: .compact).bytes(variant)
        }
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }

    @Test func hundredThousandRecordsKeepOrderAndLoseNothing() throws {
        let inputs = Self.validInputs()
        try #require(inputs.count >= 10, "too few valid fixtures")
        var rng = Generator(state: 0x5EED_2026)
        let distinct = (0..<Self.distinctCount).map { _ in Self.record(from: inputs, &rng) }
        let picks = (0..<Self.recordCount).map { _ in Int(rng.next() % UInt64(Self.distinctCount)) }

        // NDJSON, split in odd-sized blocks.
        var ndjson: [UInt8] = []
        ndjson.reserveCapacity(picks.count * 200)
        for pick in picks {
            ndjson += distinct[pick]
            ndjson.append(UInt8(ascii: "\n"))
        }
        var splitter = RecordSplitter(shape: .ndjson)
        var records: [RecordSplitter.Record] = []
        var start = 0
        while start < ndjson.count {
            records += splitter.feed(ndjson[start..<min(ndjson.count, start + 65_519)])
            start += 65_519
        }
        records += splitter.finish()
        try #require(records.count == Self.recordCount, "the splitter produced \(records.count) records")

        let normaliser = Normaliser()
        let converter = BatchConverter(operation: .convert(from: "auto", to: Self.target, strict: false), jobs: 4)
        let outcomes = converter.process(records)
        try #require(outcomes.count == Self.recordCount)

        // Each distinct record on its own: the reference outcome, and the round trip back to its format.
        var reference: [Int: Result<ConversionResult, NormalisationFailure>] = [:]
        // What the batch writes: every message, one per device token of a token list for APNs (issue 23, item 4).
        var messagesReference: [Int: [ConversionResult]] = [:]
        var roundTripProblems: [String] = []
        // Layout memory (where a vendor put a key, `extensions.amazon.mediaPlacements`) is documented as not
        // content, and `delivery` travels as headers for a delivered target.
        let layout = FormatRegistry.standard.layoutPaths + [JSONPointer(tokens: ["delivery"])]
        for (index, raw) in distinct.enumerated() {
            // The splitter hands out each line without surrounding whitespace (a truncated string may end in one).
            let bytes = Array(raw.drop { Self.isSpace($0) }.reversed().drop { Self.isSpace($0) }.reversed())
            let result = Result { () throws(NormalisationFailure) in try normaliser.convert(bytes, to: Self.target) }
            reference[index] = result
            messagesReference[index] = try? normaliser.convertMessages(bytes, to: Self.target)
            guard case .success(let there) = result else { continue }
            do {
                let back = try normaliser.convert(there.payload, from: Self.target, to: there.from)
                let original = try normaliser.normalise(bytes, format: there.from).notification
                let final = try normaliser.normalise(back.payload, format: there.from).notification
                // Every leaf not under a reported loss (or layout) survives exactly; see ConversionMatrixTests.
                let excused = (there.lost + back.lost).map(\.path) + layout
                let changed = ConversionMatrixTests.changedLeaves(original, final).missing.filter { leaf in
                    !excused.contains { leaf.tokens.starts(with: $0.tokens) }
                }
                if !changed.isEmpty {
                    roundTripProblems.append(
                        "\(String(decoding: bytes, as: UTF8.self)): \(there.from) → \(Self.target) → back changed \(changed) unreported"
                    )
                }
            } catch {
                roundTripProblems.append(
                    "\(String(decoding: bytes, as: UTF8.self)): \(there.from) → \(Self.target) → back failed: \(error)")
            }
        }
        #expect(
            roundTripProblems.isEmpty,
            "\(roundTripProblems.count) round trips:\n\(roundTripProblems.prefix(5).joined(separator: "\n"))")

        var failures = 0
        var mismatches: [String] = []
        for (position, outcome) in outcomes.enumerated() {
            let line = position + 1
            guard outcome.index == line, outcome.line == line, let expected = reference[picks[position]] else {
                mismatches.append("record \(line): index \(outcome.index), line \(outcome.line)")
                continue
            }
            switch expected {
            case .success(let result):
                if let messages = messagesReference[picks[position]], messages.count > 1 || messages[0].recipient != nil
                {
                    // Several messages: each as converting the record alone gives it, in order.
                    if outcome.failed || outcome.output != nil
                        || outcome.messages.map(\.output) != messages.map(\.compactBytes)
                        || outcome.messages.map(\.recipient) != messages.compactMap(\.recipient)
                        || outcome.messages.map(\.lost) != messages.map(\.lost)
                    {
                        mismatches.append("record \(line): messages differ from converting it alone")
                    }
                    continue
                }
                if outcome.failed || outcome.output != JSONWriter(style: .compact).bytes(result.payload)
                    || outcome.lost != result.lost || outcome.diagnostics != result.diagnostics
                {
                    mismatches.append("record \(line): differs from converting it alone")
                }
            case .failure(let error):
                failures += 1
                // Converting alone says why in its diagnostics, or (none: a failure of the whole record) in its message.
                let expectedDiagnostics =
                    error.diagnostics.isEmpty
                    ? [Diagnostic(.error, .invalidJSON, at: .root, error.message)] : error.diagnostics
                if !outcome.failed || outcome.output != nil || outcome.diagnostics != expectedDiagnostics
                    || outcome.lost != error.lost
                {
                    mismatches.append("record \(line): failure not reported as converting it alone does: \(error)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) records:\n\(mismatches.prefix(10).joined(separator: "\n"))")
        // The mix really is mixed.
        #expect(failures > Self.recordCount / 10 && failures < Self.recordCount / 2, "\(failures) failures")
        let formats = Set(reference.values.compactMap { try? $0.get().from })
        #expect(formats.count >= ConversionMatrixTests.formats.count / 2, "source formats seen: \(formats.sorted())")
    }
}

// `ConcurrencyCheck CORPUS.ndjson`: the library's parallel paths against the same work done on one thread, built
// with ThreadSanitizer by `make test-tsan` (any race report makes the process exit 66: TSAN_OPTIONS in
// Tests/tsan/run.py).
//
// - `BatchConverter.process(_:)` over an array of records with 4 jobs (its own `concurrentPerform` and write-once
//   result slots, which the command line does not use) against `process(_:)` record by record, for a conversion into
//   each of several targets and for validation;
// - `Normaliser` shared by many threads at once (every format's tables and lazily built statics read concurrently)
//   against one thread's results.
// Prints one line per check; exits 1 when any result differs.
import Dispatch
import Foundation
import PushNormaliser

/// The corpus's non-blank lines as records (1-based index and line).
func records(_ path: String) -> [RecordSplitter.Record] {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    var out: [RecordSplitter.Record] = []
    var line = 0
    for bytes in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        line += 1
        guard !bytes.isEmpty else { continue }
        out.append(RecordSplitter.Record(bytes: Array(bytes), line: line, index: out.count + 1))
    }
    return out
}

/// What an outcome says, as text (`Outcome` is not `Equatable`): its numbers, output, losses, findings and messages.
func text(_ outcome: BatchConverter.Outcome) -> String {
    var parts = ["\(outcome.index):\(outcome.line) failed \(outcome.failed) \(outcome.format ?? "-")"]
    parts.append(String(decoding: outcome.output ?? [], as: UTF8.self))
    parts += outcome.lost.map { "lost \($0.path): \($0.reason)" } + outcome.diagnostics.map(\.description)
    for message in outcome.messages {
        parts.append(String(decoding: message.output, as: UTF8.self))
        if let headers = message.headers { parts.append("headers \(JSONValue.object(headers).compactText)") }
        parts += message.lost.map { "lost \($0.path): \($0.reason)" } + message.diagnostics.map(\.description)
    }
    return parts.joined(separator: "\n")
}

/// Write-once slots for `concurrentPerform`: iteration `i` writes only slot `i`.
final class Slots: @unchecked Sendable {
    private let base: UnsafeMutablePointer<String>
    let count: Int
    init(count: Int) {
        self.count = count
        base = .allocate(capacity: count)
        base.initialize(repeating: "", count: count)
    }
    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
    func set(_ index: Int, _ value: String) { base[index] = value }
    var values: [String] { Array(UnsafeBufferPointer(start: base, count: count)) }
}

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: ConcurrencyCheck CORPUS.ndjson\n".utf8))
    exit(2)
}
let corpus = records(CommandLine.arguments[1])
guard !corpus.isEmpty else {
    FileHandle.standardError.write(Data("ConcurrencyCheck: no records in \(CommandLine.arguments[1])\n".utf8))
    exit(2)
}
var failures = 0

let operations: [(String, BatchConverter.Operation)] = [
    ("convert --to apns", .convert(from: "auto", to: "apns", strict: false)),
    ("convert --to fcm", .convert(from: "auto", to: "fcm", strict: false)),
    ("convert --to pinpoint-message", .convert(from: "auto", to: "pinpoint-message", strict: false)),
    ("validate --target amazon", .validate(format: "auto", target: "amazon")),
]
for (name, operation) in operations {
    var serial = BatchConverter(operation: operation, jobs: 1)
    serial.allowInvalid = true
    var parallel = serial
    parallel.jobs = 4
    let expected = corpus.map { text(serial.process($0)) }
    let got = parallel.process(corpus).map(text)
    let differing = zip(expected, got).filter { $0 != $1 }.count + abs(expected.count - got.count)
    print(
        "ConcurrencyCheck: BatchConverter \(name), \(corpus.count) records, 4 jobs: "
            + (differing == 0 ? "the same as one by one" : "\(differing) outcomes differ"))
    if differing != 0 { failures += 1 }
}

// One Normaliser, every record on many threads at once, each validated and converted into the next target in turn.
let normaliser = Normaliser()
let targets = ["apns", "fcm", "amazon", "hms", "pinpoint-message", "sns", "zego-offline-push"]
let once: @Sendable (Int) -> String = { [corpus] i in
    let record = corpus[i % corpus.count]
    let target = targets[i % targets.count]
    let validated = normaliser.validate(record.bytes, target: target)
    var parts = ["valid \(validated.valid) \(validated.format ?? "-")"] + validated.diagnostics.map(\.description)
    do {
        let converted = try normaliser.convert(record.bytes, to: target)
        parts.append(String(decoding: converted.compactBytes, as: UTF8.self))
        parts += converted.lost.map { "lost \($0.path): \($0.reason)" } + converted.diagnostics.map(\.description)
    } catch {
        parts.append("\(error)")
    }
    return parts.joined(separator: "\n")
}
let rounds = min(corpus.count, 1_000)
let alone = (0..<rounds).map(once)
let together = Slots(count: rounds)
DispatchQueue.concurrentPerform(iterations: rounds) { i in together.set(i, once(i)) }
let differing = zip(alone, together.values).filter { $0 != $1 }.count
print(
    "ConcurrencyCheck: one Normaliser on many threads, \(rounds) reads and conversions: "
        + (differing == 0 ? "the same as on one" : "\(differing) differ"))
if differing != 0 { failures += 1 }
exit(failures == 0 ? 0 : 1)

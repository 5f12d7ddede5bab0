// pushnorm-bench: times the library in-process over an NDJSON corpus held in memory.
//
//   pushnorm-bench OP CORPUS [--from F] [--to T] [--runs N]
//
// OP is `normalise` (format --from, default auto), `convert` (--from F --to T; the output is
// rendered to compact bytes, as the CLI and RPC server do), `parse` (JSONParser plus compact
// JSONWriter: the codec alone) or `floor` (simdjson parse plus minify, no Swift values).
// `strings-new` and `strings-refill` time the two ways of turning each string value over 15 bytes of every record
// (parsed with simdjson; the parse is timed too, alike in both) into a Swift `String`: a new string each, or one
// kept string filled again in place (`removeAll(keepingCapacity:)`, then the bytes appended as small strings of at
// most 15 bytes, the only way the standard library appends bytes without a string of them first).
// One warm-up pass, then N timed passes over the whole corpus; prints one JSON object with every
// pass's seconds, the median, payloads/s, MB/s (input bytes, 10^6) and the process's peak RSS.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import JSONCodec
import PushCore
import PushNormaliser

struct Options {
    var operation = ""
    var corpus = ""
    var from = "auto"
    var to = ""
    var runs = 5

    init(_ arguments: [String]) {
        var positionals: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : ""
            switch argument {
            case "--from": from = value; index += 1
            case "--to": to = value; index += 1
            case "--runs": runs = max(1, Int(value) ?? 5); index += 1
            default: positionals.append(argument)
            }
            index += 1
        }
        operation = positionals.first ?? ""
        corpus = positionals.dropFirst().first ?? ""
    }
}

func fail(_ message: String) -> Never {
    let line = Array("pushnorm-bench: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}

/// Reads the corpus file into one record per non-empty line.
func loadRecords(_ path: String) -> [[UInt8]] {
    let fd = open(path, O_RDONLY)
    if fd < 0 { fail("cannot open \(path)") }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        bytes.append(contentsOf: block[0..<n])
    }
    return bytes.split(separator: 0x0A, omittingEmptySubsequences: true).map(Array.init)
}

func peakRSSKiB() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}

/// One pass over every record: (succeeded, failed, output bytes).
typealias Pass = ([[UInt8]]) -> (Int, Int, Int)

func makePass(_ options: Options) -> Pass {
    let normaliser = Normaliser()
    switch options.operation {
    case "normalise":
        let format = options.from
        return { records in
            var ok = 0, failed = 0
            for record in records {
                do {
                    let result = try normaliser.normalise(record, format: format)
                    ok += result.diagnostics.count >= 0 ? 1 : 0
                } catch {
                    failed += 1
                }
            }
            return (ok, failed, 0)
        }
    case "convert":
        if options.to.isEmpty { fail("convert needs --to") }
        let from = options.from, to = options.to
        return { records in
            var ok = 0, failed = 0, output = 0
            for record in records {
                do {
                    let result = try normaliser.convert(record, from: from, to: to)
                    output += result.compactBytes.count
                    ok += 1
                } catch {
                    failed += 1
                }
            }
            return (ok, failed, output)
        }
    case "parse":
        let parser = JSONParser()
        return { records in
            var ok = 0, failed = 0, output = 0
            for record in records {
                // The codec as the engine uses it: simdjson's tape borrowed, written compactly, no JSONValue.
                if let bytes = record.withUnsafeBufferPointer(parser.compactBytes) {
                    output += bytes.count
                    ok += 1
                } else {
                    failed += 1
                }
            }
            return (ok, failed, output)
        }
    case "wirecheck":
        // Not timed: every record converted through the wire engine and through the adapters must agree.
        let from = options.from, to = options.to
        return { records in
            var same = 0, declined = 0, output = 0
            for record in records {
                guard let wire = normaliser.wireConvert(record, from: from, to: to, options: FormatOptions()) else {
                    declined += 1
                    continue
                }
                guard let reference = try? normaliser.convert(normaliser.parse(record), from: from, to: to) else {
                    fail("wire converted a record the adapters reject: \(String(decoding: record, as: UTF8.self))")
                }
                if wire.compactBytes != reference.compactBytes || wire.lost != reference.lost
                    || wire.diagnostics != reference.diagnostics || wire.size != reference.size
                    || wire.headers != reference.headers || wire.from != reference.from
                {
                    fail(
                        "wire and adapters differ on \(String(decoding: record, as: UTF8.self))\nwire: "
                            + "\(String(decoding: wire.compactBytes, as: UTF8.self)) \(wire.lost) \(wire.diagnostics)\nadapters: "
                            + "\(String(decoding: reference.compactBytes, as: UTF8.self)) \(reference.lost) \(reference.diagnostics)"
                    )
                }
                same += 1
                output += wire.size
            }
            return (same, declined, output)
        }
    case "strings-new", "strings-refill":
        let parser = JSONParser()
        let refill = options.operation == "strings-refill"
        return { records in
            var ok = 0, failed = 0, output = 0
            var kept = ""
            for record in records {
                let parsed = record.withUnsafeBufferPointer { buffer in
                    parser.withBorrowedDocument(buffer) { document in
                        output += longStrings(document, document.root) { bytes in
                            if refill {
                                refillString(&kept, bytes)
                                return kept.utf8.count
                            }
                            return String(decoding: bytes, as: UTF8.self).utf8.count
                        }
                    }
                }
                if parsed { ok += 1 } else { failed += 1 }
            }
            return (ok, failed, output)
        }
    case "floor":
        return { records in
            var ok = 0, failed = 0, output = 0
            for record in records {
                if let length = record.withUnsafeBufferPointer(SimdjsonFloor.parseAndMinify) {
                    output += length
                    ok += 1
                } else {
                    failed += 1
                }
            }
            return (ok, failed, output)
        }
    default:
        fail(
            "unknown operation \"\(options.operation)\"; use normalise, convert, parse, floor, strings-new or strings-refill"
        )
    }
}

/// Calls `make` with the UTF-8 bytes of every string value over 15 bytes under `node`; the sum of what it returns.
func longStrings(
    _ document: BorrowedDocument, _ node: BorrowedDocument.Node, _ make: (UnsafeBufferPointer<UInt8>) -> Int
) -> Int {
    switch document.kind(node) {
    case .string:
        let bytes = document.stringBytes(node)
        return bytes.count > 15 ? make(bytes) : 0
    case .object: return document.members(node).reduce(0) { $0 + longStrings(document, $1.value, make) }
    case .array: return document.elements(node).reduce(0) { $0 + longStrings(document, $1, make) }
    default: return 0
    }
}

/// Fills `text` with the valid UTF-8 `bytes` in its own buffer (kept when unique and large enough): appended as
/// small strings of at most 15 bytes, each cut at a scalar boundary.
func refillString(_ text: inout String, _ bytes: UnsafeBufferPointer<UInt8>) {
    text.removeAll(keepingCapacity: true)
    text.reserveCapacity(bytes.count)
    var start = 0
    while start < bytes.count {
        var end = min(start + 15, bytes.count)
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        text.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        start = end
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
if options.corpus.isEmpty {
    fail("usage: pushnorm-bench normalise|convert|parse|floor CORPUS [--from F] [--to T] [--runs N]")
}
let records = loadRecords(options.corpus)
let inputBytes = records.reduce(0) { $0 + $1.count }
let pass = makePass(options)
let clock = ContinuousClock()

var (ok, failed, outputBytes) = pass(records)  // warm-up
var seconds: [Double] = []
for _ in 0..<options.runs {
    let elapsed = clock.measure { (ok, failed, outputBytes) = pass(records) }
    seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
}
let sorted = seconds.sorted()
let median =
    sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
let report: JSONValue = [
    "operation": .string(options.operation), "corpus": .string(options.corpus),
    "from": .string(options.from), "to": .string(options.to),
    "records": .integer(Int64(records.count)), "inputBytes": .integer(Int64(inputBytes)),
    "ok": .integer(Int64(ok)), "failed": .integer(Int64(failed)), "outputBytes": .integer(Int64(outputBytes)),
    "seconds": .array(seconds.map { .double($0) }), "median": .double(median),
    "payloadsPerSecond": .double(Double(records.count) / median),
    "mbPerSecond": .double(Double(inputBytes) / median / 1e6),
    "peakRSSKiB": .integer(Int64(peakRSSKiB())),
]
print(report.compactText)

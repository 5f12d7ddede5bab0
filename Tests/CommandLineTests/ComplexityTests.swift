import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// Cost linear in input size (issue 22): every path the executable takes (each format's reader, the fast
/// conversion path, the general one, validate, the RPC server) is run on one input and on the same input grown
/// 8-fold in one dimension (the keys of an object, the nesting, the length of a string). The process's own CPU
/// time (from `wait4`, less a run on a minimal input) may grow at most 20-fold: linear is 8-fold and quadratic
/// 64-fold, so neither machine noise nor a quadratic path goes unnoticed. Serialized: one measurement at a time in
/// each of three suites (this one, and the formats' readers in two halves), which run beside each other and beside
/// the rest of the tests: one chain of every measurement was the longest run of `make test` by minutes.
@Suite("pushnorm: cost linear in input size", .serialized)
struct ComplexityTests {
    enum Growth: String, CaseIterable, Sendable {
        case keys, nesting, strings

        /// The size of the small input; the large one is 8 times it.
        var small: Int {
            switch self {
            case .keys: return 2_000
            case .nesting: return 400
            case .strings: return 100_000
            }
        }

        /// Records per input (amplifies per-record work over start-up and over noise: at 40 deeply nested records
        /// the small input's 30 ms of CPU left a busy machine's noise a factor of 2 in the ratio).
        var records: Int {
            switch self {
            case .keys: return 4
            case .nesting: return 100
            case .strings: return 8
            }
        }
    }

    /// The largest ratio of CPU times allowed for 8-fold input.
    static let allowedGrowth = 20.0

    /// A format's first example payload, as an object.
    static func example(_ format: String) throws -> JSONObject {
        let folder = PushnormExecutable.packageRoot + "/Examples/payloads/" + format
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).sorted().first)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        return try #require(try JSONParser().parse(bytes).objectValue)
    }

    /// `object` grown by `size` in one dimension: at its root and in its first object-valued member (`aps`,
    /// `message`, …), where the readers look for unknown keys.
    static func grown(_ object: JSONObject, _ growth: Growth, _ size: Int) -> JSONObject {
        func grow(_ object: inout JSONObject, tag: String) {
            switch growth {
            case .keys:
                for index in 0..<size { object["\(tag)\(index)"] = .integer(Int64(index)) }
            case .nesting:
                var value: JSONValue = 1
                for _ in 0..<size { value = .object(JSONObject(uniqueKeysWithValues: [("n", value)])) }
                object["\(tag)deep"] = value
            case .strings:
                object["\(tag)long"] = .string(String(repeating: "é", count: size / 2))
            }
        }
        var root = object
        if let first = root.members.first(where: { $0.value.objectValue != nil }) {
            var inner = first.value.objectValue ?? JSONObject()
            grow(&inner, tag: "y")
            root[first.key] = .object(inner)
        }
        grow(&root, tag: "x")
        return root
    }

    /// NDJSON of `records` copies of `value`.
    static func ndjson(_ value: JSONValue, records: Int) -> [UInt8] {
        // Appended line by line: `joined()` over arrays costs a generic metadata look-up per byte in a debug build,
        // which was most of these suites' time (the inputs reach 13 MB).
        let line = JSONWriter().bytes(value) + [0x0A]
        var out: [UInt8] = []
        out.reserveCapacity(line.count * records)
        for _ in 0..<records { out.append(contentsOf: line) }
        return out
    }

    /// An RPC request stream converting `payload` `records` times.
    static func rpcRequests(_ payload: JSONObject, from: String, records: Int) -> [UInt8] {
        var out: [UInt8] = []
        for id in 0..<records {
            let request: JSONValue = [
                "jsonrpc": "2.0", "id": .integer(Int64(id)), "method": "convert",
                "params": ["payload": .object(payload), "from": .string(from), "to": "fcm"],
            ]
            out += JSONWriter().bytes(request) + [0x0A]
        }
        return out
    }

    /// CPU seconds of `arguments` on `input` (the fewest of `runs` runs: noise only adds), run by the executable
    /// built with the tests (``PushnormExecutable/builtWithTests``).
    static func cpu(_ arguments: [String], _ input: [UInt8], runs: Int = 1) throws -> Double {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("r22-cx-\(UUID().uuidString)").path
        try Data(input).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        var best = Double.infinity
        for _ in 0..<runs {
            let run = try MeasuredRun.run(arguments, inputPath: path, builtWithTests: true)
            #expect(run.status >= 0, "\(arguments) died of signal \(-run.status)")
            best = min(best, run.cpuSeconds)
        }
        return best
    }

    /// Checks that `arguments` over `input(size)` costs at most ``allowedGrowth`` times more CPU at 8 times the size.
    static func expectLinear(
        _ name: String, _ arguments: [String], growth: Growth, sourceLocation: SourceLocation = #_sourceLocation,
        input: (Int) -> [UInt8]
    ) throws {
        var baseline = try cpu(arguments, input(1), runs: 3)
        var small = max(try cpu(arguments, input(growth.small), runs: 2) - baseline, 0.01)
        var large = max(try cpu(arguments, input(growth.small * 8), runs: 1) - baseline, 0)
        if large / small > allowedGrowth {
            // Noise only adds CPU time: before failing, measure the start-up and both sizes again and keep the fewest
            // seconds of each, so a busy machine's slow runs cannot fail the test (a start-up measured slow leaves the
            // small size too little time of its own; a quadratic path stays about 64-fold).
            let smallRun = min(small + baseline, try cpu(arguments, input(growth.small), runs: 2))
            let largeRun = min(large + baseline, try cpu(arguments, input(growth.small * 8), runs: 2))
            baseline = min(baseline, try cpu(arguments, input(1), runs: 3))
            small = max(smallRun - baseline, 0.01)
            large = max(largeRun - baseline, 0)
        }
        let ratio = large / small
        print(
            "complexity \(name) \(growth.rawValue): \(IO3.ms(small)) -> \(IO3.ms(large)) ms CPU beyond start-up, "
                + "x\(Int(ratio.rounded()))")
        #expect(
            ratio <= allowedGrowth,
            "\(name), \(growth.rawValue) grown 8-fold: CPU \(IO3.ms(small)) -> \(IO3.ms(large)) ms (x\(ratio))",
            sourceLocation: sourceLocation)
    }

    /// Limits that let the large inputs through (a record of two 800 KB strings, 3,200 levels).
    static let depth = ["--max-depth", "4096", "--max-bytes", "16777216"]

    /// `normalise` (one payload, auto-detected), the fast conversion path, the general one (`--allow-invalid
    /// --report-loss`), validate with a target, and the RPC server.
    @Test(arguments: Growth.allCases)
    func everyPathIsLinear(_ growth: Growth) throws {
        let base = try Self.example("apns")
        let paths: [(String, [String])] = [
            ("fast path", ["convert", "--from", "apns", "--to", "fcm", "--jobs", "1"]),
            (
                "general path",
                ["convert", "--to", "pinpoint-message", "--allow-invalid", "--report-loss", "--jobs", "1"]
            ),
            ("validate", ["validate", "--target", "fcm", "--jobs", "1"]),
        ]
        for (name, arguments) in paths {
            try Self.expectLinear(name, arguments + Self.depth, growth: growth) { size in
                Self.ndjson(.object(Self.grown(base, growth, size)), records: growth.records)
            }
        }
        try Self.expectLinear("normalise", ["normalise", "--format", "apns"] + Self.depth, growth: growth) { size in
            JSONWriter().bytes(.object(Self.grown(base, growth, size)))
        }
        try Self.expectLinear("rpc", ["rpc", "--max-message-bytes", "16777216"], growth: growth) { size in
            Self.rpcRequests(Self.grown(base, growth, size), from: "apns", records: growth.records)
        }
    }
}

/// Every format's reader (`validate --format F`, one result per record), in two serialized halves.
@Suite("pushnorm: each reader's cost linear in input size (first half)", .serialized)
struct ReaderComplexityTests {
    @Test(
        arguments: [
            "apns", "amazon", "fcm", "hive", "hive-local", "hms", "adm",
        ], ComplexityTests.Growth.allCases)
    func eachReaderIsLinear(_ format: String, _ growth: ComplexityTests.Growth) throws {
        try ComplexityTests.expectReaderLinear(format, growth)
    }
}

@Suite("pushnorm: each reader's cost linear in input size (second half)", .serialized)
struct MoreReaderComplexityTests {
    @Test(
        arguments: [
            "pinpoint", "pinpoint-android", "pinpoint-campaign", "pinpoint-gcm", "pinpoint-message",
            "pinpoint-template",
            "qconnect-push-template", "sns", "zego-offline-push",
        ], ComplexityTests.Growth.allCases)
    func eachReaderIsLinear(_ format: String, _ growth: ComplexityTests.Growth) throws {
        try ComplexityTests.expectReaderLinear(format, growth)
    }
}

extension ComplexityTests {
    /// `validate --format format` over `format`'s first example grown by `growth`.
    static func expectReaderLinear(
        _ format: String, _ growth: Growth, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let base = try example(format)
        try expectLinear(
            "validate --format \(format)", ["validate", "--format", format, "--records", "--jobs", "1"] + depth,
            growth: growth, sourceLocation: sourceLocation
        ) { size in
            ndjson(.object(grown(base, growth, size)), records: growth.records)
        }
    }
}

/// Milliseconds for messages.
enum IO3 {
    static func ms(_ seconds: Double) -> String { String(Int((seconds * 1000).rounded())) }
}

import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// Losses a person can see: `convert`'s stderr for one payload, `--summary FILE`, `--report FILE`, `pushnorm report`,
/// and the missing target announced once per run.
@Suite
struct CommandLineSummaryTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushnorm-summary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func read(_ url: URL) throws -> JSONValue { try JSONParser().parse(Array(try Data(contentsOf: url))) }

    /// The summary without what may differ between two runs of the same records: the time and the command line.
    static func comparable(_ summary: JSONValue) -> JSONValue {
        guard var object = summary.objectValue else { return summary }
        _ = object.removeValue(forKey: "seconds")
        _ = object.removeValue(forKey: "command")
        return .object(object)
    }

    /// 600 records of several loss sets, some failing, some with a video attachment, in several chunks.
    static func mixed() -> [UInt8] {
        var lines: [String] = []
        for i in 0..<600 {
            switch i % 6 {
            case 0: lines.append(#"{"aps":{"alert":{"title":"T\#(i)","body":"B"},"badge":\#(i)}}"#)
            case 1: lines.append(#"{"aps":{"alert":"x","badge":"bad"}}"#)
            case 2: lines.append(#"{"aps":{"alert":{"title":"L","body":"b"},"content-state":{"n":1}},"k":\#(i)}"#)
            case 3: lines.append(#"{"aps":{"alert":"only"},"thread":"\#(i)"}"#)
            case 4: lines.append(#"{"APNSMessage":{"Title":"M","Body":"b","MediaUrl":"https://e.com/a.mp4"}}"#)
            default: lines.append("{broken")
            }
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    @Test func convertOfOnePayloadPrintsEachLostPathOnStderr() throws {
        let payload = #"{"APNSMessage":{"Title":"Sale","Body":"b","MediaUrl":"https://e.com/s.jpg"}}"#
        // To plain APNs, which has no media key.
        let run = try PushnormExecutable.run(
            ["convert", "--from", "pinpoint-message", "--to", "apns"], input: Array(payload.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("lost /media: "), "\(run.stderr)")
        #expect(run.stderr.contains("lossy 1"))
        // Many records: no line per record (the summary and --report-loss say it).
        let batch = try PushnormExecutable.run(
            ["convert", "--from", "pinpoint-message", "--to", "apns"],
            input: Array((payload + "\n" + payload + "\n").utf8))
        #expect(!batch.stderr.contains("lost /media"), "\(batch.stderr)")
        #expect(batch.stderr.contains("lossy 2"))
    }

    @Test func aVideoURLIntoFCMsImageIsADeclaredLoss() throws {
        let payload = #"{"APNSMessage":{"Title":"Raid","Body":"b","MediaUrl":"https://cdn.example.com/raid.mp4"}}"#
        let run = try PushnormExecutable.run(
            ["convert", "--from", "pinpoint-message", "--to", "fcm"], input: Array(payload.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!String(decoding: run.stdout, as: UTF8.self).contains("raid.mp4"))
        #expect(run.stderr.contains("lost /media: FCM's notification.image shows only images"), "\(run.stderr)")
        let image = try PushnormExecutable.run(
            ["convert", "--from", "pinpoint-message", "--to", "fcm"],
            input: Array(
                #"{"APNSMessage":{"Title":"Raid","Body":"b","MediaUrl":"https://cdn.example.com/raid.png"}}"#.utf8))
        #expect(String(decoding: image.stdout, as: UTF8.self).contains("raid.png"))
        #expect(!image.stderr.contains("lost /media"))
    }

    @Test func aMissingTargetIsOneInfoPerRunWithAPath() throws {
        let records = String(repeating: #"{"aps":{"alert":"hi"}}"# + "\n", count: 300)
        let run = try PushnormExecutable.run(
            ["convert", "--from", "apns", "--to", "fcm", "--report-loss", "--allow-invalid"],
            input: Array(records.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let stdout = String(decoding: run.stdout, as: UTF8.self)
        #expect(!stdout.contains("core.conversion.invalid-output"))
        #expect(!stdout.contains("target-missing"))
        let notices = run.stderr.split(separator: "\n").filter { $0.contains("core.conversion.target-missing") }
        #expect(notices.count == 1, "\(run.stderr)")
        #expect(notices.first?.contains("info core.conversion.target-missing at /target:") == true)
        #expect(notices.first?.contains("(300 records)") == true)
    }

    @Test func theSummaryCountsPathsCodesSourcesAndInputs() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.mixed()).write(to: directory.appendingPathComponent("in.ndjson"))
        let run = try PushnormExecutable.run(
            [
                "convert", "--from", "auto", "--to", "fcm", "--summary", "s.json", "--jobs", "2", "-o", "out.ndjson",
                "in.ndjson",
            ], in: directory)
        #expect(run.status == 1, "\(run.stderr)")
        let summary = try Self.read(directory.appendingPathComponent("s.json"))
        #expect(summary["records"] == 600)
        #expect(summary["failed"] == 200)
        #expect(summary["converted"] == 400)
        #expect(summary["operation"] == "convert")
        #expect(summary["to"] == "fcm")
        #expect(summary["command"]?.arrayValue?.first == "pushnorm")
        #expect(summary["version"]?.stringValue?.isEmpty == false)
        #expect(summary["lost"]?["/media"] == 100)
        #expect(summary["lostReasons"]?["/media"]?.stringValue?.contains("only images") == true)
        #expect(summary["codes"]?["apns.badge.not-integer"]?["severity"] == "error")
        #expect(summary["codes"]?["apns.badge.not-integer"]?["count"] == 100)
        #expect(summary["codes"]?["core.conversion.target-missing"]?["severity"] == "info")
        #expect(summary["codes"]?["core.conversion.invalid-output"] == nil)
        #expect(summary["sources"]?["apns"] != nil)
        #expect(summary["inputs"]?.arrayValue?.first?["records"] == 600)
        #expect(summary["inputs"]?.arrayValue?.first?["lines"] == 600)
        #expect(summary["failures"]?.arrayValue?.count == 20)
        #expect(summary["failures"]?.arrayValue?.first?["line"] == 2)
        #expect(summary["failures"]?.arrayValue?.first?["file"] == "in.ndjson")
        // The first record of each distinct loss set, in input order.
        let samples = summary["samples"]?.arrayValue ?? []
        #expect(!samples.isEmpty)
        let records = samples.compactMap { $0["record"]?.int64Value }
        #expect(records == records.sorted())
        let sets = samples.map { $0["lost"] ?? .null }
        #expect(Set(sets).count == sets.count)
        // Every lossy record's lost paths are counted: the total over paths is at least the lossy count.
        let total = summary["lost"]?.objectValue?.reduce(Int64(0)) { $0 + ($1.value.int64Value ?? 0) } ?? 0
        #expect(total >= summary["lossy"]?.int64Value ?? 0)
    }

    @Test("the summary is the same whatever --jobs", arguments: ["1", "2", "3"])
    func summaryIsTheSameWhateverJobs(_ jobs: String) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.mixed()).write(to: directory.appendingPathComponent("in.ndjson"))
        for (name, jobs) in [("one.json", "1"), ("many.json", jobs)] {
            _ = try PushnormExecutable.run(
                ["convert", "--to", "fcm", "--summary", name, "--jobs", jobs, "-o", "out.ndjson", "in.ndjson"],
                in: directory)
        }
        let one = try Self.read(directory.appendingPathComponent("one.json"))
        let many = try Self.read(directory.appendingPathComponent("many.json"))
        #expect(Self.comparable(one) == Self.comparable(many))
    }

    @Test func validateWritesASummaryAndAReport() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.mixed()).write(to: directory.appendingPathComponent("in.ndjson"))
        let run = try PushnormExecutable.run(
            ["validate", "--summary", "s.json", "--report", "r.html", "in.ndjson"], in: directory)
        #expect(run.status == 1)
        let summary = try Self.read(directory.appendingPathComponent("s.json"))
        #expect(summary["operation"] == "validate")
        #expect(summary["records"] == 600)
        #expect(summary["failed"] == 200)
        let html = try String(contentsOf: directory.appendingPathComponent("r.html"), encoding: .utf8)
        #expect(html.contains("<section id=\"findings\">"))
        #expect(html.contains("Invalid"))
    }

    /// The report is rendered from the summary: `--report` and `pushnorm report` of `--summary`'s file are the
    /// same bytes, and a file that is not a summary is refused with a located finding.
    @Test func theReportIsRenderedFromTheSummary() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.mixed()).write(to: directory.appendingPathComponent("in.ndjson"))
        let run = try PushnormExecutable.run(
            [
                "convert", "--to", "amazon", "--summary", "s.json", "--report", "r.html", "-o", "out.ndjson",
                "in.ndjson",
            ], in: directory)
        #expect(run.status == 1, "\(run.stderr)")
        let again = try PushnormExecutable.run(["report", "s.json", "-o", "again.html"], in: directory)
        #expect(again.status == 0, "\(again.stderr)")
        let first = try Data(contentsOf: directory.appendingPathComponent("r.html"))
        let second = try Data(contentsOf: directory.appendingPathComponent("again.html"))
        #expect(first == second)
        let html = String(decoding: first, as: UTF8.self)
        for id in ["totals", "lost-fields", "findings", "failures", "samples"] {
            #expect(html.contains("<section id=\"\(id)\">"), "\(id)")
        }
        #expect(html.contains("data-count=\"records\">600<"))

        try Data(#"{"records":"many"}"#.utf8).write(to: directory.appendingPathComponent("bad.json"))
        let bad = try PushnormExecutable.run(["report", "bad.json", "-o", "bad.html"], in: directory)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("report.summary.invalid at /records"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("bad.html").path))
        let usage = try PushnormExecutable.run(["report", "s.json"], in: directory)
        #expect(usage.status == 2)
    }

    /// The bundled examples: the report's counts equal the summary's.
    @Test func theBundledExamplesReportCountsEqualTheSummarys() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = PushnormExecutable.packageRoot
        let inputs = ["delivered.ndjson", "send-forms.ndjson"].map { "\(root)/Examples/spark/\($0)" }
        let run = try PushnormExecutable.run(
            [
                "convert", "--from", "zego", "--to", "amazon", "--summary", "s.json", "--report", "r.html", "-o",
                "out.ndjson",
            ] + inputs, in: directory)
        #expect(run.status == 1, "\(run.stderr)")
        let summary = try Self.read(directory.appendingPathComponent("s.json"))
        let html = try String(contentsOf: directory.appendingPathComponent("r.html"), encoding: .utf8)
        for key in ["records", "converted", "lossy", "failed"] {
            let count = summary[key]?.int64Value ?? -1
            #expect(html.contains("data-count=\"\(key)\">\(count)<"), "\(key) \(count)")
        }
        for (path, count) in summary["lost"]?.objectValue ?? JSONObject() {
            #expect(html.contains("<code>\(path)</code></td><td class=\"num\">\(count.int64Value ?? -1)</td>"))
        }
    }
}

import JSONCodec
import PushCore
import PushNormaliser
import Testing

@testable import PushReport

/// The batch summary model: counting, merging parts in order, its JSON form read back, and the HTML report.
@Suite("Batch summary and report")
struct PushReportTests {
    static let normaliser = Normaliser()

    /// Records of a small run, converted from `auto` to `fcm`.
    static let records: [String] = [
        #"{"aps":{"alert":{"title":"Sale","body":"50% off"},"badge":3}}"#,
        #"{"APNSMessage":{"Title":"Raid","Body":"Join","MediaUrl":"https://cdn.example.com/raid.mp4"}}"#,
        #"{"aps":{"alert":"x","badge":"three"}}"#,
        #"{"aps":{"alert":{"title":"Again","body":"more"},"badge":4}}"#,
        #"not json"#,
    ]

    /// The summary of `records` converted apns → fcm, added record by record into `parts` consecutive parts that
    /// are then merged (as the CLI's chunks are).
    static func summary(parts: Int, limits: BatchSummary.Limits = BatchSummary.Limits()) -> BatchSummary {
        let converter = BatchConverter(
            normaliser: normaliser, operation: .convert(from: "auto", to: "fcm", strict: false), jobs: 1)
        var whole = BatchSummary(operation: "convert", version: "test", command: ["pushnorm"], from: "apns", to: "fcm")
        whole.limits = limits
        whole.inputs = [BatchSummary.InputCounts(file: "in.ndjson", name: "in.ndjson")]
        let size = max(1, (records.count + parts - 1) / parts)
        var start = 0
        while start < records.count {
            var part = BatchSummary(
                operation: "convert", version: "test", command: ["pushnorm"], from: "apns", to: "fcm")
            part.limits = limits
            part.inputs = whole.inputs.map { BatchSummary.InputCounts(file: $0.file, name: $0.name) }
            for index in start..<min(records.count, start + size) {
                let bytes = Array(records[index].utf8)
                let outcome = converter.process(RecordSplitter.Record(bytes: bytes, line: index + 1, index: index + 1))
                part.add(
                    failed: outcome.failed, lost: outcome.lost, diagnostics: outcome.diagnostics + outcome.notices,
                    source: outcome.format, input: 0)
                if outcome.failed, let first = outcome.diagnostics.first {
                    part.addFailure(
                        BatchSummary.Failure(
                            file: "in.ndjson", record: index + 1, line: index + 1, code: first.code.rawValue,
                            path: first.path.description, message: first.message))
                }
                if !outcome.failed, !outcome.lost.isEmpty, let output = outcome.output,
                    part.wantsSample(lostPaths: outcome.lost.map(\.path.description)),
                    let sample = BatchSummary.Sample(
                        file: "in.ndjson", record: index + 1, line: index + 1, from: outcome.format ?? "auto",
                        to: "fcm",
                        lost: outcome.lost, source: bytes, converted: output, normaliser: normaliser)
                {
                    part.addSample(sample)
                }
            }
            whole.merge(part)
            start += size
        }
        return whole
    }

    @Test("counts, lost paths with reasons, codes with severity, sources, failures and samples")
    func counts() throws {
        let summary = Self.summary(parts: 1)
        #expect(summary.records == 5)
        #expect(summary.failed == 2)
        #expect(summary.converted == 3)
        #expect(summary.lossy == 1)
        // The video URL is not written into FCM's notification.image: a declared loss with its reason.
        #expect(summary.lost == ["/media": 1])
        #expect(summary.lostReasons["/media"]?.contains("shows only images") == true)
        #expect(summary.sources["apns"] == 2)
        #expect(summary.sources["pinpoint-message"] == 1)
        #expect(summary.sources["unknown"] == 2)
        #expect(summary.failures.count == 2)
        #expect(summary.failures.map(\.record) == [3, 5])
        // No target in any APNs payload: one info code, never the invalid-output warning.
        #expect(summary.codes["core.conversion.target-missing"]?.severity == .info)
        #expect(summary.codes["core.conversion.invalid-output"] == nil)
        #expect(summary.samples.count == 1)
        let sample = try #require(summary.samples.first)
        #expect(sample.before.title == "Raid")
        #expect(sample.from == "pinpoint-message")
        #expect(sample.before.attachment == "https://cdn.example.com/raid.mp4")
        #expect(sample.after.attachment == nil)
        #expect(summary.inputs.first?.records == 5)
    }

    @Test("merging consecutive parts gives the summary of the whole, whatever the grouping")
    func mergeIsGroupingFree() {
        let whole = JSONWriter(style: .canonical).string(Self.summary(parts: 1).jsonValue)
        for parts in [2, 3, 5] {
            #expect(JSONWriter(style: .canonical).string(Self.summary(parts: parts).jsonValue) == whole)
        }
    }

    @Test("failures and samples stay within their limits")
    func limits() {
        let summary = Self.summary(parts: 5, limits: BatchSummary.Limits(failures: 1, samples: 0))
        #expect(summary.failures.count == 1)
        #expect(summary.failed == 2)
        #expect(summary.samples.isEmpty)
    }

    @Test("the JSON form reads back as the same summary")
    func jsonRoundTrip() throws {
        let summary = Self.summary(parts: 2)
        let read = try BatchSummary(json: summary.jsonValue)
        #expect(read == summary)
    }

    @Test("a Spark summary.json (only the job's own keys) reads")
    func sparkShape() throws {
        let json = try JSONParser().parse(
            Array(
                #"{"records":3,"converted":2,"lossy":1,"failed":1,"lost":{"/badge":1},"seconds":1.5,"from":"apns","#
                    .utf8)
                + Array(
                    #""to":"fcm","strict":false,"allowInvalid":false,"reportLoss":false,"inputFormat":"ndjson","#
                        .utf8)
                + Array(
                    #""inputs":[{"file":"a","name":"a","lines":3,"records":3,"converted":2,"lossy":1,"failed":1}]}"#
                        .utf8))
        let summary = try BatchSummary(json: json)
        #expect(summary.records == 3)
        #expect(summary.lost == ["/badge": 1])
        #expect(summary.inputs.first?.lines == 3)
    }

    @Test("a summary with a wrong member is refused with its path")
    func invalidSummary() throws {
        let json = try JSONParser().parse(Array(#"{"records":3,"converted":"two","lossy":0,"failed":1}"#.utf8))
        #expect(throws: SummaryError.self) { try BatchSummary(json: json) }
        do {
            _ = try BatchSummary(json: json)
        } catch {
            #expect(error.path.description == "/converted")
            #expect(error.diagnostic.code == .summaryInvalid)
        }
        #expect(throws: SummaryError.self) { try BatchSummary(json: .array([])) }
    }

    @Test("the report has every section, escapes text, and loads nothing")
    func report() {
        var summary = Self.summary(parts: 1)
        summary.command = ["pushnorm", "convert", "<script>alert(1)</script>"]
        let html = HTMLReport.render(summary)
        for id in ["totals", "lost-fields", "findings", "failures", "samples"] {
            #expect(html.contains("<section id=\"\(id)\">"))
        }
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;"))
        #expect(html.contains("<svg class=\"bar\""))
        #expect(html.contains("class=\"ios-banner\""))
        #expect(html.contains("class=\"android-shade\""))
        #expect(html.contains("core.conversion.target-missing"))
        // No resource is loaded from anywhere: no src, no href, no url(); URLs appear only as escaped text.
        #expect(!html.contains("src="))
        #expect(!html.contains("href="))
        #expect(!html.contains("url("))
        #expect(html.hasPrefix("<!DOCTYPE html>"))
    }

    @Test("the report's size does not grow with the records, only with distinct paths and codes")
    func reportSizeIsBounded() {
        var small = Self.summary(parts: 1)
        var large = small
        large.records *= 1_000_000
        large.converted *= 1_000_000
        large.lossy *= 1_000_000
        large.failed *= 1_000_000
        for key in large.lost.keys { large.lost[key]! *= 1_000_000 }
        small.seconds = 1
        large.seconds = 1
        let difference = HTMLReport.render(large).utf8.count - HTMLReport.render(small).utf8.count
        #expect(difference < 400)  // only the digits of the counts
    }

    @Test("fixed-point numbers")
    func fixed() {
        #expect(HTMLReport.fixed(1.23456, places: 3) == "1.235")
        #expect(HTMLReport.fixed(0, places: 1) == "0.0")
        #expect(HTMLReport.fixed(12.05, places: 1) == "12.1" || HTMLReport.fixed(12.05, places: 1) == "12.0")
        #expect(HTMLReport.fixed(100, places: 0) == "100")
    }
}

import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// The `pushnorm` executable as a user runs it: output, exit status, limits and batch behaviour.
@Suite
struct CommandLineTests {
    static func json(_ run: PushnormExecutable.Run) throws -> JSONValue {
        try JSONParser().parse(run.stdout)
    }

    @Test func normalisePrintsTheCanonicalNotification() throws {
        let run = try PushnormExecutable.run(["normalise"], input: Array(#"{"aps":{"alert":"hi","badge":0}}"#.utf8))
        #expect(run.status == 0)
        #expect(try Self.json(run) == ["schemaVersion": 1, "body": "hi", "badge": 0, "source": "apns"])
    }

    @Test func invalidInputExitsOneWithALocatedFinding() throws {
        let run = try PushnormExecutable.run(["normalise"], input: Array("{\"aps\":\n{\"badge\":}".utf8))
        #expect(run.status == 1)
        #expect(run.stderr.contains("json.syntax"))
        #expect(run.stderr.contains("line 2"))
    }

    /// The input's shape comes from its line structure, not from a probe parse: a hand-written pretty-printed
    /// object with a syntax error is one record, located at its real line and column.
    @Test func aPrettyPrintedObjectWithASyntaxErrorIsOneRecord() throws {
        let input = Array("{\n  \"aps\": {\n    \"alert\": \"hi\",\n  }\n}\n".utf8)
        let run = try PushnormExecutable.run(["convert", "--from", "apns", "--to", "amazon"], input: input)
        #expect(run.status == 1)
        let stdout = String(decoding: run.stdout, as: UTF8.self)
        #expect(stdout.split(separator: "\n").count == 1, "\(stdout)")
        #expect(stdout.contains("line 4, column 3"), "\(stdout)")
        #expect(run.stderr.contains("failed 1"))
    }

    @Test func linesThatAreWholeValuesAreRecords() throws {
        let input = Array("{\"aps\":{}}\nxyz\n{\"aps\":{\"badge\":1}}\n".utf8)
        let run = try PushnormExecutable.run(["convert", "--from", "apns", "--to", "apns"], input: input)
        let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first == #"{"aps":{}}"#)
        #expect(lines.dropFirst().first?.contains(#""record":2"#) == true)
    }

    @Test("usage errors exit 2", arguments: [["frobnicate"], ["convert", "--to", "carrier-pigeon"], ["render"]])
    func usageErrors(_ arguments: [String]) throws {
        let run = try PushnormExecutable.run(arguments, input: Array("{}".utf8))
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
    }

    @Test func sizeAndDepthLimitsTakeEffect() throws {
        let payload = Array(#"{"aps":{"alert":"a payload longer than forty bytes"}}"#.utf8)
        let large = try PushnormExecutable.run(["normalise", "--max-bytes", "40"], input: payload)
        #expect(large.status == 1)
        #expect(large.stderr.contains("json.too-large"))
        #expect(try PushnormExecutable.run(["normalise", "--max-bytes", "4096"], input: payload).status == 0)

        let deep = try PushnormExecutable.run(
            ["convert", "--to", "apns", "--max-depth", "2"], input: Array(#"{"aps":{"alert":{"body":"x"}}}"#.utf8))
        #expect(deep.status == 1)
        #expect(try Self.json(deep)["error"]?["code"] == "json.too-deep")
    }

    @Test func batchKeepsOneOutputRecordPerInputRecordAndReportsFailures() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushnorm-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = """
            {"aps":{"alert":"one"}}
            {"aps":{"alert":"two","badge":"x"}}

            {"aps":{"alert":"three"}}
            """
        let run = try PushnormExecutable.run(
            ["convert", "--from", "apns", "--to", "amazon", "--errors", "errors.ndjson", "--jobs", "2"],
            input: Array(input.utf8), in: directory)
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines == [#"{"aps":{"alert":"one"}}"#, "null", #"{"aps":{"alert":"three"}}"#])
        let errors = try String(contentsOf: directory.appendingPathComponent("errors.ndjson"), encoding: .utf8)
        let error = try JSONParser().parse(errors)["error"]
        #expect(error?["record"] == 2)
        #expect(error?["line"] == 2)
        #expect(error?["code"] == "apns.badge.not-integer")
        #expect(error?["path"] == "/aps/badge")
        #expect(run.stderr.contains("converted 2, lossy 0, failed 1"))
    }

    @Test func ndjsonFlagReadsOneRecordPerLineWhateverTheFirstBytes() throws {
        // Without --ndjson a first byte `[` makes the input one JSON array; with it, that line is one (failed) record.
        let input = """
            [1,2]
            {"aps":{"alert":"two"}}
            {"aps":
            """
        let run = try PushnormExecutable.run(
            ["convert", "--from", "apns", "--to", "amazon", "--ndjson", "--jobs", "1"], input: Array(input.utf8))
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(try JSONParser().parse(lines[0])["error"]?["code"] == "core.payload.not-object")
        #expect(lines[1] == #"{"aps":{"alert":"two"}}"#)
        #expect(try JSONParser().parse(lines[2])["error"]?["line"] == 3)
        #expect(run.stderr.contains("converted 1, lossy 0, failed 2"))
    }

    @Test func jsonArrayInGivesJSONArrayOutWithLossReports() throws {
        let input =
            #"[{"aps":{"alert":"a"},"payload":"{\"image_attachment\":\"https://x.example/a.jpg\",\"k\":1}"}, {"aps":{"alert":"b"}}]"#
        let run = try PushnormExecutable.run(
            ["convert", "--from", "zego", "--to", "amazon", "--report-loss"], input: Array(input.utf8))
        #expect(run.status == 0)
        let records = try #require(try Self.json(run).arrayValue)
        #expect(records.count == 2)
        #expect(records[0]["payload"]?["attachment-url"] == "https://x.example/a.jpg")
        #expect(records[0]["lost"]?.arrayValue?.first?["path"] == "/extensions/zego/payload/k")
        #expect(records[1]["lost"] == [])
    }

    @Test func validateSummarisesCodesOverABatch() throws {
        let input = """
            {"aps":{"alert":"a","badge":-1}}
            {"aps":{"alert":"b","badge":-2}}
            {"aps":{"alert":"c"}}
            """
        let run = try PushnormExecutable.run(["validate"], input: Array(input.utf8))
        #expect(run.status == 1)
        let summary = try Self.json(run)
        #expect(summary["records"] == 3)
        #expect(summary["invalid"] == 2)
        #expect(summary["codes"]?["apns.badge.negative"] == 2)
    }

    @Test func zegoConvertsToHive() throws {
        let example = PushnormExecutable.packageRoot + "/Examples/payloads/zego/photo-attachment.json"
        let run = try PushnormExecutable.run(["convert", "--from", "zego", "--to", "hive", example])
        #expect(run.status == 0)
        #expect(try Self.json(run)["imageUrl"] == "https://storage.example.com/p/1.jpg")
    }
}

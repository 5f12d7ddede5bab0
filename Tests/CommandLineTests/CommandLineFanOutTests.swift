import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// `pushnorm convert` of records that become several messages (one per recipient, issue 23 item 4): the outputs
/// in input order whatever `--jobs`, each with its record number and label; the summary counts inputs and outputs;
/// a run killed while writing a record's messages resumes to the same bytes.
@Suite
struct CommandLineFanOutTests {
    /// `count` legacy FCM records: record i names 1 + i % 4 tokens (every 5th a single `to`, every 97th fails).
    static func records(_ count: Int) -> (bytes: [UInt8], messages: Int, failed: Int) {
        var text = ""
        var messages = 0
        var failed = 0
        for i in 0..<count {
            if i % 97 == 3 {
                text += #"{"registration_ids":["x"],"time_to_live":"soon"}"# + "\n"
                failed += 1
            } else if i % 5 == 0 {
                text += #"{"to":"solo-\#(i)","notification":{"title":"m\#(i)"}}"# + "\n"
                messages += 1
            } else {
                let tokens = (0...(i % 4)).map { #""t\#(i)-\#($0)""# }.joined(separator: ",")
                text += #"{"registration_ids":[\#(tokens)],"notification":{"title":"m\#(i)"},"data":{"n":"\#(i)"}}"#
                text += "\n"
                messages += 1 + i % 4
            }
        }
        return (Array(text.utf8), messages, failed)
    }

    @Test("--jobs 2 and 4 write the same messages as --jobs 1, in input order, labelled; the summary counts outputs")
    func orderWithJobs() throws {
        let (input, messages, failed) = Self.records(3000)
        let directory = try OutputFaultTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let convert = ["convert", "--from", "fcm-legacy", "--to", "fcm"]
        let one = try PushnormExecutable.run(convert + ["--jobs", "1"], input: input)
        #expect(one.status == 1)
        let lines = one.stdout.split(separator: 0x0A)
        #expect(lines.count == messages + failed)
        var lastRecord: Int64 = 0
        var labelled = 0
        for line in lines {
            let value = try JSONParser().parse(Array(line))
            if let record = value["record"]?.int64Value {
                #expect(record >= lastRecord)
                lastRecord = record
                let recipient = try #require(value["recipient"])
                let index = try #require(recipient["index"]?.int64Value)
                let count = try #require(recipient["count"]?.int64Value)
                #expect(recipient["label"] == .string("recipient \(index) of \(count)"))
                #expect(value["payload"]?["token"] == .string("t\(record - 1)-\(index - 1)"))
                labelled += 1
            } else if let error = value["error"] {
                lastRecord = error["record"]?.int64Value ?? lastRecord
            } else {
                #expect(value["token"]?.stringValue?.hasPrefix("solo-") == true, "\(value.compactText)")
            }
        }
        #expect(labelled > 0)
        #expect(one.stderr.contains("into \(messages) messages"), "\(one.stderr)")
        for jobs in ["2", "4"] {
            let many = try PushnormExecutable.run(convert + ["--jobs", jobs], input: input)
            #expect(many.status == one.status)
            #expect(many.stdout == one.stdout, "--jobs \(jobs)")
        }
        let summaryURL = directory.appendingPathComponent("summary.json")
        let summarised = try PushnormExecutable.run(
            convert + ["--jobs", "2", "--summary", summaryURL.path], input: input)
        #expect(summarised.stdout == one.stdout)
        let summary = try JSONParser().parse(Array(Data(contentsOf: summaryURL)))
        #expect(summary["records"]?.int64Value == 3000)
        #expect(summary["converted"]?.int64Value == Int64(3000 - failed))
        #expect(summary["outputs"]?.int64Value == Int64(messages))
        #expect(summary["lost"] == [:])
    }

    @Test("killed while writing a record's messages, --resume gives the uninterrupted run's bytes")
    func resumeMidFanOut() throws {
        let directory = try OutputFaultTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.records(60_000).bytes).write(to: directory.appendingPathComponent("in.ndjson"))
        let convert = ["convert", "--from", "fcm-legacy", "--to", "apns", "--jobs", "2", "in.ndjson"]
        let started = Date()
        let reference = try OutputFaultTests.run(convert + ["-o", "ref.ndjson"], in: directory)
        let uninterrupted = Date().timeIntervalSince(started)
        #expect(reference.status == 1)
        let expected = OutputFaultTests.contents(directory.appendingPathComponent("ref.ndjson"))
        let resumable = convert + ["-o", "out.ndjson", "--resume"]
        let checkpointURL = directory.appendingPathComponent("out.ndjson.pushnorm-checkpoint")
        var lastRecords: Int64 = 0
        var kills = 0
        var random = SplitMix64(seed: UInt64(Date().timeIntervalSince1970 * 1000))
        for _ in 0..<3 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: PushnormExecutable.path)
            process.arguments = resumable
            process.currentDirectoryURL = directory
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(120)
            while process.isRunning, Date() < deadline,
                OutputFaultTests.checkpointRecords(checkpointURL) <= lastRecords
            {
                usleep(2_000)
            }
            usleep(UInt32(random.unit * uninterrupted / 20 * 1_000_000))
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            guard process.terminationReason == .uncaughtSignal else { break }
            kills += 1
            let records = OutputFaultTests.checkpointRecords(checkpointURL)
            #expect(records >= lastRecords)
            lastRecords = max(lastRecords, records)
        }
        let last = try OutputFaultTests.run(resumable, in: directory)
        #expect(last.status == 1, "\(last.stderr)")
        #expect(OutputFaultTests.contents(directory.appendingPathComponent("out.ndjson")) == expected)
        if kills > 0 { #expect(last.stderr.contains("resumed after"), "\(last.stderr)") }
        // The counts of the resumed runs add up to those of the uninterrupted one, messages included.
        func counts(_ summary: String) -> Substring? {
            summary.range(
                of: "converted [0-9]+ into [0-9]+ messages, lossy [0-9]+, failed [0-9]+", options: .regularExpression
            ).map { summary[$0] }
        }
        #expect(counts(last.stderr) != nil && counts(last.stderr) == counts(reference.stderr))
    }

    @Test("a directory's file that becomes several messages is written as {messages: [{recipient, payload}, …]}")
    func directoryFile() throws {
        let directory = try OutputFaultTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data(#"{"registration_ids":["a","b"],"notification":{"title":"T"}}"#.utf8)
            .write(to: input.appendingPathComponent("many.json"))
        try Data(#"{"to":"solo","notification":{"title":"T"}}"#.utf8).write(
            to: input.appendingPathComponent("one.json"))
        let run = try PushnormExecutable.run(
            ["convert", "--from", "fcm-legacy", "--to", "fcm", "in", "-o", "out"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let many = try JSONParser().parse(
            Array(Data(contentsOf: directory.appendingPathComponent("out/many.json"))))
        let messages = try #require(many["messages"]?.arrayValue)
        #expect(messages.map { $0["payload"]?["token"] } == ["a", "b"])
        #expect(messages.map { $0["recipient"]?["label"] } == ["recipient 1 of 2", "recipient 2 of 2"])
        let one = try JSONParser().parse(Array(Data(contentsOf: directory.appendingPathComponent("out/one.json"))))
        #expect(one["token"] == "solo")
    }
}

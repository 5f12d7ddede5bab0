import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// Issue 22: no crash, no hang, no silent success. Hostile numbers in input and options, and the limits of
/// every option, as a user meets them through the executable.
@Suite("pushnorm: robustness")
struct RobustnessTests {
    static func lines(_ run: PushnormExecutable.Run) -> [String] {
        run.output.split(separator: "\n").map(String.init)
    }

    // MARK: - Traps

    @Test(
        "whole-number options out of range are usage errors",
        arguments: [
            ["rpc", "--max-message-bytes", "9223372036854775807"],
            ["rpc", "--max-message-bytes", "99999999999999999999999"],
            ["convert", "--to", "apns", "--jobs", "100000"],
            ["convert", "--to", "apns", "--max-bytes", "9223372036854775807"],
            ["normalise", "--max-depth", "5000"],
        ])
    func optionsOutOfRange(_ arguments: [String]) throws {
        let run = try PushnormExecutable.run(arguments, input: Array("{}".utf8))
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains("out of range"), "\(arguments): \(run.stderr)")
    }

    @Test func anExpirationAtTheBottomOfInt64IsLostNotACrash() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("r22-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"sendTime":1800000000}"#.utf8).write(to: directory.appendingPathComponent("o.json"))
        let input = """
            {"aps":{"alert":"a"}}
            {"message":{"token":"t","apns":{"headers":{"apns-expiration":"-9223372036854775808"},"payload":{"aps":{"alert":"b"}}}}}

            """
        let run = try PushnormExecutable.run(
            ["convert", "--to", "pinpoint-message", "--options", "o.json", "--report-loss"], input: Array(input.utf8),
            in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.lines(run).count == 2, "\(run.output)")
        #expect(run.output.contains("out of range"), "\(run.output)")
        let render = try PushnormExecutable.run(
            ["render", "--to", "pinpoint-message", "--options", "o.json"],
            input: Array(#"{"title":"c","delivery":{"expiration":-9223372036854775808}}"#.utf8), in: directory)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stderr.contains("out of range"), "\(render.stderr)")
        // Through the RPC server: the reply computed before the hostile request is written, and the hostile one
        // is answered.
        let requests = """
            {"jsonrpc":"2.0","id":1,"method":"formats"}
            {"jsonrpc":"2.0","id":2,"method":"render","params":{"notification":{"title":"c","delivery":{"expiration":-9223372036854775808}},"format":"pinpoint-message","options":{"sendTime":5}}}

            """
        let rpc = try PushnormExecutable.run(["rpc"], input: Array(requests.utf8))
        #expect(rpc.status == 0, "\(rpc.stderr)")
        #expect(Self.lines(rpc).count == 2, "\(rpc.output)")
        #expect(rpc.output.contains("out of range"), "\(rpc.output)")
    }

    @Test func anIntegerBeyondInt64IsNamedOutOfRange() throws {
        let run = try PushnormExecutable.run(
            ["normalise", "--format", "apns"], input: Array(#"{"aps":{"badge":9223372036854775808}}"#.utf8))
        #expect(run.status == 1)
        #expect(run.stderr.contains("out of range"), "\(run.stderr)")
        #expect(!run.stderr.contains("found integer;"), "\(run.stderr)")
    }

    // MARK: - Every record counted

    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("r22-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func write(_ text: String, _ name: String, in directory: URL) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    static func files(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func aDirectoryAmongSeveralInputsIsRefusedBeforeAnythingIsOpened() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.write("{\"aps\":{}}\n", "a.ndjson", in: directory)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for inputs in [["a.ndjson", "sub"], ["a.ndjson", "missing.ndjson"]] {
            let run = try PushnormExecutable.run(
                ["convert", "--to", "apns", "-o", "out.ndjson"] + inputs, in: directory)
            #expect(run.status == 2, "\(inputs): \(run.stderr)")
            #expect(run.stderr.contains(inputs[1]), "\(run.stderr)")
            let left = try Self.files(directory)
            #expect(left == ["a.ndjson", "sub"], "left behind: \(left)")
        }
    }

    @Test func outputAndErrorsNamingOneFileAreRefused() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.write("{\"aps\":{}}\n", "a.ndjson", in: directory)
        for errors in ["out.ndjson", "./out.ndjson"] {
            let run = try PushnormExecutable.run(
                ["convert", "--to", "apns", "-o", "out.ndjson", "--errors", errors, "a.ndjson"], in: directory)
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr.contains("same file"), "\(run.stderr)")
            #expect(try Self.files(directory) == ["a.ndjson"])
        }
    }

    @Test func errorRecordsNameTheirInputWhenThereAreSeveral() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.write("{\"aps\":{}}\nnope\n", "a.ndjson", in: directory)
        try Self.write("nope\n", "b.ndjson", in: directory)
        let run = try PushnormExecutable.run(["convert", "--to", "apns", "a.ndjson", "b.ndjson"], in: directory)
        let lines = Self.lines(run)
        #expect(lines.count == 3)
        #expect(lines.dropFirst().first?.contains(#""input":"a.ndjson","record":2"#) == true, "\(lines)")
        #expect(lines.last?.contains(#""input":"b.ndjson","record":1"#) == true, "\(lines)")
        let one = try PushnormExecutable.run(["convert", "--to", "apns", "b.ndjson"], in: directory)
        #expect(!one.output.contains("\"input\""), "\(one.output)")
    }

    @Test(
        "a truncated or malformed array is a located error",
        arguments: [
            (#"[{"aps":{}},{"aps":{}}"#, "json.truncated"),
            (#"[{"aps":{}},{"aps":{}},]"#, "empty array element"),
            (#"[{"aps":{}},,{"aps":{}}]"#, "empty array element"),
        ])
    func malformedArrays(_ input: String, _ said: String) throws {
        let run = try PushnormExecutable.run(["convert", "--to", "apns"], input: Array(input.utf8))
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains(said), "\(run.stderr)")
        #expect(run.stderr.contains("line 1"), "\(run.stderr)")
    }

    /// Element 50 of 100 lacks its closing braces: the elements after it are read (resynchronised), so the summary
    /// counts every element of the input, on one line and one per line.
    @Test(arguments: [", ", ",\n"])
    func elementsAfterABrokenOneAreCounted(_ separator: String) throws {
        var elements = (1...100).map { #"{"aps":{"alert":"m\#($0)"}}"# }
        elements[49] = String(elements[49].dropLast(2))
        let input = "[" + elements.joined(separator: separator) + "]\n"
        let run = try PushnormExecutable.run(
            ["convert", "--from", "apns", "--to", "apns", "--jobs", "1"], input: Array(input.utf8))
        #expect(run.status == 1)
        #expect(run.stderr.contains("converted 99, lossy 0, failed 1"), "\(run.stderr)")
        #expect(run.stderr.contains("array element 50"), "\(run.stderr)")
        #expect(run.stderr.contains("resynchronised"), "\(run.stderr)")
        let output = try #require(try JSONParser().parse(run.stdout).arrayValue)
        #expect(output.count == 100)
        #expect(output.last == ["aps": ["alert": "m100"]])
    }

    @Test func anUnreadableFileOfADirectoryIsSaidAsSuch() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.write("{\"aps\":{}}", "a.json", in: directory)
        // A link to nothing: unreadable whoever runs the test (root reads a file without permissions).
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("b.json").path, withDestinationPath: "/nonexistent/b.json")
        let run = try PushnormExecutable.run(["validate", "--records", directory.path])
        #expect(run.output.contains("core.input.unreadable"), "\(run.output)")
        #expect(!run.output.contains("json.truncated"), "\(run.output)")
    }

    // MARK: - Bounded reads

    @Test(
        "every reader of options, specs and stdin is bounded",
        arguments: [
            ["normalise", "--options", "/dev/zero"],
            ["normalise", "--max-bytes", "1000", "/dev/zero"],
            ["render", "--to", "apns", "/dev/zero"],
            ["rpc", "--options", "/dev/zero"],
        ])
    func boundedReaders(_ arguments: [String]) throws {
        // 200 MB of address space: an unbounded read of /dev/zero exhausts it; a bounded one ends at once.
        let run = try MeasuredRun.run(arguments, addressSpaceKiB: 200 * 1024)
        print("bounded read \(arguments.joined(separator: " ")): status \(run.status), peak RSS \(run.peakRSSKiB) KiB")
        #expect(run.status > 0 && run.status < 3, "\(arguments): status \(run.status)")
        #expect(run.peakRSSKiB < 100 * 1024)
    }

    @Test func anOpenRPCDocumentIsReadOnlyUpToItsLimit() throws {
        let requests = Array(#"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"#.utf8) + [0x0A]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("r22-\(UUID().uuidString)").path
        try Data(requests).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let run = try MeasuredRun.run(
            ["rpc", "--openrpc", "/dev/zero"], inputPath: path, addressSpaceKiB: 400 * 1024)
        print("rpc --openrpc /dev/zero: status \(run.status), peak RSS \(run.peakRSSKiB) KiB")
        #expect(run.status == 0)
    }

    // MARK: - Clear words

    @Test(
        "a byte-order mark, an underflow",
        arguments: [
            ("\u{FEFF}{\"aps\":{}}", "json.bom"), (#"{"aps":{"badge":1e-400}}"#, "json.number-out-of-range"),
        ])
    func clearWords(_ input: String, _ code: String) throws {
        let run = try PushnormExecutable.run(["normalise"], input: Array(input.utf8))
        #expect(run.status == 1)
        #expect(run.stderr.contains(code), "\(run.stderr)")
        #expect(run.stderr.contains("byte 0") || code != "json.bom", "\(run.stderr)")
    }

    // MARK: - Nothing left behind

    @Test func resumeRemovesTheWorkingFilesOfKilledRuns() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputs = directory.appendingPathComponent("in")
        let outputs = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        try Self.write("{\"aps\":{}}", "a.json", in: inputs)
        // What a run killed with SIGKILL leaves: working files of a process that is gone.
        try Self.write("{", "a.json.pushnorm-tmp-99999999", in: outputs)
        try Self.write("{", "out.ndjson.pushnorm-tmp-99999998", in: directory)
        let run = try PushnormExecutable.run(
            ["convert", "--to", "apns", "--resume", "-o", outputs.path, inputs.path], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.files(outputs) == ["a.json"])
        try Self.write("{\"aps\":{}}\n", "a.ndjson", in: directory)
        let file = try PushnormExecutable.run(
            ["convert", "--to", "apns", "--resume", "-o", "out.ndjson", "a.ndjson"], in: directory)
        #expect(file.status == 0, "\(file.stderr)")
        #expect(try Self.files(directory) == ["a.ndjson", "in", "out", "out.ndjson"])
    }

    // MARK: - Memory bounded by the limits

    /// A temporary input `before` + `{"aps":{"alert":"xxx…"}}` (a 100 MiB alert: the record is 20 + 100 MiB bytes) +
    /// `after`, written in 1 MiB blocks, and the path for the output.
    static func inputWithAHundredMegabyteAlert(before: String, after: String) throws -> (input: String, output: String)
    {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("r22-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        handle.write(Data((before + #"{"aps":{"alert":""#).utf8))
        let block = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0..<100 { handle.write(block) }
        handle.write(Data(("\"}}" + after).utf8))
        try handle.close()
        return (path, path + ".out")
    }

    /// A 100 MB line between two good records, under a 300 MB address space: skipped as it streams (only its start
    /// is kept, for the error record), the records around it written.
    @Test func aLineOverTheLimitIsSkippedWhileItStreams() throws {
        let (path, output) = try Self.inputWithAHundredMegabyteAlert(
            before: "{\"aps\":{\"alert\":\"a\"}}\n", after: "\n" + #"{"aps":{"alert":"c"}}"# + "\n")
        defer {
            unlink(path)
            unlink(output)
        }
        let run = try MeasuredRun.run(
            ["convert", "--from", "apns", "--to", "apns"], inputPath: path, outputPath: output,
            addressSpaceKiB: 300 * 1024)
        print("100 MB line: status \(run.status), CPU \(run.cpuSeconds) s, peak RSS \(run.peakRSSKiB) KiB")
        #expect(run.status == 1)
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first == #"{"aps":{"alert":"a"}}"#)
        #expect(lines.dropFirst().first?.contains("json.too-large") == true)
        // The error gives the line's real length, not the length of the start that was kept.
        #expect(lines.dropFirst().first?.contains("input is \(20 + 100 << 20) bytes, over the limit") == true)
        #expect(lines.last == #"{"aps":{"alert":"c"}}"#)
        #expect(run.peakRSSKiB < 100 * 1024)
    }

    /// A 100 MB element in the middle of a JSON array, under a 300 MB address space: scanned to its end as it
    /// streams but only its start kept (for the error record), the elements around it written.
    @Test func anArrayElementOverTheLimitIsSkippedWhileItStreams() throws {
        let (path, output) = try Self.inputWithAHundredMegabyteAlert(
            before: "[\n{\"aps\":{\"alert\":\"a\"}},\n", after: ",\n" + #"{"aps":{"alert":"c"}}"# + "\n]\n")
        defer {
            unlink(path)
            unlink(output)
        }
        let run = try MeasuredRun.run(
            ["convert", "--from", "apns", "--to", "apns"], inputPath: path, outputPath: output,
            addressSpaceKiB: 300 * 1024)
        print("100 MB array element: status \(run.status), CPU \(run.cpuSeconds) s, peak RSS \(run.peakRSSKiB) KiB")
        #expect(run.status == 1)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        let records = try #require(try JSONParser().parse(Array(text.utf8)).arrayValue)
        #expect(records.count == 3)
        #expect(JSONWriter().string(records[0]) == #"{"aps":{"alert":"a"}}"#)
        #expect(JSONWriter().string(records[1]).contains("json.too-large"))
        #expect(JSONWriter().string(records[1]).contains("input is \(20 + 100 << 20) bytes, over the limit"))
        #expect(JSONWriter().string(records[2]) == #"{"aps":{"alert":"c"}}"#)
        #expect(run.peakRSSKiB < 100 * 1024)
    }

    /// An array element that never closes and runs past --max-bytes takes the rest of the input with it: its bytes
    /// are not kept, so the elements after it are found by resynchronising, counted as failed, and said.
    @Test func theElementsAfterABrokenElementOverTheLimitAreCounted() throws {
        let good = #"{"aps":{"alert":"ok"}}"#
        let broken = #"{"aps":{"alert":""# + String(repeating: "y", count: 5000) + "\""
        let input = "[" + ([good, good, broken] + Array(repeating: good, count: 5)).joined(separator: ",\n") + "]\n"
        let run = try PushnormExecutable.run(
            ["convert", "--from", "apns", "--to", "apns", "--max-bytes", "1000", "-"], input: Array(input.utf8))
        #expect(run.status == 1)
        #expect(run.stderr.contains("array element 3 (line 3) is not closed and ran past --max-bytes"), "\(run.stderr)")
        #expect(run.stderr.contains("5 elements found after it (by resynchronising) were not kept"), "\(run.stderr)")
        #expect(run.stderr.contains("converted 2, lossy 0, failed 6"), "\(run.stderr)")
        #expect(!run.stderr.contains("top-level array is not closed"), "\(run.stderr)")
    }

    /// 1 MB of `rpc.discover` requests in one batch: the reply stops at 16 MiB, so memory stays bounded.
    @Test func aBatchOfLargeRepliesStaysBounded() throws {
        let element = #"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"#
        let count = (1 << 20) / (element.utf8.count + 1) - 1
        let batch = "[" + Array(repeating: element, count: count).joined(separator: ",") + "]\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("r22-\(UUID().uuidString)").path
        try Data(batch.utf8).write(to: URL(fileURLWithPath: path))
        defer {
            unlink(path)
            unlink(path + ".out")
        }
        let run = try MeasuredRun.run(
            ["rpc"], inputPath: path, outputPath: path + ".out", addressSpaceKiB: 600 * 1024)
        print("batch of \(count) rpc.discover: status \(run.status), peak RSS \(run.peakRSSKiB) KiB")
        #expect(run.status == 0)
        let size = (try FileManager.default.attributesOfItem(atPath: path + ".out")[.size] as? Int) ?? 0
        #expect(size < 16 << 20 + count * 300, "\(size) bytes")
        #expect(run.peakRSSKiB < 300 * 1024)
    }
}

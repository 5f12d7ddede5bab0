import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// `convert` and `validate` hand records to the workers in chunks (128 records or 128 KiB) read straight from the
/// input: records that cross a chunk's end, a record larger than a chunk, blank lines, CRLF, failing records and an
/// unterminated last line give the same bytes with any `--jobs`, in input order, each record with its own line.
@Suite
struct CommandLineChunkTests {
    /// 700 records of 40 B to 3 KB, one of 300 KB, every 37th failing, every 50th followed by a blank line;
    /// with the line each record starts on.
    static func records() -> (lines: [String], starts: [Int]) {
        var lines: [String] = []
        for i in 0..<700 {
            if i == 333 {
                lines.append(#"{"aps":{"alert":"\#(String(repeating: "long ", count: 60_000))","badge":1}}"#)
            } else if i % 37 == 5 {
                lines.append(#"{"aps":{"alert":"bad \#(i)","badge":"not a number"}}"#)
            } else {
                let pad = String(repeating: "é\\\"x", count: (i * 7919) % 700)
                lines.append(#"{"aps":{"alert":"m\#(i) \#(pad)","badge":\#(i)}}"#)
            }
        }
        var starts: [Int] = []
        var line = 1
        for (i, _) in lines.enumerated() {
            starts.append(line)
            line += i % 50 == 49 ? 2 : 1
        }
        return (lines, starts)
    }

    static func ndjson() -> [UInt8] {
        let (lines, _) = records()
        var text = ""
        for (i, record) in lines.enumerated() {
            text += record + (i % 3 == 0 ? "\r\n" : "\n") + (i % 50 == 49 ? "\n" : "")
        }
        var bytes = Array(text.utf8)
        while bytes.last == 0x0A || bytes.last == 0x0D { bytes.removeLast() }  // the last line unterminated
        return bytes
    }

    @Test("NDJSON across chunk boundaries: the same bytes with 1, 3 and 8 jobs, every failure at its own line")
    func ndjsonAcrossChunks() throws {
        let input = Self.ndjson()
        let starts = Self.records().starts
        for arguments in [
            ["convert", "--from", "apns", "--to", "amazon", "--report-loss"], ["validate", "--records"],
        ] {
            let one = try PushnormExecutable.run(arguments + ["--jobs", "1"], input: input)
            #expect(one.status == 1)
            let lines = one.stdout.split(separator: 0x0A)
            #expect(lines.count == 700)
            for (i, line) in lines.enumerated() {
                let value = try JSONParser().parse(Array(line))
                let record = value["error"] ?? value
                if let number = record["record"]?.int64Value {
                    #expect(number == Int64(i + 1))
                    #expect(record["line"]?.int64Value == Int64(starts[i]), "record \(i + 1)")
                }
            }
            for jobs in ["3", "8"] {
                let many = try PushnormExecutable.run(arguments + ["--jobs", jobs], input: input)
                #expect(many.status == one.status)
                #expect(many.stdout == one.stdout, "\(arguments) --jobs \(jobs)")
            }
        }
    }

    @Test("a JSON array across chunk boundaries: the same array with 1 and 4 jobs")
    func arrayAcrossChunks() throws {
        let (lines, _) = Self.records()
        let input = Array(("[\n  " + lines.joined(separator: ",\n  ") + "\n]\n").utf8)
        let one = try PushnormExecutable.run(
            ["convert", "--from", "apns", "--to", "amazon", "--jobs", "1"], input: input)
        #expect(one.status == 1)
        guard case .array(let elements)? = try? JSONParser(maximumBytes: 1 << 30).parse(one.stdout) else {
            Issue.record("not an array: \(one.stderr)")
            return
        }
        #expect(elements.count == 700)
        #expect(elements[5]["error"]?["line"]?.int64Value == 7)
        let four = try PushnormExecutable.run(
            ["convert", "--from", "apns", "--to", "amazon", "--jobs", "4"], input: input)
        #expect(four.stdout == one.stdout)
    }
}

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
}

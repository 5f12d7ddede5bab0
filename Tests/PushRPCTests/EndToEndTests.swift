import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

@testable import PushRPC

#if canImport(Glibc)
    import Glibc
#endif

/// The real executable (``PushnormExecutable``: the one built with these tests) running `pushnorm rpc` over
/// pipes. Without it these tests fail.
@Suite
struct EndToEndTests {
    static let binary = PushnormExecutable.path

    typealias Run = PushnormExecutable.Run

    /// Runs `pushnorm rpc` with `input` on stdin.
    static func run(_ input: [UInt8], arguments: [String] = []) throws -> Run {
        try PushnormExecutable.run(["rpc"] + arguments, input: input)
    }

    static func request(_ id: Int, _ method: String, _ params: JSONValue? = nil, notification: Bool = false)
        -> JSONValue
    {
        var object = JSONObject(uniqueKeysWithValues: [("jsonrpc", "2.0"), ("method", .string(method))])
        if !notification { object["id"] = .integer(Int64(id)) }
        if let params { object["params"] = params }
        return .object(object)
    }

    /// A mix of methods, errors and notifications, by index.
    static func mixed(_ index: Int) -> (message: JSONValue, answered: Bool) {
        let payload: JSONValue = ["aps": ["alert": .string("n\(index)"), "badge": .integer(Int64(index % 50))]]
        switch index % 8 {
        case 0: return (request(index, "normalise", ["payload": payload, "format": "apns"]), true)
        case 1: return (request(index, "validate", ["payload": payload]), true)
        case 2: return (request(index, "convert", ["payload": payload, "to": "apns"]), true)
        case 3: return (request(index, "render", ["notification": ["body": "x"], "format": "apns"]), true)
        case 4: return (request(index, "formats"), true)
        case 5: return (request(index, "no.such"), true)
        case 6: return (request(index, "normalise", ["payload": "{bad"]), true)
        default: return (request(index, "formats", notification: true), false)
        }
    }

    @Test(arguments: TranscriptTests.scenarios)
    func transcriptThroughTheBinary(scenario: String) throws {
        let run = try Self.run(try TranscriptTests.input(scenario))
        #expect(run.status == 0, "\(run.stderr)")
        TranscriptTests.check(run.stdout, scenario: scenario)
    }

    @Test func batchOfAThousandMixedRequestsIsAnsweredInOrder() throws {
        let items = (0..<1000).map(Self.mixed)
        let input = JSONWriter().bytes(.array(items.map(\.message))) + Array("\n".utf8)
        let run = try Self.run(input)
        #expect(run.status == 0)
        let frames = try RPCTestSupport.frames(run.stdout)
        try #require(frames.count == 1)
        #expect(frames[0].0 == .newlineDelimited)
        let replies = try #require(frames[0].1.arrayValue)
        let expectedIDs = items.enumerated().filter(\.element.answered).map { JSONValue.integer(Int64($0.offset)) }
        #expect(replies.map { $0["id"] ?? .null } == expectedIDs)
        for reply in replies {
            let index = Int(reply["id"]?.int64Value ?? -1)
            switch index % 8 {
            case 5: #expect(reply["error"]?["code"] == -32601)
            case 6: #expect(reply["error"]?["code"] == 1005)
            default: #expect(reply["result"] != nil, "\(reply.compactText)")
            }
        }
    }

    @Test func thousandSeparateMessagesInBothFramingsAreAnsweredInOrder() throws {
        var input: [UInt8] = []
        var expected: [(Int, MessageFraming)] = []
        for index in 0..<1000 {
            let (message, answered) = Self.mixed(index)
            let framing: MessageFraming = index % 3 == 0 ? .contentLength : .newlineDelimited
            framing.frame(JSONWriter().bytes(message), into: &input)
            if answered { expected.append((index, framing)) }
        }
        let run = try Self.run(input)
        #expect(run.status == 0)
        let frames = try RPCTestSupport.frames(run.stdout)
        #expect(frames.map { $0.1["id"]?.int64Value.map(Int.init) ?? -1 } == expected.map(\.0))
        #expect(frames.map(\.0) == expected.map(\.1))
    }

    @Test func garbageBetweenValidMessagesDoesNotLoseAnyOfThem() throws {
        let garbage: [[UInt8]] = [
            Array("garbage\n".utf8), [0xFF, 0x00, 0x80, 0x0A], Array("{\"unterminated\": \n".utf8),
            Array("\n\n\r\n".utf8),
            Array("]]]\n".utf8), Array("Content-Length: -1\r\n\r\nxx".utf8),
        ]
        var input: [UInt8] = []
        for index in 0..<120 {
            let framing: MessageFraming = index % 2 == 0 ? .contentLength : .newlineDelimited
            framing.frame(JSONWriter().bytes(Self.request(index, "formats")), into: &input)
            input += garbage[index % garbage.count]
            if index % garbage.count == 5 { input += Array("\n".utf8) }
        }
        let run = try Self.run(input)
        #expect(run.status == 0)
        let frames = try RPCTestSupport.frames(run.stdout)
        let answered = frames.compactMap { $0.1["id"]?.int64Value.map(Int.init) }
        #expect(answered == Array(0..<120))
        #expect(frames.allSatisfy { $0.1["result"] != nil || $0.1["id"] == .null })
    }

    @Test func oversizedMessagesAreRefusedAndSkipped() throws {
        let big = Self.request(
            1, "normalise", ["payload": ["aps": ["alert": .string(String(repeating: "x", count: 2000))]]])
        var input: [UInt8] = []
        MessageFraming.newlineDelimited.frame(JSONWriter().bytes(big), into: &input)
        MessageFraming.contentLength.frame(JSONWriter().bytes(big), into: &input)
        MessageFraming.newlineDelimited.frame(JSONWriter().bytes(Self.request(2, "formats")), into: &input)
        let run = try Self.run(input, arguments: ["--max-message-bytes", "512"])
        #expect(run.status == 0)
        let frames = try RPCTestSupport.frames(run.stdout)
        #expect(frames.map(\.0) == [.newlineDelimited, .contentLength, .newlineDelimited])
        #expect(frames[0].1["error"]?["code"] == -32600)
        #expect(frames[1].1["error"]?["code"] == -32600)
        #expect(frames[0].1["error"]?["data"]?["reason"] == "too-large")
        #expect(frames[2].1["id"] == 2)
        #expect(run.stderr.contains("warning"))
    }

    /// Run from a directory outside the source tree: the document is compiled in, so no file is read.
    @Test func discoverThroughTheBinaryIsTheBuiltInDocument() throws {
        let run = try Self.run(JSONWriter().bytes(Self.request(1, "rpc.discover")) + [0x0A])
        let frames = try RPCTestSupport.frames(run.stdout)
        let document = try #require(frames.first?.1["result"])
        #expect(document == (try OpenRPCDocument.embedded.get()))
        #expect(
            RPCTestSupport.methodSignatures(document) == RPCTestSupport.methodSignatures(try RPCTestSupport.openRPC()))
        try RPCTestSupport.expectSelfContained(document)
    }

    @Test func anOverLimitRequestIsAnsweredWithItsOwnID() throws {
        // 2 MiB, over the default 1 MiB limit, with id 7, in both framings; then a normal request.
        let big = JSONWriter().bytes(
            Self.request(
                7, "normalise", ["payload": ["aps": ["alert": .string(String(repeating: "x", count: 2 << 20))]]]))
        let framed = Array("Content-Length: \(big.count)\r\n\r\n".utf8) + big
        let input = big + [0x0A] + framed + JSONWriter().bytes(Self.request(8, "formats")) + [0x0A]
        let run = try Self.run(input)
        let frames = try RPCTestSupport.frames(run.stdout)
        #expect(frames.map(\.1["id"]) == [7, 7, 8])
        #expect(frames[0].1["error"]?["code"] == -32600)
        #expect(frames[1].1["error"]?["data"]?["reason"] == "too-large")
    }

    @Test func numberIDsAreEchoedAsTheirExactText() throws {
        let input = Array(
            #"""
            {"jsonrpc":"2.0","id":1e3,"method":"formats"}
            [{"jsonrpc":"2.0","id":1.50,"method":"nope"},{"jsonrpc":"2.0","method":"formats"},{"jsonrpc":"2.0","id":-0,"method":"nope"}]
            {"jsonrpc":"2.0","id":"1e3","method":"nope"}

            """#.utf8)
        let run = try Self.run(input)
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix(#"{"jsonrpc":"2.0","id":1e3,"result":"#))
        #expect(lines[1].hasPrefix(#"[{"jsonrpc":"2.0","id":1.50,"error":"#))
        #expect(lines[1].contains(#"{"jsonrpc":"2.0","id":-0,"error":"#))
        #expect(lines[2].hasPrefix(#"{"jsonrpc":"2.0","id":"1e3","error":"#))
    }

    /// A parent that pipes stderr and never reads it: at --log-level debug every request logs a line, the pipe
    /// fills after a few hundred, and the server must still answer all 20 000 (dropping and counting log lines).
    @Test func aServerWhoseStderrIsNeverReadAnswersEveryRequest() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try PushnormExecutable.requirePath())
        process.arguments = ["--log-level", "debug", "rpc"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors  // never read
        try process.run()
        let count = 20_000
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async {
            var block: [UInt8] = []
            for index in 0..<count {
                block += Array(
                    #"{"jsonrpc":"2.0","id":\#(index),"method":"validate","params":{"payload":{"aps":{"alert":"hi"}}}}"#
                        .utf8)
                block.append(0x0A)
                if block.count > 1 << 16 || index == count - 1 {
                    writer.write(Data(block))
                    block.removeAll(keepingCapacity: true)
                }
            }
            try? writer.close()
        }
        let replies = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = replies.split(separator: 0x0A)
        #expect(lines.count == count)
        #expect(
            lines.last.map { String(decoding: $0, as: UTF8.self) }?.hasPrefix(#"{"jsonrpc":"2.0","id":19999,"#) == true)
        #expect(process.terminationStatus == 0)
    }

    @Test func logsGoToStderrAndStdoutHasOnlyReplies() throws {
        let input = Array("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"formats\"}\nnot json\n".utf8)
        let run = try Self.run(input, arguments: ["--log-level", "debug"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("pushnorm rpc: debug: formats id 1"))
        #expect(run.stderr.contains("pushnorm rpc: info: end of input"))
        let frames = try RPCTestSupport.frames(run.stdout)
        #expect(frames.count == 2)
        let quiet = try Self.run(input, arguments: ["--log-level=error"])
        #expect(quiet.stderr.isEmpty)
        #expect(quiet.stdout == run.stdout)
    }

    @Test func emptyInputExitsZeroWithNoOutput() throws {
        let run = try Self.run([])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
    }

    @Test func closedStdoutEndsCleanly() throws {
        // Writing to the child's stdin after it stopped must not kill the test runner.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try PushnormExecutable.requirePath())
        process.arguments = ["rpc", "--log-level", "info"]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        try stdout.fileHandleForReading.close()
        let line = JSONWriter().bytes(Self.request(1, "formats")) + [0x0A]
        // Enough replies to overflow any pipe buffer; the server must stop on EPIPE, not die of SIGPIPE.
        let chunk = Data((0..<200).flatMap { _ in line })
        for _ in 0..<20 {
            do { try stdin.fileHandleForWriting.write(contentsOf: chunk) } catch { break }
        }
        try? stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        let log = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("EPIPE") || log.contains("end of input"), "\(log)")
    }
}

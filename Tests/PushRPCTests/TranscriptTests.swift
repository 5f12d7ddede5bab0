import Foundation
import PushCore
import PushTestSupport
import Testing

@testable import PushRPC

/// Whole conversations in `Transcripts/<scenario>/`: `input.txt` (raw bytes, both framings, garbage,
/// lying lengths) and `output.txt` (the exact bytes the server writes). Run in-process through
/// ``RPCSession`` here, and through the real binary in ``EndToEndTests``.
/// `PUSH_RECORD_GOLDENS=1` rewrites `output.txt` (and still fails).
@Suite struct TranscriptTests {
    static let directory = RPCTestSupport.packageRoot + "/Tests/PushRPCTests/Transcripts"

    /// The scenario folders; a missing or empty folder gives one scenario that fails (``Golden/scenarios(in:)``).
    static var scenarios: [String] { Golden.scenarios(in: directory) }

    static func input(_ scenario: String) throws -> [UInt8] {
        Array(try #require(FileManager.default.contents(atPath: "\(directory)/\(scenario)/input.txt")))
    }

    /// Compares `actual` with the scenario's `output.txt`, or records it.
    static func check(_ actual: [UInt8], scenario: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = "\(directory)/\(scenario)/output.txt"
        if ProcessInfo.processInfo.environment["PUSH_RECORD_GOLDENS"] == "1" {
            _ = FileManager.default.createFile(atPath: path, contents: Data(actual))
            Issue.record(
                "recorded \(path); review it and run again without PUSH_RECORD_GOLDENS", sourceLocation: sourceLocation)
            return
        }
        guard let expected = FileManager.default.contents(atPath: path) else {
            Issue.record("missing \(path) (run with PUSH_RECORD_GOLDENS=1)", sourceLocation: sourceLocation)
            return
        }
        if Array(expected) != actual {
            let expectedLines = String(decoding: expected, as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            let actualLines = String(decoding: actual, as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            let first =
                zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(expectedLines.count, actualLines.count)
            let shown = { (lines: [Substring]) in first < lines.count ? String(lines[first]) : "<end>" }
            let expectedLine = shown(expectedLines)
            let actualLine = shown(actualLines)
            Issue.record(
                "\(scenario): output differs at line \(first + 1)\n expected: \(expectedLine)\n actual:   \(actualLine)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func thereAreTranscripts() {
        #expect(Self.scenarios.count >= 5)
    }

    @Test(arguments: scenarios)
    func transcriptInProcess(scenario: String) throws {
        let input = try Self.input(scenario)
        Self.check(RPCSession.replies(to: input, server: RPCTestSupport.server), scenario: scenario)
    }

    /// The output does not depend on how the input is split into reads.
    @Test(arguments: scenarios)
    func transcriptIsIndependentOfChunking(scenario: String) throws {
        let input = try Self.input(scenario)
        let whole = RPCSession.replies(to: input, server: RPCTestSupport.server)
        for chunk in [1, 7, 64, 4096] {
            var session = RPCSession(server: RPCTestSupport.server)
            var out: [UInt8] = []
            var index = 0
            while index < input.count {
                session.receive(input[index..<min(index + chunk, input.count)], into: &out)
                index += chunk
            }
            session.finish(into: &out)
            #expect(out == whole, "chunk \(chunk)")
        }
    }
}

import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// Whole `pushnorm` runs against goldens: `Fixtures/commands/<scenario>/` holds the inputs, `runs.json` (golden name →
/// the command line, run in the scenario folder) and one `<name>.txt` per run: the exit status, stdout and stderr, with
/// the summary line's timing masked. `source.txt` says where the input comes from. `PUSH_RECORD_GOLDENS=1` rewrites
/// the goldens (and fails).
@Suite
struct CommandGoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Fixtures/commands"
    static let scenarios = Golden.scenarios(in: root)

    /// The run as its golden text.
    static func transcript(_ run: PushnormExecutable.Run) throws -> String {
        let timing = try NSRegularExpression(pattern: #"\d+\.\d{3} s(, \d+ records/s)?"#)
        let stderr = timing.stringByReplacingMatches(
            in: run.stderr, range: NSRange(run.stderr.startIndex..., in: run.stderr), withTemplate: "… s")
        return "exit \(run.status)\n--- stdout\n\(run.output)--- stderr\n\(stderr)"
    }

    @Test func thereAreScenarios() { #expect(Self.scenarios.count >= 4) }

    @Test(arguments: scenarios)
    func scenario(_ name: String) throws {
        let folder = URL(fileURLWithPath: Self.root + "/" + name)
        let runs = try #require(try Golden.load(folder.path + "/runs.json")?.objectValue, "\(name): no runs.json")
        for (golden, command) in runs {
            let arguments = (command.arrayValue ?? []).compactMap(\.stringValue)
            let run = try PushnormExecutable.run(arguments, in: folder)
            let actual = try Self.transcript(run)
            let path = folder.path + "/" + golden + ".txt"
            if ProcessInfo.processInfo.environment["PUSH_RECORD_GOLDENS"] == "1" {
                try Data(actual.utf8).write(to: URL(fileURLWithPath: path))
                Issue.record("recorded \(path); review it and run again without PUSH_RECORD_GOLDENS")
                continue
            }
            let expected = try? String(contentsOfFile: path, encoding: .utf8)
            #expect(expected == actual, "\(name)/\(golden): \(arguments.joined(separator: " "))\n\(actual)")
        }
    }
}

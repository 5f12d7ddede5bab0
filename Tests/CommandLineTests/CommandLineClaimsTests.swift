import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// One test per claim of the command-line article (CommandLine.md) that the other tests do not cover: options,
/// directory input and output, several inputs, the error record's fields, the progress line, detection ties.
@Suite
struct CommandLineClaimsTests {
    /// A fresh folder with `files` (name → text), removed by the caller.
    static func folder(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pushnorm-claims-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return directory
    }

    static func json(_ run: PushnormExecutable.Run) throws -> JSONValue { try JSONParser().parse(run.stdout) }

    static let zegoWithExtraKey =
        #"{"aps":{"alert":"a"},"payload":"{\"image_attachment\":\"https://x.example/a.jpg\",\"k\":1}"}"#
    static let badBadge = #"{"aps":{"alert":"b","badge":"x"}}"#

    @Test(
        "unknown options are usage errors (exit 2)",
        arguments: [
            ["normalise", "--bogus"], ["convert", "--from", "apns", "--to", "amazon", "--frobnicate"],
            ["validate", "--pretty=1"], ["normalise", "--colour", "red"],
        ])
    func unknownOptions(_ arguments: [String]) throws {
        let run = try PushnormExecutable.run(arguments, input: Array(#"{"aps":{}}"#.utf8))
        #expect(run.status == 2, "\(arguments) exited \(run.status)")
        // A flag given a value (`--pretty=1`) is named as such; anything else is an unknown option.
        #expect(
            run.stderr.contains("unknown option") || run.stderr.contains("--pretty takes no value"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func directoryInputWithOutputDirectoryWritesOneFilePerInputFile() throws {
        let directory = try Self.folder(["in/one.json": Self.zegoWithExtraKey, "in/two.json": Self.badBadge])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try PushnormExecutable.run(
            ["convert", "--from", "zego", "--to", "amazon", "-o", "out", "in"], in: directory)
        #expect(run.status == 1)  // one file failed
        let written = try FileManager.default.contentsOfDirectory(
            atPath: directory.appendingPathComponent("out").path)
        #expect(written == ["one.json"])
        let one = try JSONParser().parse(
            Array(try Data(contentsOf: directory.appendingPathComponent("out/one.json"))))
        #expect(one.compactText == #"{"aps":{"alert":"a"},"attachment-url":"https://x.example/a.jpg"}"#)
        #expect(run.stderr.contains("two.json"))
        #expect(run.stderr.contains("apns.badge.not-integer"))
        #expect(run.stderr.contains("converted 1, lossy 1, failed 1"))
    }

    @Test func optionsFileChangesTheRendering() throws {
        let directory = try Self.folder([
            "options.json": #"{"amazonMediaPlacement":"data"}"#, "bad.json": #"{"amazonMediaPlacement":"moon"}"#,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try PushnormExecutable.run(
            ["convert", "--from", "zego", "--to", "amazon", "--options", "options.json"],
            input: Array(Self.zegoWithExtraKey.utf8), in: directory)
        #expect(run.status == 0)
        #expect(
            try Self.json(run).compactText
                == #"{"aps":{"alert":"a"},"data":{"attachment-url":"https://x.example/a.jpg"}}"#)
        let bad = try PushnormExecutable.run(
            ["convert", "--from", "zego", "--to", "amazon", "--options", "bad.json"],
            input: Array(Self.zegoWithExtraKey.utf8), in: directory)
        #expect(bad.status != 0)
        #expect((bad.stderr + bad.output).contains("core.options.invalid"))
    }

    @Test func prettyIsCanonicalText() throws {
        let run = try PushnormExecutable.run(
            ["normalise", "--pretty"], input: Array(#"{"aps":{"alert":"hi","badge":3}}"#.utf8))
        #expect(run.status == 0)
        #expect(
            run.output
                == "{\n  \"badge\": 3,\n  \"body\": \"hi\",\n  \"schemaVersion\": 1,\n  \"source\": \"apns\"\n}\n")
    }

    @Test func fullHasTheNotificationFormatEvidenceAndDiagnostics() throws {
        let run = try PushnormExecutable.run(
            ["normalise", "--full"], input: Array(#"{"aps":{"alert":"hi","badge":-1,"mutable-content":true}}"#.utf8))
        #expect(run.status == 0)
        let full = try Self.json(run)
        #expect(full.objectValue?.keys == ["notification", "format", "evidence", "diagnostics"])
        #expect(full["format"] == "apns")
        #expect(full["evidence"] == ["/aps"])
        #expect(full["notification"]?["badge"] == -1)
        let finding = try #require(full["diagnostics"]?.arrayValue?.first?.objectValue)
        #expect(finding["path"] == "/aps/mutable-content")
        #expect(finding["severity"] == "warning")
    }

    @Test func targetAddsTheTargetsFindings() throws {
        // Valid as zego; rendered into plain apns, its media has nowhere to go.
        let plain = try PushnormExecutable.run(
            ["validate", "--format", "zego"], input: Array(Self.zegoWithExtraKey.utf8))
        let targeted = try PushnormExecutable.run(
            ["validate", "--format", "zego", "--target", "apns"], input: Array(Self.zegoWithExtraKey.utf8))
        let plainCodes = try Self.json(plain)["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
        let targetCodes =
            try Self.json(targeted)["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
        #expect(!plainCodes.contains("core.conversion.lost"))
        #expect(targetCodes.contains("core.conversion.lost"), "\(targetCodes)")
        for arguments in [["validate", "--target", "carrier-pigeon"], ["validate", "--format", "carrier-pigeon"]] {
            let unknown = try PushnormExecutable.run(arguments, input: Array(#"{"aps":{}}"#.utf8))
            #expect(unknown.status == 2, "\(arguments)")
        }
        let catalogue = try PushnormExecutable.run(
            ["validate", "--format", "hive-actions"], input: Array(#"{"actions":{},"categories":{}}"#.utf8))
        #expect(catalogue.status == 0)
    }

    /// `--records`: stdout is NDJSON only (one line per record); the summary goes to stderr (issue 13).
    @Test func recordsWritesOneLinePerRecordAndTheSummaryToStderr() throws {
        let input = #"{"aps":{"alert":"a","badge":-1}}"# + "\n" + #"{"aps":{"alert":"c"}}"# + "\n"
        let run = try PushnormExecutable.run(["validate", "--records"], input: Array(input.utf8))
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "stdout: \(run.output)")
        let first = try JSONParser().parse(lines[0])
        #expect(first["valid"] == false)
        #expect(first["diagnostics"]?.arrayValue?.first?["code"] == "apns.badge.negative")
        #expect(try JSONParser().parse(lines[1])["valid"] == true)
        #expect(run.stderr.contains("validated 2: 1 valid, 1 invalid"))
        #expect(run.stderr.contains("apns.badge.negative"))
    }

    @Test func strictFailsALossyConversionWithExitOne() throws {
        let lenient = try PushnormExecutable.run(
            ["convert", "--from", "zego", "--to", "amazon"], input: Array(Self.zegoWithExtraKey.utf8))
        #expect(lenient.status == 0)
        let strict = try PushnormExecutable.run(
            ["convert", "--from", "zego", "--to", "amazon", "--strict"], input: Array(Self.zegoWithExtraKey.utf8))
        #expect(strict.status == 1)
        let error = try #require(try Self.json(strict)["error"])
        #expect(error["code"] == "core.conversion.lost")
        #expect(error["message"]?.stringValue?.contains("/extensions/zego/payload/k") == true)
        let lossless = try PushnormExecutable.run(
            ["convert", "--from", "apns", "--to", "amazon", "--strict"], input: Array(#"{"aps":{"alert":"a"}}"#.utf8))
        #expect(lossless.status == 0)
    }

    @Test func formatsListsEveryFormatWithVendorAndForm() throws {
        let run = try PushnormExecutable.run(["formats"])
        #expect(run.status == 0)
        let rows = run.output.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        let names = rows.compactMap(\.first)
        #expect(
            Set(names).isSuperset(of: [
                "apns", "hive", "hive-local", "amazon", "pinpoint", "pinpoint-message", "sns", "zego",
                "zego-push-config", "zego-offline-push",
            ]), "\(names)")
        #expect(rows.allSatisfy { $0.count >= 4 }, "\(rows)")
        #expect(rows.first { $0.first == "sns" }?[1] == "amazon")
        #expect(rows.first { $0.first == "sns" }?[2] == "send")
    }

    @Test func renderWritesTheFormatFromACanonicalNotification() throws {
        let canonical = #"{"schemaVersion":1,"body":"hi","badge":2,"media":[{"url":"https://x.example/a.jpg"}]}"#
        let run = try PushnormExecutable.run(["render", "--format", "amazon"], input: Array(canonical.utf8))
        #expect(run.status == 0)
        #expect(run.output == #"{"aps":{"alert":"hi","badge":2},"attachment-url":"https://x.example/a.jpg"}"# + "\n")
        let hive = try PushnormExecutable.run(
            ["render", "--format", "hive"], input: Array(#"{"schemaVersion":1,"body":"hi","group":"g"}"#.utf8))
        #expect(hive.output == #"{"aps":{"alert":"hi","thread-id":"g"},"groupId":"g"}"# + "\n")
    }

    @Test func severalInputFilesAreConvertedInOrder() throws {
        let directory = try Self.folder([
            "a.json": #"{"aps":{"alert":"a"}}"#,
            "b.ndjson": #"{"aps":{"alert":"b1"}}"# + "\n" + #"{"aps":{"alert":"b2"}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try PushnormExecutable.run(
            ["convert", "--from", "apns", "--to", "hive", "a.json", "b.ndjson"], in: directory)
        #expect(run.status == 0)
        let alerts = try run.output.split(separator: "\n").map { try JSONParser().parse(String($0))["aps"]?["alert"] }
        #expect(alerts == ["a", "b1", "b2"])
    }

    @Test func anInPlaceErrorRecordHasEveryDocumentedField() throws {
        let input = #"{"aps":{"alert":"ok"}}"# + "\n\n" + Self.badBadge + "\n"
        let run = try PushnormExecutable.run(["convert", "--from", "apns", "--to", "amazon"], input: Array(input.utf8))
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let error = try #require(try JSONParser().parse(lines[1])["error"]?.objectValue)
        #expect(error.keys == ["record", "line", "code", "path", "message", "diagnostics"])
        #expect(error["record"] == 2)
        #expect(error["line"] == 3)
        #expect(error["code"] == "apns.badge.not-integer")
        #expect(error["path"] == "/aps/badge")
        #expect(error["message"]?.stringValue?.isEmpty == false)
        let finding = try #require(error["diagnostics"]?.arrayValue?.first?.objectValue)
        #expect(finding.keys == ["severity", "code", "path", "message"])
    }

    @Test func aProgressLineGoesToATerminalOnly() throws {
        let record = #"{"aps":{"alert":"x","badge":1}}"# + "\n"
        let directory = try Self.folder(["in.ndjson": String(repeating: record, count: 20_000)])
        defer { try? FileManager.default.removeItem(at: directory) }
        // Not a terminal: the summary only.
        let piped = try PushnormExecutable.run(
            ["convert", "--from", "apns", "--to", "amazon", "-o", "out.ndjson", "in.ndjson"], in: directory)
        #expect(piped.status == 0)
        #expect(!piped.stderr.contains("\r"))
        #expect(piped.stderr.contains("converted 20000, lossy 0, failed 0"))
        // A terminal (script(1) gives the command one), reading a FIFO that this test feeds in two parts a second
        // apart: however fast the conversion, the second part's records are written past the first progress
        // interval (0.5 s), so a progress line, rewritten in place, must appear. A FIFO's size says nothing of
        // what it will deliver: the line has no ETA.
        let fifo = directory.appendingPathComponent("in.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let arguments = ["convert", "--from", "apns", "--to", "amazon", "-o", "out.ndjson", "in.fifo"]
        let command = ([try PushnormExecutable.requirePath()] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qefc", command, "/dev/null"]
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Opened without blocking (ENXIO until the command opens its end), so a command that never opens it
        // fails the test instead of hanging it.
        var writer: Int32 = -1
        let deadline = Date().addingTimeInterval(60)
        while writer < 0 && Date() < deadline && process.isRunning {
            writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer < 0 { usleep(10_000) }
        }
        try #require(writer >= 0, "pushnorm never opened the FIFO")
        _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) & ~O_NONBLOCK)
        let part = Array(String(repeating: record, count: 10_000).utf8)  // 330 KB: more than two chunks
        func send(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                var sent = 0
                while sent < buffer.count {
                    let wrote = write(writer, base + sent, buffer.count - sent)
                    if wrote <= 0 { return }
                    sent += wrote
                }
            }
        }
        send(part)
        usleep(1_000_000)
        send(part)
        close(writer)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains(#/\r\d+ records, \d+\/s, \d+ KiB/#), "no progress line in \(text.debugDescription)")
        #expect(!text.contains("ETA"))
        #expect(text.contains("converted 20000, lossy 0, failed 0"))
    }

    @Test func aTieIsAnnouncedAndResolvedByRegistryOrder() throws {
        // `groupId` is certain evidence for hive, `attachment-url` for amazon: a tie, hive is registered first.
        let payload = Array(#"{"aps":{"alert":"x"},"groupId":"g","attachment-url":"https://x.example/a.jpg"}"#.utf8)
        let auto = try Self.json(try PushnormExecutable.run(["normalise", "--full"], input: payload))
        #expect(auto["format"] == "hive")
        let ambiguous = try #require(auto["diagnostics"]?.arrayValue?.first { $0["code"] == "core.format.ambiguous" })
        #expect(ambiguous["severity"] == "warning")
        #expect(ambiguous["message"]?.stringValue?.contains("hive, amazon") == true)
        // An explicit format always wins, with no warning.
        let named = try Self.json(
            try PushnormExecutable.run(["normalise", "--full", "--format", "amazon"], input: payload))
        #expect(named["format"] == "amazon")
        #expect(named["diagnostics"]?.arrayValue?.contains { $0["code"] == "core.format.ambiguous" } == false)
    }
}

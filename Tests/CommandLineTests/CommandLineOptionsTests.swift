import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// The strict command line: option tables, suggestions, global options, help from the tables (golden files in
/// `Help/`, `PUSH_RECORD_GOLDENS=1` rewrites them and still fails), the documented synopsis, and the input edge cases.
@Suite
struct CommandLineOptionsTests {
    static let helpDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Help")
    static let commands = [
        "normalise", "validate", "render", "convert", "variables", "report", "formats", "rpc", "explain", "options",
        "help",
    ]
    static let payload = Array(#"{"aps":{"alert":"hi"},"payload":"{}","custom":1}"#.utf8)

    // MARK: - Unknown options, missing values

    @Test func aMistypedOptionExitsTwoAndSuggestsTheClosest() throws {
        let run = try PushnormExecutable.run(
            ["convert", "--from", "zego", "--to", "hive", "--stict"], input: Self.payload)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("unknown option --stict for convert (did you mean --strict?)"))
        #expect(run.stderr.contains("pushnorm convert --help"))
        let from = try PushnormExecutable.run(["convert", "--frm", "zego", "--to", "hive"], input: Self.payload)
        #expect(from.status == 2)
        #expect(from.stderr.contains("unknown option --frm for convert (did you mean --from?)"))
    }

    @Test(
        "usage errors name the problem",
        arguments: [
            (["convert", "--to"], "--to needs a value (FORMAT)"),
            (["convert", "--from", "--to", "hive"], "--from needs a value (FORMAT)"),
            (["convert", "--to", "hive", "--strict=yes"], "--strict takes no value"),
            (["convert", "--to", "hive", "--jobs", "0"], "--jobs takes a positive whole number"),
            (["convert", "--to", "hive", "--to", "apns"], "--to given twice"),
            (["normalise", "--target", "apns"], "unknown option --target for normalise"),
            (["formats", "extra"], "formats takes no operands"),
            (["normalise", "a.json", "b.json"], "normalise takes at most 1 operand"),
            (["convrt"], "unknown command \"convrt\" (did you mean convert?)"),
            (["--format", "apns", "normalise"], "--format is an option of normalise: put it after the command"),
            (["rpc", "--log-level", "loud"], "--log-level must be error, warning, info or debug"),
            (["convert", "--to", "carrier-pigeon"], "unknown format \"carrier-pigeon\""),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let run = try PushnormExecutable.run(arguments, input: Self.payload)
        #expect(run.status == 2, "\(arguments)")
        #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
    }

    @Test func globalOptionsAreAcceptedBeforeOrAfterTheCommand() throws {
        let request = Array(#"{"jsonrpc":"2.0","id":1,"method":"formats"}"#.utf8) + [0x0A]
        for arguments in [
            ["--log-level", "debug", "rpc"], ["rpc", "--log-level", "debug"], ["rpc", "--log-level=debug"],
        ] {
            let run = try PushnormExecutable.run(arguments, input: request)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("pushnorm rpc: debug: formats id 1"), "\(arguments)")
        }
        let before = try PushnormExecutable.run(["--log-level", "error", "normalise"], input: Self.payload)
        #expect(before.status == 0)
    }

    @Test func theUnknownFormatErrorListsTheRegistryWithTheCatalogue() throws {
        let run = try PushnormExecutable.run(["convert", "--to", "zgo"], input: Self.payload)
        #expect(run.stderr.contains("hive-actions (catalogue)"))
        #expect(run.stderr.contains("(did you mean zego?)"))
    }

    // MARK: - Help

    @Test(arguments: ["overview"] + commands)
    func helpMatchesItsGolden(command: String) throws {
        let arguments = command == "overview" ? ["--help"] : [command, "--help"]
        let run = try PushnormExecutable.run(arguments)
        #expect(run.status == 0)
        let path = Self.helpDirectory.appendingPathComponent("\(command).txt").path
        if Golden.isRecording {
            try Data(run.stdout).write(to: URL(fileURLWithPath: path))
            Issue.record("recorded \(path); review it and run again without PUSH_RECORD_GOLDENS")
            return
        }
        let golden = try #require(FileManager.default.contents(atPath: path), "missing \(path)")
        #expect(run.output == String(decoding: golden, as: UTF8.self), "\(path) differs (PUSH_RECORD_GOLDENS=1)")
        if command != "overview" {
            #expect(try PushnormExecutable.run(["help", command]).stdout == run.stdout)
            #expect(try PushnormExecutable.run([command, "-h"]).stdout == run.stdout)
        }
    }

    @Test func helpListsTheOpenRPCOverrideAndEveryFormatFromTheRegistry() throws {
        let rpc = try PushnormExecutable.run(["rpc", "--help"]).output
        #expect(rpc.contains("--openrpc PATH"))
        #expect(rpc.contains("--options FILE"))
        let formats = try PushnormExecutable.run(["formats"]).output.split(separator: "\n").map {
            String($0.split(separator: "\t")[0])
        }
        let overview = try PushnormExecutable.run(["--help"]).output
        for name in formats { #expect(overview.contains(name), "\(name) missing from --help") }
        #expect(overview.contains("hive-actions (catalogue)"))
        #expect(try PushnormExecutable.run(["formats"]).output.contains("hive-actions\thive\tcatalogue\t"))
    }

    /// The synopsis in the DocC article on the command line is `pushnorm --help`'s USAGE section.
    @Test func commandLineArticleSynopsisMatchesHelp() throws {
        let article = try String(
            contentsOfFile: PushnormExecutable.packageRoot
                + "/Sources/PushNormaliser/PushNormaliser.docc/CommandLine.md",
            encoding: .utf8)
        let section = try #require(article.range(of: "## Synopsis\n\n```\n"))
        let end = try #require(article[section.upperBound...].range(of: "```"))
        let documented = article[section.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        let help = try PushnormExecutable.run(["--help"]).output
        let usage = help.components(separatedBy: "USAGE\n")[1].components(separatedBy: "\n\n")[0]
        let expected = usage.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(documented == expected)
    }

    /// Help is read where the README is not (an installed binary): it names no README section, and every command's
    /// help has examples.
    @Test(arguments: commands)
    func helpHasExamplesAndNoReadmeReference(command: String) throws {
        let help = try PushnormExecutable.run([command, "--help"]).output
        #expect(!help.contains("README"), "\(command)")
        #expect(help.contains("\nEXAMPLES\n  "), "\(command)")
        #expect(!(try PushnormExecutable.run(["--help"]).output.contains("README")))
    }

    // MARK: - Inputs

    @Test(arguments: [["normalise"], ["render", "--format", "apns"], ["convert", "--to", "apns"], ["validate"]])
    func emptyInputIsNoRecords(arguments: [String]) throws {
        for input in ["", " \n\t\n"] {
            let run = try PushnormExecutable.run(arguments, input: Array(input.utf8))
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr.contains("no records in standard input"), "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("json.truncated"))
        }
    }

    @Test func aDirectoryWhereOnePayloadIsReadOrConvertWithoutOutputSaysSo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushnorm-dir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.payload).write(to: directory.appendingPathComponent("a.json"))
        let normalise = try PushnormExecutable.run(["normalise", directory.path])
        #expect(normalise.status == 2)
        #expect(normalise.stderr.contains("is a directory"))
        let convert = try PushnormExecutable.run(["convert", "--to", "apns", directory.path])
        #expect(convert.status == 2)
        #expect(convert.stderr.contains("needs -o DIR"))
    }

    @Test func validateRecordsWritesOnlyNDJSONToStdout() throws {
        let input = Array("{\"aps\":{\"alert\":\"a\"}}\n{\"aps\":{\"alert\":\"b\",\"badge\":-1}}\n".utf8)
        let run = try PushnormExecutable.run(["validate", "--records"], input: input)
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines { #expect((try? JSONParser().parse(Array(line.utf8)))?["record"] != nil) }
        #expect(run.stderr.contains("validated 2: 1 valid, 1 invalid"))
    }

    // MARK: - rpc options

    @Test func rpcOptionsFileSetsServerWideDefaultsThatACallOverrides() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushnorm-opt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"amazonMediaPlacement":"data"}"#.utf8).write(to: directory.appendingPathComponent("o.json"))
        let payload = #"{"aps":{"alert":"hi"},"payload":"{\"image_attachment\":\"https://x.example/a.jpg\"}"}"#
        let input = """
            {"jsonrpc":"2.0","id":1,"method":"convert","params":{"payload":\(payload),"from":"zego","to":"amazon"}}
            {"jsonrpc":"2.0","id":2,"method":"convert","params":{"payload":\(payload),"from":"zego","to":"amazon","options":{"amazonMediaPlacement":"top"}}}

            """
        let run = try PushnormExecutable.run(["rpc", "--options", "o.json"], input: Array(input.utf8), in: directory)
        let replies = try run.output.split(separator: "\n").map { try JSONParser().parse(Array($0.utf8)) }
        #expect(replies.count == 2)
        #expect(replies.first?["result"]?["payload"]?["data"]?["attachment-url"] == "https://x.example/a.jpg")
        #expect(replies.last?["result"]?["payload"]?["attachment-url"] == "https://x.example/a.jpg")
        try Data(#"{"nope":1}"#.utf8).write(to: directory.appendingPathComponent("bad.json"))
        let bad = try PushnormExecutable.run(["rpc", "--options", "bad.json"], in: directory)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("`nope` is not a known option"))
    }
}

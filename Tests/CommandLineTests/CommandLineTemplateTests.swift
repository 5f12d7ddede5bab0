import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// `pushnorm convert --substitutions FILE` and `pushnorm variables` (issue 23, item 2): templates rendered with a
/// file's values over the template's defaults, what is left verbatim said on stderr; a bad file is a located usage
/// error; the variables listed with their JSON Pointers.
@Suite
struct CommandLineTemplateTests {
    static let template = #"""
        {"GCM":{"Title":"Hello {{User.UserAttributes.FirstName}}","Body":"{{Attributes.Item}} for {{Attributes.Who}}"},
         "DefaultSubstitutions":"{\"User.UserAttributes.FirstName\":\"there\",\"Attributes.Item\":\"tea\"}"}
        """#

    /// A scratch directory holding `files`, removed after `body`.
    static func withFiles<T>(_ files: [String: String], _ body: (URL) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushnorm-subst-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return try body(directory)
    }

    @Test func substitutionsFileRendersOverTheDefaultsAndSaysWhatIsLeft() throws {
        let files = ["t.json": Self.template, "values.json": #"{"Attributes":{"Item":["coffee","cake"]}}"#]
        let run = try Self.withFiles(files) { directory in
            try PushnormExecutable.run(
                ["convert", "--from", "pinpoint-template", "--to", "fcm", "--substitutions", "values.json", "t.json"],
                in: directory)
        }
        #expect(run.status == 0, "\(run.stderr)")
        let output = try JSONParser().parse(run.stdout)
        #expect(output["android"]?["notification"]?["title"] == "Hello there")
        #expect(output["android"]?["notification"]?["body"] == "coffee for {{Attributes.Who}}")
        #expect(
            run.stderr.contains(
                "warning core.template.unrendered at /GCM: `Attributes.Who` left verbatim: no substitution gives it a value"
            ), "\(run.stderr)")
    }

    @Test func withoutTheOptionThePlaceholdersStay() throws {
        let run = try PushnormExecutable.run(
            ["convert", "--from", "pinpoint-template", "--to", "fcm"], input: Array(Self.template.utf8))
        #expect(run.status == 0)
        let output = try JSONParser().parse(run.stdout)
        #expect(output["android"]?["notification"]?["title"] == "Hello {{User.UserAttributes.FirstName}}")
        #expect(!run.stderr.contains("core.template."))
    }

    @Test func aBadSubstitutionsFileIsALocatedUsageError() throws {
        let files = ["t.json": Self.template, "bad.json": #"{"Attributes":{"Item":3}}"#, "broken.json": "{"]
        let (bad, broken, missing) = try Self.withFiles(files) { directory in
            (
                try PushnormExecutable.run(
                    ["convert", "--to", "fcm", "--substitutions", "bad.json", "t.json"], in: directory),
                try PushnormExecutable.run(
                    ["convert", "--to", "fcm", "--substitutions", "broken.json", "t.json"], in: directory),
                try PushnormExecutable.run(
                    ["convert", "--to", "fcm", "--substitutions", "none.json", "t.json"], in: directory)
            )
        }
        #expect(bad.status == 2)
        #expect(bad.stdout.isEmpty)
        #expect(
            bad.stderr.contains(
                "--substitutions bad.json: error core.template.substitutions-invalid at /Attributes/Item: "
                    + "`Attributes.Item` must be a list of strings or a string, found integer"), "\(bad.stderr)")
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("--substitutions broken.json:"), "\(broken.stderr)")
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("none.json"), "\(missing.stderr)")
    }

    @Test func variablesListsThePlaceholdersWithTheirPaths() throws {
        let run = try PushnormExecutable.run(["variables"], input: Array(Self.template.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let output = try JSONParser().parse(run.stdout)
        let paths = (output["variables"]?.arrayValue ?? []).compactMap { $0["path"]?.stringValue }
        #expect(paths == ["/GCM/Title", "/GCM/Body", "/GCM/Body"])
        #expect(output["names"] == ["User.UserAttributes.FirstName", "Attributes.Item", "Attributes.Who"])
        let invalid = try PushnormExecutable.run(["variables"], input: Array("{".utf8))
        #expect(invalid.status == 1)
        #expect(invalid.stderr.contains("error json.truncated at /"), "\(invalid.stderr)")
    }
}

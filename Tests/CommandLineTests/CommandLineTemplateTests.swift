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

    static let mediaTemplate = #"""
        {"APNS":{"Title":"Hi {{User.UserAttributes.FirstName}}","Body":"b","MediaUrl":"{{Attributes.Image}}"}}
        """#

    @Test func validateChecksTheRenderedValues() throws {
        let files = [
            "t.json": Self.mediaTemplate, "bad.json": #"{"Attributes.Image":"not a url"}"#,
            "good.json": #"{"Attributes.Image":"https://cdn.example.com/a.png","User.UserAttributes.FirstName":"Ana"}"#,
        ]
        let (plain, bad, good) = try Self.withFiles(files) { directory in
            (
                try PushnormExecutable.run(["validate", "--format", "pinpoint-template", "t.json"], in: directory),
                try PushnormExecutable.run(
                    ["validate", "--format", "pinpoint-template", "--substitutions", "bad.json", "t.json"],
                    in: directory),
                try PushnormExecutable.run(
                    ["validate", "--format", "pinpoint-template", "--substitutions", "good.json", "t.json"],
                    in: directory)
            )
        }
        // A placeholder URL is a template value, checked once rendered.
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(try JSONParser().parse(plain.stdout)["valid"] == true)
        #expect(bad.status == 1, "\(bad.stderr)")
        let found = try #require(try JSONParser().parse(bad.stdout)["diagnostics"]?.arrayValue).map {
            [$0["severity"]?.stringValue, $0["code"]?.stringValue, $0["path"]?.stringValue]
        }
        #expect(found.contains(["error", "media.url.invalid", "/APNS/MediaUrl"]), "\(found)")
        #expect(found.contains(["warning", "core.template.unrendered", "/APNS/Title"]), "\(found)")
        #expect(good.status == 0, "\(good.stdout)")
        let kept = try #require(try JSONParser().parse(good.stdout)["diagnostics"]?.arrayValue)
        #expect(!kept.contains { $0["code"]?.stringValue?.hasPrefix("core.template.") == true })
    }

    @Test func normaliseAndRenderRenderTheTemplates() throws {
        let files = [
            "t.json": Self.template, "values.json": #"{"Attributes.Who":"you"}"#,
            "n.json": #"{"title":"Hi {{X}}","body":"{{Y}}"}"#, "x.json": #"{"X":["Ana"]}"#,
        ]
        let (normalised, rendered) = try Self.withFiles(files) { directory in
            (
                try PushnormExecutable.run(
                    ["normalise", "--format", "pinpoint-template", "--substitutions", "values.json", "t.json"],
                    in: directory),
                try PushnormExecutable.run(
                    ["render", "--format", "apns", "--substitutions", "x.json", "n.json"], in: directory)
            )
        }
        #expect(normalised.status == 0, "\(normalised.stderr)")
        let notification = try JSONParser().parse(normalised.stdout)
        // The file's value and the template's DefaultSubstitutions.
        #expect(notification["android"]?["title"] == "Hello there", "\(notification)")
        #expect(notification["android"]?["body"] == "tea for you", "\(notification)")
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(try JSONParser().parse(rendered.stdout)["aps"]?["alert"] == ["title": "Hi Ana", "body": "{{Y}}"])
        #expect(
            rendered.stderr.contains(
                "warning core.template.unrendered at /body: `Y` left verbatim: no substitution gives it a value"),
            "\(rendered.stderr)")
    }

    @Test func aBadSubstitutionsFileIsAUsageErrorForEveryCommand() throws {
        let files = ["t.json": Self.template, "bad.json": #"{"Attributes":{"Item":3}}"#, "n.json": #"{"title":"t"}"#]
        let runs = try Self.withFiles(files) { directory in
            try [
                ["normalise", "--substitutions", "bad.json", "t.json"],
                ["validate", "--substitutions", "bad.json", "t.json"],
                ["render", "--format", "apns", "--substitutions", "bad.json", "n.json"],
            ].map { try PushnormExecutable.run($0, in: directory) }
        }
        for run in runs {
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stdout.isEmpty)
            #expect(
                run.stderr.contains(
                    "--substitutions bad.json: error core.template.substitutions-invalid at /Attributes/Item: "),
                "\(run.stderr)")
        }
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

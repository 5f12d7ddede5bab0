import Foundation
import HiveAdapter
import PushCore
import PushTestSupport
import Testing

@Suite("Hive action catalogue (hive-actions)")
struct HiveActionCatalogueTests {
    /// `input.json`, `diagnostics.json` (normalise + validate), `rendered.json` when the rendering
    /// differs from the input, and `catalogue.json`… none: the catalogue's canonical form is its rendering.
    @Test("golden scenario", arguments: HiveFixtures.scenarios("hive-actions"))
    func goldenScenario(_ scenario: String) throws {
        let folder = HiveFixtures.directory("hive-actions") + "/" + scenario
        let input = try #require(try Golden.load(folder + "/input.json"))
        var diagnostics: [Diagnostic] = []
        let catalogue = HiveActionCatalogue.normalise(input, diagnostics: &diagnostics)
        if let catalogue { diagnostics += catalogue.validate() }
        var problems = Golden.compare(Golden.diagnosticsJSON(diagnostics), with: folder + "/diagnostics.json")
        for diagnostic in diagnostics where diagnostic.path.resolve(in: input) == nil {
            problems.append("\(diagnostic.code) at \(diagnostic.path) does not resolve in the input")
        }
        #expect(HiveActionCatalogue.validate(input) == diagnostics)
        if let catalogue {
            let rendered = catalogue.render()
            let sameAsInput = Golden.isExactlyEqual(rendered, input, keyOrder: .asWritten)
            if FileManager.default.fileExists(atPath: folder + "/rendered.json") || (Golden.isRecording && !sameAsInput)
            {
                problems += Golden.compare(rendered, with: folder + "/rendered.json", keyOrder: .asWritten)
            } else if !sameAsInput {
                problems.append(
                    "render(normalise(input)) != input:\n"
                        + Golden.difference(input, rendered, keyOrder: .asWritten).joined(separator: "\n"))
            }
            var again: [Diagnostic] = []
            #expect(HiveActionCatalogue.normalise(rendered, diagnostics: &again) == catalogue)
        } else if FileManager.default.fileExists(atPath: folder + "/rendered.json") {
            problems.append("\(folder)/rendered.json exists but the input reads as no catalogue")
        }
        problems += Self.unknownFiles(in: folder)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// A scenario folder holds `input.json`, `diagnostics.json` and maybe `rendered.json`: anything else fails.
    static func unknownFiles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !["input.json", "diagnostics.json", "rendered.json"].contains($0) }.sorted().map {
            "\(folder)/\($0): not a known golden file"
        }
    }

    @Test func theBuiltInCatalogueIsValid() {
        #expect(HiveActionCatalogue.builtIn.validate().isEmpty)
        #expect(HiveActionCatalogue.builtIn.categories.count == 9)
        #expect(HiveActionCatalogue.builtIn.actions.count == 12)
        #expect(
            HiveActionCatalogue.builtIn.category(withID: "ACCEPT_DECISION_CATEGORY")?.actionIDs == [
                "ACCEPT_ID", "REJECT_ID", "HOLDING_ID",
            ])
    }

    @Test func theBuiltInCatalogueRoundTrips() throws {
        var diagnostics: [Diagnostic] = []
        let rendered = HiveActionCatalogue.builtIn.render()
        let back = try #require(HiveActionCatalogue.normalise(rendered, diagnostics: &diagnostics))
        #expect(diagnostics.isEmpty)
        #expect(back == HiveActionCatalogue.builtIn)
    }

    @Test func locatesDiagnosticsUnderAGivenPath() {
        let options: JSONValue = [
            "hiveActionCatalogue": [
                "actions": ["X_ID": ["title": ["ko": "엑스"]]], "categories": ["X_CATEGORY": ["X_ID"]],
            ]
        ]
        let diagnostics = HiveActionCatalogue.validate(
            options["hiveActionCatalogue"] ?? .null, at: "/hiveActionCatalogue")
        #expect(diagnostics.map(\.code) == [.hiveActionsDefaultLanguageMissing])
        #expect(diagnostics.first?.path == "/hiveActionCatalogue/actions/X_ID/title")
        #expect(diagnostics.first.map { $0.path.resolve(in: options) != nil } == true)
    }

    @Test func rendersTitlesEnglishFirst() {
        let catalogue = HiveActionCatalogue(
            actions: [.init(id: "A_ID", titles: ["ko": "에이", "de": "A", "en": "A"])], categories: [])
        let keys = catalogue.render()["actions"]?["A_ID"]?["title"]?.objectValue?.keys
        #expect(keys == ["en", "de", "ko"])
    }

    /// `rpc-spec/hive-actions.schema.json` states the same limits as the validator.
    @Test func theJSONSchemaStatesTheValidatorsLimits() throws {
        let path = Golden.fixturesDirectory() + "/../../../rpc-spec/hive-actions.schema.json"
        let schema = try #require(try Golden.load(path))
        #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        let definitions = try #require(schema["$defs"])
        #expect(definitions["category"]?["maxItems"] == 3)
        #expect(definitions["titles"]?["maxProperties"] == 16)
        #expect(definitions["titles"]?["required"] == ["en"])
        #expect(schema["required"] == ["actions", "categories"])
        let valid = try #require(schema["examples"]?.arrayValue?.first)
        #expect(HiveActionCatalogue.validate(valid).isEmpty)
    }
}

import Foundation
import JSONCodec
import PushCore
import PushNormaliser
import PushTestSupport
import Testing

/// `pushnorm validate --format hms` on Huawei's demos and documented limits: `Fixtures/validation-hms/<scenario>/`
/// holds `input.json`, `source.txt` (where the message comes from) and `validation.json`
/// (`{valid, diagnostics: [{severity, code, path}]}`).
@Suite("HMS validation")
struct HMSValidationTests {
    static let fixtures = Golden.fixturesDirectory() + "/validation-hms"
    static let scenarios = Golden.scenarios(in: fixtures)

    @Test("validation goldens", arguments: scenarios)
    func golden(_ scenario: String) throws {
        let directory = Self.fixtures + "/" + scenario
        let input = try #require(try Golden.load(directory + "/input.json"))
        let result = Normaliser().validate(input, format: "hms")
        let actual: JSONValue = [
            "valid": .bool(result.valid), "diagnostics": Golden.diagnosticsJSON(result.diagnostics),
        ]
        var problems = Golden.compare(actual, with: directory + "/validation.json")
        let names = Set((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
        for name in names.subtracting(["input.json", "validation.json", "source.txt"]).sorted() {
            problems.append("\(directory)/\(name): not a known golden file")
        }
        if !names.contains("source.txt") { problems.append("\(directory): no source.txt") }
        for diagnostic in result.diagnostics where diagnostic.path.resolve(in: input) == nil {
            problems.append("\(directory): \(diagnostic.code) at \(diagnostic.path) does not resolve")
        }
        if scenario.hasPrefix("valid-") { #expect(result.valid, "\(scenario)") }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // Every HMS code reported is in the catalogue.
        for diagnostic in result.diagnostics where diagnostic.code.rawValue.hasPrefix("hms.") {
            #expect(DiagnosticCatalogue.standard.entry(for: diagnostic.code) != nil, "\(diagnostic.code)")
        }
    }
}

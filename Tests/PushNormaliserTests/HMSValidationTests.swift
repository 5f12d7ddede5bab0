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
        let (valid, diagnostics, problems) = try ValidationGolden.check(Self.fixtures + "/" + scenario, format: "hms")
        if scenario.hasPrefix("valid-") { #expect(valid, "\(scenario)") }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // Every HMS code reported is in the catalogue.
        for diagnostic in diagnostics where diagnostic.code.rawValue.hasPrefix("hms.") {
            #expect(DiagnosticCatalogue.standard.entry(for: diagnostic.code) != nil, "\(diagnostic.code)")
        }
    }
}

import Foundation
import JSONCodec
import PushCore
import PushNormaliser
import PushTestSupport
import Testing

/// `pushnorm validate --format fcm` on every invalid message of the Firebase Admin SDKs' tests that JSON can express
/// (and a few from the FCM documentation): `Fixtures/validation-fcm/<scenario>/` holds `input.json`, `source.txt`
/// (where the message comes from) and `validation.json` (`{valid, diagnostics: [{severity, code, path}]}`).
@Suite("FCM validation")
struct FCMValidationTests {
    static let fixtures = Golden.fixturesDirectory() + "/validation-fcm"
    static let scenarios = Golden.scenarios(in: fixtures)

    @Test("validation goldens", arguments: scenarios)
    func golden(_ scenario: String) throws {
        let (_, _, problems) = try ValidationGolden.check(Self.fixtures + "/" + scenario, format: "fcm")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    static let legacyFixtures = Golden.fixturesDirectory() + "/validation-fcm-legacy"
    static let legacyScenarios = Golden.scenarios(in: legacyFixtures)

    /// The same for `--format fcm-legacy`: `Fixtures/validation-fcm-legacy/<scenario>/`.
    @Test("legacy validation goldens", arguments: legacyScenarios)
    func legacyGolden(_ scenario: String) throws {
        let directory = Self.legacyFixtures + "/" + scenario
        let input = try #require(try Golden.load(directory + "/input.json"))
        let result = Normaliser().validate(input, format: "fcm-legacy")
        let actual: JSONValue = [
            "valid": .bool(result.valid), "diagnostics": Golden.diagnosticsJSON(result.diagnostics),
        ]
        var problems = Golden.compare(actual, with: directory + "/validation.json")
        for diagnostic in result.diagnostics where diagnostic.path.resolve(in: input) == nil {
            problems.append("\(directory): \(diagnostic.code) at \(diagnostic.path) does not resolve")
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(result.valid == (scenario == "valid"), "\(scenario)")
    }

    @Test func everySDKScenarioIsInvalid() throws {
        for scenario in Self.scenarios where !scenario.hasPrefix("valid-") && !scenario.hasPrefix("ttl-exactly") {
            let input = try #require(try Golden.load(Self.fixtures + "/" + scenario + "/input.json"))
            #expect(!Normaliser().validate(input, format: "fcm").valid, "\(scenario)")
        }
    }
}

import Foundation
import Testing
import PushNormaliser
import APNsAdapter
import PushCore
import JSONCodec
import PushTestSupport

@Suite("Validation")
struct ValidationTests {
    static let fixtures = Golden.fixturesDirectory() + "/validation"
    static let scenarios = Golden.scenarios(in: fixtures)

    /// Each scenario has `input.json` (a payload, format auto) or `notification.json` (canonical), and
    /// `validation.json`: `{valid, diagnostics: [{severity, code, path}]}`.
    @Test("validation goldens", arguments: scenarios)
    func golden(_ scenario: String) throws {
        let directory = Self.fixtures + "/" + scenario
        let result: ValidationResult
        if let input = try Golden.load(directory + "/input.json") {
            result = Normaliser().validate(input)
        } else {
            let json = try #require(try Golden.load(directory + "/notification.json"))
            var diagnostics: [Diagnostic] = []
            let notification = try #require(PushNotification(canonical: json, diagnostics: &diagnostics))
            result = Normaliser().validate(notification: notification)
        }
        let actual: JSONValue = [
            "valid": .bool(result.valid), "diagnostics": Golden.diagnosticsJSON(result.diagnostics),
        ]
        var problems = Golden.compare(actual, with: directory + "/validation.json")
        // A folder holds one input (`input.json` or `notification.json`) and `validation.json`; anything else fails.
        let names = Set((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
        let inputs = names.intersection(["input.json", "notification.json"])
        if inputs.count != 1 { problems.append("\(directory): needs exactly one of input.json, notification.json") }
        for name in names.subtracting(["input.json", "notification.json", "validation.json"]).sorted() {
            problems.append("\(directory)/\(name): not a known golden file")
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func sizeFindingReportsTheBytesOver() throws {
        let input = try #require(try Golden.load(Self.fixtures + "/payload-4097-bytes/input.json"))
        let finding = try #require(Normaliser().validate(input).diagnostics.first { $0.code == .apnsPayloadTooLarge })
        #expect(finding.message.contains("4097 bytes, 1 over"))
    }

    @Test func validateNeverThrowsOnBadInput() {
        for text in ["", "{", "[1]", "null", #"{"no":"aps"}"#, #"{"aps":1}"#] {
            let result = Normaliser().validate(Array(text.utf8))
            #expect(!result.valid, "\(text)")
            #expect(!result.diagnostics.isEmpty)
        }
    }

    @Test func invalidJSONIsLocated() throws {
        let result = Normaliser().validate(Array("{\"aps\":\n{\"alert\":}".utf8))
        let finding = try #require(result.diagnostics.first)
        #expect(finding.code.rawValue == "json.syntax")
        #expect(finding.message.contains("line 2"))
    }
}

import Foundation
import JSONCodec
import PushCore
import PushNormaliser
import PushTestSupport
import Testing

/// `auto` takes every push template form for `pinpoint-template`, and no other format's fixture for one; a
/// template's placeholders survive conversion, and a placeholder URL fails no platform's check.
@Suite("pinpoint-template detection and conversion")
struct PinpointTemplateDetectionTests {
    static func inputs(of format: String) -> [String] {
        FormatFixtures.scenarios(of: format).filter { FileManager.default.fileExists(atPath: $0 + "/input.json") }
    }

    @Test("every template fixture is detected as pinpoint-template", arguments: inputs(of: "pinpoint-template"))
    func templatesAreTemplates(_ scenario: String) throws {
        let input = try #require(try Golden.load(scenario + "/input.json"))
        let detection = try #require(FormatRegistry.standard.detect(input), "\(scenario)")
        #expect(detection.adapter.descriptor.name == "pinpoint-template", "\(scenario)")
        #expect(detection.alsoMatched.isEmpty, "\(scenario): also \(detection.alsoMatched)")
    }

    static let others = FormatRegistry.standard.adapters.map(\.descriptor.name)
        .filter { $0 != "pinpoint-template" }.flatMap(inputs(of:))

    @Test("no other format's fixture is taken for a template", arguments: others)
    func othersAreNotTemplates(_ scenario: String) throws {
        let input = try #require(try Golden.load(scenario + "/input.json"))
        guard let detection = FormatRegistry.standard.detect(input) else { return }
        #expect(detection.adapter.descriptor.name != "pinpoint-template", "\(scenario): \(detection.evidence)")
        #expect(!detection.alsoMatched.contains("pinpoint-template"), "\(scenario)")
    }

    @Test("a template's placeholders survive conversion", arguments: ["fcm", "apns", "pinpoint-message", "hms"])
    func placeholdersSurvive(_ target: String) throws {
        let scenario = try #require(Self.inputs(of: "pinpoint-template").first { $0.hasSuffix("/placeholders") })
        let input = try #require(try Golden.load(scenario + "/input.json"))
        let original = try Normaliser().normalise(input, format: "pinpoint-template").notification
        let result = try Normaliser().convert(input, from: "pinpoint-template", to: target)
        #expect(!result.diagnostics.containsErrors, "\(target): \(result.diagnostics)")
        let back = try Normaliser().normalise(result.payload, format: target).notification
        #expect(back.title == original.title, "\(target)")
        #expect(back.body == original.body, "\(target)")
        #expect(original.title == "{{capitalizeFirst User.UserAttributes.[First Name]}}, it's here")
    }

    @Test("a placeholder media URL is valid for APNs")
    func placeholderMediaIsValid() throws {
        let payload = try JSONValue(parsing: #"{"APNS":{"Title":"t","MediaUrl":"{{Attributes.Image}}"}}"#)
        let result = Normaliser().validate(payload, format: "pinpoint-template")
        #expect(!result.diagnostics.contains { $0.code.rawValue.hasPrefix("media.url") }, "\(result.diagnostics)")
        let converted = try Normaliser().convert(payload, from: "pinpoint-template", to: "apns")
        #expect(!converted.diagnostics.containsErrors, "\(converted.diagnostics)")
    }
}

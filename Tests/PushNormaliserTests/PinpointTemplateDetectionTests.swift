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
        .filter { $0 != "pinpoint-template" }.flatMap { FormatFixtures.sampled(inputs(of: $0)) }

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

/// A URL holding a `{{…}}` placeholder is a template value: the platform checks that would fail its final form (APNs
/// media, FCM's image, HMS's https URLs) skip it, and still fail the same URL without a placeholder.
@Suite("placeholder URLs in the platform checks")
struct PlaceholderURLCheckTests {
    private func codes(_ text: String, _ format: String) throws -> [String] {
        Normaliser().validate(try JSONValue(parsing: text), format: format).diagnostics.map(\.code.rawValue)
    }

    @Test func apnsMedia() throws {
        let payload = #"{"aps":{"alert":"x","mutable-content":1},"attachment-url":"URL"}"#
        let template = try codes(payload.replacingOccurrences(of: "URL", with: "{{Attributes.Image}}"), "amazon")
        #expect(!template.contains { $0.hasPrefix("media.") }, "\(template)")
        let literal = try codes(payload.replacingOccurrences(of: "URL", with: "not a url"), "amazon")
        #expect(literal.contains("media.url.invalid"), "\(literal)")
    }

    @Test func fcmImage() throws {
        let payload = #"{"message":{"token":"t","notification":{"title":"x","image":"URL"}}}"#
        let template = try codes(payload.replacingOccurrences(of: "URL", with: "{{Attributes.Image}}"), "fcm")
        #expect(!template.contains("fcm.image.invalid"), "\(template)")
        let literal = try codes(payload.replacingOccurrences(of: "URL", with: "not a url"), "fcm")
        #expect(literal.contains("fcm.image.invalid"), "\(literal)")
    }

    @Test func hmsImage() throws {
        let payload = #"{"message":{"token":["t"],"android":{"notification":{"title":"x","body":"y","image":"URL"}}}}"#
        let template = try codes(payload.replacingOccurrences(of: "URL", with: "{{Attributes.Image}}"), "hms")
        #expect(!template.contains("hms.url.not-https"), "\(template)")
        let literal = try codes(payload.replacingOccurrences(of: "URL", with: "http://x/a.png"), "hms")
        #expect(literal.contains("hms.url.not-https"), "\(literal)")
    }
}

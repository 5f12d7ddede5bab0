import Foundation
import JSONCodec
import PushCore
import PushNormaliser
import PushTestSupport
import Testing

/// `auto` takes every Q in Connect push template form for `qconnect-push-template`, and no other format's fixture
/// for one; a template's `{{…}}` placeholders survive conversion into it and out of it.
@Suite("qconnect-push-template detection and conversion")
struct QConnectPushTemplateDetectionTests {
    static func inputs(of format: String) -> [String] {
        FormatFixtures.scenarios(of: format).filter { FileManager.default.fileExists(atPath: $0 + "/input.json") }
    }

    @Test(
        "every Q in Connect template fixture is detected as qconnect-push-template",
        arguments: inputs(of: "qconnect-push-template"))
    func templatesAreTemplates(_ scenario: String) throws {
        let input = try #require(try Golden.load(scenario + "/input.json"))
        let detection = try #require(FormatRegistry.standard.detect(input), "\(scenario)")
        #expect(detection.adapter.descriptor.name == "qconnect-push-template", "\(scenario)")
        #expect(detection.alsoMatched.isEmpty, "\(scenario): also \(detection.alsoMatched)")
    }

    static let others = FormatRegistry.standard.adapters.map(\.descriptor.name)
        .filter { $0 != "qconnect-push-template" }.flatMap { FormatFixtures.sampled(inputs(of: $0)) }

    @Test("no other format's fixture is taken for a Q in Connect template", arguments: others)
    func othersAreNotTemplates(_ scenario: String) throws {
        let input = try #require(try Golden.load(scenario + "/input.json"))
        guard let detection = FormatRegistry.standard.detect(input) else { return }
        #expect(detection.adapter.descriptor.name != "qconnect-push-template", "\(scenario): \(detection.evidence)")
        #expect(!detection.alsoMatched.contains("qconnect-push-template"), "\(scenario)")
    }

    /// Every `{{…}}` in the strings of `value`.
    static func placeholders(in value: JSONValue) -> Set<String> {
        switch value {
        case .string(let text):
            var found = Set<String>()
            var rest = Substring(text)
            while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
                found.insert(String(rest[open.lowerBound..<close.upperBound]))
                rest = rest[close.upperBound...]
            }
            return found
        case .array(let items):
            return items.reduce(into: Set<String>()) { $0.formUnion(placeholders(in: $1)) }
        case .object(let object):
            return object.reduce(into: Set<String>()) { $0.formUnion(placeholders(in: $1.value)) }
        default:
            return []
        }
    }

    @Test("a Pinpoint template's placeholders survive conversion into a Q in Connect template")
    func pinpointPlaceholdersSurvive() throws {
        let scenario = try #require(
            PinpointTemplateDetectionTests.inputs(of: "pinpoint-template").first { $0.hasSuffix("/placeholders") })
        let input = try #require(try Golden.load(scenario + "/input.json"))
        let result = try Normaliser().convert(input, from: "pinpoint-template", to: "qconnect-push-template")
        #expect(!result.diagnostics.containsErrors, "\(result.diagnostics)")
        let expected = Self.placeholders(in: input)
        #expect(expected.count >= 4)
        #expect(Self.placeholders(in: result.payload).isSuperset(of: expected), "\(result.payload)")
        // `RecommenderId` has no place in a Q in Connect template: declared lost.
        #expect(result.lost.contains { $0.path.description.contains("RecommenderId") }, "\(result.lost)")
    }

    @Test(
        "a Q in Connect template's placeholders survive conversion",
        arguments: ["fcm", "apns", "pinpoint-template", "pinpoint-message", "hms"])
    func placeholdersSurvive(_ target: String) throws {
        let scenario = try #require(Self.inputs(of: "qconnect-push-template").first { $0.hasSuffix("/placeholders") })
        let input = try #require(try Golden.load(scenario + "/input.json"))
        let original = try Normaliser().normalise(input, format: "qconnect-push-template").notification
        let result = try Normaliser().convert(input, from: "qconnect-push-template", to: target)
        #expect(!result.diagnostics.containsErrors, "\(target): \(result.diagnostics)")
        let back = try Normaliser().normalise(result.payload, format: target).notification
        #expect(back.title == original.title, "\(target)")
        #expect(back.body == original.body, "\(target)")
        // Every placeholder of the sections the target shows (not `defaultAttributes`, declared lost) is in the
        // rendering: APNs shows `apns`'s content, the others both sections'.
        let push = try #require(input["content"]?["push"])
        var expected = Self.placeholders(in: push["apns"] ?? .null)
        if target != "apns" { expected.formUnion(Self.placeholders(in: push["fcm"] ?? .null)) }
        #expect(expected.contains("{{Attributes.firstName}}") && expected.contains("{{Attributes.rewardImage}}"))
        if target == "apns" {
            // Plain APNs has no media key: the placeholder media URL is declared lost, not dropped.
            expected.remove("{{Attributes.rewardImage}}")
            #expect(result.lost.contains { $0.path.description == "/media" }, "\(result.lost)")
        }
        #expect(Self.placeholders(in: result.payload).isSuperset(of: expected), "\(target): \(result.payload)")
        #expect(original.title == "{{Attributes.firstName}}, your {{Attributes.tier}} reward is ready")
    }

    @Test("a Pinpoint template's ADM section read as the Android side becomes Q in Connect's adm (issue 23, item 3)")
    func pinpointADMSectionToQConnectADM() throws {
        let folder = try #require(Self.inputs(of: "pinpoint-template").first { $0.hasSuffix("/adm-baidu-kept") })
        let result = try Normaliser().convert(
            try #require(try Golden.load(folder + "/input.json")), from: "pinpoint-template",
            to: "qconnect-push-template")
        let push = try #require(result.payload["push"])
        #expect(push["adm"]?["title"] == "Fire tablet title")
        #expect(push["adm"]?["body"]?["content"] == "Fire tablet body")
        #expect(push["fcm"] == nil, "the Android side goes where it was read from, not to fcm")
        // The Baidu section beside it was kept, not read: lost with its reason.
        #expect(result.lost.map(\.path.description).allSatisfy { $0.contains("/Baidu/") }, "\(result.lost)")
        // And back: Q in Connect's adm is read as the Android side again, written to ADM.
        let back = try Normaliser().convert(result.payload, from: "qconnect-push-template", to: "pinpoint-template")
        #expect(back.payload["ADM"]?["Title"] == "Fire tablet title")
    }

    @Test("what another format cannot carry is declared lost with the template's reasons")
    func lossesHaveReasons() throws {
        let adm = try #require(Self.inputs(of: "qconnect-push-template").first { $0.hasSuffix("/adm-baidu-kept") })
        let request = try #require(Self.inputs(of: "qconnect-push-template").first { $0.hasSuffix("/create-request") })
        let kept = try Normaliser().convert(
            try #require(try Golden.load(adm + "/input.json")), from: "qconnect-push-template", to: "fcm")
        // Its `adm` section is the Android side (there is no `fcm`); `baidu` is kept, and lost with its reason.
        #expect(
            kept.lost.contains { $0.path.description.hasSuffix("/push/baidu/title") && $0.reason.contains("baidu") })
        let converted = try Normaliser().convert(
            try #require(try Golden.load(request + "/input.json")), from: "qconnect-push-template", to: "fcm")
        let reasons = Dictionary(
            converted.lost.map { ($0.path.description, $0.reason) }, uniquingKeysWith: { first, _ in first })
        let memory = "/extensions/amazon/qconnectPushTemplate/document"
        #expect(reasons[memory + "/defaultAttributes/customerProfileAttributes/firstName"]?.contains("default") == true)
        #expect(reasons[memory + "/name"]?.contains("metadata") == true, "\(reasons)")
        #expect(!converted.lost.contains { $0.path.description.contains("sectionOrder") })
    }

    @Test("a placeholder media URL is valid for APNs")
    func placeholderMediaIsValid() throws {
        let payload = try JSONValue(
            parsing: #"{"push":{"apns":{"title":"t","body":{"content":"b"},"mediaUrl":"{{Attributes.image}}"}}}"#)
        let result = Normaliser().validate(payload, format: "qconnect-push-template")
        #expect(!result.diagnostics.contains { $0.code.rawValue.hasPrefix("media.url") }, "\(result.diagnostics)")
        let converted = try Normaliser().convert(payload, from: "qconnect-push-template", to: "apns")
        #expect(!converted.diagnostics.containsErrors, "\(converted.diagnostics)")
    }
}

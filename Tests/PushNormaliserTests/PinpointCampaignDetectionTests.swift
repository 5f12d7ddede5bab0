import Foundation
import JSONCodec
import PushCore
import PushNormaliser
import PushTestSupport
import Testing

/// `auto` takes every campaign fixture for `pinpoint-campaign`, and no other format's fixture for one; a campaign's
/// treatments become one labelled message each where the target has a place per message, and its placeholders
/// survive conversion.
@Suite("pinpoint-campaign detection and conversion")
struct PinpointCampaignDetectionTests {
    static func inputs(of format: String) -> [String] {
        FormatFixtures.scenarios(of: format).filter { FileManager.default.fileExists(atPath: $0 + "/input.json") }
    }

    @Test("every campaign fixture is detected as pinpoint-campaign", arguments: inputs(of: "pinpoint-campaign"))
    func campaignsAreCampaigns(_ scenario: String) throws {
        let input = try #require(try Golden.load(scenario + "/input.json"))
        let detection = try #require(FormatRegistry.standard.detect(input), "\(scenario)")
        #expect(detection.adapter.descriptor.name == "pinpoint-campaign", "\(scenario)")
        #expect(detection.alsoMatched.isEmpty, "\(scenario): also \(detection.alsoMatched)")
    }

    static let others = FormatRegistry.standard.adapters.map(\.descriptor.name)
        .filter { $0 != "pinpoint-campaign" }.flatMap { FormatFixtures.sampled(inputs(of: $0)) }

    @Test("no other format's fixture is taken for a campaign", arguments: others)
    func othersAreNotCampaigns(_ scenario: String) throws {
        let input = try #require(try Golden.load(scenario + "/input.json"))
        guard let detection = FormatRegistry.standard.detect(input) else { return }
        #expect(detection.adapter.descriptor.name != "pinpoint-campaign", "\(scenario): \(detection.evidence)")
        #expect(!detection.alsoMatched.contains("pinpoint-campaign"), "\(scenario)")
    }

    private static func treatments() throws -> JSONValue {
        let scenario = try #require(inputs(of: "pinpoint-campaign").first { $0.hasSuffix("/treatments") })
        return try #require(try Golden.load(scenario + "/input.json"))
    }

    @Test("each treatment is a labelled message where the target has a place per message", arguments: ["fcm", "apns"])
    func treatmentsFanOut(_ target: String) throws {
        let results = try Normaliser().convertMessages(try Self.treatments(), to: target)
        #expect(
            results.map { $0.recipient?.label } == [
                "treatment 1 of 3 (Control)", "treatment 2 of 3 (Points)", "treatment 3 of 3 (Progress)",
            ])
        let read = try results.map { try Normaliser().normalise($0.payload, format: target).notification }
        // The third treatment has only a GCMMessage: Android's own title, which an APNs payload has no place for.
        #expect(
            read.map { $0.title ?? $0.android?.title } == [
                "Almost there", "100 points waiting", target == "fcm" ? "So close" : nil,
            ])
        for result in results {
            #expect(!result.lost.contains { $0.path.description.contains("AdditionalTreatments") }, "\(result.lost)")
        }
    }

    @Test("into a format without a place per message, the treatments are reported lost")
    func treatmentsAreLostElsewhere() throws {
        let results = try Normaliser().convertMessages(try Self.treatments(), to: "pinpoint-message")
        #expect(results.count == 1)
        let result = try #require(results.first)
        #expect(result.recipient == nil)
        let lost = result.lost.first {
            $0.path.description.hasPrefix("/extensions/amazon/pinpointCampaign/campaign/AdditionalTreatments")
        }
        #expect(lost?.reason.contains("additional treatment") == true, "\(result.lost)")
    }

    @Test("a campaign's placeholders survive conversion", arguments: ["fcm", "apns", "pinpoint-message", "hms"])
    func placeholdersSurvive(_ target: String) throws {
        let scenario = try #require(Self.inputs(of: "pinpoint-campaign").first { $0.hasSuffix("/placeholders") })
        let input = try #require(try Golden.load(scenario + "/input.json"))
        let original = try Normaliser().normalise(input, format: "pinpoint-campaign").notification
        let result = try Normaliser().convert(input, from: "pinpoint-campaign", to: target)
        #expect(!result.diagnostics.containsErrors, "\(target): \(result.diagnostics)")
        let back = try Normaliser().normalise(result.payload, format: target).notification
        #expect(back.title == original.title, "\(target)")
        #expect(back.body == original.body, "\(target)")
        #expect(original.title == "Hi {{User.UserAttributes.FirstName}}")
    }
}

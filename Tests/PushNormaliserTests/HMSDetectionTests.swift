import Foundation
import JSONCodec
import PushCore
import PushNormaliser
import PushTestSupport
import Testing

/// `auto` tells an HMS message from an FCM v1 one by HMS's own evidence (a token array, a data string, `urgency`, an
/// object `click_action`, …), and still takes every FCM v1 message for `fcm`.
@Suite("HMS detection")
struct HMSDetectionTests {
    static func inputs(of format: String) -> [String] {
        FormatFixtures.scenarios(of: format).filter { FileManager.default.fileExists(atPath: $0 + "/input.json") }
    }

    @Test("every FCM v1 fixture is still detected as fcm", arguments: inputs(of: "fcm"))
    func fcmStaysFCM(_ scenario: String) throws {
        let input = try #require(try Golden.load(scenario + "/input.json"))
        guard let detection = FormatRegistry.standard.detect(input) else { return }
        #expect(detection.adapter.descriptor.name == "fcm", "\(scenario): \(detection.evidence)")
        #expect(!detection.alsoMatched.contains("hms"), "\(scenario)")
    }

    /// Every HMS fixture but the FCM v1 message sent to HMS unchanged (`fcm-shaped-message`, which is FCM's by
    /// every key) and the non-object.
    static let hmsShaped = inputs(of: "hms").filter { !$0.hasSuffix("/fcm-shaped-message") }

    @Test("every HMS-shaped fixture is detected as hms", arguments: hmsShaped)
    func hmsIsHMS(_ scenario: String) throws {
        let input = try #require(try Golden.load(scenario + "/input.json"))
        guard case .object = input else { return }
        let detection = try #require(FormatRegistry.standard.detect(input), "\(scenario)")
        #expect(detection.adapter.descriptor.name == "hms", "\(scenario)")
        #expect(detection.alsoMatched.isEmpty, "\(scenario): also \(detection.alsoMatched)")
    }

    @Test(
        "each piece of HMS evidence alone decides",
        arguments: [
            #"{"message": {"token": ["t"], "notification": {"title": "x"}}}"#,
            #"{"message": {"data": "x", "topic": "news"}}"#,
            #"{"android": {"urgency": "HIGH"}, "topic": "news", "data": "x"}"#,
            #"{"android": {"notification": {"click_action": {"type": 3}}}, "topic": "news"}"#,
            #"{"android": {"collapse_key": 1}, "topic": "news", "notification": {"title": "x"}}"#,
        ])
    func evidence(_ text: String) throws {
        let input = try JSONParser().parse(text)
        let detection = try #require(FormatRegistry.standard.detect(input))
        #expect(detection.adapter.descriptor.name == "hms", "\(text)")
    }

    @Test("an HMS message with only the keys FCM v1 shares reads as fcm")
    func sharedShapeIsFCM() throws {
        let input = try JSONParser().parse(#"{"message": {"notification": {"title": "x"}, "topic": "news"}}"#)
        let detection = try #require(FormatRegistry.standard.detect(input))
        #expect(detection.adapter.descriptor.name == "fcm")
    }
}

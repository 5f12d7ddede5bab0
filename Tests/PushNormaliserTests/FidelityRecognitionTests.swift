import Foundation
import PushCore
import PushNormaliser
import PushTestSupport
import Testing

/// `auto` recognises every shape issue 11 added (the fixtures of each), as the format the fixture belongs to.
@Suite("auto recognises the send and delivered shapes read from the vendors' documentation")
struct FidelityRecognitionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path

    static let cases: [(fixture: String, format: String)] = [
        ("AmazonAdapterTests/Fixtures/pinpoint-message/send-messages-request", "pinpoint-message"),
        ("AmazonAdapterTests/Fixtures/pinpoint-message/send-users-messages-request", "pinpoint-message"),
        ("AmazonAdapterTests/Fixtures/pinpoint-message/cli-input", "pinpoint-message"),
        ("AmazonAdapterTests/Fixtures/pinpoint-message/default-push-notification-fills", "pinpoint-message"),
        ("AmazonAdapterTests/Fixtures/pinpoint-message/defaults-only", "pinpoint-message"),
        ("AmazonAdapterTests/Fixtures/pinpoint-message/console-raw-message", "pinpoint-message"),
        ("AmazonAdapterTests/Fixtures/pinpoint-message/misspelled-content-keys", "pinpoint-message"),
        ("AmazonAdapterTests/Fixtures/pinpoint-message/misspelled-message-key", "pinpoint-message"),
        ("AmazonAdapterTests/Fixtures/pinpoint/vendor-notes-example", "pinpoint"),
        ("AmazonAdapterTests/Fixtures/sns/console-every-platform", "sns"),
        ("AmazonAdapterTests/Fixtures/sns/voip-only", "sns"),
        ("AmazonAdapterTests/Fixtures/sns/macos-sandbox-only", "sns"),
        ("ZegoAdapterTests/Fixtures/zego-offline-push/push-to-all-without-offline-push", "zego-offline-push"),
        ("ZegoAdapterTests/Fixtures/zego/payload-plain-text", "zego"),
        ("APNsAdapterTests/Fixtures/apns/media-under-custom-key", "apns"),
    ]

    @Test(arguments: cases.map(\.fixture))
    func autoReadsTheFixtureAsItsFormat(_ fixture: String) throws {
        let expected = try #require(Self.cases.first { $0.fixture == fixture }?.format)
        let input = try #require(try Golden.load(Self.root + "/" + fixture + "/input.json"))
        let result = try Normaliser().normalise(input)
        #expect(result.format == expected, "\(fixture): read as \(result.format) (\(result.evidence))")
        #expect(!result.diagnostics.contains { $0.code == .ambiguousFormat }, "\(fixture)")
    }
}

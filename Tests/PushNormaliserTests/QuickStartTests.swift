import JSONCodec
import PushCore
import PushNormaliser
import Testing

/// The README's library quick start, compiled and run as written.
@Suite("README quick start")
struct QuickStartTests {
    @Test func quickStartRuns() throws {
        let payloadJSON = #"{"aps":{"alert":"hi","badge":-1},"payload":"{\"image_attachment\":\"https://x.example/a.jpg\"}"}"#
        // --- README: Library quick start ---
        let normaliser = Normaliser()
        let result = try normaliser.convert(Array(payloadJSON.utf8), from: "zego", to: "amazon")
        print(result.payload.compactText)  // the converted payload
        for lost in result.lost { print(lost.path, lost.reason) }

        let report = normaliser.validate(Array(payloadJSON.utf8))  // never throws: findings are data
        for finding in report.diagnostics { print(finding) }  // "error apns.badge.negative at /aps/badge: …"
        // --- end ---
        #expect(result.payload["attachment-url"] == "https://x.example/a.jpg")
        #expect(report.diagnostics.contains { $0.code.rawValue == "apns.badge.negative" && $0.path == "/aps/badge" })
    }
}

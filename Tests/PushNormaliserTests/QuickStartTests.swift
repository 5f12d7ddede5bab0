import Foundation
import PushNormaliser
import Testing

/// The README's library quick start, compiled and run as written with only `import PushNormaliser`, here and in
/// `Examples/swift-consumer` (a separate package depending on this one by path; `make test` runs it).
@Suite("README quick start")
struct QuickStartTests {
    @Test func quickStartRuns() throws {
        let payloadJSON =
            #"{"aps":{"alert":"hi","badge":-1},"payload":"{\"image_attachment\":\"https://x.example/a.jpg\"}"}"#
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

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The lines between `// --- README: Library quick start ---` and `// --- end ---`, trimmed.
    static func markedLines(_ path: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let start = try #require(text.range(of: "// --- README: Library quick start ---\n"))
        let end = try #require(text[start.upperBound...].range(of: "// --- end ---"))
        return text[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func theReadmeTheTestAndTheConsumerRunTheSameCode() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "```swift\nimport PushNormaliser\n"))
        let end = try #require(readme[section.upperBound...].range(of: "```"))
        let documented = readme[section.upperBound..<end.lowerBound].split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(documented == (try Self.markedLines("Tests/PushNormaliserTests/QuickStartTests.swift")))
        #expect(documented == (try Self.markedLines("Examples/swift-consumer/Sources/QuickStart/main.swift")))
    }
}

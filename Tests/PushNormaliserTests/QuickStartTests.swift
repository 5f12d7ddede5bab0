import Foundation
import PushNormaliser
import PushTestSupport
import Testing

/// The README's library quick start, compiled and run as written with only `import PushNormaliser`, here and in
/// `Examples/swift-consumer` (a separate package depending on this one by path; `make swift-consumer` runs it): the code
/// between the markers below, and in the consumer, must be the README's quick-start block (imports aside), so the
/// README cannot drift from code that compiles and runs.
@Suite("README quick start")
struct QuickStartTests {
    @Test func quickStartRuns() throws {
        // --- README: Library quick start ---
        let json = #"{"aps":{"alert":"hi","badge":-1},"payload":"{\"image_attachment\":\"https://x.example/a.jpg\"}"}"#
        let normaliser = Normaliser()
        // A payload with error findings (badge -1) fails to convert, as `validate` calls it invalid; allowInvalid
        // converts it anyway, with the findings in `result.diagnostics`.
        let result = try normaliser.convert(Array(json.utf8), from: "zego", to: "amazon", allowInvalid: true)
        print(result.payload.compactText)  // the converted payload
        for lost in result.lost { print(lost.path, lost.reason) }

        let report = normaliser.validate(Array(json.utf8))  // never throws: findings are data
        for finding in report.diagnostics { print(finding) }  // "error apns.badge.negative at /aps/badge: …"
        if let entry = DiagnosticCatalogue.standard.entry(for: "apns.badge.negative") {
            print(entry.severity, entry.summary)  // what the code means, from the catalogue
        }
        // --- end ---
        #expect(result.payload["attachment-url"] == "https://x.example/a.jpg")
        #expect(report.diagnostics.contains { $0.code.rawValue == "apns.badge.negative" && $0.path == "/aps/badge" })
    }

    /// Lines without imports, blank lines or spacing differences (a formatter may re-space the comments).
    static func code(_ lines: some Sequence<Substring>) -> [String] {
        lines.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    /// The code between `// --- README: Library quick start ---` and `// --- end ---` in a source file.
    static func marked(_ path: String) throws -> [String] {
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let from = try #require(source.range(of: "// --- README: Library quick start ---\n"), "no marker in \(path)")
        let to = try #require(source[from.upperBound...].range(of: "// --- end ---"))
        return code(source[from.upperBound..<to.lowerBound].split(separator: "\n"))
    }

    @Test func theTestAndTheConsumerRunTheREADMEQuickStart() throws {
        let root = PushnormExecutable.packageRoot
        let readme = try String(contentsOfFile: root + "/README.md", encoding: .utf8)
        let start = try #require(
            readme.range(of: "```swift\nimport PushNormaliser\n"), "README.md has no quick-start block")
        let end = try #require(readme[start.upperBound...].range(of: "```"))
        let documented = Self.code(readme[start.upperBound..<end.lowerBound].split(separator: "\n"))
        #expect(documented.count >= 6)
        #expect(try Self.marked(#filePath) == documented, "the README quick start differs from the code this test runs")
        #expect(
            try Self.marked(root + "/Examples/swift-consumer/Sources/QuickStart/main.swift") == documented,
            "the README quick start differs from Examples/swift-consumer")
    }
}

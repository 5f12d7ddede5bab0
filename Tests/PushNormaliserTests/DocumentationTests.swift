import Foundation
import PushNormaliser
import PushRPC
import Testing

/// Keeps the diagnostics catalogue true: every diagnostic code declared in the sources has an entry (severity and
/// summary, in code) in `DiagnosticCatalogue.rpcServer`, and every entry names a declared code.
@Suite("Documentation")
struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The JSON codec's codes (`json.<kind>`), made from `JSONParseError.Kind` rather than declared one by one.
    static let jsonKinds = [
        "syntax", "duplicate-key", "invalid-utf8", "truncated", "number-out-of-range", "too-deep", "too-large", "bom",
    ]

    /// The codes declared in `text`: each `…: DiagnosticCode = "code"` (the value may be on the next line) and
    /// each `DiagnosticCode(rawValue: "code")` — declarations, however they are wrapped, not lines.
    static func codes(declaredIn text: String) -> [String] {
        let patterns = [
            #/:\s*DiagnosticCode\s*=\s*"(?<code>[^"]+)"/#,
            #/DiagnosticCode\(\s*rawValue:\s*"(?<code>[^"]+)"\s*\)/#,
        ]
        // An interpolated code (`"json.\\(kind.rawValue)"`) is made from an enum, not declared: `jsonKinds` lists those.
        return patterns.flatMap { pattern in text.matches(of: pattern).map { String($0.output.code) } }
            .filter { !$0.contains("\\(") }
    }

    static func declaredCodes() -> [String] {
        var codes: [String] = []
        for folder in ["Sources", "Adapters"] {
            let base = root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                guard let text = try? String(contentsOf: base.appendingPathComponent(file), encoding: .utf8) else {
                    continue
                }
                codes += Self.codes(declaredIn: text)
            }
        }
        return codes.sorted()
    }

    @Test func declarationsAreFoundHoweverTheyAreWrapped() {
        let text = """
            public static let a: DiagnosticCode = "x.one"
            public static let b: DiagnosticCode =
                "x.two"
            static let c = DiagnosticCode(rawValue: "x.three")
            """
        #expect(Self.codes(declaredIn: text).sorted() == ["x.one", "x.three", "x.two"])
    }

    @Test func catalogueHasAnEntryForEveryDiagnosticCodeAndNoOther() {
        let declared = Set(Self.declaredCodes() + Self.jsonKinds.map { "json.\($0)" })
        #expect(declared.count > 90)
        let listed = DiagnosticCatalogue.rpcServer.entries.map(\.code.rawValue)
        let missing = declared.subtracting(listed).sorted()
        #expect(missing.isEmpty, "no catalogue entry (add one to the module's …+Catalogue.swift) for: \(missing)")
        let stale = Set(listed).subtracting(declared).sorted()
        #expect(stale.isEmpty, "catalogue entries for codes nothing declares: \(stale.joined(separator: ", "))")
    }

    @Test func everyEntryHasASeveritySummaryAndSource() {
        for entry in DiagnosticCatalogue.rpcServer.entries {
            #expect(!entry.severities.isEmpty, "\(entry.code)")
            #expect(!entry.summary.isEmpty && !entry.summary.contains("\n"), "\(entry.code): one line")
            #expect(entry.source.hasSuffix(".swift") && entry.module != entry.source, "\(entry.code)")
        }
    }

    @Test func entryLooksUpACodeAndNilForAnUnknownOne() throws {
        let entry = try #require(DiagnosticCatalogue.standard.entry(for: .apnsBadgeNegative))
        #expect(entry.severity == .error && entry.severities == [.error])
        #expect(entry.summary == "`badge` is negative.")
        #expect(entry.source == "APNsAdapter/APNsDiagnostics+Catalogue.swift" && entry.module == "APNsAdapter")
        #expect(DiagnosticCatalogue.standard.entry(for: "json.duplicate-key")?.severity == .error)
        #expect(DiagnosticCatalogue.standard.entry(for: "no.such.code") == nil)
        #expect(DiagnosticCatalogue.standard.entry(for: .rpcParamsUnknown) == nil)
        #expect(DiagnosticCatalogue.rpcServer.entry(for: .rpcParamsUnknown)?.module == "PushRPC")
        let flag = try #require(DiagnosticCatalogue.standard.entry(for: .apnsFlagInvalid))
        #expect(flag.severities == [.error, .warning])
    }
}

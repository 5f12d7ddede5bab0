import Foundation
import Testing

/// Keeps the README's catalogues true: every diagnostic code declared in the sources is a row of the
/// README's catalogue, and every row names a declared code.
@Suite("Documentation")
struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The JSON codec's codes (`json.<kind>`), made from `JSONParseError.Kind` rather than declared one by one.
    static let jsonKinds = [
        "syntax", "duplicate-key", "invalid-utf8", "truncated", "number-out-of-range", "too-deep", "too-large",
    ]

    /// The codes declared in `text`: each `…: DiagnosticCode = "code"` (the value may be on the next line) and
    /// each `DiagnosticCode(rawValue: "code")` — declarations, however they are wrapped, not lines.
    static func codes(declaredIn text: String) -> [String] {
        let patterns = [
            #/:\s*DiagnosticCode\s*=\s*"(?<code>[^"]+)"/#,
            #/DiagnosticCode\(\s*rawValue:\s*"(?<code>[^"]+)"\s*\)/#,
        ]
        return patterns.flatMap { pattern in text.matches(of: pattern).map { String($0.output.code) } }
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

    /// The codes of the README catalogue's rows: `| \`code\` | severity[, severity] | meaning |`.
    static func catalogueCodes(_ readme: String) -> [String] {
        readme.split(separator: "\n").compactMap { line in
            let row = #/\| `(?<code>[a-z0-9-]+(\.[a-z0-9-]+)+)` \| (error|warning|info)(, (error|warning|info))* \|.*/#
            guard let match = line.wholeMatch(of: row) else { return nil }
            return String(match.output.code)
        }
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

    @Test func readmeCatalogueListsEveryDiagnosticCodeAndNoOther() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let declared = Set(Self.declaredCodes() + Self.jsonKinds.map { "json.\($0)" })
        #expect(declared.count > 90)
        let listed = Self.catalogueCodes(readme)
        let missing = declared.subtracting(listed).sorted()
        #expect(missing.isEmpty, "README.md's catalogue has no row for: \(missing.joined(separator: ", "))")
        let stale = Set(listed).subtracting(declared).sorted()
        #expect(stale.isEmpty, "README.md's catalogue lists codes nothing declares: \(stale.joined(separator: ", "))")
        let twice = Dictionary(grouping: listed, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(twice.isEmpty, "README.md's catalogue lists twice: \(twice.joined(separator: ", "))")
    }
}

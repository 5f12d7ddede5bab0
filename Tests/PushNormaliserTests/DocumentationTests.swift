import Foundation
import Testing

/// Keeps the README's catalogues true: every diagnostic code declared in the sources is listed.
@Suite("Documentation")
struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func declaredCodes() -> [String] {
        var codes: [String] = []
        for folder in ["Sources", "Adapters"] {
            let base = root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                guard let text = try? String(contentsOf: base.appendingPathComponent(file), encoding: .utf8) else {
                    continue
                }
                for line in text.split(separator: "\n") where line.contains(": DiagnosticCode = \"") {
                    if let start = line.range(of: ": DiagnosticCode = \"")?.upperBound,
                        let end = line[start...].firstIndex(of: "\"")
                    {
                        codes.append(String(line[start..<end]))
                    }
                }
            }
        }
        return codes.sorted()
    }

    @Test func readmeListsEveryDiagnosticCode() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let codes = Self.declaredCodes()
        #expect(codes.count > 30)
        let missing = codes.filter { !readme.contains("`\($0)`") }
        #expect(missing.isEmpty, "README.md does not list: \(missing.joined(separator: ", "))")
        for kind in [
            "syntax", "duplicate-key", "invalid-utf8", "truncated", "number-out-of-range", "too-deep", "too-large",
        ] {
            #expect(readme.contains("`json.\(kind)`"), "README.md does not list json.\(kind)")
        }
    }
}

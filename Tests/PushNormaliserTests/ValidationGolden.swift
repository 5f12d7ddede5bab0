import Foundation
import JSONCodec
import PushCore
import PushNormaliser
import PushTestSupport

/// One validation golden, `Fixtures/validation-<format>/<scenario>/`: `input.json`, `source.txt` (where the message
/// comes from) and `validation.json` (`{valid, diagnostics: [{severity, code, path}]}`), and nothing else. Returns
/// what `validate --format <format>` said and every way the folder differs from it (an unknown file, no
/// `source.txt`, a finding whose path does not resolve in the input).
enum ValidationGolden {
    static func check(_ directory: String, format: String) throws -> (
        valid: Bool, diagnostics: [Diagnostic], problems: [String]
    ) {
        guard let input = try Golden.load(directory + "/input.json") else {
            return (false, [], ["\(directory): no input.json"])
        }
        let result = Normaliser().validate(input, format: format)
        let actual: JSONValue = [
            "valid": .bool(result.valid), "diagnostics": Golden.diagnosticsJSON(result.diagnostics),
        ]
        var problems = Golden.compare(actual, with: directory + "/validation.json")
        let names = Set((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
        for name in names.subtracting(["input.json", "validation.json", "source.txt"]).sorted() {
            problems.append("\(directory)/\(name): not a known golden file")
        }
        if !names.contains("source.txt") { problems.append("\(directory): no source.txt") }
        // Every finding is located in the input.
        for diagnostic in result.diagnostics where diagnostic.path.resolve(in: input) == nil {
            problems.append("\(directory): \(diagnostic.code) at \(diagnostic.path) does not resolve")
        }
        return (result.valid, result.diagnostics, problems)
    }
}

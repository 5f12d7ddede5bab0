import Foundation
public import PushCore
import JSONCodec
@_exported public import AdapterContract

/// Golden JSON files in the source tree, compared structurally.
///
/// Set `PUSH_RECORD_GOLDENS=1` to rewrite goldens from the actual values; a recording run still
/// reports a problem ("recorded …") so it can never pass silently.
public enum Golden {
    /// True when goldens are being recorded.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["PUSH_RECORD_GOLDENS"] == "1" }

    /// The scenario folders (sorted) under `directory`.
    public static func scenarios(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    /// The directory `Fixtures` next to the calling test file.
    public static func fixturesDirectory(_ filePath: String = #filePath) -> String {
        (filePath as NSString).deletingLastPathComponent + "/Fixtures"
    }

    /// Reads and parses a JSON file; nil when it does not exist.
    public static func load(_ path: String) throws -> JSONValue? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try JSONParser(maximumBytes: 64 << 20).parse(Array(data))
    }

    /// Compares `actual` with the golden file at `path`; returns problems (empty when equal).
    /// Records the golden when recording, or when it is missing and `createIfMissing` is set.
    public static func compare(_ actual: JSONValue, with path: String, numeric: Bool = false) -> [String] {
        if isRecording {
            write(actual, to: path)
            return ["recorded \(path); review the diff and run again without PUSH_RECORD_GOLDENS"]
        }
        let expected: JSONValue
        do {
            guard let loaded = try load(path) else {
                return ["missing golden \(path) (run with PUSH_RECORD_GOLDENS=1)"]
            }
            expected = loaded
        } catch {
            return ["golden \(path) is not valid JSON: \(error)"]
        }
        let equal = numeric ? expected.isNumericallyEqual(to: actual) : expected == actual
        if equal { return [] }
        return [
            "\(path) differs:\n" + difference(expected, actual).joined(separator: "\n")
                + "\n--- expected\n\(expected.canonicalText)--- actual\n\(actual.canonicalText)"
        ]
    }

    /// Writes `value` in canonical style.
    public static func write(_ value: JSONValue, to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(value.canonicalText.utf8))
    }

    /// Path-level differences: "`/a/b`: expected X, got Y".
    public static func difference(_ expected: JSONValue, _ actual: JSONValue, at path: JSONPointer = .root) -> [String]
    {
        AdapterContract.difference(expected, actual, at: path)
    }

    /// Diagnostics in golden form: `[{severity, code, path}]` (messages are not compared).
    public static func diagnosticsJSON(_ diagnostics: [Diagnostic]) -> JSONValue {
        .array(
            diagnostics.map {
                [
                    "severity": .string($0.severity.rawValue), "code": .string($0.code.rawValue),
                    "path": .string($0.path.description),
                ]
            })
    }
}

import Foundation
public import PushCore
import JSONCodec

/// Golden JSON files in the source tree, compared exactly.
///
/// A golden and the actual value are compared as bytes written by our writer: integers stay apart from reals
/// (`1` is not `1.0`), Int64 and UInt64 are exact (no rounding through `Double` above 2^53), and where the
/// output promises an order (``KeyOrder/asWritten``: rendered payloads) the key order counts too. A
/// structural, path-level diff explains a mismatch.
///
/// Set `PUSH_RECORD_GOLDENS=1` to rewrite goldens from the actual values; a recording run still
/// reports a problem ("recorded …") so it can never pass.
public enum Golden {
    /// How keys are compared.
    public enum KeyOrder: Sendable {
        /// Objects are unordered: compared (and written) with sorted keys.
        case sorted
        /// The order is part of the output (a rendered payload): compared in order, written in order.
        case asWritten
    }

    /// True when goldens are being recorded.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["PUSH_RECORD_GOLDENS"] == "1" }

    /// The name returned by ``scenarios(in:)`` for a missing or empty folder: a scenario that cannot load,
    /// so a parameterised test over it fails instead of running zero cases.
    public static let noScenarios = "(no scenarios)"

    /// The scenario folders (sorted) under `directory`; never empty: a missing or empty folder gives one
    /// scenario, ``noScenarios``, which every runner fails on (no `input.json`).
    public static func scenarios(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let found = names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
        return found.isEmpty ? [noScenarios] : found
    }

    /// The files (sorted) under `directory` whose names end with `suffix`; never empty, like ``scenarios(in:)``.
    public static func files(in directory: String, suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let found = names.filter { $0.hasSuffix(suffix) }.sorted()
        return found.isEmpty ? [noScenarios] : found
    }

    /// The directory `Fixtures` next to the calling test file.
    public static func fixturesDirectory(_ filePath: String = #filePath) -> String {
        (filePath as NSString).deletingLastPathComponent + "/Fixtures"
    }

    /// Reads and parses a JSON file; nil when it does not exist. An empty or corrupt file throws.
    public static func load(_ path: String) throws -> JSONValue? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try JSONParser(maximumBytes: 64 << 20).parse(Array(data))
    }

    /// True when `a` and `b` are the same JSON exactly: same types (integer, unsigned, real), same values,
    /// and, with ``KeyOrder/asWritten``, the same key order.
    public static func isExactlyEqual(_ a: JSONValue, _ b: JSONValue, keyOrder: KeyOrder) -> Bool {
        switch keyOrder {
        case .sorted: return a.canonicalText == b.canonicalText
        case .asWritten: return a.compactText == b.compactText
        }
    }

    /// Compares `actual` with the golden file at `path`; returns problems (empty when equal).
    /// Records the golden when recording.
    public static func compare(_ actual: JSONValue, with path: String, keyOrder: KeyOrder = .sorted) -> [String] {
        if isRecording {
            write(actual, to: path, keyOrder: keyOrder)
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
        if isExactlyEqual(expected, actual, keyOrder: keyOrder) { return [] }
        let text: (JSONValue) -> String = keyOrder == .sorted ? { $0.canonicalText } : { $0.compactText + "\n" }
        return [
            "\(path) differs:\n" + difference(expected, actual, keyOrder: keyOrder).joined(separator: "\n")
                + "\n--- expected\n\(text(expected))--- actual\n\(text(actual))"
        ]
    }

    /// Writes `value`: canonical style (sorted keys), or indented in its own key order.
    public static func write(_ value: JSONValue, to path: String, keyOrder: KeyOrder = .sorted) {
        let writer = JSONWriter(style: keyOrder == .sorted ? .canonical : .indented)
        _ = FileManager.default.createFile(atPath: path, contents: Data(writer.bytes(value)))
    }

    /// Path-level differences: "`/a/b`: expected X, got Y" (types count: `1` and `1.0` differ), and with
    /// ``KeyOrder/asWritten`` a line for an object whose keys are in another order.
    public static func difference(
        _ expected: JSONValue, _ actual: JSONValue, at path: JSONPointer = .root, keyOrder: KeyOrder = .sorted
    ) -> [String] {
        switch (expected, actual) {
        case (.object(let a), .object(let b)):
            var out: [String] = []
            for (key, value) in a {
                if let other = b[key] {
                    out += difference(value, other, at: path.appending(key), keyOrder: keyOrder)
                } else {
                    out.append("`\(path.appending(key))`: expected \(value.compactText), got nothing")
                }
            }
            for (key, value) in b where a[key] == nil {
                out.append("`\(path.appending(key))`: unexpected \(value.compactText)")
            }
            if out.isEmpty, keyOrder == .asWritten, a.keys != b.keys {
                out.append("`\(path)`: keys in another order: expected \(a.keys), got \(b.keys)")
            }
            return out
        case (.array(let a), .array(let b)) where a.count == b.count:
            return zip(a, b).enumerated().flatMap {
                difference($0.element.0, $0.element.1, at: path.appending(index: $0.offset), keyOrder: keyOrder)
            }
        default:
            return isExactlyEqual(expected, actual, keyOrder: keyOrder)
                ? [] : ["`\(path)`: expected \(expected.compactText), got \(actual.compactText)"]
        }
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

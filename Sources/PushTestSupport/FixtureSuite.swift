import Foundation
public import PushCore
import AdapterContract
import JSONCodec

/// Runs one golden scenario folder for an adapter, checking every golden the folder holds and every golden
/// the code produces:
///
/// - `input.json` (required) and `options.json` (format options; an invalid one fails);
/// - `diagnostics.json` (required): the findings of `normalise`, `[{severity, code, path}]`, in order;
/// - `canonical.json`: required when `normalise` yields a notification (errors or not), forbidden when it
///   does not;
/// - `rendered.json`: `render(normalise(input))` compared in key order; when absent, the rendering must equal
///   the input exactly (key order, `1` not `1.0`); forbidden when there is no notification;
/// - `exceptions.json`: the JSON Pointers where `render(normalise(input))` differs from the input by a documented
///   normalisation (the paths `rendered.json` differs at), which ``contract(_:scenario:declared:)``'s round-trip law
///   skips: an array, or `{"payload": [...], "canonical": [...]}` when an option adds a value on render, so that
///   `normalise(render(n))` differs from `n` at the `canonical` paths too; `source.txt`: where the input comes from (public documentation, an SDK's tests). Any other
///   file fails, so a misspelt golden is never silently ignored.
///
/// Goldens are compared exactly (``Golden``). A corrupt or empty golden fails. With `PUSH_RECORD_GOLDENS=1`
/// every golden is rewritten (a `rendered.json` equal to the input is removed, goldens the code no longer
/// produces are removed) and the run fails.
public enum FixtureSuite {
    /// The files a scenario folder may hold.
    public static let knownFiles: Set<String> = [
        "input.json", "options.json", "diagnostics.json", "canonical.json", "rendered.json", "exceptions.json",
        "source.txt",
    ]

    /// Problems for one scenario (empty when it passes).
    /// `options.json` may set the options `declared` (by default the adapter's own).
    public static func run(
        _ adapter: any PayloadAdapter, scenario directory: String, declared: [FormatOption]? = nil
    ) -> [String] {
        let input: JSONValue
        var options = FormatOptions()
        do {
            guard let loaded = try Golden.load(directory + "/input.json") else {
                return ["\(directory): no input.json"]
            }
            input = loaded
            if let optionsJSON = try Golden.load(directory + "/options.json") {
                var diagnostics: [Diagnostic] = []
                options = FormatOptions(
                    json: optionsJSON, declared: declared ?? adapter.descriptor.options, diagnostics: &diagnostics)
                if !diagnostics.isEmpty { return ["\(directory): bad options.json: \(diagnostics)"] }
            }
        } catch {
            return ["\(directory): \(error)"]
        }
        var problems = unknownFiles(in: directory)
        var context = NormaliseContext(options: options)
        let notification = adapter.normalise(input, context: &context)
        problems += Golden.compare(Golden.diagnosticsJSON(context.diagnostics), with: directory + "/diagnostics.json")
        let canonicalPath = directory + "/canonical.json"
        let renderedPath = directory + "/rendered.json"
        guard let notification else {
            for path in [canonicalPath, renderedPath] where FileManager.default.fileExists(atPath: path) {
                if Golden.isRecording {
                    try? FileManager.default.removeItem(atPath: path)
                    problems.append("removed \(path): normalise yields no notification")
                } else {
                    problems.append("\(path) exists but normalise yields no notification")
                }
            }
            return problems
        }
        problems += Golden.compare(notification.canonicalJSON, with: canonicalPath)
        var renderContext = RenderContext(options: options)
        let rendered = adapter.render(notification, context: &renderContext)
        let sameAsInput = Golden.isExactlyEqual(rendered, input, keyOrder: .asWritten)
        if Golden.isRecording {
            if sameAsInput {
                if FileManager.default.fileExists(atPath: renderedPath) {
                    try? FileManager.default.removeItem(atPath: renderedPath)
                    problems.append("removed \(renderedPath): the rendering equals the input")
                }
            } else {
                problems += Golden.compare(rendered, with: renderedPath, keyOrder: .asWritten)
            }
        } else if FileManager.default.fileExists(atPath: renderedPath) {
            problems += Golden.compare(rendered, with: renderedPath, keyOrder: .asWritten)
        } else if !sameAsInput {
            problems.append(
                "\(directory): render(normalise(input)) differs from input and there is no rendered.json:\n"
                    + Golden.difference(input, rendered, keyOrder: .asWritten).joined(separator: "\n")
                    + "\n--- input\n\(input.compactText)\n--- rendered\n\(rendered.compactText)")
        }
        return problems
    }

    /// The adapter contract (``AdapterContract``) on one scenario: every law when the input reads without errors
    /// (the round trip skipping the paths of `exceptions.json`), and the laws that hold for any input otherwise
    /// (determinism, paths resolve, totality, declared losses).
    public static func contract(
        _ adapter: any PayloadAdapter, scenario directory: String, declared: [FormatOption]? = nil
    ) -> [String] {
        let input: JSONValue
        var options = FormatOptions()
        var exceptions: [JSONPointer] = []
        var canonicalExceptions: [JSONPointer] = []
        do {
            guard let loaded = try Golden.load(directory + "/input.json") else {
                return ["\(directory): no input.json"]
            }
            input = loaded
            if let optionsJSON = try Golden.load(directory + "/options.json") {
                var diagnostics: [Diagnostic] = []
                options = FormatOptions(
                    json: optionsJSON, declared: declared ?? adapter.descriptor.options, diagnostics: &diagnostics)
            }
            let listed = try Golden.load(directory + "/exceptions.json")
            let payloadList = listed?.arrayValue ?? listed?["payload"]?.arrayValue ?? []
            let canonicalList = listed?["canonical"]?.arrayValue ?? []
            exceptions = payloadList.compactMap { $0.stringValue.flatMap(JSONPointer.init(parsing:)) }
            canonicalExceptions = canonicalList.compactMap { $0.stringValue.flatMap(JSONPointer.init(parsing:)) }
            if exceptions.count != payloadList.count || canonicalExceptions.count != canonicalList.count {
                return ["\(directory)/exceptions.json: every entry must be a JSON Pointer"]
            }
        } catch {
            return ["\(directory): \(error)"]
        }
        var context = NormaliseContext(options: options)
        guard adapter.normalise(input, context: &context) != nil, !context.diagnostics.containsErrors else {
            return AdapterContract.determinism(adapter, input: input, options: options)
                + AdapterContract.pathsResolve(adapter, input: input, options: options)
                + AdapterContract.totality(adapter, input: input, options: options)
                + AdapterContract.declaredLosses(adapter, input: input, options: options)
        }
        return AdapterContract.check(
            adapter, input: input, options: options, roundTripExceptions: exceptions,
            canonicalExceptions: canonicalExceptions)
    }

    /// A problem for each file of `directory` not in ``knownFiles``.
    static func unknownFiles(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { !knownFiles.contains($0) }.sorted().map { "\(directory)/\($0): not a known golden file" }
    }
}

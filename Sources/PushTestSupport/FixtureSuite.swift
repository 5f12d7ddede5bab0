public import PushCore
import JSONCodec

/// Runs one golden scenario folder for an adapter:
/// `input.json` (required), `canonical.json` (expected normalise output; absent when normalise must
/// fail), `diagnostics.json` (expected `[{severity, code, path}]`), `rendered.json` (expected render
/// output when it differs from the input), `options.json` (format options).
public enum FixtureSuite {
    /// Problems for one scenario (empty when it passes).
    public static func run(_ adapter: any PayloadAdapter, scenario directory: String) -> [String] {
        let input: JSONValue
        var options = FormatOptions()
        do {
            guard let loaded = try Golden.load(directory + "/input.json") else {
                return ["\(directory): no input.json"]
            }
            input = loaded
            if let optionsJSON = try Golden.load(directory + "/options.json") {
                var diagnostics: [Diagnostic] = []
                options = FormatOptions(json: optionsJSON, diagnostics: &diagnostics)
                if !diagnostics.isEmpty { return ["\(directory): bad options.json: \(diagnostics)"] }
            }
        } catch {
            return ["\(directory): \(error)"]
        }
        var context = NormaliseContext(options: options)
        let notification = adapter.normalise(input, context: &context)
        var problems = Golden.compare(
            Golden.diagnosticsJSON(context.diagnostics), with: directory + "/diagnostics.json")
        let canonicalPath = directory + "/canonical.json"
        let expectsCanonical = (try? Golden.load(canonicalPath)) != nil || Golden.isRecording
        if let notification, expectsCanonical {
            problems += Golden.compare(notification.canonicalJSON, with: canonicalPath)
            var renderContext = RenderContext(options: options)
            let rendered = adapter.render(notification, context: &renderContext)
            if (try? Golden.load(directory + "/rendered.json")) != nil {
                problems += Golden.compare(rendered, with: directory + "/rendered.json", numeric: true)
            } else if !context.diagnostics.containsErrors && !rendered.isNumericallyEqual(to: input) {
                problems.append(
                    "\(directory): render(normalise(input)) differs from input and there is no rendered.json:\n"
                        + Golden.difference(input, rendered).joined(separator: "\n"))
            }
        } else if notification != nil && !context.diagnostics.containsErrors {
            problems.append("\(directory): normalise succeeded without errors but there is no canonical.json")
        }
        return problems
    }
}

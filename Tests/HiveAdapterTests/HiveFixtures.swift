import JSONCodec
import PushCore
import PushTestSupport
import HiveAdapter

/// Locating and loading this target's golden scenarios.
enum HiveFixtures {
    /// `Fixtures/<format>` next to this file.
    static func directory(_ format: String) -> String { Golden.fixturesDirectory() + "/" + format }

    /// The scenario folder names of one format.
    static func scenarios(_ format: String) -> [String] { Golden.scenarios(in: directory(format)) }

    /// A scenario's input, options and documented normalisations (`normalisations.json`: the
    /// JSON Pointers where `render(normalise(input))` may differ from the input).
    struct Scenario {
        var input: JSONValue
        var options: FormatOptions
        var normalisations: [JSONPointer]
    }

    static func load(_ format: String, _ scenario: String) throws -> Scenario? {
        let folder = directory(format) + "/" + scenario
        guard let input = try Golden.load(folder + "/input.json") else { return nil }
        var options = FormatOptions()
        if let json = try Golden.load(folder + "/options.json") {
            var diagnostics: [Diagnostic] = []
            options = FormatOptions(json: json, declared: HiveAdapter().descriptor.options, diagnostics: &diagnostics)
        }
        let normalisations =
            (try Golden.load(folder + "/normalisations.json"))?.arrayValue?
            .compactMap { $0.stringValue.flatMap(JSONPointer.init(parsing:)) } ?? []
        return Scenario(input: input, options: options, normalisations: normalisations)
    }

    /// Runs the adapter contract on a scenario whose input normalises without errors; other
    /// scenarios (wrong types, missing ids) are golden-only.
    static func contractProblems(_ adapter: any PayloadAdapter, format: String, scenario: String) throws -> [String] {
        guard let loaded = try load(format, scenario) else { return ["\(scenario): no input.json"] }
        var context = NormaliseContext(options: loaded.options)
        guard adapter.normalise(loaded.input, context: &context) != nil, !context.diagnostics.containsErrors else {
            return []
        }
        return AdapterContract.check(
            adapter, input: loaded.input, options: loaded.options, roundTripExceptions: loaded.normalisations)
    }
}

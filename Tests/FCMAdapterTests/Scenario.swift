import JSONCodec
import PushCore
import PushTestSupport

/// One golden scenario folder of one format: `Fixtures/<format>/<scenario>/`.
///
/// Besides what `FixtureSuite` reads, a scenario may hold `exceptions.json`: the JSON Pointers where
/// `render(normalise(input))` differs from the input by a documented normalisation (they are the
/// paths `rendered.json` differs at); the contract's round-trip law skips them.
struct Scenario: CustomStringConvertible, Sendable {
    let format: String
    let name: String

    var description: String { "\(format)/\(name)" }
    var directory: String { Scenario.root + "/" + format + "/" + name }

    static let root = Golden.fixturesDirectory()

    /// Every scenario of `format`.
    static func all(_ format: String) -> [Scenario] {
        Golden.scenarios(in: root + "/" + format).map { Scenario(format: format, name: $0) }
    }

    /// The format options of the scenario (defaults when there is no options.json).
    func options() throws -> FormatOptions {
        guard let json = try Golden.load(directory + "/options.json") else { return FormatOptions() }
        var diagnostics: [Diagnostic] = []
        return FormatOptions(json: json, declared: [], diagnostics: &diagnostics)
    }

    /// Runs the golden comparison.
    func runGolden(_ adapter: any PayloadAdapter) -> [String] {
        FixtureSuite.run(adapter, scenario: directory)
    }

    /// Runs every contract law when the input is valid (normalises without errors); nil otherwise.
    func runContract(_ adapter: any PayloadAdapter) throws -> [String]? {
        guard let input = try Golden.load(directory + "/input.json") else { return ["\(self): no input.json"] }
        let options = try options()
        var context = NormaliseContext(options: options)
        guard adapter.normalise(input, context: &context) != nil, !context.diagnostics.containsErrors else {
            return nil
        }
        var exceptions: [JSONPointer] = []
        for value in try Golden.load(directory + "/exceptions.json")?.arrayValue ?? [] {
            if let text = value.stringValue, let pointer = JSONPointer(parsing: text) { exceptions.append(pointer) }
        }
        return AdapterContract.check(adapter, input: input, options: options, roundTripExceptions: exceptions)
    }
}

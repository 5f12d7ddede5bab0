import JSONCodec
import PushCore
import PushTestSupport
import ZegoAdapter

/// Runs one format's golden scenario folders (`Fixtures/<format>/<scenario>`) and the adapter contract.
enum ZegoFixtures {
    /// `Fixtures/<format>` next to this file.
    static func directory(_ format: String) -> String { Golden.fixturesDirectory() + "/" + format }

    /// The scenario folder names of one format.
    static func scenarios(_ format: String) -> [String] { Golden.scenarios(in: directory(format)) }

    /// The golden comparison for one scenario.
    static func golden(_ adapter: any PayloadAdapter, _ scenario: String) -> [String] {
        FixtureSuite.run(adapter, scenario: directory(adapter.descriptor.name) + "/" + scenario)
    }

    /// The adapter contract for one scenario.
    ///
    /// Inputs with errors get the laws that hold for any input (totality, paths resolve, determinism).
    /// A valid input gets every law. When the scenario has a `rendered.json` (a documented
    /// normalisation), `render(normalise(p)) == p` is checked on that rendering, which must be a fixed
    /// point, and `normalise(render(n)) == n` on the input itself. An options file's `zegoResourcesID`
    /// is left out of the input-side law: it deliberately adds a value the input did not have.
    static func contract(_ adapter: any PayloadAdapter, _ scenario: String) throws -> [String] {
        let folder = directory(adapter.descriptor.name) + "/" + scenario
        guard let input = try Golden.load(folder + "/input.json") else { return ["\(folder): no input.json"] }
        var options = FormatOptions()
        if let json = try Golden.load(folder + "/options.json") {
            var diagnostics: [Diagnostic] = []
            options = FormatOptions(json: json, declared: adapter.descriptor.options, diagnostics: &diagnostics)
        }
        var context = NormaliseContext(options: options)
        let n = adapter.normalise(input, context: &context)
        var problems =
            AdapterContract.determinism(adapter, input: input, options: options)
            + AdapterContract.pathsResolve(adapter, input: input, options: options)
            + AdapterContract.totality(adapter, input: input, options: options)
        guard let n, !context.diagnostics.containsErrors else { return problems }
        guard let rendered = try Golden.load(folder + "/rendered.json") else {
            return problems + AdapterContract.roundTrip(adapter, input: input, options: options, exceptions: [])
        }
        problems += AdapterContract.roundTrip(adapter, input: rendered, options: options, exceptions: [])
        var plain = options
        plain.zegoResourcesID = nil
        var renderContext = RenderContext(options: plain)
        var back = NormaliseContext(options: plain)
        if var again = adapter.normalise(adapter.render(n, context: &renderContext), context: &back) {
            again.source = n.source
            if again != n {
                problems.append(
                    "\(scenario): normalise(render(n)) != n:\n"
                        + Golden.difference(n.canonicalJSON, again.canonicalJSON).joined(separator: "\n"))
            }
        } else {
            problems.append("\(scenario): the rendering does not normalise")
        }
        return problems
    }

    /// The fields lost rendering `n` with `adapter` (what the facade reports, down to leaves), each with
    /// the renderer's reason for it or for its nearest explained ancestor.
    static func losses(
        _ n: PushNotification, _ adapter: any PayloadAdapter, options: FormatOptions = FormatOptions()
    ) -> [JSONPointer: String] {
        var render = RenderContext(options: options)
        let payload = adapter.render(n, context: &render)
        var back = NormaliseContext(options: options)
        let again = adapter.normalise(payload, context: &back) ?? PushNotification()
        var out: [JSONPointer: String] = [:]
        for path in leaves(n.lostFields(comparedWith: again), in: n.canonicalJSON) {
            var tokens = path.tokens
            var reason = "no reason"
            while !tokens.isEmpty {
                if let found = render.lossReasons[JSONPointer(tokens: tokens)] {
                    reason = found
                    break
                }
                tokens.removeLast()
            }
            out[path] = reason
        }
        return out
    }

    /// Expands lost objects into their leaves.
    private static func leaves(_ paths: [JSONPointer], in document: JSONValue) -> [JSONPointer] {
        paths.flatMap { path -> [JSONPointer] in
            guard case .object(let object)? = path.resolve(in: document), !object.isEmpty else { return [path] }
            return leaves(object.keys.map { path.appending($0) }, in: document)
        }
    }
}

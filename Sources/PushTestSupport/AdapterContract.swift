public import PushCore
import JSONCodec

/// The executable form of the ``PayloadAdapter`` contract, run by every adapter's test suite.
/// Each check returns problems as text (empty when the law holds).
public enum AdapterContract {
    /// Runs every law on one valid input.
    public static func check(
        _ adapter: any PayloadAdapter, input: JSONValue, options: FormatOptions = FormatOptions(),
        roundTripExceptions: [JSONPointer] = []
    ) -> [String] {
        determinism(adapter, input: input, options: options) + pathsResolve(adapter, input: input, options: options)
            + roundTrip(adapter, input: input, options: options, exceptions: roundTripExceptions)
            + totality(adapter, input: input, options: options)
    }

    /// Same input, same output and diagnostics.
    public static func determinism(_ adapter: any PayloadAdapter, input: JSONValue, options: FormatOptions) -> [String]
    {
        var c1 = NormaliseContext(options: options)
        var c2 = NormaliseContext(options: options)
        let a = adapter.normalise(input, context: &c1)
        let b = adapter.normalise(input, context: &c2)
        var problems: [String] = []
        if a != b { problems.append("\(adapter.descriptor.name): normalise is not deterministic") }
        if c1.diagnostics != c2.diagnostics {
            problems.append("\(adapter.descriptor.name): diagnostics are not deterministic")
        }
        if let a {
            var r1 = RenderContext(options: options)
            var r2 = RenderContext(options: options)
            if adapter.render(a, context: &r1) != adapter.render(a, context: &r2) {
                problems.append("\(adapter.descriptor.name): render is not deterministic")
            }
        }
        return problems
    }

    /// Every diagnostic path resolves in the input.
    public static func pathsResolve(_ adapter: any PayloadAdapter, input: JSONValue, options: FormatOptions) -> [String]
    {
        var context = NormaliseContext(options: options)
        _ = adapter.normalise(input, context: &context)
        return context.diagnostics.compactMap { diagnostic in
            diagnostic.path.resolve(in: input) == nil
                ? "\(adapter.descriptor.name): diagnostic path \(diagnostic.path) does not resolve (\(diagnostic.code))"
                : nil
        }
    }

    /// `render(normalise(p)) == p` exactly but for key order (`1` is not `1.0`; `exceptions` are documented
    /// normalisations; the key order of a rendering is pinned by the goldens, ``FixtureSuite``)
    /// and `normalise(render(n)) == n` (ignoring `source`).
    public static func roundTrip(
        _ adapter: any PayloadAdapter, input: JSONValue, options: FormatOptions, exceptions: [JSONPointer]
    ) -> [String] {
        var context = NormaliseContext(options: options)
        guard let n = adapter.normalise(input, context: &context) else {
            return ["\(adapter.descriptor.name): normalise returned nil"]
        }
        var renderContext = RenderContext(options: options)
        let rendered = adapter.render(n, context: &renderContext)
        var problems: [String] = []
        var expected = input
        var actual = rendered
        for path in exceptions {
            expected = removing(path, from: expected)
            actual = removing(path, from: actual)
        }
        if !Golden.isExactlyEqual(expected, actual, keyOrder: .sorted) {
            problems.append(
                "\(adapter.descriptor.name): render(normalise(p)) != p:\n"
                    + Golden.difference(expected, actual).joined(separator: "\n"))
        }
        var back = NormaliseContext(options: options)
        if var again = adapter.normalise(rendered, context: &back) {
            again.source = n.source
            if again != n {
                problems.append(
                    "\(adapter.descriptor.name): normalise(render(n)) != n:\n"
                        + Golden.difference(n.canonicalJSON, again.canonicalJSON).joined(separator: "\n"))
            }
        } else {
            problems.append("\(adapter.descriptor.name): its own rendering does not normalise")
        }
        return problems
    }

    /// Mutated inputs (each key deleted, each value swapped for every other JSON type) never crash,
    /// and their diagnostic paths resolve.
    public static func totality(_ adapter: any PayloadAdapter, input: JSONValue, options: FormatOptions) -> [String] {
        var problems: [String] = []
        for mutant in mutations(of: input, limit: 400) {
            var context = NormaliseContext(options: options)
            if let n = adapter.normalise(mutant, context: &context) {
                var renderContext = RenderContext(options: options)
                _ = adapter.render(n, context: &renderContext)
            }
            for diagnostic in context.diagnostics where diagnostic.path.resolve(in: mutant) == nil {
                problems.append(
                    "\(adapter.descriptor.name): on a mutant, path \(diagnostic.path) does not resolve (\(diagnostic.code)) in \(mutant.compactText)"
                )
            }
        }
        _ = adapter.recognise(.null)
        return problems
    }

    static let replacements: [JSONValue] = [
        .null, .bool(true), .integer(-1), .double(1.5), .string("x"), .array([]), .object(JSONObject()),
    ]

    /// Every mutation: each key deleted, each value replaced by each other type (recursively).
    public static func mutations(of value: JSONValue, limit: Int) -> [JSONValue] {
        var out: [JSONValue] = []
        func visit(_ current: JSONValue, rebuild: (JSONValue?) -> JSONValue) {
            guard out.count < limit else { return }
            switch current {
            case .object(let object):
                for (key, child) in object {
                    var without = object
                    without.removeValue(forKey: key)
                    out.append(rebuild(.object(without)))
                    for replacement in replacements where replacement.typeName != child.typeName {
                        var replaced = object
                        replaced[key] = replacement
                        out.append(rebuild(.object(replaced)))
                    }
                    if case .string(let text) = child, let nested = try? JSONValue(parsing: text),
                        nested.objectValue != nil
                    {
                        visit(nested) { inner in
                            var replaced = object
                            replaced[key] = inner.map { .string($0.compactText) }
                            return rebuild(.object(replaced))
                        }
                    }
                    visit(child) { inner in
                        var replaced = object
                        replaced[key] = inner
                        return rebuild(.object(replaced))
                    }
                }
            case .array(let array):
                for (index, child) in array.enumerated() {
                    visit(child) { inner in
                        var replaced = array
                        if let inner { replaced[index] = inner } else { replaced.remove(at: index) }
                        return rebuild(.array(replaced))
                    }
                }
            default:
                break
            }
        }
        visit(value) { $0 ?? .null }
        return out
    }

    static func removing(_ path: JSONPointer, from value: JSONValue) -> JSONValue {
        guard let first = path.tokens.first else { return value }
        let rest = JSONPointer(tokens: Array(path.tokens.dropFirst()))
        guard case .object(var object) = value, let child = object[first] else { return value }
        if rest.tokens.isEmpty {
            object.removeValue(forKey: first)
        } else {
            object[first] = removing(rest, from: child)
        }
        return .object(object)
    }
}

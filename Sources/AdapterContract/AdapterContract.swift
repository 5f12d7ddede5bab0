public import PushCore
import JSONCodec

/// The executable form of the ``PayloadAdapter`` contract, run by every adapter's test suite, and shipped as a
/// library product so that a format written outside this package can prove itself the same way.
/// Each check returns problems as text (empty when the law holds).
public enum AdapterContract {
    /// Runs every law on one valid input.
    public static func check(
        _ adapter: any PayloadAdapter, input: JSONValue, options: FormatOptions = FormatOptions(),
        roundTripExceptions: [JSONPointer] = [], canonicalExceptions: [JSONPointer] = []
    ) -> [String] {
        determinism(adapter, input: input, options: options) + pathsResolve(adapter, input: input, options: options)
            + roundTrip(
                adapter, input: input, options: options, exceptions: roundTripExceptions,
                canonicalExceptions: canonicalExceptions)
            + totality(adapter, input: input, options: options)
            + declaredLosses(adapter, input: input, options: options)
    }

    /// Declared losses are true: the fields of `n` missing from ``PayloadAdapter/declaredPart(of:renderedWith:)`` are
    /// exactly the fields missing (or changed) when `render(n)` is read back, and that read has no errors.
    /// Checked for `n` read from `input` by `adapter` itself.
    public static func declaredLosses(
        _ adapter: any PayloadAdapter, input: JSONValue, options: FormatOptions
    ) -> [String] {
        var context = NormaliseContext(options: options)
        guard let n = adapter.normalise(input, context: &context), !context.diagnostics.containsErrors else {
            return []
        }
        return declaredLosses(adapter, notification: n, options: options, ignoring: adapter.descriptor.layoutPaths)
    }

    /// Declared losses are true for `notification` (read from any format) rendered by `adapter`. Paths under
    /// `ignoring` (layout memory, `delivery` for a delivered format) are left out of both sides.
    public static func declaredLosses(
        _ adapter: any PayloadAdapter, notification n: PushNotification, options: FormatOptions,
        ignoring: [JSONPointer] = []
    ) -> [String] {
        // Colliding custom data is read back by the facade itself: nothing is declared.
        if adapter.dataCollides(n, options: options) { return [] }
        var renderContext = RenderContext(options: options)
        let rendered = adapter.render(n, context: &renderContext)
        var back = NormaliseContext(options: options)
        back.recordsProvenance = false
        guard let again = adapter.normalise(rendered, context: &back) else {
            return ["\(adapter.descriptor.name): its own rendering does not normalise: \(rendered.compactText)"]
        }
        var problems: [String] = []
        let errors = back.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            problems.append(
                "\(adapter.descriptor.name): its rendering reads back with errors \(errors.map(\.code)): \(rendered.compactText)"
            )
        }
        func kept(_ path: JSONPointer) -> Bool { !ignoring.contains { path.tokens.starts(with: $0.tokens) } }
        let declared = n.lostFields(comparedWith: adapter.declaredPart(of: n, renderedWith: renderContext)).filter(kept)
        let found = n.lostFields(comparedWith: again).filter(kept)
        if declared != found {
            problems.append(
                "\(adapter.descriptor.name): declared losses \(declared) != read-back losses \(found)\nvia \(rendered.compactText)"
            )
        }
        return problems
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
        _ adapter: any PayloadAdapter, input: JSONValue, options: FormatOptions, exceptions: [JSONPointer],
        canonicalExceptions: [JSONPointer] = []
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
        if expected.canonicalText != actual.canonicalText {  // exact: 1 and 1.0 differ, keys unordered
            problems.append(
                "\(adapter.descriptor.name): render(normalise(p)) != p:\n"
                    + AdapterContract.difference(expected, actual).joined(separator: "\n"))
        }
        var back = NormaliseContext(options: options)
        if var again = adapter.normalise(rendered, context: &back) {
            again.source = n.source
            var before = n.canonicalJSON
            var after = again.canonicalJSON
            for path in canonicalExceptions {
                before = removing(path, from: before, pruningEmpty: true)
                after = removing(path, from: after, pruningEmpty: true)
            }
            if canonicalExceptions.isEmpty ? again != n : before.canonicalText != after.canonicalText {
                problems.append(
                    "\(adapter.descriptor.name): normalise(render(n)) != n:\n"
                        + AdapterContract.difference(before, after).joined(separator: "\n"))
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

    /// `value` without the member at `path`; with `pruningEmpty`, an object left empty by the removal goes too.
    static func removing(_ path: JSONPointer, from value: JSONValue, pruningEmpty: Bool = false) -> JSONValue {
        guard let first = path.tokens.first else { return value }
        let rest = JSONPointer(tokens: Array(path.tokens.dropFirst()))
        guard case .object(var object) = value, let child = object[first] else { return value }
        if rest.tokens.isEmpty {
            object.removeValue(forKey: first)
        } else {
            let pruned = removing(rest, from: child, pruningEmpty: pruningEmpty)
            if pruningEmpty, case .object(let inner) = pruned, inner.isEmpty {
                object.removeValue(forKey: first)
            } else {
                object[first] = pruned
            }
        }
        return .object(object)
    }

    /// Path-level differences: "`/a/b`: expected X, got Y".
    public static func difference(_ expected: JSONValue, _ actual: JSONValue, at path: JSONPointer = .root) -> [String]
    {
        switch (expected, actual) {
        case (.object(let a), .object(let b)):
            var out: [String] = []
            for (key, value) in a {
                if let other = b[key] {
                    out += difference(value, other, at: path.appending(key))
                } else {
                    out.append("`\(path.appending(key))`: expected \(value.compactText), got nothing")
                }
            }
            for (key, value) in b where a[key] == nil {
                out.append("`\(path.appending(key))`: unexpected \(value.compactText)")
            }
            return out
        case (.array(let a), .array(let b)) where a.count == b.count:
            return zip(a, b).enumerated().flatMap {
                difference($0.element.0, $0.element.1, at: path.appending(index: $0.offset))
            }
        default:
            return expected == actual ? [] : ["`\(path)`: expected \(expected.compactText), got \(actual.compactText)"]
        }
    }
}

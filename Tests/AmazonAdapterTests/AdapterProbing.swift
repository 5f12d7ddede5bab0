import JSONCodec
import PushCore
import Testing

/// What the Pinpoint template, campaign and Q in Connect template tests each ask of their adapter: read a JSON text
/// (with its findings), a finding list as `code path` lines, and a rendering with its context.
protocol AdapterProbing {
    associatedtype Adapter: PayloadAdapter
    var adapter: Adapter { get }
}

extension AdapterProbing {
    func read(_ text: String) throws -> (PushNotification, [Diagnostic]) {
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(try JSONValue(parsing: text), context: &context))
        return (n, context.diagnostics)
    }

    func codes(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.code.rawValue) \($0.path)" }
    }

    func rendered(_ n: PushNotification) -> (JSONValue, RenderContext) {
        var context = RenderContext()
        let value = adapter.render(n, context: &context)
        return (value, context)
    }
}

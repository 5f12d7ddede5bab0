import JSONCodec
import PushCore
import PushTestSupport
import ZegoAdapter

/// What the facade reports lost when a notification is rendered by a ZEGO adapter.
enum ZegoLosses {
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

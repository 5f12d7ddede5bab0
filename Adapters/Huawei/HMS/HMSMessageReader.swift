package import JSONCodec
package import PushCore
import WireTables

private typealias X = HMSKeys.Extension
private typealias R = HMSKeys.Request

/// Reads an HMS v1 `Message`, bare or in its send request `{"validate_only": …, "message": …}`, through
/// ``HMSWire/message`` over any source (the parser's borrowed document, or a `JSONValue`).
package enum HMSMessageReader {
    /// The keys of a `Message` (a send request has none of them beside `message`).
    static let messageKeys = ["data", "notification", "android", "apns", "webpush", "token", "topic", "condition"]

    /// True when `root` is a send request: a `message` object and no Message key beside it.
    package static func isRequest<S: WireSource>(_ source: S, _ root: S.Node) -> Bool {
        var message = false
        for member in source.members(root) {
            let key = source.keyString(member.key)
            if messageKeys.contains(key) { return false }
            if key == R.message { message = source.isObject(member.value) }
        }
        return message
    }

    /// Reads the object `root`; nil when it is not an object.
    package static func read<S: WireSource>(
        _ source: S, _ root: S.Node, format: String, context: inout NormaliseContext
    ) -> PushNotification? {
        guard source.isObject(root) else {
            context.diagnostics.error(
                .notAnObject, at: .root, "an HMS message must be a JSON object, found \(source.typeName(root))")
            return nil
        }
        var n = PushNotification()
        n.source = format
        var ext = JSONObject()
        var message = root
        var path = JSONPointer.root
        if isRequest(source, root) {
            var others = JSONObject()
            for member in source.members(root) {
                let key = source.keyString(member.key)
                if key == R.message, path.tokens.isEmpty {
                    message = member.value
                    path = path.appending(R.message)
                } else if key == R.validateOnly, let flag = source.bool(member.value), ext[X.validateOnly] == nil {
                    ext.appendUnchecked(X.validateOnly, .bool(flag))
                } else {
                    others.appendUnchecked(key, source.jsonValue(member.value))
                }
            }
            // Present, even empty: the message came in a request and is written back in one.
            ext.appendUnchecked(X.request, .object(others))
        }
        var hooks = HMSHooks()
        HMSWire.message.read(source, message, at: path, into: &n, ext: &ext, hooks: &hooks, context: &context)
        if !ext.isEmpty {
            n.setExtension(HMSKeys.namespace, ext)
            context.record("extensions", from: .root)
        }
        return n
    }
}

import PushCore
import PushNormaliser

/// `render {notification, format, options?}` → `{payload, headers, size, lost, diagnostics}`.
///
/// A notification that is not valid canonical JSON is a 1003 error with its findings (paths into the
/// notification); one that is not an object at all is -32602.
struct RenderMethod: RPCMethod {
    let name = "render"
    let params = ["notification", "format", "options"]

    func call(_ params: RPCParams, context: RPCMethodContext) throws(RPCError) -> JSONValue {
        let json = try params.requiredObject("notification")
        let format = try params.requiredString("format")
        let options = try params.options()
        var diagnostics: [Diagnostic] = []
        guard let notification = PushNotification(canonical: json, diagnostics: &diagnostics) else {
            throw RPCError(.payloadRejected, "the notification is not valid canonical JSON", diagnostics: diagnostics)
        }
        do {
            var result = try context.normaliser.render(notification, format: format, options: options)
            result.diagnostics = diagnostics + result.diagnostics
            return result.rpcResult
        } catch {
            throw error.rpcError
        }
    }
}

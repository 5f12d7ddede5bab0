import JSONCodec
import PushCore
import PushNormaliser

/// `render {notification, format, options?, substitutions?}` → `{payload, headers, size, lost, diagnostics}`; with
/// `substitutions` the notification's templates are rendered first (a bad entry is -32602).
/// `render {catalogue, format: "hive-actions"}` writes a Hive action catalogue back as `hive_push_actions.json`.
///
/// A notification that is not valid canonical JSON is a 1003 error with its findings (paths into the
/// notification); one that is not an object at all is -32602.
struct RenderMethod: RPCMethod {
    let name = "render"
    let params = ["format", "notification", "catalogue", "options", "substitutions"]

    func call(_ params: RPCParams, context: RPCMethodContext) throws(RPCError) -> JSONValue {
        let format = try params.requiredString("format")
        if context.normaliser.registry.isCatalogue(format) || params.has("catalogue") {
            return try renderCatalogue(params, format: format, context: context)
        }
        let json = try params.requiredObject("notification")
        var options = try params.options(defaults: context.defaultOptions)
        options.substitutions = try params.substitutions()
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

    private func renderCatalogue(_ params: RPCParams, format: String, context: RPCMethodContext) throws(RPCError)
        -> JSONValue
    {
        guard context.normaliser.registry.isCatalogue(format) else {
            throw .invalidParams([
                Diagnostic(
                    .error, .rpcParamsConflict, at: JSONPointer(tokens: ["catalogue"]),
                    "a `catalogue` renders only as format "
                        + context.normaliser.registry.catalogues.map { "`\($0.descriptor.name)`" }
                        .joined(separator: " or "))
            ])
        }
        if params.has("notification") {
            throw .invalidParams([
                Diagnostic(
                    .error, .rpcParamsConflict, at: JSONPointer(tokens: ["notification"]),
                    "format `\(format)` renders a `catalogue`, not a `notification`")
            ])
        }
        let json = try params.requiredObject("catalogue")
        do {
            let result = try context.normaliser.renderCatalogue(json, format: format)
            return [
                "payload": result.catalogue, "headers": [:],
                "size": .integer(Int64(JSONWriter.compactSize(of: result.catalogue))),
                "lost": [], "diagnostics": .array(result.diagnostics.map(\.jsonValue)),
            ]
        } catch {
            throw error.rpcError
        }
    }
}

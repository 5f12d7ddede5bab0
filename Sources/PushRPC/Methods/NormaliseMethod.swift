import PushCore
import PushNormaliser

/// `normalise {payload, format = "auto", options?, substitutions?}` → `{notification, format, evidence, diagnostics}`.
///
/// A payload with errors still yields its best-effort notification with the errors in `diagnostics`;
/// only a payload no notification can be read from at all is a 1003 error. With format `hive-actions`
/// the payload is an action catalogue and the result has `catalogue` in place of `notification`. With `substitutions`
/// the notification's templates are rendered (as `convert` renders them); a bad entry is -32602.
struct NormaliseMethod: RPCMethod {
    let name = "normalise"
    let params = ["payload", "format", "options", "substitutions"]

    func call(_ params: RPCParams, context: RPCMethodContext) throws(RPCError) -> JSONValue {
        let payload = try params.payload(parser: context.normaliser.parser)
        let format = try params.string("format", default: "auto")
        var options = try params.options(defaults: context.defaultOptions)
        options.substitutions = try params.substitutions()
        do {
            if context.normaliser.registry.isCatalogue(format) {
                let result = try context.normaliser.normaliseCatalogue(payload, format: format)
                return [
                    "catalogue": result.catalogue, "format": .string(format), "evidence": ["explicit"],
                    "diagnostics": .array(result.diagnostics.map(\.jsonValue)),
                ]
            }
            return try context.normaliser.normalise(payload, format: format, options: options).rpcResult
        } catch {
            throw error.rpcError
        }
    }
}

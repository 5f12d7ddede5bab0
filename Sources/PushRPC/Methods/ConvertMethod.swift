import PushCore
import PushNormaliser

/// `convert {payload, from = "auto", to, strict = false, options?}` →
/// `{payload, headers, size, from, lost, diagnostics}`.
///
/// A payload with errors is 1003; with `strict`, a conversion that loses any field is 1004 with `data.lost`.
struct ConvertMethod: RPCMethod {
    let name = "convert"
    let params = ["payload", "to", "from", "strict", "options"]

    func call(_ params: RPCParams, context: RPCMethodContext) throws(RPCError) -> JSONValue {
        let payload = try params.payload(parser: context.normaliser.parser)
        let from = try params.string("from", default: "auto")
        let to = try params.requiredString("to")
        let strict = try params.bool("strict", default: false)
        let options = try params.options(defaults: context.defaultOptions)
        do {
            return try context.normaliser.convert(payload, from: from, to: to, strict: strict, options: options)
                .rpcResult
        } catch {
            throw error.rpcError
        }
    }
}

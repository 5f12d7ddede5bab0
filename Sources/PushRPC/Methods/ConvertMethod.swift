import PushCore
import PushNormaliser

/// `convert {payload, from = "auto", to, strict = false, allowInvalid = false, options?, substitutions?}` →
/// `{payload, headers, size, from, lost, diagnostics}`, with `recipient` when the one message is labelled (an APNs
/// payload whose device token goes beside it); `{from, messages: [{payload, headers, size, from, lost, diagnostics,
/// recipient}, …]}` when the payload converts to several messages (one per recipient or chunk of recipients:
/// `Normaliser.convertMessages`).
///
/// A payload with error findings (those `validate` reports) is 1003, unless `allowInvalid` (converted anyway, the
/// findings in `diagnostics`); with `strict`, a conversion that loses any field is 1004 with `data.lost`. With
/// `substitutions` (an object: variable name → list of strings, or a string), templates are rendered
/// (`FormatOptions.substitutions`); a bad entry is -32602.
struct ConvertMethod: RPCMethod {
    let name = "convert"
    let params = ["payload", "to", "from", "strict", "allowInvalid", "options", "substitutions"]

    func call(_ params: RPCParams, context: RPCMethodContext) throws(RPCError) -> JSONValue {
        let payload = try params.payload(parser: context.normaliser.parser)
        let from = try params.string("from", default: "auto")
        let to = try params.requiredString("to")
        let strict = try params.bool("strict", default: false)
        let allowInvalid = try params.bool("allowInvalid", default: false)
        var options = try params.options(defaults: context.defaultOptions)
        options.substitutions = try params.substitutions()
        do {
            return try context.normaliser.convertMessages(
                payload, from: from, to: to, strict: strict, allowInvalid: allowInvalid, options: options
            ).rpcResult
        } catch {
            throw error.rpcError
        }
    }
}

import PushCore
import PushNormaliser

/// `variables {payload}` → `{variables: [{path, placeholder, variable?}, …], names: [String]}`: the `{{…}}`
/// placeholders of every string of the payload, in document order, each with the JSON Pointer of the string holding
/// it (`variable` absent for a Handlebars helper, block, partial or comment), then each variable name once, in order
/// of first use (`Normaliser.templateVariables(in:)`; `pushnorm variables` prints the same).
struct VariablesMethod: RPCMethod {
    let name = "variables"
    let params = ["payload"]

    func call(_ params: RPCParams, context: RPCMethodContext) throws(RPCError) -> JSONValue {
        let payload = try params.payload(parser: context.normaliser.parser)
        return context.normaliser.templateVariablesJSON(in: payload)
    }
}

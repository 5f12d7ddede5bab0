import PushCore
import PushNormaliser

/// `formats` → an array of `{name, vendor, direction, delivered, summary, carries, kind}`, one per registered
/// format in registry (detection priority) order, then the action catalogue format (`kind: "catalogue"`).
struct FormatsMethod: RPCMethod {
    let name = "formats"
    let params: [String] = []

    func call(_ params: RPCParams, context: RPCMethodContext) throws(RPCError) -> JSONValue {
        let registry = context.normaliser.registry
        return .array(
            registry.descriptorsWithCatalogue.map { $0.rpcResult(isCatalogue: registry.isCatalogue($0.name)) })
    }
}

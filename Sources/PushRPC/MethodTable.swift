/// Every method the server answers. The one place a method is registered.
///
/// The spec conformance test checks that these names, and each method's params, are exactly the
/// methods and params of `rpc-spec/openrpc.json`.
enum MethodTable {
    /// The methods, in the order the OpenRPC document lists them.
    static let methods: [any RPCMethod] = [
        NormaliseMethod(),
        ValidateMethod(),
        RenderMethod(),
        ConvertMethod(),
        FormatsMethod(),
        DiscoverMethod(),
    ]

    // TODO(hive-actions): the `hive-actions` format is a Hive action catalogue (`hive_push_actions.json`),
    // not a notification. When Adapters/Hive exposes it through the facade, `normalise`, `validate` and
    // `render` with format `hive-actions` take/return a `catalogue` member instead of `notification`:
    //   normalise {payload, format: "hive-actions"}     -> {catalogue, format, evidence, diagnostics}
    //   validate  {payload, format: "hive-actions"} or {catalogue} -> {valid, diagnostics}
    //   render    {catalogue, format: "hive-actions"}   -> {payload, headers, size, lost, diagnostics}
    // Add `catalogue` to the params of ValidateMethod/RenderMethod and to the spec then; until then the
    // format is unknown to the registry and every method answers 1001 for it.

    /// The methods by name.
    static let byName: [String: any RPCMethod] = Dictionary(
        methods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}

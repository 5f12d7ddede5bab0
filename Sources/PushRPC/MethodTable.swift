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
        ReportMethod(),
        VariablesMethod(),
        DiscoverMethod(),
    ]

    // Action catalogues (`hive-actions`) go through the same methods: `normalise` with format
    // `hive-actions` returns `catalogue` in place of `notification`; `validate` takes a `catalogue` (or a
    // `payload` with format `hive-actions`); `render` takes a `catalogue` with format `hive-actions`.

    /// The methods by name.
    static let byName: [String: any RPCMethod] = Dictionary(
        methods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}

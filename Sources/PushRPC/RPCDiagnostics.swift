public import PushCore

// Codes of the findings in a -32602 (invalid params) error's `data.diagnostics`. Their paths point
// into the request's `params` object (`/options/snsPlatform`, `/payload`).
extension DiagnosticCode {
    /// `params` is an array: every method takes its params by name.
    public static let rpcParamsByPosition: DiagnosticCode = "rpc.params.by-position"
    /// A params key the method does not define.
    public static let rpcParamsUnknown: DiagnosticCode = "rpc.params.unknown"
    /// A param has the wrong JSON type.
    public static let rpcParamsType: DiagnosticCode = "rpc.params.type"
    /// A required param is missing.
    public static let rpcParamsMissing: DiagnosticCode = "rpc.params.missing"
    /// Params that exclude each other were both given (`payload` and `notification`).
    public static let rpcParamsConflict: DiagnosticCode = "rpc.params.conflict"
}

package import PushCore
public import PushNormaliser
import PushReport

extension DiagnosticEntry {
    /// The catalogue entries of the JSON-RPC server's params: each code with its severities and
    /// one-line summary.
    package static let rpcParamsCodes: [DiagnosticEntry] = [
        DiagnosticEntry(
            .rpcParamsByPosition, .error,
            summary: """
                `params` is an array: every method takes its params by name.
                """),
        DiagnosticEntry(
            .rpcParamsConflict, .error,
            summary: """
                Params that exclude each other were both given (`payload` and `notification`).
                """),
        DiagnosticEntry(.rpcParamsMissing, .error, summary: "A required param is missing."),
        DiagnosticEntry(.rpcParamsType, .error, summary: "A param has the wrong JSON type."),
        DiagnosticEntry(.rpcParamsUnknown, .error, summary: "A params key the method does not define."),
    ]
}

extension DiagnosticCatalogue {
    /// Every code `pushnorm rpc` can report: ``DiagnosticCatalogue/standard``, the report's codes and the server's
    /// `rpc.params.*` codes.
    public static let rpcServer = DiagnosticCatalogue.report.adding(DiagnosticEntry.rpcParamsCodes)
}

import PushCore
import PushNormaliser

// The one mapping from facade failures to JSON-RPC application errors.
extension NormalisationFailure {
    /// The JSON-RPC error for this failure: the code for its kind, with `data.diagnostics` (and
    /// `data.lost` for lossy conversions).
    ///
    /// | kind | code |
    /// | --- | --- |
    /// | `unknown-format` | 1001 ``RPCErrorCode/unknownFormat`` |
    /// | `unrecognised` | 1002 ``RPCErrorCode/unrecognisedPayload`` |
    /// | `rejected` | 1003 ``RPCErrorCode/payloadRejected`` |
    /// | `lossy` | 1004 ``RPCErrorCode/lossyConversion`` |
    /// | `invalid-json` | 1005 ``RPCErrorCode/invalidPayloadJSON`` |
    /// | any other (a kind added later) | 1003 |
    var rpcError: RPCError {
        let code: RPCErrorCode
        switch kind {
        case .unknownFormat: code = .unknownFormat
        case .unrecognised: code = .unrecognisedPayload
        case .rejected: code = .payloadRejected
        case .lossy: code = .lossyConversion
        case .invalidJSON: code = .invalidPayloadJSON
        default: code = .payloadRejected
        }
        var data = JSONObject()
        data["kind"] = .string(kind.rawValue)
        data["diagnostics"] = .array(diagnostics.map(\.jsonValue))
        if kind == .lossy { data["lost"] = .array(lost.map(\.jsonValue)) }
        return RPCError(code, message, data: .object(data))
    }
}

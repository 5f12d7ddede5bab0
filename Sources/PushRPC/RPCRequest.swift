import PushCore

/// A request or notification envelope, checked against JSON-RPC 2.0.
struct RPCRequest: Sendable, Hashable {
    /// The id; nil for a notification.
    var id: RPCRequestID?
    /// The method name.
    var method: String
    /// `params` as sent (an object or an array), or nil.
    var params: JSONValue?

    /// Why a message is not a request, with the id to answer with (null when unreadable).
    struct Failure: Error {
        var id: RPCRequestID
        var error: RPCError
    }

    /// Reads the envelope. Members other than `jsonrpc`, `id`, `method` and `params` are ignored. A number id
    /// takes `numberText` (its JSON text as sent) when given.
    static func read(_ message: JSONValue, numberText: String? = nil) -> Result<RPCRequest, Failure> {
        guard case .object(let object) = message else {
            return .failure(
                Failure(id: .null, error: .invalidRequest("a request must be an object, found \(message.typeName)")))
        }
        var id: RPCRequestID?
        if let rawID = object["id"] {
            guard let readID = RPCRequestID(json: rawID) else {
                return .failure(
                    Failure(
                        id: .null,
                        error: .invalidRequest("`id` must be a string, a number or null, found \(rawID.typeName)")))
            }
            id = readID
            if let numberText {
                switch readID {
                case .integer, .unsignedInteger, .double: id = .number(numberText)
                default: break
                }
            }
        }
        let replyID = id ?? .null
        guard object["jsonrpc"] == .string("2.0") else {
            return .failure(Failure(id: replyID, error: .invalidRequest("`jsonrpc` must be \"2.0\"")))
        }
        guard case .string(let method)? = object["method"] else {
            let found = object["method"]?.typeName ?? "nothing"
            return .failure(Failure(id: replyID, error: .invalidRequest("`method` must be a string, found \(found)")))
        }
        let params = object["params"]
        if let params, params.objectValue == nil, params.arrayValue == nil {
            return .failure(
                Failure(
                    id: replyID,
                    error: .invalidRequest("`params` must be an object or an array, found \(params.typeName)")))
        }
        return .success(RPCRequest(id: id, method: method, params: params))
    }
}

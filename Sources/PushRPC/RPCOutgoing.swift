import JSONCodec
package import PushCore

/// What the server sends for one incoming message: one reply, or the array of a batch's replies.
///
/// Replies are written by hand around the codec's writer so that a number id goes back as the exact text it
/// came in (``RPCRequestID/number(_:)``: `1e3` stays `1e3`).
package enum RPCOutgoing: Sendable {
    /// One reply.
    case one(RPCReply)
    /// A batch's replies, in request order.
    case batch([RPCReply])

    /// The JSON form (number ids as values: `1e3` becomes 1000.0 here; the wire form keeps the text).
    package var jsonValue: JSONValue {
        switch self {
        case .one(let reply): return reply.jsonValue
        case .batch(let replies): return .array(replies.map(\.jsonValue))
        }
    }

    /// The compact wire form.
    package func bytes() -> [UInt8] {
        var out: [UInt8] = []
        switch self {
        case .one(let reply):
            reply.write(into: &out)
        case .batch(let replies):
            out.append(UInt8(ascii: "["))
            for (index, reply) in replies.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                reply.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        return out
    }
}

/// One reply: `{"jsonrpc":"2.0","id":…,"result":…}` or `{…,"error":…}`.
package struct RPCReply: Sendable {
    /// The request's id (null when it could not be read).
    package var id: RPCRequestID
    /// The result, or the error.
    package var outcome: Result<JSONValue, RPCError>

    package init(id: RPCRequestID, _ outcome: Result<JSONValue, RPCError>) {
        self.id = id
        self.outcome = outcome
    }

    /// Its size on the wire, near enough to bound a batch's replies (the id's text and the framing counted).
    package var estimatedSize: Int {
        switch outcome {
        case .success(let result): return 40 + id.wireText.count + JSONWriter.compactSize(of: result)
        case .failure(let error): return 40 + id.wireText.count + JSONWriter.compactSize(of: error.jsonValue)
        }
    }

    package var jsonValue: JSONValue {
        switch outcome {
        case .success(let result): return RPCServer.resultReply(id: id, result)
        case .failure(let error): return RPCServer.errorReply(id: id, error)
        }
    }

    package func write(into out: inout [UInt8]) {
        let writer = JSONWriter(style: .compact)
        out.append(contentsOf: #"{"jsonrpc":"2.0","id":"#.utf8)
        out.append(contentsOf: id.wireText)
        switch outcome {
        case .success(let result):
            out.append(contentsOf: #","result":"#.utf8)
            writer.write(result, into: &out)
        case .failure(let error):
            out.append(contentsOf: #","error":"#.utf8)
            writer.write(error.jsonValue, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

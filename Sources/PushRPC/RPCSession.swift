/// A server and a framer together: stream bytes in, framed reply bytes out. No I/O, so a whole
/// conversation (both framings, garbage, lying lengths) can be tested in-process.
public struct RPCSession: Sendable {
    /// The server answering the messages.
    public let server: RPCServer
    private var framer: MessageFramer

    /// A session over `server`, with its message size limit.
    public init(server: RPCServer) {
        self.server = server
        framer = MessageFramer(maximumMessageBytes: server.options.maxMessageBytes)
    }

    /// Feeds input and appends the replies of every message it completes to `out`.
    public mutating func receive(_ bytes: some Sequence<UInt8>, into out: inout [UInt8]) {
        framer.append(bytes)
        drain(atEndOfInput: false, into: &out)
    }

    /// Ends the input: answers a final unterminated NDJSON line, reports a truncated message.
    public mutating func finish(into out: inout [UInt8]) {
        drain(atEndOfInput: true, into: &out)
    }

    /// Convenience: the replies to a whole input.
    public static func replies(to input: some Sequence<UInt8>, server: RPCServer = RPCServer()) -> [UInt8] {
        var session = RPCSession(server: server)
        var out: [UInt8] = []
        session.receive(input, into: &out)
        session.finish(into: &out)
        return out
    }

    private mutating func drain(atEndOfInput: Bool, into out: inout [UInt8]) {
        let server = server
        // A plain `convert` is answered from the framer's own bytes (no copy of the message); anything else is
        // handed over as an event.
        while let lent = framer.next(
            atEndOfInput: atEndOfInput,
            lendingTo: { body, framing in
                guard let reply = server.wireReply(body) else { return false }
                framing.frame(reply, into: &out)
                return true
            })
        {
            guard case .event(let event) = lent else { continue }
            switch event {
            case .message(let body, let framing):
                let (reply, parsed) = server.handle(body)
                if !parsed && framing == .contentLength { framer.resynchroniseAfterLastMessage() }
                if let reply { framing.frame(reply.bytes(), into: &out) }
            case .failure(let error):
                server.logger.log(.warning, "framing: \(error.description)")
                framing(error).frame(
                    RPCOutgoing.one(RPCReply(id: error.id, .failure(error.rpcError))).bytes(), into: &out)
            }
        }
    }

    private func framing(_ error: FramingError) -> MessageFraming { error.framing }
}

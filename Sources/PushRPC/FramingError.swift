import PushCore

/// A message the framer could not delimit or refused. Answered with an error reply in the framing the message
/// seemed to use, with the message's id when it could be read from its head (too large), else null; the framer
/// then resynchronises on the next message.
public struct FramingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The message is over `--max-message-bytes` (answered -32600; its bytes are skipped).
        case tooLarge = "too-large"
        /// `Content-Length` is missing, negative, not a number or given twice with different values.
        case badContentLength = "bad-content-length"
        /// A header line without `:`, with bytes that are not ASCII, or a header block over 8 KiB.
        case badHeader = "bad-header"
        /// `Content-Type` names a charset other than UTF-8.
        case unsupportedContentType = "unsupported-content-type"
        /// The input ended inside a header block or before `Content-Length` bytes arrived.
        case truncated
    }

    /// What went wrong.
    public var kind: Kind
    /// The framing the message used.
    public var framing: MessageFraming
    /// Human text.
    public var message: String
    /// The id of the message, when it could be read from its head (a message too large to parse); else null.
    public var id: RPCRequestID

    /// An error.
    public init(_ kind: Kind, framing: MessageFraming, _ message: String, id: RPCRequestID = .null) {
        self.kind = kind
        self.framing = framing
        self.message = message
        self.id = id
    }

    /// `ndjson too-large: …`.
    public var description: String { "\(framing.rawValue) \(kind.rawValue): \(message)" }

    /// The reply's error: -32600 for an oversized message, -32700 for everything else.
    public var rpcError: RPCError {
        let data: JSONValue = ["framing": .string(framing.rawValue), "reason": .string(kind.rawValue)]
        switch kind {
        case .tooLarge: return RPCError(.invalidRequest, "Invalid request: \(message)", data: data)
        default: return RPCError(.parseError, "Parse error: \(message)", data: data)
        }
    }
}

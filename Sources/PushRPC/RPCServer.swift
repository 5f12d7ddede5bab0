import JSONCodec
public import PushCore
public import PushNormaliser

/// The JSON-RPC 2.0 server as a pure function: a message in, a reply (or none) out. No framing, no I/O.
///
/// - A request gets exactly one reply with its id; a notification (no `id`) never gets one.
/// - A batch (array) gets an array of the replies of its requests, in order, or nothing when it held
///   only notifications; an empty batch is one -32600 error.
/// - Params are by name. Errors: -32700 (not JSON; id null), -32600 (not a request; id when readable),
///   -32601, -32602 and the application errors of ``RPCErrorCode`` (with the request's id).
///
/// ```swift
/// let server = RPCServer()
/// let reply = server.reply(to: ["jsonrpc": "2.0", "id": 1, "method": "formats"])
/// ```
public struct RPCServer: Sendable {
    /// The facade every method calls.
    public var normaliser: Normaliser
    /// Limits, logging and the OpenRPC path.
    public var options: RPCServerOptions
    let logger: RPCLogger
    let context: RPCMethodContext

    /// A server over `normaliser`; bundles the OpenRPC document (or reads `--openrpc PATH`) once, now.
    public init(normaliser: Normaliser = Normaliser(), options: RPCServerOptions = RPCServerOptions()) {
        var normaliser = normaliser
        normaliser.parser.maximumBytes = max(normaliser.parser.maximumBytes, options.maxMessageBytes)
        self.normaliser = normaliser
        self.options = options
        logger = RPCLogger(
            level: options.logLevel, fileDescriptor: options.logFileDescriptor, bufferBytes: options.logBufferBytes)
        context = RPCMethodContext(
            normaliser: normaliser,
            openRPC: options.openRPCPath.map { OpenRPCDocument.load(path: $0) } ?? OpenRPCDocument.embedded,
            defaultOptions: options.defaultFormatOptions)
        if case .failure(let error) = context.openRPC { logger.log(.info, error.message) }
    }

    /// The names of the methods, in table order.
    public static var methodNames: [String] { MethodTable.methods.map(\.name) }

    /// The param names each method accepts.
    public static var methodParams: [String: [String]] {
        Dictionary(MethodTable.methods.map { ($0.name, $0.params) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: - Messages

    /// The reply to one parsed message (a request, a notification or a batch); nil when none is due.
    public func reply(to message: JSONValue) -> JSONValue? {
        outgoing(for: message, numberTexts: []).map(\.jsonValue)
    }

    /// The reply to one message's bytes: -32700 (id null) when they are not JSON, -32600 when they are over
    /// `maxMessageBytes` (with the id read from the message's head, else null).
    public func reply(toMessage bytes: some Collection<UInt8>) -> JSONValue? {
        handle(bytes).reply?.jsonValue
    }

    /// The reply's wire bytes (compact JSON, number ids echoed as sent), or nil when none is due.
    public func replyBytes(toMessage bytes: some Collection<UInt8>) -> [UInt8]? {
        handle(bytes).reply?.bytes()
    }

    /// The reply, and whether the bytes parsed (framing resynchronises on unparsable Content-Length bodies).
    package func handle(_ bytes: some Collection<UInt8>) -> (reply: RPCOutgoing?, parsed: Bool) {
        if bytes.count > options.maxMessageBytes {
            let error = RPCError(
                .invalidRequest,
                "Invalid request: message of \(bytes.count) bytes is over the limit of \(options.maxMessageBytes)"
                    + " (--max-message-bytes)",
                data: ["reason": "too-large"])
            logger.log(.warning, error.message)
            return (.one(RPCReply(id: RequestIDScanner.id(in: bytes) ?? .null, .failure(error))), true)
        }
        let message: JSONValue
        do {
            message = try JSONParser(
                maximumBytes: options.maxMessageBytes, maximumDepth: normaliser.parser.maximumDepth
            )
            .parse(bytes)
        } catch {
            logger.log(.warning, "unparsable message (\(bytes.count) bytes): \(error.description)")
            return (
                .one(RPCReply(id: .null, .failure(.parseError(error.description, diagnostics: [error.diagnostic()])))),
                false
            )
        }
        let texts = Self.hasNumberID(message) ? RequestIDScanner.numericIDTexts(in: bytes) : []
        return (outgoing(for: message, numberTexts: texts), true)
    }

    /// Whether the message (or an element of a batch) has a number id, whose text the reply must echo.
    private static func hasNumberID(_ message: JSONValue) -> Bool {
        func isNumber(_ value: JSONValue?) -> Bool {
            switch value {
            case .integer?, .unsignedInteger?, .double?: return true
            default: return false
            }
        }
        if case .array(let elements) = message { return elements.contains { isNumber($0["id"]) } }
        return isNumber(message["id"])
    }

    /// The replies to a parsed message; `numberTexts` are the number ids' texts (per batch element).
    private func outgoing(for message: JSONValue, numberTexts: [String?]) -> RPCOutgoing? {
        guard case .array(let batch) = message else {
            return replyToSingle(message, numberText: numberTexts.first ?? nil).map(RPCOutgoing.one)
        }
        if batch.isEmpty { return .one(RPCReply(id: .null, .failure(.invalidRequest("empty batch")))) }
        var replies: [RPCReply] = []
        var total = 2  // the brackets
        var full = false
        for (index, element) in batch.enumerated() {
            let text = index < numberTexts.count ? numberTexts[index] : nil
            if full {
                if let reply = tooLarge(element, numberText: text) { replies.append(reply) }
                continue
            }
            guard var reply = replyToSingle(element, numberText: text) else { continue }
            let size = reply.estimatedSize + 1
            if total + size > options.maxBatchReplyBytes {
                full = true
                logger.log(
                    .warning,
                    "batch reply over \(options.maxBatchReplyBytes) bytes (--max-batch-reply-bytes): requests from "
                        + "element \(index + 1) of \(batch.count) on answered -32603")
                reply = RPCReply(id: reply.id, .failure(Self.batchReplyTooLarge(options.maxBatchReplyBytes)))
            }
            total += size
            replies.append(reply)
        }
        return replies.isEmpty ? nil : .batch(replies)
    }

    /// The error of a batch element past the bound on the batch's replies.
    static func batchReplyTooLarge(_ limit: Int) -> RPCError {
        RPCError(
            .internalError,
            "batch reply too large: the replies before it reached the limit of \(limit) bytes "
                + "(--max-batch-reply-bytes); send it again alone or in a smaller batch",
            data: ["reason": "batch-reply-too-large"])
    }

    /// The reply to a batch element once the batch's replies are full: its id and -32603 (nothing for a
    /// notification; an invalid request's own error).
    private func tooLarge(_ message: JSONValue, numberText: String?) -> RPCReply? {
        switch RPCRequest.read(message, numberText: numberText) {
        case .success(let request):
            return request.id.map { RPCReply(id: $0, .failure(Self.batchReplyTooLarge(options.maxBatchReplyBytes))) }
        case .failure(let failure):
            return RPCReply(id: failure.id, .failure(failure.error))
        }
    }

    /// A complete error reply.
    public static func errorReply(id: RPCRequestID, _ error: RPCError) -> JSONValue {
        ["jsonrpc": "2.0", "id": id.jsonValue, "error": error.jsonValue]
    }

    /// A complete success reply.
    public static func resultReply(id: RPCRequestID, _ result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id.jsonValue, "result": result]
    }

    // MARK: - One request

    private func replyToSingle(_ message: JSONValue, numberText: String?) -> RPCReply? {
        let request: RPCRequest
        switch RPCRequest.read(message, numberText: numberText) {
        case .success(let read): request = read
        case .failure(let failure):
            logger.log(.warning, "invalid request: \(failure.error.message)")
            return RPCReply(id: failure.id, .failure(failure.error))
        }
        guard let id = request.id else {
            logger.log(.debug, "notification \(request.method): no reply")
            return nil
        }
        let clock = ContinuousClock()
        let start = clock.now
        let result = call(request)
        logger.log(.debug, "\(request.method) id \(id): \(resultSummary(result)) in \(clock.now - start)")
        return RPCReply(id: id, result)
    }

    private func call(_ request: RPCRequest) -> Result<JSONValue, RPCError> {
        guard let method = MethodTable.byName[request.method] else {
            return .failure(.methodNotFound(request.method))
        }
        do {
            let params = try RPCParams(request.params, declared: method.params)
            return .success(try method.call(params, context: context))
        } catch {
            return .failure(error)
        }
    }

    private func resultSummary(_ result: Result<JSONValue, RPCError>) -> String {
        switch result {
        case .success: return "ok"
        case .failure(let error): return "error \(error.code.rawValue)"
        }
    }
}

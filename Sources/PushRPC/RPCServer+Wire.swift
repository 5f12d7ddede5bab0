import JSONCodec
import PushCore
import PushNormaliser

extension RPCServer {
    /// The reply bytes to a plain `convert` request answered through the wire engine: the message is borrowed,
    /// its `payload` converted in place and the reply written straight into one buffer (no ``JSONValue`` for the
    /// request, the payload or the reply). Nil for anything else (another method, a batch, a notification, a
    /// payload given as a string, `strict`, `options`, a conversion the engine leaves to the adapters, any
    /// invalid request): ``handle(_:)`` answers it, with the same reply the engine would give.
    package func wireReply(_ bytes: some Collection<UInt8>) -> [UInt8]? {
        guard bytes.count <= options.maxMessageBytes else { return nil }
        let parser = JSONParser(maximumBytes: options.maxMessageBytes, maximumDepth: normaliser.parser.maximumDepth)
        var reply: [UInt8]?
        _ = bytes.withContiguousStorageIfAvailable { buffer in
            parser.withBorrowedDocument(buffer) { document in reply = wireReply(document, capacity: buffer.count) }
        }
        return reply
    }

    private func wireReply(_ document: BorrowedDocument, capacity: Int) -> [UInt8]? {
        let root = document.root
        guard document.kind(root) == .object else { return nil }
        var id: BorrowedDocument.Node?
        var params: BorrowedDocument.Node?
        var isConvert = false, isVersion2 = false
        for member in document.members(root) {
            let key = document.stringBytes(member.key)
            if BorrowedDocument.equal(key, "jsonrpc") {
                isVersion2 = document.stringEquals(member.value, "2.0")
            } else if BorrowedDocument.equal(key, "method") {
                isConvert = document.stringEquals(member.value, "convert")
            } else if BorrowedDocument.equal(key, "id") {
                guard document.kind(member.value) == .string || document.kind(member.value) == .int64 else {
                    return nil
                }
                id = member.value
            } else if BorrowedDocument.equal(key, "params") {
                params = member.value
            } else {
                return nil
            }
        }
        guard isVersion2, isConvert, let id, let params, document.kind(params) == .object else { return nil }
        var payload: BorrowedDocument.Node?
        var from: String?
        var to: String?
        for member in document.members(params) {
            let key = document.stringBytes(member.key)
            if BorrowedDocument.equal(key, "payload") {
                guard document.kind(member.value) == .object else { return nil }
                payload = member.value
            } else if BorrowedDocument.equal(key, "from") {
                from = document.string(member.value)
            } else if BorrowedDocument.equal(key, "to") {
                to = document.string(member.value)
            } else if BorrowedDocument.equal(key, "strict") || BorrowedDocument.equal(key, "allowInvalid") {
                guard document.kind(member.value) == .false else { return nil }
            } else {
                return nil
            }
        }
        // The server-wide default options (`--options FILE`), as `params.options(defaults:)` reads them.
        var formatOptions = FormatOptions()
        if !options.defaultFormatOptions.isEmpty {
            var diagnostics: [Diagnostic] = []
            formatOptions = FormatOptions(
                json: .object(options.defaultFormatOptions), at: JSONPointer(tokens: ["options"]),
                diagnostics: &diagnostics)
            if diagnostics.containsErrors { return nil }
        }
        guard let payload, let from, let to else { return nil }
        let clock = ContinuousClock()
        let start = logger.enabled(.debug) ? clock.now : nil
        // RPCServer.resultReply(id:_:) with ConversionResult.rpcResult, written in place: the payload is converted
        // straight into the reply.
        var out: [UInt8] = []
        out.reserveCapacity(capacity + 512)
        out.append(literal: #"{"jsonrpc":"2.0","id":"#)
        document.writeCompact(id, into: &out)
        out.append(literal: #","result":{"payload":"#)
        guard
            let result = normaliser.wireConvert(
                document, root: payload, from: from, to: to, options: formatOptions, lostFields: true, into: &out,
                capacity: capacity)
        else {
            // A send request to several recipients read over the document (Pinpoint's `Addresses`): the reply the
            // server gives, built from the results.
            guard
                let results = normaliser.wireConvertRecipients(
                    document, root: payload, from: from, to: to, options: formatOptions, lostFields: true),
                let requestID = RPCRequestID(json: document.jsonValue(id))
            else { return nil }
            if let start { logger.log(.debug, "convert id \(requestID): ok in \(clock.now - start)") }
            var reply: [UInt8] = []
            RPCReply(id: requestID, .success(results.rpcResult)).write(into: &reply)
            return reply
        }
        if let start, let requestID = RPCRequestID(json: document.jsonValue(id)) {
            logger.log(.debug, "convert id \(requestID): ok in \(clock.now - start)")
        }
        out.append(literal: #","headers":"#)
        let writer = JSONWriter(style: .compact)
        writer.write(.object(result.headers), into: &out)
        out.append(literal: #","size":"#)
        writer.write(.integer(Int64(result.size)), into: &out)
        out.append(literal: #","from":"#)
        writer.write(.string(result.from), into: &out)
        // `LostField.jsonValue` and `Diagnostic.jsonValue`, member by member.
        out.append(literal: #","lost":["#)
        for (index, lost) in result.lost.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(literal: #"{"path":"#)
            JSONWriter.writeString(pointer: lost.path, into: &out)
            out.append(literal: #","reason":"#)
            JSONWriter.writeString(lost.reason, into: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(literal: #"],"diagnostics":["#)
        for (index, diagnostic) in result.diagnostics.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(literal: #"{"severity":"#)
            JSONWriter.writeString(diagnostic.severity.rawValue, into: &out)
            out.append(literal: #","code":"#)
            JSONWriter.writeString(diagnostic.code.rawValue, into: &out)
            out.append(literal: #","path":"#)
            JSONWriter.writeString(diagnostic.path.description, into: &out)
            out.append(literal: #","message":"#)
            JSONWriter.writeString(diagnostic.message, into: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(literal: "]}}")
        return out
    }
}

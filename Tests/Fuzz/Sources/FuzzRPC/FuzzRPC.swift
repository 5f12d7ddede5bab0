import CFuzzerDriver
import FuzzSupport
import JSONCodec
import PushCore
import PushRPC

private let server: RPCServer = {
    var options = RPCServerOptions()
    options.logFileDescriptor = -1
    options.maxMessageBytes = 64 * 1024
    return RPCServer(options: options)
}()

/// libFuzzer entry point: the JSON-RPC server (framing, then dispatch) fed a raw byte stream, as
/// `pushnorm rpc` reads stdin. The first byte picks where the stream is cut in two `receive` calls.
/// Nothing may trap; the output must be a sequence of framed replies, each a JSON-RPC 2.0 response
/// (or a non-empty array of them); and the output must not depend on where the input was cut.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRPC(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let stream = Array(bytes.dropFirst())
    let whole = RPCSession.replies(to: stream, server: server)

    let cut = stream.isEmpty ? 0 : Int(first) % (stream.count + 1)
    var session = RPCSession(server: server)
    var split: [UInt8] = []
    session.receive(stream[..<cut], into: &split)
    session.receive(stream[cut...], into: &split)
    session.finish(into: &split)
    FuzzOracle.require(
        split == whole,
        "replies differ when the input is cut at \(cut):\n\(String(decoding: whole, as: UTF8.self))\n---\n\(String(decoding: split, as: UTF8.self))"
    )

    var framer = MessageFramer(maximumMessageBytes: 1 << 30)
    framer.append(whole)
    while let event = framer.next(atEndOfInput: true) {
        guard case .message(let body, _) = event else {
            fatalError("fuzz invariant violated: the server wrote a reply that does not frame: \(event)")
        }
        do {
            let reply = try FuzzOracle.reparser.parse(body)
            if case .array(let replies) = reply {
                FuzzOracle.require(!replies.isEmpty, "an empty batch reply")
                replies.forEach(checkResponse)
            } else {
                checkResponse(reply)
            }
        } catch {
            fatalError("fuzz invariant violated: a reply is not JSON: \(error)")
        }
    }
    return 0
}

/// A JSON-RPC 2.0 response: `jsonrpc: "2.0"`, an `id` (string, number or null) and exactly one of
/// `result` and `error` (with an integer `code` and a string `message`).
private func checkResponse(_ reply: JSONValue) {
    guard let object = reply.objectValue else {
        fatalError("fuzz invariant violated: a reply is not an object: \(reply.compactText)")
    }
    FuzzOracle.require(object["jsonrpc"] == .string("2.0"), "no jsonrpc 2.0: \(reply.compactText)")
    switch object["id"] {
    case .string?, .integer?, .unsignedInteger?, .double?, .null?: break
    default: fatalError("fuzz invariant violated: bad reply id: \(reply.compactText)")
    }
    FuzzOracle.require((object["result"] == nil) != (object["error"] == nil), "result xor error: \(reply.compactText)")
    if let error = object["error"] {
        FuzzOracle.require(
            error["code"]?.int64Value != nil && error["message"]?.stringValue != nil, "bad error: \(reply.compactText)")
    }
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver.
@_cdecl("FuzzRPC_main")
public func fuzzRPCMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    cfuzzer_run_driver(argc, argv)
}

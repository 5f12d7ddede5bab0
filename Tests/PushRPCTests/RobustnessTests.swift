import JSONCodec
import PushCore
import Testing

@testable import PushRPC

/// Issue 22 for the RPC server: limits that cannot trap, a stranded caller, bounded batch replies.
@Suite("RPC: robustness")
struct RPCRobustnessTests {
    /// A limit at the top of `Int` is accepted by the library and never overflows when a read ends mid-line.
    @Test(arguments: [Int.max, Int.max - 1, Int.max / 2 + 1])
    func aHugeMessageLimitNeverTraps(_ limit: Int) {
        var framer = MessageFramer(maximumMessageBytes: limit)
        framer.append(Array(#"{"jsonrpc":"2.0","id":1,"#.utf8))
        #expect(framer.next() == nil)
        framer.append(Array(#""method":"formats"}"#.utf8))
        guard case .message(let body, .newlineDelimited)? = framer.next(atEndOfInput: true) else {
            Issue.record("no message")
            return
        }
        #expect(body.count == 43)
    }
}

extension RPCRobustnessTests {
    /// A `Content-Length` header without its blank line, then NDJSON requests: the broken header block is answered
    /// -32700 at once and every request after it is answered, before the end of input.
    @Test(arguments: ["{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"formats\"}\n", "not a header\n"])
    func aHeaderBlockThatIsNotOneIsAnsweredAtOnce(_ second: String) {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: 40\r\n".utf8))
        #expect(framer.next() == nil)
        framer.append(Array(second.utf8))
        framer.append(Array("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"formats\"}\n".utf8))
        var events: [MessageFramer.Event] = []
        while let event = framer.next() { events.append(event) }  // not at end of input
        guard case .failure(let failure)? = events.first else {
            Issue.record("no failure first: \(events)")
            return
        }
        #expect(failure.kind == .badHeader)
        #expect(failure.rpcError.code == .parseError)
        let messages = events.dropFirst().compactMap { event -> String? in
            if case .message(let body, .newlineDelimited) = event { return String(decoding: body, as: UTF8.self) }
            return nil
        }
        #expect(messages.last?.contains("\"id\":3") == true, "\(events)")
        if second.hasPrefix("{") { #expect(messages.count == 2, "\(events)") }
    }
}

extension RPCRobustnessTests {
    /// A batch of large answers stops at the bound on its replies: the rest get -32603 with their ids.
    @Test func aBatchReplyIsBounded() throws {
        var options = RPCServerOptions()
        options.maxBatchReplyBytes = 200_000
        options.logFileDescriptor = -1
        let server = RPCServer(options: options)
        let batch =
            "["
            + (1...50).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"rpc.discover"}"# }
            .joined(separator: ",") + #",{"jsonrpc":"2.0","method":"formats"}]"#
        let bytes = try #require(server.replyBytes(toMessage: Array(batch.utf8)))
        let replies = try #require(try JSONParser(maximumBytes: 1 << 30).parse(bytes).arrayValue)
        #expect(replies.count == 50)  // the notification gets none
        let errors = replies.filter { $0["error"]?["code"] == .integer(-32603) }
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0["error"]?["message"]?.stringValue?.contains("batch reply too large") == true })
        #expect(replies.map { $0["id"] } == (1...50).map { .integer(Int64($0)) })
        // The replies up to the bound, then small error replies (about 250 bytes each).
        #expect(bytes.count < 200_000 + 50 * 300, "\(bytes.count) bytes")
        print("batch of 50 rpc.discover under a 200000-byte bound: \(bytes.count) bytes, \(errors.count) errors")
    }
}

import JSONCodec
import PushCore
import Testing

@testable import PushRPC

/// Issue 22 for the RPC server: limits that cannot trap, bounded batch replies.
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

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

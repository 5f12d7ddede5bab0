import JSONCodec
import PushCore
import Testing

@testable import PushRPC

/// Byte streams a hostile or broken client sends to `pushnorm rpc`, fed through ``RPCSession`` exactly as
/// stdin is. Each case names the replies it must get (error code and id, in order); none may trap, and a
/// valid request after the damage must still be answered.
@Suite("RPC: hostile input")
struct HostileInputTests {
    static let probe = #"{"jsonrpc":"2.0","id":"probe","method":"nope"}"#

    /// The replies to `input`, parsed, with their framing.
    static func replies(
        _ input: String, server: RPCServer = RPCTestSupport.server, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [(JSONValue, MessageFraming)] {
        replies(Array(input.utf8), server: server, sourceLocation: sourceLocation)
    }

    static func replies(
        _ input: [UInt8], server: RPCServer = RPCTestSupport.server, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [(JSONValue, MessageFraming)] {
        var framer = MessageFramer(maximumMessageBytes: 1 << 30)
        framer.append(RPCSession.replies(to: input, server: server))
        var out: [(JSONValue, MessageFraming)] = []
        while let event = framer.next(atEndOfInput: true) {
            guard case .message(let body, let framing) = event,
                let reply = try? JSONParser(maximumBytes: 1 << 30).parse(body)
            else {
                Issue.record("a reply does not frame or parse: \(event)", sourceLocation: sourceLocation)
                continue
            }
            out.append((reply, framing))
        }
        return out
    }

    /// `(error code or 0 for a result, id)` of each reply.
    static func summary(_ replies: [(JSONValue, MessageFraming)]) -> [String] {
        replies.map { reply, _ in "\(reply["error"]?["code"]?.int64Value ?? 0) \(reply["id"]?.compactText ?? "-")" }
    }

    static func cl(_ body: String, length: String? = nil) -> String {
        "Content-Length: \(length ?? String(body.utf8.count))\r\n\r\n\(body)"
    }

    // MARK: - Content-Length lies

    @Test(
        "Content-Length that lies or is malformed",
        arguments: [
            // Shorter than the body: the cut body is not JSON; the rest is skipped up to the next message.
            (
                "too short", cl(#"{"jsonrpc":"2.0","id":1,"method":"nope"}"#, length: "5") + "\n" + probe + "\n",
                ["-32700 null", "-32601 \"probe\""]
            ),
            // Longer than the body, swallowing the next message: the swallowed message is still found.
            (
                "swallows the next message",
                cl(#"{"jsonrpc":"2.0","id":1,"method":"nope"}"#, length: "60") + cl(probe)
                    + "\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n", ["-32700 null", "-32601 \"probe\""]
            ),
            // Longer than everything that follows: waits, then at end of input a truncated message.
            (
                "longer than the stream", cl(#"{"jsonrpc":"2.0","id":1,"method":"nope"}"#, length: "100000"),
                ["-32700 null"]
            ),
            ("negative", cl(#"{"id":1}"#, length: "-1") + "\n" + probe + "\n", ["-32700 null", "-32601 \"probe\""]),
            (
                "not a number", cl(#"{"id":1}"#, length: "12abc") + "\n" + probe + "\n",
                ["-32700 null", "-32601 \"probe\""]
            ),
            (
                "beyond 64 bits", cl(#"{"id":1}"#, length: "99999999999999999999999") + "\n" + probe + "\n",
                ["-32700 null", "-32601 \"probe\""]
            ),
            (
                "two that disagree", "Content-Length: 8\r\nContent-Length: 9\r\n\r\n{\"id\":1}\n" + probe + "\n",
                ["-32700 null", "-32601 \"probe\""]
            ),
            (
                "missing", "Content-Type: application/json\r\n\r\n{}" + "\n" + probe + "\n",
                ["-32700 null", "-32601 \"probe\""]
            ),
            (
                "over --max-message-bytes", cl("[" + String(repeating: "1,", count: 600_000) + "1]") + cl(probe),
                ["-32600 null", "-32601 \"probe\""]
            ),
            ("zero", cl("", length: "0") + cl(probe), ["-32700 null", "-32601 \"probe\""]),
        ] as [(String, String, [String])])
    func contentLengthLies(_ name: String, _ input: String, _ expected: [String]) {
        let replies = Self.replies(input)
        #expect(Self.summary(replies) == expected, "\(name)")
        // Every error reply to a framing problem uses Content-Length framing, like its request.
        #expect(replies.first?.1 == .contentLength, "\(name)")
    }

    // MARK: - Batches

    /// A batch of 100 000: a third requests that fail (`nope`), a third notifications (no reply), a third
    /// `normalise` calls. Over the default 1 MiB limit it is one -32600; with the limit raised, 66 667
    /// replies in order with their ids.
    @Test func batchOfOneHundredThousand() throws {
        var members: [String] = []
        members.reserveCapacity(100_000)
        for i in 0..<100_000 {
            switch i % 3 {
            case 0: members.append(#"{"jsonrpc":"2.0","id":\#(i),"method":"nope"}"#)
            case 1: members.append(#"{"jsonrpc":"2.0","method":"normalise","params":{"payload":{"aps":{}}}}"#)
            default:
                members.append(
                    #"{"jsonrpc":"2.0","id":"n\#(i)","method":"normalise","params":{"payload":{"aps":{"badge":\#(i)}}}}"#
                )
            }
        }
        let batch = "[" + members.joined(separator: ",") + "]\n"
        #expect(batch.utf8.count > 1 << 20)
        #expect(Self.summary(Self.replies(batch)) == ["-32600 null"])

        var options = RPCTestSupport.quiet
        options.maxMessageBytes = 16 << 20
        let replies = Self.replies(batch, server: RPCServer(options: options))
        try #require(replies.count == 1)
        let array = try #require(replies[0].0.arrayValue)
        var expectedIDs: [JSONValue] = []
        for i in 0..<100_000 {
            switch i % 3 {
            case 0: expectedIDs.append(.integer(Int64(i)))
            case 2: expectedIDs.append(.string("n\(i)"))
            default: break
            }
        }
        #expect(array.count == expectedIDs.count)
        #expect(array.map { $0["id"] ?? .null } == expectedIDs)
        let wellFormed = array.allSatisfy { (reply: JSONValue) -> Bool in
            if reply["id"]?.stringValue != nil { return reply["result"]?["notification"]?["badge"] != nil }
            return reply["error"]?["code"] == .integer(-32601)
        }
        #expect(wellFormed)
    }

    // MARK: - Ids

    /// Ids of every JSON type, in both framings: strings and numbers (and null) are echoed exactly;
    /// booleans, arrays and objects make the request invalid (-32600, id null); no id is a notification.
    @Test(
        "ids of every JSON type",
        arguments: MessageFraming.allCases,
        [
            (#""abc""#, "-32601 \"abc\""), (#""""#, "-32601 \"\""), (#""1""#, "-32601 \"1\""),
            (
                "\"" + String(repeating: "é", count: 5000) + "\"",
                "-32601 \"" + String(repeating: "é", count: 5000) + "\""
            ),
            ("0", "-32601 0"), ("-7", "-32601 -7"), ("18446744073709551615", "-32601 18446744073709551615"),
            ("1.5", "-32601 1.5"), ("1e2", "-32601 100.0"), ("null", "-32601 null"),
            ("true", "-32600 null"), ("false", "-32600 null"), ("[]", "-32600 null"), ("[1]", "-32600 null"),
            ("{}", "-32600 null"), (#"{"id":1}"#, "-32600 null"),
        ] as [(String, String)])
    func idsOfEveryType(_ framing: MessageFraming, _ id: (text: String, expected: String)) {
        var input: [UInt8] = []
        framing.frame(Array(#"{"jsonrpc":"2.0","id":\#(id.text),"method":"nope"}"#.utf8), into: &input)
        framing.frame(Array(#"{"jsonrpc":"2.0","method":"nope"}"#.utf8), into: &input)  // notification: no reply
        let replies = Self.replies(input)
        #expect(Self.summary(replies) == [id.expected], "id \(id.text.prefix(20))")
        #expect(replies.allSatisfy { $0.1 == framing })
    }
}

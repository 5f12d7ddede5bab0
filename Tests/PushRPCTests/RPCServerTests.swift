import JSONCodec
import PushCore
import Testing

@testable import PushRPC

/// The JSON-RPC 2.0 envelope rules of ``RPCServer/reply(to:)``: ids, notifications, batches, reserved errors.
@Suite struct RPCServerTests {
    let server = RPCTestSupport.server

    func parse(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

    // MARK: - Ids

    @Test(arguments: [
        #""abc""#, #""""#, "0", "-12", "9223372036854775807", "18446744073709551615", "1.5", "-0.25", "null",
    ])
    func idIsEchoedExactly(id: String) throws {
        let reply = try #require(server.reply(to: try parse(#"{"jsonrpc":"2.0","id":\#(id),"method":"formats"}"#)))
        let expected = try parse(id)
        #expect(reply["id"] == expected)
        #expect(JSONWriter().string(try #require(reply["id"])) == JSONWriter().string(expected))
        #expect(reply["result"] != nil)
        #expect(reply["jsonrpc"] == "2.0")
    }

    @Test func stringIDThatLooksNumericStaysAString() throws {
        let reply = try #require(server.reply(to: try parse(#"{"jsonrpc":"2.0","id":"1","method":"formats"}"#)))
        #expect(reply["id"] == "1")
    }

    @Test(arguments: ["true", "{}", "[1]"])
    func idOfWrongTypeIsInvalidRequestWithNullID(id: String) throws {
        let reply = try #require(server.reply(to: try parse(#"{"jsonrpc":"2.0","id":\#(id),"method":"formats"}"#)))
        #expect(reply["id"] == .null)
        #expect(reply["error"]?["code"] == -32600)
    }

    // MARK: - Notifications

    @Test(arguments: [
        #"{"jsonrpc":"2.0","method":"formats"}"#,
        #"{"jsonrpc":"2.0","method":"no.such.method"}"#,
        #"{"jsonrpc":"2.0","method":"normalise","params":{"bogus":1}}"#,
        #"{"jsonrpc":"2.0","method":"normalise","params":{"payload":"{bad","format":"apns"}}"#,
        #"{"jsonrpc":"2.0","method":"convert","params":{"payload":{"aps":{}},"to":"nope"}}"#,
    ])
    func notificationsNeverGetAReply(message: String) throws {
        #expect(server.reply(to: try parse(message)) == nil)
    }

    // MARK: - Batches

    @Test func batchRepliesInOrderWithoutNotifications() throws {
        let batch = try parse(
            #"""
            [{"jsonrpc":"2.0","id":1,"method":"formats"},
             {"jsonrpc":"2.0","method":"formats"},
             {"jsonrpc":"2.0","id":"b","method":"nope"},
             1,
             {"jsonrpc":"2.0","id":3,"method":"normalise","params":{"payload":{"aps":{"badge":1}},"format":"apns"}}]
            """#)
        let replies = try #require(server.reply(to: batch)?.arrayValue)
        #expect(replies.map { $0["id"] } == [1, "b", .null, 3])
        #expect(replies[0]["result"] != nil)
        #expect(replies[1]["error"]?["code"] == -32601)
        #expect(replies[2]["error"]?["code"] == -32600)
        #expect(replies[3]["result"]?["notification"]?["badge"] == 1)
    }

    @Test func batchOfOnlyNotificationsGetsNoReply() throws {
        let batch = try parse(#"[{"jsonrpc":"2.0","method":"formats"},{"jsonrpc":"2.0","method":"nope"}]"#)
        #expect(server.reply(to: batch) == nil)
    }

    @Test func emptyBatchIsOneInvalidRequest() throws {
        let reply = try #require(server.reply(to: .array([])))
        #expect(reply.arrayValue == nil)
        #expect(reply["id"] == .null)
        #expect(reply["error"]?["code"] == -32600)
    }

    @Test func batchOfNonObjectsGetsOneErrorEach() throws {
        let replies = try #require(server.reply(to: try parse("[1,2,3]"))?.arrayValue)
        #expect(replies.count == 3)
        #expect(replies.allSatisfy { $0["error"]?["code"] == -32600 && $0["id"] == .null })
    }

    @Test func nestedBatchIsAnInvalidRequestElement() throws {
        let replies = try #require(
            server.reply(to: try parse(#"[[{"jsonrpc":"2.0","id":1,"method":"formats"}]]"#))?.arrayValue)
        #expect(replies.count == 1)
        #expect(replies[0]["error"]?["code"] == -32600)
    }

    // MARK: - -32600 invalid request

    @Test(arguments: [
        (#""just a string""#, JSONValue.null),
        ("42", .null),
        ("null", .null),
        (#"{"id":1,"method":"formats"}"#, 1),
        (#"{"jsonrpc":"1.0","id":1,"method":"formats"}"#, 1),
        (#"{"jsonrpc":2.0,"id":"x","method":"formats"}"#, "x"),
        (#"{"jsonrpc":"2.0","id":2}"#, 2),
        (#"{"jsonrpc":"2.0","id":3,"method":5}"#, 3),
        (#"{"jsonrpc":"2.0","id":4,"method":"formats","params":"bar"}"#, 4),
        (#"{"jsonrpc":"2.0","id":5,"method":"formats","params":null}"#, 5),
        (#"{"jsonrpc":"2.0","method":1,"params":"bar"}"#, .null),
        (#"{"jsonrpc":"2.0","result":1,"id":6}"#, 6),
    ])
    func invalidRequests(message: String, id: JSONValue) throws {
        let reply = try #require(server.reply(to: try parse(message)))
        #expect(reply["error"]?["code"] == -32600, "\(reply.compactText)")
        #expect(reply["id"] == id)
    }

    // MARK: - -32700 parse error

    @Test(arguments: [
        "", "{", "hello", #"{"jsonrpc":"2.0","id":1,"method":"formats""#, #"{"a":1,"a":2}"#, "[1,]",
    ])
    func unparsableBytesAreParseErrorsWithNullID(text: String) throws {
        let reply = try #require(server.reply(toMessage: Array(text.utf8)))
        #expect(reply["error"]?["code"] == -32700)
        #expect(reply["id"] == .null)
        #expect(RPCTestSupport.diagnosticCodes(try #require(reply["error"])).first?.hasPrefix("json.") == true)
    }

    @Test func invalidUTF8IsAParseError() throws {
        let bytes =
            Array(#"{"jsonrpc":"2.0","id":1,"method":"formats","x":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        let reply = try #require(server.reply(toMessage: bytes))
        #expect(reply["error"]?["code"] == -32700)
        #expect(RPCTestSupport.diagnosticCodes(try #require(reply["error"])) == ["json.invalid-utf8"])
    }

    @Test func messageOverTheLimitIsAnInvalidRequest() throws {
        var options = RPCTestSupport.quiet
        options.maxMessageBytes = 64
        let small = RPCServer(options: options)
        let text =
            #"{"jsonrpc":"2.0","id":1,"method":"normalise","params":{"payload":{"aps":{"alert":"long enough"}}}}"#
        let reply = try #require(small.reply(toMessage: Array(text.utf8)))
        #expect(reply["error"]?["code"] == -32600)
        #expect(reply["error"]?["data"]?["reason"] == "too-large")
        #expect(reply["id"] == 1)  // read from the head of the message
        let late = #"{"jsonrpc":"2.0","method":"normalise","params":{"payload":{"aps":{"alert":"long"}}},"id":"x"}"#
        #expect(small.reply(toMessage: Array(late.utf8))?["id"] == "x")
        let unreadable = #"{"jsonrpc":"2.0","method":"normalise","params":{"payload":{"aps":{"alert":"long enough"#
        #expect(small.reply(toMessage: Array(unreadable.utf8))?["id"] == .null)
    }

    // MARK: - -32601

    @Test(arguments: ["nope", "Normalise", "rpc.other", ""])
    func unknownMethodIsMethodNotFoundWithID(method: String) throws {
        let error = try RPCTestSupport.error(method)
        #expect(RPCTestSupport.code(error) == -32601)
        #expect(error["data"]?["method"] == .string(method))
    }

    // MARK: - -32603

    @Test func discoverWithoutTheDocumentIsAnInternalError() throws {
        var options = RPCTestSupport.quiet
        options.openRPCPath = "/nonexistent/openrpc.json"
        let server = RPCServer(options: options)
        let error = try RPCTestSupport.error("rpc.discover", server: server)
        #expect(RPCTestSupport.code(error) == -32603)
        // Every other method still works.
        _ = try RPCTestSupport.result("formats", server: server)
    }

    @Test func discoverWithAnInvalidDocumentIsAnInternalError() throws {
        var options = RPCTestSupport.quiet
        options.openRPCPath = RPCTestSupport.packageRoot + "/Package.swift"
        let error = try RPCTestSupport.error("rpc.discover", server: RPCServer(options: options))
        #expect(RPCTestSupport.code(error) == -32603)
    }

    // MARK: - Reply shape

    @Test func replyMembersAreJsonrpcIDThenResultOrError() throws {
        let ok = try #require(RPCTestSupport.reply("formats"))
        #expect(ok.objectValue?.keys == ["jsonrpc", "id", "result"])
        let failed = try #require(RPCTestSupport.reply("nope"))
        #expect(failed.objectValue?.keys == ["jsonrpc", "id", "error"])
        #expect(failed["error"]?.objectValue?.keys.prefix(2) == ["code", "message"])
    }

    @Test func extraEnvelopeMembersAreIgnored() throws {
        let reply = try #require(
            server.reply(to: try parse(#"{"jsonrpc":"2.0","id":1,"method":"formats","x-trace":"t"}"#)))
        #expect(reply["result"] != nil)
    }
}

import JSONCodec
import PushCore
import PushRPC
import Testing

/// `convert` answered through the wire engine gives the reply the full server gives, byte for byte.
@Suite("RPC: wire lane")
struct WireReplyTests {
    static let requests: [String] = [
        #"{"jsonrpc":"2.0","id":1,"method":"convert","params":{"payload":{"aps":{"alert":{"title":"T","body":"B"},"badge":3},"payload":"{\"image_attachment\":\"https://x/a.png\",\"k\":{\"n\":[1,2]}}","extra":"é\u00e9\n"},"from":"zego","to":"amazon"}}"#,
        #"{"id":"abc","jsonrpc":"2.0","method":"convert","params":{"from":"zego","to":"zego","payload":{"aps":{"alert":"hi","mutable-content":1},"payload":"{\"image_attachment\":\"https://x/a.png\"}"}}}"#,
        #"{"jsonrpc":"2.0","id":7,"method":"convert","params":{"payload":{"aps":{"alert":"hi","sound":"default"},"x":1.5},"from":"apns","to":"zego","strict":false}}"#,
        #"{"jsonrpc":"2.0","id":8,"method":"convert","params":{"payload":{"aps":{"content-available":1},"payload":"{}"},"from":"zego","to":"apns"}}"#,
        // A Pinpoint send request to two addresses: one message each (`{from, messages}`), read over the document.
        #"{"jsonrpc":"2.0","id":9,"method":"convert","params":{"from":"pinpoint-message","to":"fcm","payload":{"ApplicationId":"app","MessageRequest":{"Addresses":{"apns-token":{"ChannelType":"APNS"},"fcm-token":{"ChannelType":"GCM"}},"MessageConfiguration":{"APNSMessage":{"Title":"T","Body":"B","MediaUrl":"https://cdn.example.com/a.png","Data":{"k":"v"}},"GCMMessage":{"Title":"T2","Body":"B2","Priority":"high","TimeToLive":60}}}}}}"#,
        #"{"jsonrpc":"2.0","id":"p2","method":"convert","params":{"from":"pinpoint-message","to":"apns","payload":{"Addresses":{"t1":{"ChannelType":"APNS"},"t2":{"ChannelType":"APNS_SANDBOX"}},"MessageConfiguration":{"APNSMessage":{"Title":"T","Badge":2}}}}}"#,
    ]

    @Test("same reply as the server", arguments: requests)
    func sameReply(_ request: String) throws {
        let server = RPCServer()
        let bytes = Array(request.utf8)
        let wire = try #require(server.wireReply(bytes), "the wire lane declined \(request)")
        let reply = try #require(server.handle(bytes).reply)
        #expect(String(decoding: wire, as: UTF8.self) == String(decoding: reply.bytes(), as: UTF8.self))
    }

    @Test(
        "anything else is the server's",
        arguments: [
            #"{"jsonrpc":"2.0","id":1,"method":"convert","params":{"payload":{"aps":{"alert":"x"}},"from":"auto","to":"amazon"}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"convert","params":{"payload":{"aps":{"alert":"x"}},"from":"apns","to":"amazon","strict":true}}"#,
            #"{"jsonrpc":"2.0","method":"convert","params":{"payload":{"aps":{"alert":"x"}},"from":"apns","to":"amazon"}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"normalise","params":{"payload":{"aps":{"alert":"x"}}}}"#,
            #"[{"jsonrpc":"2.0","id":1,"method":"convert","params":{"payload":{"aps":{}},"from":"apns","to":"apns"}}]"#,
            // One message per token: the adapters' work (`convertMessages`).
            #"{"jsonrpc":"2.0","id":1,"method":"convert","params":{"payload":{"registration_ids":["a","b"],"notification":{"title":"T"}},"from":"fcm-legacy","to":"fcm"}}"#,
            // A Pinpoint request the document reader does not model (an override): the adapters'.
            #"{"jsonrpc":"2.0","id":1,"method":"convert","params":{"from":"pinpoint-message","to":"fcm","payload":{"MessageRequest":{"Addresses":{"t":{"ChannelType":"APNS","TitleOverride":"Yours"}},"MessageConfiguration":{"APNSMessage":{"Title":"T"}}}}}}"#,
        ])
    func declined(_ request: String) {
        #expect(RPCServer().wireReply(Array(request.utf8)) == nil)
    }
}

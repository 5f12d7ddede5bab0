import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

@testable import PushNormaliser

/// One input, many messages (issue 23, item 4): a notification naming more recipients than one message of the target
/// takes (``FormatDescriptor/recipients``) converts to one labelled output per recipient or chunk, nothing lost for
/// the recipients fanned out; a target that takes them all keeps them together; `Normaliser.convert`
/// stays one message.
@Suite("Fan-out")
struct FanOutTests {
    static let legacy: JSONValue = [
        "registration_ids": ["token-1", "token-2", "token-3"],
        "notification": ["title": "Sale", "body": "50% off"],
        "data": ["campaign": "spring"],
    ]

    static func notification(tokens: [String]? = nil, token: String? = nil, topic: String? = nil) -> PushNotification {
        var n = PushNotification()
        n.title = "Hi"
        var target = PushNotification.Target()
        target.tokens = tokens
        target.token = token
        target.topic = topic
        n.target = target
        return n
    }

    // MARK: - The model

    @Test("capacity 1: one message per token, its `token` set, labelled `recipient i of n`")
    func oneTokenPerMessage() throws {
        let parts = try #require(Self.notification(tokens: ["a", "b", "c"]).splitByRecipient(.tokens(1)))
        #expect(parts.map(\.notification.target?.token) == ["a", "b", "c"])
        #expect(parts.allSatisfy { $0.notification.target?.tokens == nil && $0.notification.title == "Hi" })
        #expect(parts.map(\.recipient.label) == ["recipient 1 of 3", "recipient 2 of 3", "recipient 3 of 3"])
        #expect(parts.map(\.recipient.tokens) == [["a"], ["b"], ["c"]])
        #expect(parts.allSatisfy { !$0.recipient.besidePayload && $0.recipient.count == 3 })
    }

    @Test("capacity 1000: 2,500 tokens in chunks of 1000, 1000 and 500; 1,000 stay together")
    func chunks() throws {
        let tokens = (1...2500).map { "t\($0)" }
        let parts = try #require(Self.notification(tokens: tokens).splitByRecipient(.tokens(1000)))
        #expect(parts.map { $0.notification.target?.tokens?.count } == [1000, 1000, 500])
        #expect(
            parts.map(\.recipient.label) == [
                "recipients 1-1000 of 2500", "recipients 1001-2000 of 2500",
                "recipients 2001-2500 of 2500",
            ])
        #expect(parts.flatMap { $0.notification.target?.tokens ?? [] } == tokens)
        #expect(parts.map(\.recipient.count) == [3, 3, 3])
        #expect(Self.notification(tokens: Array(tokens.prefix(1000))).splitByRecipient(.tokens(1000)) == nil)
    }

    @Test("beside the payload: each token of a list becomes a message with no target; one `token` only for a variant")
    func besidePayload() throws {
        let parts = try #require(Self.notification(tokens: ["a", "b"]).splitByRecipient(.besidePayload))
        #expect(parts.allSatisfy { $0.notification.target == nil && $0.recipient.besidePayload })
        #expect(parts.map(\.recipient.tokens) == [["a"], ["b"]])
        // A single token stays one message (FCM v1 → APNs keeps its shape and its wire path), unless it is a
        // source's per-recipient variant.
        #expect(Self.notification(token: "a").splitByRecipient(.besidePayload) == nil)
        let one = try #require(Self.notification(token: "a").splitByRecipient(.besidePayload, singleToken: true))
        #expect(one.map(\.recipient.label) == ["recipient 1 of 1"])
        #expect(one.map(\.recipient.tokens) == [["a"]])
        let listOfOne = try #require(Self.notification(tokens: ["a"]).splitByRecipient(.besidePayload))
        #expect(listOfOne.map(\.recipient.besidePayload) == [true])
        // A topic names no device: nothing moves beside the payload.
        #expect(Self.notification(topic: "news").splitByRecipient(.besidePayload) == nil)
    }

    @Test("nothing to split: undeclared capacity, one token for capacity 1, no tokens, an empty list")
    func nothingToSplit() {
        #expect(Self.notification(tokens: ["a", "b"]).splitByRecipient(.undeclared) == nil)
        #expect(Self.notification(token: "a").splitByRecipient(.tokens(1)) == nil)
        #expect(Self.notification(topic: "news").splitByRecipient(.tokens(1)) == nil)
        #expect(Self.notification(tokens: []).splitByRecipient(.tokens(1)) == nil)
        #expect(Self.notification(tokens: []).splitByRecipient(.besidePayload) == nil)
        #expect(PushNotification().splitByRecipient(.besidePayload) == nil)
        // The wire engine's guard agrees with the split.
        for capacity in [RecipientCapacity.undeclared, .tokens(1), .tokens(2), .besidePayload] {
            for n in [
                Self.notification(tokens: ["a", "b"]), Self.notification(token: "a"), Self.notification(tokens: []),
                Self.notification(topic: "t"), Self.notification(tokens: ["a", "b", "c"]), PushNotification(),
            ] {
                #expect(n.fansOut(for: capacity) == (n.splitByRecipient(capacity) != nil), "\(capacity)")
            }
        }
    }

    @Test("the formats declare their capacity: fcm 1, fcm-legacy 1000, apns beside the payload")
    func declared() {
        let registry = FormatRegistry.standard
        #expect(registry.adapter(named: "fcm")?.descriptor.recipients == .tokens(1))
        #expect(registry.adapter(named: "fcm-legacy")?.descriptor.recipients == .tokens(1000))
        #expect(registry.adapter(named: "apns")?.descriptor.recipients == .besidePayload)
        #expect(registry.adapter(named: "amazon")?.descriptor.recipients == .undeclared)
        #expect(registry.adapter(named: "hms")?.descriptor.recipients == .tokens(1000))
        #expect(registry.adapter(named: "adm")?.descriptor.recipients == .besidePayload)
    }

    @Test(
        "hms token[] → fcm: one v1 message per HMS token; fcm-legacy registration_ids → hms: one message, tokens kept")
    func hmsTokens() throws {
        let hms = try JSONValue(
            parsing: #"{"message":{"notification":{"title":"Sale","body":"Today"},"token":["t1","t2","t3"]}}"#)
        let results = try Normaliser().convertMessages(hms, from: "hms", to: "fcm")
        #expect(results.map { $0.payload["token"] } == [.string("t1"), .string("t2"), .string("t3")])
        #expect(results.allSatisfy { $0.payload["notification"]?["title"] == "Sale" && $0.lost.isEmpty })
        #expect(results.map { $0.recipient?.label } == ["recipient 1 of 3", "recipient 2 of 3", "recipient 3 of 3"])
        // ADM's message names no device: one message per registration ID, the ID beside it.
        let adm = try Normaliser().convertMessages(hms, from: "hms", to: "adm")
        #expect(
            adm.map { $0.recipient?.tokens.first } == ["t1", "t2", "t3"]
                && adm.allSatisfy { $0.recipient?.besidePayload == true })
        #expect(adm.allSatisfy { $0.payload["notification"]?["title"] == "Sale" && $0.payload["target"] == nil })
        let together = try Normaliser().convertMessages(Self.legacy, from: "fcm-legacy", to: "hms")
        #expect(together.count == 1)
        #expect(together.first?.payload["token"] == ["token-1", "token-2", "token-3"])
    }

    // MARK: - The library

    @Test("fcm-legacy registration_ids → fcm: one v1 message per token, nothing lost, each labelled")
    func legacyToV1() throws {
        let results = try Normaliser().convertMessages(Self.legacy, from: "fcm-legacy", to: "fcm")
        #expect(results.count == 3)
        for (index, result) in results.enumerated() {
            #expect(result.payload["token"] == .string("token-\(index + 1)"))
            #expect(result.payload["notification"]?["title"] == "Sale")
            #expect(result.payload["data"]?["campaign"] == "spring")
            #expect(result.lost.isEmpty, "\(result.lost)")
            #expect(result.recipient?.label == "recipient \(index + 1) of 3")
            #expect(result.recipient?.besidePayload == false)
            #expect(result.from == "fcm-legacy")
        }
        // From bytes too (the wire engine declines a notification that fans out).
        let bytes = JSONWriter(style: .compact).bytes(Self.legacy)
        #expect(Normaliser().wireConvert(bytes, from: "fcm-legacy", to: "fcm", options: FormatOptions()) == nil)
        let fromBytes = try Normaliser().convertMessages(bytes, from: "fcm-legacy", to: "fcm")
        #expect(fromBytes.map(\.compactBytes) == results.map(\.compactBytes))
    }

    @Test("convert stays one message: the tokens lost, as before (single-output callers unchanged)")
    func convertUnchanged() throws {
        let result = try Normaliser().convert(Self.legacy, from: "fcm-legacy", to: "fcm")
        #expect(result.recipient == nil)
        #expect(result.payload["token"] == nil)
        #expect(result.lost.map(\.path.description).contains("/target/tokens"))
    }

    @Test("fcm-legacy → fcm-legacy keeps the tokens together: one unlabelled message, as convert gives")
    func legacyToLegacy() throws {
        let results = try Normaliser().convertMessages(Self.legacy, from: "fcm-legacy", to: "fcm-legacy")
        #expect(results.count == 1)
        #expect(results[0].recipient == nil)
        #expect(results[0].payload["registration_ids"] == ["token-1", "token-2", "token-3"])
        let single = try Normaliser().convert(Self.legacy, from: "fcm-legacy", to: "fcm-legacy")
        #expect(results[0].compactBytes == single.compactBytes)
    }

    @Test("target.tokens → apns: one payload per device token, the token beside it, nothing lost")
    func tokensToAPNs() throws {
        let results = try Normaliser().convertMessages(Self.legacy, from: "fcm-legacy", to: "apns")
        #expect(results.map { $0.recipient?.tokens } == [["token-1"], ["token-2"], ["token-3"]])
        #expect(results.allSatisfy { $0.recipient?.besidePayload == true && $0.lost.isEmpty })
        #expect(results[0].payload["aps"]?["alert"]?["title"] == "Sale")
        #expect(results[0].recipient?.jsonValue["deviceToken"] == "token-1")
        // A v1 message's one token: one unlabelled payload, as convert gives it, through the wire engine.
        let v1 = Array(#"{"message":{"token":"device","notification":{"title":"T"}}}"#.utf8)
        #expect(Normaliser().wireConvert(v1, from: "fcm", to: "apns", options: FormatOptions()) != nil)
        let one = try Normaliser().convertMessages(v1, from: "fcm", to: "apns")
        #expect(one.count == 1)
        #expect(one[0].recipient == nil)
        #expect(one[0].compactBytes == (try Normaliser().convert(v1, from: "fcm", to: "apns")).compactBytes)
    }

    @Test("strict: a message that loses a field fails the whole conversion")
    func strict() throws {
        let lossy: JSONValue = ["registration_ids": ["a", "b"], "notification": ["title": "T"], "priority": "high"]
        #expect(throws: NormalisationFailure.self) {
            try Normaliser().convertMessages(lossy, from: "fcm-legacy", to: "apns", strict: true)
        }
        let results = try Normaliser().convertMessages(lossy, from: "fcm-legacy", to: "fcm", strict: true)
        #expect(results.count == 2)
    }

    // MARK: - Per-recipient variants

    /// A source addressing each recipient with its own title: `{"title", "addresses": {token: {"title"?}}}`.
    struct AddressedAdapter: YieldsRecipientVariants {
        var descriptor: FormatDescriptor {
            FormatDescriptor(
                name: "test-addressed", vendor: "test", summary: "Per-address titles.", isDelivered: false,
                carries: ["title", "target"])
        }
        func recognise(_ payload: JSONValue) -> Recognition? { nil }
        func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
            var n = PushNotification()
            n.title = payload["title"]?.stringValue
            return n
        }
        func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
            ["title": notification.title.map(JSONValue.string) ?? .null]
        }
        func recipientVariants(
            of payload: JSONValue, notification: PushNotification, context: inout NormaliseContext
        ) -> [RecipientVariant]? {
            guard let addresses = payload["addresses"]?.objectValue else { return nil }
            return addresses.enumerated().map { index, member in
                var n = notification
                if let title = member.value["title"]?.stringValue { n.title = title }
                var target = PushNotification.Target()
                target.token = member.key
                n.target = target
                return RecipientVariant(label: "address \(index + 1) of \(addresses.count)", notification: n)
            }
        }
    }

    @Test("a source's per-recipient variants: one message each, with its own title and token, labelled by the source")
    func variants() throws {
        let registry = FormatRegistry(adapters: FormatRegistry.standard.adapters + [AddressedAdapter()])
        let payload: JSONValue = [
            "title": "Shared", "addresses": ["tok-a": ["title": "For A"], "tok-b": [:]],
        ]
        let results = try Normaliser(registry: registry).convertMessages(payload, from: "test-addressed", to: "fcm")
        #expect(results.map { $0.payload["token"] } == ["tok-a", "tok-b"])
        #expect(results.map { $0.payload["notification"]?["title"] } == ["For A", "Shared"])
        #expect(results.map { $0.recipient?.label } == ["address 1 of 2", "address 2 of 2"])
        let apns = try Normaliser(registry: registry).convertMessages(payload, from: "test-addressed", to: "apns")
        // Each variant stays one message (its token beside the payload) and keeps the source's label.
        #expect(apns.map { $0.recipient?.label } == ["address 1 of 2", "address 2 of 2"])
        #expect(apns.map { $0.recipient?.tokens } == [["tok-a"], ["tok-b"]])
    }

    // MARK: - The batch engine

    @Test("BatchConverter: a record that fans out holds its messages in order, its losses once per path")
    func batchOutcome() throws {
        let converter = BatchConverter(operation: .convert(from: "fcm-legacy", to: "fcm", strict: false), jobs: 2)
        let records = [Self.legacy, ["to": "solo", "notification": ["title": "T"]]].enumerated().map {
            RecordSplitter.Record(
                bytes: JSONWriter(style: .compact).bytes($0.element), line: $0.offset + 1, index: $0.offset + 1)
        }
        let outcomes = converter.process(records)
        #expect(outcomes.map(\.index) == [1, 2])
        #expect(outcomes[0].output == nil)
        #expect(
            outcomes[0].messages.map(\.recipient.label) == ["recipient 1 of 3", "recipient 2 of 3", "recipient 3 of 3"])
        let tokens = try outcomes[0].messages.map { try JSONParser().parse($0.output)["token"] }
        #expect(tokens == ["token-1", "token-2", "token-3"])
        #expect(outcomes[1].messages.isEmpty)
        #expect(outcomes[1].output != nil)
    }

    @Test(
        "BatchConverter: a delivered target's messages carry their APNs headers (each its own), a send form's none"
    )
    func batchHeaders() throws {
        // A Pinpoint send to two APNS addresses and a GCM one: APNSMessage's Priority and CollapseId are the APNS
        // addresses' headers; the GCM address's message is GCMMessage's, with no APNs header.
        let request: JSONValue = [
            "Addresses": [
                "tok-a": ["ChannelType": "APNS"], "tok-b": ["ChannelType": "APNS_SANDBOX"],
                "reg-c": ["ChannelType": "GCM"],
            ],
            "MessageConfiguration": [
                "APNSMessage": ["Body": "Hi", "Priority": "5", "CollapseId": "c-1", "APNSPushType": "alert"],
                "GCMMessage": ["Body": "Hi"],
            ],
        ]
        let record = RecordSplitter.Record(bytes: JSONWriter(style: .compact).bytes(request), line: 1, index: 1)
        let expected: JSONValue = ["apns-push-type": "alert", "apns-priority": "5", "apns-collapse-id": "c-1"]
        // The delivered formats that take one message per device token (the token beside the payload).
        for target in ["apns", "adm"] {
            let converter = BatchConverter(operation: .convert(from: "auto", to: target, strict: false), jobs: 1)
            let messages = converter.process(record).messages
            #expect(messages.map(\.recipient.tokens) == [["tok-a"], ["tok-b"], ["reg-c"]], "\(target)")
            #expect(messages.map { $0.headers.map(JSONValue.object) } == [expected, expected, [:]], "\(target)")
        }
        // A send form writes the headers into its message (FCM v1's apns.headers): none beside it.
        let fcm = BatchConverter(operation: .convert(from: "auto", to: "fcm", strict: false), jobs: 1)
        let messages = fcm.process(record).messages
        #expect(messages.count == 3 && messages.allSatisfy { $0.headers == nil })
        let first = try JSONParser().parse(try #require(messages.first).output)
        #expect(first["apns"]?["headers"] == expected)
    }
}

/// A batch writes each message's recipient without building its value (``PushCore/Recipient/writeJSON(into:)``).
@Suite("Recipient written as JSON")
struct RecipientJSONTests {
    @Test("byte for byte as JSONWriter writes its jsonValue, with and without the device token beside the payload")
    func sameBytesAsTheValue() {
        let recipients = [
            Recipient(index: 1, count: 2, label: "address 1 of 2 (APNS)", tokens: ["t1"]),
            Recipient(index: 12, count: 1000, label: "chunk \"2\" \\ é\n\u{1}", tokens: ["a", "b"]),
            Recipient(index: 3, count: 3, label: "token 3 of 3", tokens: ["tok\"en"], besidePayload: true),
            Recipient(index: 1, count: 1, label: "", tokens: [], besidePayload: true),
        ]
        for recipient in recipients {
            var written: [UInt8] = []
            recipient.writeJSON(into: &written)
            #expect(written == JSONWriter().bytes(recipient.jsonValue), "\(recipient.label)")
        }
    }
}

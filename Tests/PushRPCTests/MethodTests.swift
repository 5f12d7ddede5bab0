import JSONCodec
import PushCore
import PushNormaliser
import Testing

@testable import PushRPC

/// The methods' results and their application errors (1001–1005), each with `data.diagnostics`.
@Suite struct MethodTests {
    static let payload: JSONValue = [
        "aps": ["alert": ["title": "Sale", "body": "50% off"], "badge": 2, "sound": "default"], "campaign": "spring",
    ]

    // MARK: - normalise

    @Test func normaliseReturnsTheCanonicalNotification() throws {
        let result = try RPCTestSupport.result("normalise", ["payload": Self.payload])
        #expect(result.objectValue?.keys == ["notification", "format", "evidence", "diagnostics"])
        #expect(result["format"] == "apns")
        #expect(result["evidence"] == ["/aps"])
        #expect(result["diagnostics"] == [])
        let notification = try #require(result["notification"])
        #expect(notification["title"] == "Sale")
        #expect(notification["badge"] == 2)
        #expect(notification["sound"] == ["name": "default"])
        #expect(notification["data"] == ["campaign": "spring"])
        #expect(notification["schemaVersion"] == 1)
    }

    @Test func normaliseAcceptsThePayloadAsAJSONString() throws {
        let asObject = try RPCTestSupport.result("normalise", ["payload": Self.payload, "format": "apns"])
        let asString = try RPCTestSupport.result(
            "normalise", ["payload": .string(Self.payload.compactText), "format": "apns"])
        #expect(asObject == asString)
    }

    @Test func normaliseExplicitFormatHasExplicitEvidence() throws {
        let result = try RPCTestSupport.result("normalise", ["payload": Self.payload, "format": "apns"])
        #expect(result["evidence"] == ["explicit"])
    }

    @Test func normaliseKeepsFindingsInTheResult() throws {
        let result = try RPCTestSupport.result("normalise", ["payload": ["aps": ["badge": "three"]], "format": "apns"])
        let diagnostics = try #require(result["diagnostics"]?.arrayValue)
        #expect(diagnostics.contains { $0["severity"] == "error" && $0["path"] == "/aps/badge" })
    }

    @Test func normaliseUnknownFormatIs1001() throws {
        let error = try RPCTestSupport.error("normalise", ["payload": Self.payload, "format": "carrier-pigeon"])
        #expect(RPCTestSupport.code(error) == 1001)
        #expect(RPCTestSupport.diagnosticCodes(error) == ["core.format.unknown"])
        #expect(error["data"]?["kind"] == "unknown-format")
    }

    @Test func normaliseUnrecognisedPayloadIs1002() throws {
        let error = try RPCTestSupport.error("normalise", ["payload": ["hello": "world"]])
        #expect(RPCTestSupport.code(error) == 1002)
        #expect(RPCTestSupport.diagnosticCodes(error) == ["core.format.unrecognised"])
    }

    @Test func normaliseOfSomethingThatIsNoNotificationIs1003() throws {
        let error = try RPCTestSupport.error("normalise", ["payload": "[1,2]", "format": "apns"])
        #expect(RPCTestSupport.code(error) == 1003)
        #expect(RPCTestSupport.diagnosticCodes(error) == ["core.payload.not-object"])
        let auto = try RPCTestSupport.error("normalise", ["payload": "\"text\""])
        #expect(RPCTestSupport.code(auto) == 1003)
    }

    @Test(arguments: ["{bad", "", "{\"a\":1,\"a\":2}", "{\"aps\":{}} trailing"])
    func normaliseOfAStringThatIsNotJSONIs1005(text: String) throws {
        let error = try RPCTestSupport.error("normalise", ["payload": .string(text)])
        #expect(RPCTestSupport.code(error) == 1005)
        #expect(RPCTestSupport.diagnosticCodes(error).first?.hasPrefix("json.") == true)
    }

    // MARK: - validate

    @Test func validateReportsFindingsAsData() throws {
        let result = try RPCTestSupport.result("validate", ["payload": ["aps": ["alert": "Hi", "badge": -1]]])
        #expect(result["valid"] == false)
        #expect(result["format"] == "apns")
        let codes = (result["diagnostics"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
        #expect(codes == ["apns.badge.negative"])
    }

    @Test func validateOfAGoodPayloadIsValid() throws {
        let result = try RPCTestSupport.result("validate", ["payload": Self.payload, "target": "apns"])
        #expect(result == ["valid": true, "diagnostics": [], "format": "apns"])
    }

    /// Never an error for a bad payload: every one of these is `valid: false` with diagnostics.
    @Test(arguments: [
        ["payload": "{not json"] as JSONValue,
        ["payload": ""],
        ["payload": 42],
        ["payload": [1, 2]],
        ["payload": ["hello": 1]],
        ["payload": Self.payload, "format": "carrier-pigeon"],
        ["payload": Self.payload, "target": "carrier-pigeon"],
        ["payload": ["aps": "x"], "format": "apns"],
        ["notification": ["title": 5]],
        ["notification": ["schemaVersion": 2]],
        ["notification": ["bogus": true]],
        ["notification": ["badge": -3], "target": "apns"],
    ])
    func validateNeverErrsOnABadPayload(params: JSONValue) throws {
        let result = try RPCTestSupport.result("validate", params)
        #expect(result["valid"] == false, "\(result.compactText)")
        #expect(result["diagnostics"]?.arrayValue?.isEmpty == false)
    }

    @Test func validateOfANotificationLocatesFindingsInIt() throws {
        let result = try RPCTestSupport.result("validate", ["notification": ["schemaVersion": 1, "badge": -3]])
        #expect(result["valid"] == false)
        #expect(result["diagnostics"]?[0]?["path"] == "/badge")
        #expect(result["format"] == nil)
    }

    // MARK: - render

    @Test func renderWritesThePayloadWithHeadersSizeAndLoss() throws {
        let notification: JSONValue = [
            "schemaVersion": 1, "body": "Hi", "media": [["url": "https://example.com/a.jpg"]],
            "delivery": ["pushType": "alert", "priority": 5],
        ]
        let result = try RPCTestSupport.result("render", ["notification": notification, "format": "apns"])
        #expect(result.objectValue?.keys == ["payload", "headers", "size", "lost", "diagnostics"])
        let payload = try #require(result["payload"])
        #expect(payload == ["aps": ["alert": "Hi"]])
        #expect(result["size"] == .integer(Int64(JSONWriter.compactSize(of: payload))))
        #expect(result["headers"] == ["apns-push-type": "alert", "apns-priority": "5"])
        let lost = (result["lost"]?.arrayValue ?? []).compactMap { $0["path"]?.stringValue }
        #expect(lost.contains("/media"))
    }

    @Test func renderOfAnInvalidNotificationIs1003WithFindingsInIt() throws {
        let error = try RPCTestSupport.error("render", ["notification": ["title": 5, "bogus": 1], "format": "apns"])
        #expect(RPCTestSupport.code(error) == 1003)
        #expect(Set(RPCTestSupport.diagnosticCodes(error)) == ["core.type.mismatch", "core.canonical.unknown-key"])
    }

    @Test(arguments: ["carrier-pigeon", "auto"])
    func renderUnknownFormatIs1001(format: String) throws {
        let error = try RPCTestSupport.error("render", ["notification": ["body": "x"], "format": .string(format)])
        #expect(RPCTestSupport.code(error) == 1001)
    }

    // MARK: - convert

    @Test func convertReturnsPayloadHeadersSizeFromLostDiagnostics() throws {
        let result = try RPCTestSupport.result("convert", ["payload": Self.payload, "to": "apns", "strict": true])
        #expect(result.objectValue?.keys == ["payload", "headers", "size", "from", "lost", "diagnostics"])
        #expect(result["payload"] == Self.payload)
        #expect(result["from"] == "apns")
        #expect(result["lost"] == [])
        #expect(result["size"] == .integer(Int64(JSONWriter.compactSize(of: Self.payload))))
    }

    @Test func convertUnknownTargetIs1001() throws {
        let error = try RPCTestSupport.error("convert", ["payload": Self.payload, "to": "carrier-pigeon"])
        #expect(RPCTestSupport.code(error) == 1001)
        let from = try RPCTestSupport.error("convert", ["payload": Self.payload, "from": "nope", "to": "apns"])
        #expect(RPCTestSupport.code(from) == 1001)
    }

    @Test func convertUnrecognisedIs1002() throws {
        let error = try RPCTestSupport.error("convert", ["payload": ["hello": 1], "to": "apns"])
        #expect(RPCTestSupport.code(error) == 1002)
    }

    @Test func convertOfAPayloadWithErrorsIs1003() throws {
        let error = try RPCTestSupport.error("convert", ["payload": ["aps": ["badge": "three"]], "to": "apns"])
        #expect(RPCTestSupport.code(error) == 1003)
        #expect(RPCTestSupport.diagnosticCodes(error).isEmpty == false)
        #expect(error["data"]?["lost"] == nil)
    }

    @Test func convertStrictLossIs1004WithLost() throws {
        let server = RPCTestSupport.serverWithTextOnly
        let params: JSONValue = [
            "payload": ["aps": ["alert": "Hi", "badge": 4]], "from": "apns", "to": "text-only", "strict": true,
        ]
        let error = try RPCTestSupport.error("convert", params, server: server)
        #expect(RPCTestSupport.code(error) == 1004)
        let lost = (error["data"]?["lost"]?.arrayValue ?? []).compactMap { $0["path"]?.stringValue }
        #expect(lost == ["/badge"])
        #expect(RPCTestSupport.diagnosticCodes(error).contains("core.conversion.lost"))
        // Not strict: the same conversion succeeds and reports the loss.
        var lenient = try #require(params.objectValue)
        lenient["strict"] = false
        let result = try RPCTestSupport.result("convert", .object(lenient), server: server)
        #expect(result["payload"] == ["text": "Hi"])
        #expect((result["lost"]?.arrayValue ?? []).count == 1)
    }

    @Test func convertOfAStringThatIsNotJSONIs1005() throws {
        let error = try RPCTestSupport.error("convert", ["payload": "{\"aps\":", "to": "apns"])
        #expect(RPCTestSupport.code(error) == 1005)
    }

    // MARK: - formats

    @Test func formatsListsTheRegistry() throws {
        for server in [RPCTestSupport.server, RPCTestSupport.serverWithTextOnly] {
            let formats = try #require(try RPCTestSupport.result("formats", server: server).arrayValue)
            let descriptors = server.normaliser.registry.descriptorsWithCatalogue
            #expect(formats.map { $0["name"]?.stringValue } == descriptors.map(\.name))
            for (format, descriptor) in zip(formats, descriptors) {
                #expect(
                    format.objectValue?.keys == [
                        "name", "vendor", "direction", "delivered", "summary", "carries", "kind",
                    ])
                #expect(format["kind"] == (descriptor.name == "hive-actions" ? "catalogue" : "notification"))
                #expect(format["vendor"] == .string(descriptor.vendor))
                #expect(format["summary"] == .string(descriptor.summary))
                #expect(format["delivered"] == .bool(descriptor.isDelivered))
                #expect(format["direction"] == ["read", "write"])
                #expect(format["carries"] == .array(descriptor.carries.map(JSONValue.string)))
            }
        }
    }

    // MARK: - rpc.discover

    @Test func discoverReturnsTheFileWithItsSchemasInlined() throws {
        let document = try RPCTestSupport.result("rpc.discover")
        let file = try RPCTestSupport.openRPC()
        #expect(RPCTestSupport.methodSignatures(document) == RPCTestSupport.methodSignatures(file))
        #expect(document["components"]?["errors"] == file["components"]?["errors"])
        #expect(document["openrpc"] == file["openrpc"])
        try RPCTestSupport.expectSelfContained(document)
    }
}

/// The one mapping from ``NormalisationFailure/Kind`` to codes.
@Suite struct NormalisationFailureMappingTests {
    @Test(arguments: [
        (NormalisationFailure.Kind.unknownFormat, 1001),
        (.unrecognised, 1002),
        (.rejected, 1003),
        (.lossy, 1004),
        (.invalidJSON, 1005),
        (NormalisationFailure.Kind(rawValue: "added-later"), 1003),
    ])
    func kindMapsToCode(kind: NormalisationFailure.Kind, code: Int) {
        let diagnostic = Diagnostic(.error, "x.y", at: .root, "m")
        let failure = NormalisationFailure(
            kind, "message", diagnostics: [diagnostic], lost: [LostField(path: "/badge", reason: "r")])
        let error = failure.rpcError
        #expect(error.code.rawValue == code)
        #expect(error.message == "message")
        #expect(error.diagnostics == [diagnostic.jsonValue])
        #expect((error.data?["lost"] != nil) == (kind == .lossy))
        #expect(!error.code.isReserved)
    }
}

/// `convert` of a payload that becomes several messages (one per recipient): `{from, messages}`; one message keeps
/// the single reply, with `recipient` only when it is labelled.
@Suite struct ConvertMessagesMethodTests {
    static let legacy: JSONValue = [
        "registration_ids": ["token-1", "token-2", "token-3"], "notification": ["title": "Sale", "body": "50% off"],
    ]

    @Test func severalMessagesAreListedInOrderWithTheirRecipients() throws {
        let result = try RPCTestSupport.result("convert", ["payload": Self.legacy, "from": "fcm-legacy", "to": "fcm"])
        #expect(result.objectValue?.keys == ["from", "messages"])
        #expect(result["from"] == "fcm-legacy")
        let messages = try #require(result["messages"]?.arrayValue)
        #expect(messages.count == 3)
        for (index, message) in messages.enumerated() {
            #expect(
                message.objectValue?.keys
                    == ["payload", "headers", "size", "from", "lost", "diagnostics", "recipient"])
            #expect(message["payload"]?["token"] == .string("token-\(index + 1)"))
            #expect(message["lost"] == [])
            let label = JSONValue.string("recipient \(index + 1) of 3")
            #expect(message["recipient"] == ["index": .integer(Int64(index + 1)), "count": 3, "label": label])
            #expect(message["size"]?.int64Value == Int64(message["payload"]?.compactText.utf8.count ?? -1))
        }
    }

    @Test func tokensKeptTogetherGiveTheSingleReply() throws {
        let result = try RPCTestSupport.result(
            "convert", ["payload": Self.legacy, "from": "fcm-legacy", "to": "fcm-legacy"])
        #expect(result.objectValue?.keys == ["payload", "headers", "size", "from", "lost", "diagnostics"])
        #expect(result["payload"]?["registration_ids"] == ["token-1", "token-2", "token-3"])
    }

    @Test func apnsNamesTheDeviceTokenBesideThePayload() throws {
        // One `token`: the single reply, unchanged (no recipient).
        let v1: JSONValue = ["message": ["token": "device-1", "notification": ["title": "T"]]]
        let result = try RPCTestSupport.result("convert", ["payload": v1, "from": "fcm", "to": "apns"])
        #expect(result["recipient"] == nil)
        #expect(result.objectValue?.keys == ["payload", "headers", "size", "from", "lost", "diagnostics"])
        let many = try RPCTestSupport.result("convert", ["payload": Self.legacy, "from": "fcm-legacy", "to": "apns"])
        let tokens = many["messages"]?.arrayValue?.map { $0["recipient"]?["deviceToken"] }
        #expect(tokens == ["token-1", "token-2", "token-3"])
    }

    @Test func strictFailsWhenAnyMessageLosesAField() throws {
        let lossy: JSONValue = ["registration_ids": ["a", "b"], "notification": ["title": "T"], "priority": "high"]
        let error = try RPCTestSupport.error(
            "convert", ["payload": lossy, "from": "fcm-legacy", "to": "apns", "strict": true])
        #expect(RPCTestSupport.code(error) == 1004)
    }
}

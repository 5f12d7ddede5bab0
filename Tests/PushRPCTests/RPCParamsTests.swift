import JSONCodec
import PushCore
import Testing

@testable import PushRPC

/// -32602 for every method: positional params, unknown keys, wrong types, missing params, bad options.
@Suite struct RPCParamsTests {
    static let payload: JSONValue = ["aps": ["alert": "Hi"]]
    static let notification: JSONValue = ["schemaVersion": 1, "body": "Hi"]

    /// Valid params for each method.
    static let valid: [String: JSONValue] = [
        "normalise": ["payload": payload, "format": "apns"],
        "validate": ["payload": payload],
        "render": ["notification": notification, "format": "apns"],
        "convert": ["payload": payload, "to": "apns"],
        "formats": [:],
        "report": ["summary": ["records": 1, "converted": 1, "lossy": 0, "failed": 0]],
        "variables": ["payload": payload],
        "rpc.discover": [:],
    ]

    @Test(arguments: RPCServer.methodNames)
    func validParamsSucceed(method: String) throws {
        _ = try RPCTestSupport.result(method, Self.valid[method])
    }

    @Test(arguments: RPCServer.methodNames)
    func unknownParamKeyIsInvalidParams(method: String) throws {
        var params = try #require(Self.valid[method]?.objectValue)
        params["bogus"] = true
        let error = try RPCTestSupport.error(method, .object(params))
        #expect(RPCTestSupport.code(error) == -32602)
        #expect(RPCTestSupport.diagnosticCodes(error) == ["rpc.params.unknown"])
        #expect(error["data"]?["diagnostics"]?[0]?["path"] == "/bogus")
    }

    @Test(arguments: RPCServer.methodNames)
    func positionalParamsAreInvalidParams(method: String) throws {
        let error = try RPCTestSupport.error(method, [Self.payload])
        #expect(RPCTestSupport.code(error) == -32602)
        #expect(RPCTestSupport.diagnosticCodes(error) == ["rpc.params.by-position"])
    }

    @Test(arguments: ["formats", "rpc.discover"])
    func emptyOrAbsentParamsAreFineForParameterlessMethods(method: String) throws {
        _ = try RPCTestSupport.result(method, nil)
        _ = try RPCTestSupport.result(method, [])
        _ = try RPCTestSupport.result(method, [:])
    }

    static let badParams: [(String, JSONValue, String)] = [
        ("normalise", ["format": "apns"], "rpc.params.missing"),
        ("normalise", ["payload": 5], "rpc.params.type"),
        ("normalise", ["payload": ["x"]], "rpc.params.type"),
        ("normalise", ["payload": payload, "format": 1], "rpc.params.type"),
        ("normalise", ["payload": payload, "options": "x"], "core.type.mismatch"),
        ("normalise", ["payload": payload, "options": ["snsPlatform": "GCM"]], "core.options.invalid"),
        ("normalise", ["payload": payload, "options": ["nope": 1]], "core.options.invalid"),
        ("validate", [:], "rpc.params.missing"),
        ("validate", ["payload": payload, "notification": notification], "rpc.params.conflict"),
        ("validate", ["notification": notification, "format": "apns"], "rpc.params.conflict"),
        ("validate", ["notification": "x"], "rpc.params.type"),
        ("validate", ["payload": payload, "target": 3], "rpc.params.type"),
        ("validate", ["payload": payload, "options": ["amazonMediaPlacement": "side"]], "core.options.invalid"),
        ("render", ["format": "apns"], "rpc.params.missing"),
        ("render", ["notification": notification], "rpc.params.missing"),
        ("render", ["notification": [1], "format": "apns"], "rpc.params.type"),
        ("render", ["notification": notification, "format": true], "rpc.params.type"),
        ("convert", ["payload": payload], "rpc.params.missing"),
        ("convert", ["to": "apns"], "rpc.params.missing"),
        ("convert", ["payload": payload, "to": "apns", "strict": "yes"], "rpc.params.type"),
        ("convert", ["payload": payload, "to": "apns", "from": 1], "rpc.params.type"),
        ("convert", ["payload": true, "to": "apns"], "rpc.params.type"),

    ]

    @Test(arguments: badParams)
    func badParamsAreInvalidParamsWithTheID(method: String, params: JSONValue, code: String) throws {
        let error = try RPCTestSupport.error(method, params, id: "req-1")
        #expect(RPCTestSupport.code(error) == -32602)
        #expect(RPCTestSupport.diagnosticCodes(error).contains(code), "\(error.compactText)")
    }

    @Test func optionDiagnosticsPointIntoParams() throws {
        let error = try RPCTestSupport.error("normalise", ["payload": Self.payload, "options": ["snsPlatform": "GCM"]])
        #expect(error["data"]?["diagnostics"]?[0]?["path"] == "/options/snsPlatform")
    }

    @Test func validOptionsAreAccepted() throws {
        let options: JSONValue = [
            "amazonMediaKey": "media", "amazonMediaPlacement": "data", "snsPlatform": "APNS_SANDBOX",
            "hiveMediaKey": "img", "hiveGroupKey": "g", "hiveActionCatalogue": ["actions": []],
            "zegoPayloadMediaKey": "image", "zegoResourcesID": "r1",
        ]
        _ = try RPCTestSupport.result("normalise", ["payload": Self.payload, "options": options])
    }
}

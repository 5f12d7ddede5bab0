import Foundation
import JSONCodec
import PushCore
import PushNormaliser
import Testing

@testable import PushRPC

/// `rpc-spec/openrpc.json` and the server agree: methods, params, errors, examples, formats, options.
@Suite struct SpecConformanceTests {
    let spec: JSONValue
    let methods: [JSONValue]

    init() throws {
        spec = try RPCTestSupport.openRPC()
        methods = try #require(spec["methods"]?.arrayValue)
    }

    func method(_ name: String) throws -> JSONValue {
        try #require(methods.first { $0["name"] == .string(name) }, "no method \(name) in the spec")
    }

    @Test func isOpenRPC132() {
        #expect(spec["openrpc"] == "1.3.2")
        #expect(spec["info"]?["title"]?.stringValue != nil)
        #expect(spec["info"]?["version"]?.stringValue != nil)
    }

    @Test func methodNamesEqualTheTable() {
        #expect(methods.compactMap { $0["name"]?.stringValue } == RPCServer.methodNames)
    }

    @Test(arguments: RPCServer.methodNames)
    func paramsEqualTheHandlers(name: String) throws {
        let method = try method(name)
        #expect(method["paramStructure"] == "by-name")
        let params = try #require(method["params"]?.arrayValue)
        #expect(params.compactMap { $0["name"]?.stringValue } == RPCServer.methodParams[name])
        // Required params come first (OpenRPC rule).
        let required = params.map { $0["required"] == true }
        #expect(required == required.sorted { $0 && !$1 })
        #expect(method["result"]?["schema"] != nil)
    }

    @Test func everyErrorTheServerSendsIsDeclared() throws {
        let declared = try #require(spec["components"]?["errors"]?.objectValue)
        let codes = declared.compactMap { $0.value["code"]?.int64Value.map(Int.init) }
        #expect(Set(codes) == Set(RPCErrorCode.allSent.map(\.rawValue)))
        #expect(codes.count == Set(codes).count, "duplicate codes")
        for (_, error) in declared { #expect(error["message"]?.stringValue?.isEmpty == false) }
    }

    @Test(arguments: RPCServer.methodNames)
    func methodErrorsReferenceDeclaredErrors(name: String) throws {
        let declared = try #require(spec["components"]?["errors"]?.objectValue)
        for error in try method(name)["errors"]?.arrayValue ?? [] {
            let reference = try #require(error["$ref"]?.stringValue)
            #expect(reference.hasPrefix("#/components/errors/"))
            #expect(declared[String(reference.dropFirst("#/components/errors/".count))] != nil, "\(reference)")
        }
    }

    /// Every example runs: its params give exactly its result (or, without a result, no error).
    @Test(arguments: RPCServer.methodNames)
    func examplesRun(name: String) throws {
        let examples = try #require(try method(name)["examples"]?.arrayValue)
        #expect(!examples.isEmpty, "\(name) has no example")
        for example in examples {
            var params = JSONObject()
            for param in example["params"]?.arrayValue ?? [] {
                params[try #require(param["name"]?.stringValue)] = param["value"]
            }
            let result = try RPCTestSupport.result(name, .object(params))
            if let expected = example["result"]?["value"] {
                #expect(result == expected, "example \(example["name"]?.stringValue ?? "?"):\n\(result.canonicalText)")
            }
        }
    }

    @Test func discoverIsTheFileBundled() throws {
        let document = try RPCTestSupport.result("rpc.discover")
        #expect(RPCTestSupport.methodSignatures(document) == RPCTestSupport.methodSignatures(spec))
        try RPCTestSupport.expectSelfContained(document)
    }

    /// The format enum lists every planned format; every registered one must be in it.
    @Test func everyRegisteredFormatIsInTheSpecEnum() throws {
        let names = Set(
            (spec["components"]?["schemas"]?["FormatName"]?["enum"]?.arrayValue ?? []).compactMap(\.stringValue))
        for descriptor in FormatRegistry.standard.descriptors {
            #expect(names.contains(descriptor.name), "\(descriptor.name)")
        }
        let source = spec["components"]?["schemas"]?["SourceFormat"]?["enum"]?.arrayValue ?? []
        #expect(Set(source.compactMap(\.stringValue)) == names.union(["auto"]))
    }

    /// Every option the spec describes is accepted by `FormatOptions(json:)`, with its documented default.
    @Test func specOptionsAreTheLibrarysOptions() throws {
        let properties = try #require(spec["components"]?["schemas"]?["FormatOptions"]?["properties"]?.objectValue)
        var sample = JSONObject()
        for (key, schema) in properties {
            let typed: JSONValue =
                switch schema["type"]?.stringValue {
                case "string": "x"
                case "integer": 0
                case "array": ["x"]
                default: ["any": true]
                }
            sample[key] = schema["enum"]?[0] ?? schema["default"] ?? typed
        }
        var diagnostics: [Diagnostic] = []
        _ = FormatOptions(json: .object(sample), diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        // Exactly the options the formats declare, with their defaults and allowed values.
        let declared = FormatRegistry.standard.optionDeclarations
        #expect(Set(properties.keys) == Set(declared.map(\.name)))
        for option in declared {
            #expect(properties[option.name]?["default"] == option.defaultValue, "\(option.name)")
            if case .string(let allowed?) = option.kind {
                #expect(properties[option.name]?["enum"] == .array(allowed.map(JSONValue.string)), "\(option.name)")
            }
        }
    }

    /// The notification schema names exactly the canonical keys the model writes.
    @Test func notificationSchemaHasEveryCanonicalKey() throws {
        let data = try #require(
            FileManager.default.contents(atPath: RPCTestSupport.packageRoot + "/rpc-spec/notification.schema.json"))
        let schema = try JSONParser().parse(Array(data))
        #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["additionalProperties"] == false)
        let keys = Set(try #require(schema["properties"]?.objectValue?.keys))
        var full = PushNotification()
        full.title = "t"
        full.subtitle = "s"
        full.body = "b"
        full.titleLocKey = "k"
        full.titleLocArgs = ["a"]
        full.subtitleLocKey = "k"
        full.subtitleLocArgs = ["a"]
        full.bodyLocKey = "k"
        full.bodyLocArgs = ["a"]
        full.launchImage = "l"
        full.badge = 1
        full.sound = .init(name: "n", critical: true, volume: 0.5)
        full.group = "g"
        full.category = "c"
        full.mutableContent = true
        full.contentAvailable = true
        full.interruptionLevel = "active"
        full.relevanceScore = 0.5
        full.targetContentID = "t"
        full.filterCriteria = "f"
        var live = PushNotification.LiveActivity()
        live.event = "update"
        full.liveActivity = live
        full.media = [.init(url: "https://e.com/a.jpg", identifier: "i")]
        var android = PushNotification.Android()
        android.title = "a"
        full.android = android
        var target = PushNotification.Target()
        target.topic = "news"
        full.target = target
        var delivery = PushNotification.Delivery()
        delivery.pushType = "alert"
        full.delivery = delivery
        full.data = JSONObject(uniqueKeysWithValues: [("k", "v")])
        full.extensions = JSONObject(uniqueKeysWithValues: [("apns", ["x": 1] as JSONValue)])
        full.source = "apns"
        #expect(Set(try #require(full.canonicalJSON.objectValue?.keys)) == keys)
        let kinds = schema["$defs"]?["media"]?["properties"]?["kind"]?["enum"]?.arrayValue ?? []
        #expect(Set(kinds.compactMap(\.stringValue)) == Set(PushNotification.MediaKind.allCases.map(\.rawValue)))
    }
}

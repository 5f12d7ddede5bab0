import JSONCodec
import PushCore
import Testing
import WireTables

/// The generic reader and writer on a small table that uses every kind of line the formats need: scalars, an array,
/// a kept value, a nested object, a JSON object inside a string, an envelope and a second key spelling.
@Suite struct WireTableTests {
    enum Hook: Sendable { case none }

    struct NoHooks: WireTableHooks {
        typealias Hook = WireTableTests.Hook
        var unmodelledReported: [String] = []
        mutating func read<S: WireSource>(
            _ hook: Hook, _ source: S, _ value: S.Node?, key: String, at path: JSONPointer,
            into n: inout PushNotification, ext: inout JSONObject, context: inout NormaliseContext
        ) -> Bool { false }
        func check(
            _ hook: Hook, _ value: JSONValue, ext: JSONObject, at path: JSONPointer, context: inout NormaliseContext
        ) {}
        mutating func write<O: WireOutput>(
            _ hook: Hook, key: String, _ n: PushNotification, ext: JSONObject, unmodelled: JSONObject,
            context: inout RenderContext, to out: inout O
        ) -> Bool { false }
        func reportUnmodelled(_ rest: JSONObject, at path: JSONPointer, context: inout NormaliseContext) {}
    }

    static let note = WireTable<Hook>(
        namespace: "test",
        lines: [
            .text("title", .title),
            .strings(WireKey(camel: "bodyLocArgs", snake: "body_loc_args"), .bodyLocArgs),
        ],
        unmodelled: "note", unmodelledOthersLose: "note keys", spelling: .snakeCase)

    static let inner = WireTable<Hook>(
        namespace: "test", lines: [.text("category", .category)], unmodelled: "inner",
        unmodelledOthersLose: "inner keys")

    static let message = WireTable<Hook>(
        namespace: "test",
        lines: [
            .text("body", .body),
            .integer("badge", .badge),
            .bool("silent", .contentAvailable),
            .kept(WireKey(camel: "pushId", snake: "push_id"), as: "pushId", .string, othersLose: "only test has it"),
            .object("note", note),
            .embedded("raw", inner),
        ],
        unmodelled: "message", unmodelledOthersLose: "message keys",
        losses: [.init("sound", "the test format has no sound")],
        envelope: ["message"], spelling: .snakeCase)

    static func read(_ json: JSONValue) throws -> (PushNotification, JSONObject, [Diagnostic]) {
        let (node, path) = try #require(message.enter(JSONValueSource(), json))
        var n = PushNotification()
        var ext = JSONObject()
        var hooks = NoHooks()
        var context = NormaliseContext()
        message.read(JSONValueSource(), node, at: path, into: &n, ext: &ext, hooks: &hooks, context: &context)
        return (n, ext, context.diagnostics)
    }

    static let input: JSONValue = [
        "message": [
            "body": "Hi", "badge": 3, "silent": true, "pushId": "p1", "extra": 1,
            "note": ["title": "T", "body_loc_args": ["a", "b"], "odd": "x"],
            "raw": #"{"category":"C","more":[1]}"#,
        ]
    ]

    @Test func readsEveryKindOfLineThroughTheEnvelope() throws {
        let (n, ext, diagnostics) = try Self.read(Self.input)
        #expect(diagnostics.isEmpty)
        #expect(n.body == "Hi" && n.badge == 3 && n.contentAvailable == true)
        #expect(n.title == "T" && n.bodyLocArgs == ["a", "b"] && n.category == "C")
        #expect(ext["pushId"] == "p1")
        #expect(ext["message"] == ["extra": 1])
        #expect(ext["note"] == ["odd": "x"])
        #expect(ext["inner"] == ["more": [1]])
    }

    @Test func writesBackInTheTablesSpellingInsideTheEnvelope() throws {
        var (n, ext, _) = try Self.read(Self.input)
        n.extensions = JSONObject(uniqueKeysWithValues: [("test", JSONValue.object(ext))])
        var out = JSONValueOutput()
        var hooks = NoHooks()
        var context = RenderContext()
        Self.message.openEnvelope(&out)
        Self.message.write(n, ext: ext, hooks: &hooks, context: &context, to: &out)
        Self.message.closeEnvelope(&out)
        let expected: JSONValue = [
            "message": [
                "body": "Hi", "badge": 3, "silent": true, "push_id": "p1",
                "note": ["title": "T", "body_loc_args": ["a", "b"], "odd": "x"],
                "raw": #"{"category":"C","more":[1]}"#, "extra": 1,
            ]
        ]
        #expect(out.result == expected)
    }

    @Test func reportsWrongTypesAndKeepsThem() throws {
        let json: JSONValue = ["message": ["body": 1, "note": "x", "raw": "[1]", "badge": "3"]]
        let (n, ext, diagnostics) = try Self.read(json)
        #expect(n.body == nil && n.badge == nil)
        #expect(
            diagnostics.map(\.path.description) == ["/message/body", "/message/badge", "/message/note", "/message/raw"])
        #expect(diagnostics.allSatisfy { $0.code == .wrongType })
        #expect(ext["message"] == ["body": 1, "note": "x", "raw": "[1]", "badge": "3"])
    }

    @Test func aMissingEnvelopeIsNotEntered() {
        #expect(Self.message.enter(JSONValueSource(), ["body": "Hi"]) == nil)
    }

    @Test func carriesAndLossesComeFromTheLines() {
        #expect(
            Self.message.carries(namespaceOrder: [])
                == [
                    "body", "badge", "contentAvailable", "title", "bodyLocArgs", "category", "extensions.test.message",
                    "extensions.test.pushId", "extensions.test.note", "extensions.test.inner",
                ])
        #expect(Self.message.othersLose("pushId") == "only test has it")
        #expect(Self.message.othersLose("note") == "note keys")
        var n = PushNotification()
        n.sound = PushNotification.Sound(name: "ping")
        n.extensions = JSONObject(uniqueKeysWithValues: [("test", ["gone": 1, "pushId": "p"] as JSONValue)])
        var context = RenderContext()
        Self.message.explainLosses(
            n, carried: CarriedFields(["extensions.test.pushId"]), othersLose: Self.message.othersLose,
            fallback: "fallback", context: &context)
        #expect(context.lossReasons[JSONPointer(tokens: ["sound"])] == "the test format has no sound")
        #expect(context.lossReasons[JSONPointer(tokens: ["extensions", "test", "gone"])] == "fallback")
        #expect(context.lossReasons[JSONPointer(tokens: ["extensions", "test", "pushId"])] == nil)
    }

    @Test func aKeyMatchesEitherSpelling() {
        let key = WireKey(camel: "clickAction", snake: "click_action")
        #expect(key.matches("clickAction") && key.matches("click_action") && !key.matches("click-action"))
        #expect(key.name(.snakeCase) == "click_action" && key.name(.declared) == "clickAction")
    }
}

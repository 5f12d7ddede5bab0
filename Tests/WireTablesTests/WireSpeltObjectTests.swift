import JSONCodec
import PushCore
import Testing
import WireTables

/// Reading an object whose keys come in two spellings (FCM): the spelling found names the findings, both spellings
/// is a finding, and the keys read in the declared spelling are remembered.
@Suite struct WireSpeltObjectTests {
    enum Hook: Sendable { case none }

    static let duplicate: DiagnosticCode = "test.key.duplicate"

    static let lines: [WireTable<Hook>.Line] = [
        .text(WireKey(camel: "clickAction", snake: "click_action"), .androidClickAction),
        .integer(WireKey(camel: "notificationCount", snake: "notification_count"), .androidNotificationCount),
        .text("title", .title),
    ]

    static func read(_ json: JSONValue) -> (PushNotification, WireSpeltObject<JSONValueSource>, [Diagnostic]) {
        var object = WireSpeltObject(
            JSONValueSource(), json, at: JSONPointer(tokens: ["android"]), duplicate: Self.duplicate)
        var n = PushNotification()
        var context = NormaliseContext()
        for line in lines {
            guard let scalar = line.scalar else { continue }
            _ = object.read(scalar, codes: line.codes, into: &n, context: &context)
        }
        return (n, object, context.diagnostics)
    }

    @Test func readsEitherSpellingAndRemembersTheDeclaredOne() {
        let (n, object, diagnostics) = Self.read(["clickAction": "OPEN", "notification_count": 2, "title": "T"])
        #expect(diagnostics.isEmpty)
        #expect(n.android?.clickAction == "OPEN" && n.android?.notificationCount == 2 && n.title == "T")
        #expect(object.declaredUsed == [JSONPointer(tokens: ["android", "clickAction"])])
        #expect(object.restObject.isEmpty)
    }

    @Test func bothSpellingsReadTheSnakeCaseOneAndKeepTheOther() {
        let (n, object, diagnostics) = Self.read(["clickAction": "A", "click_action": "B"])
        #expect(n.android?.clickAction == "B")
        #expect(diagnostics.map(\.code) == [Self.duplicate])
        #expect(diagnostics.map(\.path) == [JSONPointer(tokens: ["android", "clickAction"])])
        #expect(JSONValue.object(object.restObject) == ["clickAction": "A"])
        #expect(object.declaredUsed.isEmpty)
    }

    @Test func aWrongTypeIsNamedAsSpeltAndSetAsideAfterTheRest() {
        let (n, object, diagnostics) = Self.read(["notificationCount": "x", "odd": 1, "title": "T"])
        #expect(n.android == nil && n.title == "T")
        #expect(diagnostics.map(\.path) == [JSONPointer(tokens: ["android", "notificationCount"])])
        #expect(diagnostics.first?.message.contains("`notificationCount` must be an integer") == true)
        #expect(JSONValue.object(object.restObject) == ["odd": 1, "notificationCount": "x"])
    }

    @Test func anObjectOfEmptyObjectsIsNotRemembered() {
        let json: JSONValue = ["fcmOptions": ["a": [:] as JSONValue]]
        var object = WireSpeltObject(JSONValueSource(), json, at: .root, duplicate: Self.duplicate)
        var context = NormaliseContext()
        #expect(object.take(WireKey(camel: "fcmOptions", snake: "fcm_options"), context: &context) != nil)
        #expect(object.declaredUsed.isEmpty)
    }

    @Test func aKeyCanBeSpeltOneWay() {
        let key = WireKey(camel: "clickAction", snake: "click_action")
        #expect(key.only(.snakeCase).description == "click_action" && !key.only(.snakeCase).hasSnakeSpelling)
        #expect(key.only(.declared).description == "clickAction")
    }

    @Test func aLineSaysWhetherANotificationHoldsItsField() {
        var n = PushNotification()
        n.android = PushNotification.Android()
        n.android?.tag = "t"
        #expect(WireTable<Hook>.Line.text("tag", .androidTag).isHeld(by: n))
        #expect(!WireTable<Hook>.Line.text("title", .title).isHeld(by: n))
    }
}

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

    @Test func aKeyNoMemberHasTheLengthOfIsToldAbsentFromItsLengthAlone() {
        let json: JSONValue = ["title": "T", "click_action": "OPEN"]
        var object = WireSpeltObject(JSONValueSource(), json, at: .root, duplicate: Self.duplicate)
        #expect(object.mayHold("title"))
        #expect(object.mayHold(WireKey(camel: "clickAction", snake: "click_action")))
        // As long as a member's key: maybe held (told by comparing), not taken.
        #expect(object.mayHold("color"))
        var context = NormaliseContext()
        #expect(object.take("color", context: &context) == nil)
        #expect(!object.mayHold("body") && !object.mayHold(WireKey(camel: "channelId", snake: "channel_id")))
        #expect(object.take("body", context: &context) == nil)
        #expect(context.diagnostics.isEmpty)
    }

    /// The 70 members' keys, and their wire keys: built once (a `WireKey` of a `String` keeps its bytes for the life
    /// of the process, which LeakSanitizer reports when the key is not held by a static).
    static let manyKeys = (0..<70).map { "k\($0)" }
    static let manyWireKeys = manyKeys.map(WireKey.init)

    @Test func anObjectOfMoreThanSixtyFourMembersIsTakenMemberByMember() {
        let keys = Self.manyKeys
        let json = JSONValue.object(JSONObject(uncheckedMembers: keys.map { .init(key: $0, value: .string($0)) }))
        var object = WireSpeltObject(JSONValueSource(), json, at: .root, duplicate: Self.duplicate)
        var context = NormaliseContext()
        // Taken last first, the one beyond the first 64 set aside: it comes after the members left.
        let beyond = object.take(Self.manyWireKeys[66], context: &context)
        #expect(beyond?.index == 66 && beyond?.value == "k66")
        if let beyond { object.setAside(beyond.index) }
        for index in keys.indices.reversed() where index != 66 && index != 3 {
            #expect(object.take(Self.manyWireKeys[index], context: &context)?.value == .string(keys[index]))
        }
        #expect(!object.isExhausted)
        #expect(object.restObject.keys == ["k3", "k66"])
        #expect(object.take(Self.manyWireKeys[3], context: &context)?.index == 3)
        #expect(object.restObject.keys == ["k66"])
        // A member taken is not taken twice.
        #expect(object.take(Self.manyWireKeys[3], context: &context) == nil)
    }

    @Test func everyMemberTakenLeavesTheObjectExhausted() {
        let json: JSONValue = ["title": "T", "click_action": "OPEN"]
        var object = WireSpeltObject(JSONValueSource(), json, at: .root, duplicate: Self.duplicate)
        var context = NormaliseContext()
        #expect(!object.isExhausted && object.members.count == 2)
        _ = object.take(WireKey(camel: "clickAction", snake: "click_action"), context: &context)
        #expect(!object.isExhausted)
        _ = object.take("title", context: &context)
        #expect(object.isExhausted && object.restObject.isEmpty && object.rest.isEmpty)
        let empty = WireSpeltObject(JSONValueSource(), [:], at: .root, duplicate: Self.duplicate)
        #expect(empty.isExhausted)
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

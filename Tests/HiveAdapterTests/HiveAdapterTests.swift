import HiveAdapter
import PushCore
import PushTestSupport
import Testing

@Suite("Hive remote push (hive)")
struct HiveAdapterTests {
    let adapter = HiveAdapter()

    @Test func recognisesTheGroupKeyAsCertain() throws {
        let recognition = try #require(adapter.recognise(["aps": ["alert": "Hi"], "groupId": "g"]))
        #expect(recognition.strength == 3)
        #expect(recognition.evidence == ["/groupId"])
    }

    @Test func recognisesTheMediaKeyAsCertain() throws {
        let recognition = try #require(adapter.recognise(["aps": ["alert": "Hi"], "imageUrl": "https://x.test/a.jpg"]))
        #expect(recognition.strength == 3)
    }

    @Test func recognisesABuiltInCategoryAsPlausible() throws {
        let recognition = try #require(adapter.recognise(["aps": ["alert": "Hi", "category": "SALE_CATEGORY"]]))
        #expect(recognition.strength == 2)
        #expect(recognition.evidence == ["/aps/category"])
    }

    @Test func leavesPlainAPNsPayloadsAlone() {
        #expect(adapter.recognise(["aps": ["alert": "Hi", "category": "MY_CATEGORY", "thread-id": "t"]]) == nil)
        #expect(adapter.recognise(["groupId": "g", "msg": "no aps"]) == nil)
        #expect(adapter.recognise(.array([])) == nil)
    }

    @Test func rendersTheGroupToThreadIDAndTheGroupKey() {
        var n = PushNotification()
        n.body = "Hi"
        n.group = "raid"
        var context = RenderContext()
        let rendered = adapter.render(n, context: &context)
        #expect(rendered["aps"]?["thread-id"] == "raid")
        #expect(rendered["groupId"] == "raid")
    }

    @Test func explainsMediaBeyondTheFirst() {
        var n = PushNotification()
        n.body = "Hi"
        n.media = [.init(url: "https://x.test/a.jpg"), .init(url: "https://x.test/b.jpg")]
        var context = RenderContext()
        let rendered = adapter.render(n, context: &context)
        #expect(rendered["imageUrl"] == "https://x.test/a.jpg")
        #expect(context.lossReasons[JSONPointer(tokens: ["media"])] != nil)
    }
}

import HiveAdapter
import PushCore
import PushTestSupport
import Testing

@Suite("Hive LocalPush (hive-local)")
struct HiveLocalPushAdapterTests {
    let adapter = HiveLocalPushAdapter()

    @Test func recognisesANoticeIDWithAMessage() throws {
        let serialised = try #require(adapter.recognise(["noticeID": 1, "msg": "m"]))
        #expect(serialised.strength == 3)
        #expect(serialised.evidence == ["/noticeID", "/msg"])
        #expect(adapter.recognise(["noticeId": 1, "msg": "m"])?.strength == 3)
        #expect(adapter.recognise(["noticeId": 1, "title": "t"]) == nil)
        #expect(adapter.recognise(["msg": "m"]) == nil)
    }

    @Test func writesTheNoticeIDBackUnderTheSpellingItWasReadWith() throws {
        for spelling in ["noticeId", "noticeID"] {
            var context = NormaliseContext()
            let input: [(String, JSONValue)] = [(spelling, 5), ("msg", "m")]
            let n = try #require(adapter.normalise(.object(JSONObject(uniqueKeysWithValues: input)), context: &context))
            var renderContext = RenderContext()
            let rendered = adapter.render(n, context: &renderContext)
            #expect(rendered[spelling] == 5)
            #expect(rendered.objectValue?.count == 2)
        }
    }

    @Test func warnsWhenRenderingWithoutANoticeID() {
        var n = PushNotification()
        n.body = "m"
        var context = RenderContext()
        _ = adapter.render(n, context: &context)
        #expect(context.diagnostics.map(\.code) == [.hiveLocalNoticeIDMissing])
    }

    /// What the facade reports when a LocalPush becomes a remote push and back: the render, read back
    /// with the target adapter, compared with the source model.
    @Test func localPushFieldsAreLostInARemotePushAndBack() throws {
        var context = NormaliseContext()
        let input: JSONValue = [
            "noticeID": 7, "title": "Energy full", "msg": "Your energy is full!", "after": 3600, "groupId": "energy",
            "bigpicture": "https://cdn.example.com/p.jpg", "type": "bar",
        ]
        let local = try #require(adapter.normalise(input, context: &context))
        let remote = HiveAdapter()
        var renderContext = RenderContext()
        let payload = remote.render(local, context: &renderContext)
        #expect(
            payload == [
                "aps": ["alert": ["title": "Energy full", "body": "Your energy is full!"], "thread-id": "energy"],
                "groupId": "energy",
            ])
        var back = NormaliseContext()
        let remoteModel = try #require(remote.normalise(payload, context: &back))
        let lost = local.lostFields(comparedWith: remoteModel).map(\.description)
        // Only the LocalPush fields are lost (reported as `/extensions` or down to its leaves,
        // depending on how deep PushCore reports).
        #expect(!lost.isEmpty && lost.allSatisfy { $0.hasPrefix("/extensions") })
        #expect(renderContext.lossReasons[JSONPointer(tokens: ["extensions", "hive"])] != nil)

        var toLocal = RenderContext()
        let again = adapter.render(remoteModel, context: &toLocal)
        #expect(again == ["title": "Energy full", "msg": "Your energy is full!", "groupId": "energy"])
        #expect(toLocal.diagnostics.map(\.code) == [.hiveLocalNoticeIDMissing])
    }
}

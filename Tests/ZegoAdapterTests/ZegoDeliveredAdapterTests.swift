import APNsAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing
import ZegoAdapter

@Suite("ZEGO delivered adapter (zego)")
struct ZegoDeliveredAdapterTests {
    static let adapter = ZegoDeliveredAdapter()

    @Test func recognisesAPayloadStringBesideAps() {
        #expect(Self.adapter.recognise(["aps": ["alert": "x"], "payload": "{}"])?.strength == 3)
        #expect(Self.adapter.recognise(["aps": ["alert": "x"], "payload": ["a": 1]]) == nil)
        #expect(Self.adapter.recognise(["aps": ["alert": "x"]]) == nil)
        #expect(Self.adapter.recognise(["payload": "{}"]) == nil)
        #expect(Self.adapter.recognise(.array([])) == nil)
    }

    @Test func brokenPayloadJSONIsLocatedByLineAndColumn() throws {
        var context = NormaliseContext()
        let payload = "{\n  \"image_attachment\": \"https://a.example/1.jpg\",\n  \"x\": }"
        let n = try #require(
            Self.adapter.normalise(["aps": ["alert": "hi"], "payload": .string(payload)], context: &context))
        let diagnostic = try #require(context.diagnostics.first { $0.code == .zegoPayloadNotJSON })
        #expect(diagnostic.severity == .info)
        #expect(diagnostic.path == "/payload")
        #expect(diagnostic.message.contains("line 3, column"))
        #expect(n.media.isEmpty)
        #expect(n.extensionObject("zego")["payload"] == .string(payload))
    }

    @Test func apsBadgeIsAbsoluteHere() throws {
        var context = NormaliseContext()
        let n = try #require(Self.adapter.normalise(["aps": ["badge": 3], "payload": "{}"], context: &context))
        #expect(n.badge == 3)
        #expect(n.extensionObject("zego")["badgeIncrement"] == nil)
    }

    @Test func badgeIncrementIsNotTurnedIntoAnAbsoluteBadge() {
        var n = PushNotification()
        n.body = "hi"
        n.setExtension("zego", JSONObject(uniqueKeysWithValues: [("badgeIncrement", 1), ("enableBadge", true)]))
        var context = RenderContext()
        let payload = Self.adapter.render(n, context: &context)
        #expect(payload["aps"]?["badge"] == nil)
        let lost = ZegoLosses.losses(n, Self.adapter)
        #expect(lost[JSONPointer(tokens: ["extensions", "zego", "badgeIncrement"])]?.contains("increment") == true)
    }

    @Test func renderingMediaSaysItNeedsAResourcesID() {
        var n = PushNotification()
        n.title = "Alice"
        n.mutableContent = true
        n.media = [PushNotification.Media(url: "https://a.example/1.jpg")]
        var context = RenderContext()
        let payload = Self.adapter.render(n, context: &context)
        #expect(payload["payload"] == .string(#"{"image_attachment":"https://a.example/1.jpg"}"#))
        #expect(context.diagnostics.map(\.code) == [.zegoMediaNeedsResourcesID])
        #expect(context.diagnostics.first?.message.contains("mutable-content:1") == true)
    }

    @Test func aSecondMediaItemIsExplainedAsLost() {
        var n = PushNotification()
        n.body = "two"
        n.media = [
            PushNotification.Media(url: "https://a.example/1.jpg"),
            PushNotification.Media(url: "https://a.example/2.jpg"),
        ]
        let lost = ZegoLosses.losses(n, Self.adapter)
        #expect(lost[JSONPointer(tokens: ["media"])]?.contains("one image URL") == true)
    }
}

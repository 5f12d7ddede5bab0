import JSONCodec
import PushCore
import PushTestSupport
import Testing
import ZegoAdapter

@Suite("ZEGO ZIMPushConfig adapter (zego-push-config)")
struct ZegoPushConfigAdapterTests {
    static let adapter = ZegoPushConfigAdapter()

    @Test func recognition() {
        #expect(Self.adapter.recognise(["resourcesID": "x"])?.strength == 3)
        #expect(Self.adapter.recognise(["badgeIncrement": 1])?.strength == 3)
        #expect(Self.adapter.recognise(["enableBadge": true])?.strength == 3)
        #expect(Self.adapter.recognise(["content": "hi", "payload": "{}"])?.strength == 2)
        #expect(Self.adapter.recognise(["content": "hi"]) == nil)
        #expect(Self.adapter.recognise(["aps": [:], "resourcesID": "x"]) == nil)
    }

    @Test func anAbsoluteBadgeNeverBecomesAnIncrement() {
        var n = PushNotification()
        n.title = "Alice"
        n.badge = 3
        var context = RenderContext()
        let payload = Self.adapter.render(n, context: &context)
        #expect(payload["badgeIncrement"] == nil)
        #expect(payload["enableBadge"] == nil)
        let reason = context.lossReasons[JSONPointer(tokens: ["badge"])]
        #expect(reason?.contains("increment") == true)
        #expect(ZegoLosses.losses(n, Self.adapter)[JSONPointer(tokens: ["badge"])] == reason)
    }

    @Test func theIncrementIsNeverACanonicalBadge() throws {
        var context = NormaliseContext()
        let n = try #require(
            Self.adapter.normalise(["content": "hi", "enableBadge": true, "badgeIncrement": 2], context: &context))
        #expect(n.badge == nil)
        #expect(n.extensionObject("zego")["badgeIncrement"] == .integer(2))
    }

    @Test func theResourcesIDOptionFillsOnlyAMissingOne() {
        var options = FormatOptions()
        options.zegoResourcesID = "rich_ios"
        var n = PushNotification()
        n.body = "hi"
        var context = RenderContext(options: options)
        #expect(Self.adapter.render(n, context: &context)["resourcesID"] == .string("rich_ios"))
        n.setExtension("zego", JSONObject(uniqueKeysWithValues: [("resourcesID", "own")]))
        #expect(Self.adapter.render(n, context: &context)["resourcesID"] == .string("own"))
    }

    @Test func mediaWithoutAResourcesIDIsAWarning() {
        var n = PushNotification()
        n.body = "photo"
        n.media = [PushNotification.Media(url: "https://a.example/1.jpg")]
        var context = RenderContext()
        let payload = Self.adapter.render(n, context: &context)
        #expect(payload["payload"] == .string(#"{"image_attachment":"https://a.example/1.jpg"}"#))
        #expect(context.diagnostics.map(\.severity) == [.warning])
        #expect(context.diagnostics.map(\.code) == [.zegoMediaNeedsResourcesID])
    }
}

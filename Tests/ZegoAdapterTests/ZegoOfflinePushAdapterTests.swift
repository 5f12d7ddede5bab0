import JSONCodec
import PushCore
import PushTestSupport
import Testing
import ZegoAdapter

@Suite("ZEGO server OfflinePush adapter (zego-offline-push)")
struct ZegoOfflinePushAdapterTests {
    static let adapter = ZegoOfflinePushAdapter()

    @Test func recognition() {
        #expect(Self.adapter.recognise(["OfflinePush": [:]])?.strength == 3)
        #expect(Self.adapter.recognise(["MessageBody": ["OfflinePush": [:]]])?.strength == 3)
        #expect(Self.adapter.recognise(["PushStrategyId": "x"])?.strength == 3)
        #expect(Self.adapter.recognise(["PushImageInfo": [:]])?.strength == 3)
        #expect(Self.adapter.recognise(["Enable": 1, "Title": "x"])?.strength == 2)
        #expect(Self.adapter.recognise(["Title": "x"]) == nil)
        #expect(Self.adapter.recognise(["MessageBody": ["Message": "x"]]) == nil)
    }

    @Test func anAbsoluteBadgeNeverBecomesAnIncrement() {
        var n = PushNotification()
        n.title = "Season 3"
        n.badge = 1
        var context = RenderContext()
        let payload = Self.adapter.render(n, context: &context)
        #expect(payload["BadgeIncrement"] == nil)
        #expect(payload["EnableBadge"] == nil)
        #expect(ZegoLosses.losses(n, Self.adapter)[JSONPointer(tokens: ["badge"])]?.contains("increment") == true)
    }

    @Test func aNotificationFromElsewhereIsEnabledAndCarriesItsImageInThePayload() {
        var n = PushNotification()
        n.title = "Season 3"
        n.media = [PushNotification.Media(url: "https://cdn.example.com/s3.jpg")]
        var context = RenderContext()
        let payload = Self.adapter.render(n, context: &context)
        #expect(payload["Enable"] == .integer(1))
        #expect(payload["Payload"] == .string(#"{"image_attachment":"https://cdn.example.com/s3.jpg"}"#))
        #expect(payload["PushImageInfo"] == nil)
        #expect(ZegoLosses.losses(n, Self.adapter).isEmpty)
    }

    @Test func differentImageAndPayloadURLsAreTwoMediaItems() throws {
        let input: JSONValue = [
            "Enable": 1, "Title": "t", "Payload": #"{"image_attachment":"https://a.example/p.jpg"}"#,
            "PushImageInfo": ["Apns": ["Image": "https://a.example/i.jpg"]],
        ]
        var context = NormaliseContext()
        let n = try #require(Self.adapter.normalise(input, context: &context))
        #expect(n.media.map(\.url) == ["https://a.example/i.jpg", "https://a.example/p.jpg"])
        var render = RenderContext()
        #expect(Self.adapter.render(n, context: &render) == input)
    }

    @Test func convertingToThePushConfigKeepsTheSharedZegoValues() throws {
        let input: JSONValue = [
            "Enable": 1, "Title": "t", "Content": "c", "PushStrategyId": "rich_ios", "EnableBadge": true,
            "BadgeIncrement": 1, "PushImageInfo": ["Android": ["FCM": ["Image": "https://a.example/f.jpg"]]],
        ]
        var context = NormaliseContext()
        let n = try #require(Self.adapter.normalise(input, context: &context))
        var render = RenderContext()
        let config = ZegoPushConfigAdapter().render(n, context: &render)
        #expect(
            config == [
                "title": "t", "content": "c", "resourcesID": "rich_ios", "enableBadge": true, "badgeIncrement": 1,
            ])
        let lost = ZegoLosses.losses(n, ZegoPushConfigAdapter())
        #expect(Array(lost.keys) == ["/extensions/zego/pushImageInfo/Android/FCM/Image"])
        #expect(lost.values.first?.contains("PushImageInfo") == true)
    }
}

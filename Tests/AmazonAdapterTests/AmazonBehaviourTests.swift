import AmazonAdapter
import JSONCodec
import PushCore
import Testing

/// Behaviour the golden fixtures cannot show: recognition, rendering notifications from other
/// formats, render-time findings, and message text.
@Suite("Amazon adapters: behaviour")
struct AmazonBehaviourTests {
    private func parse(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

    private func object(_ value: JSONValue) -> JSONObject { value.objectValue ?? JSONObject() }

    private func media(_ urls: String...) -> PushNotification {
        var n = PushNotification()
        n.body = "b"
        n.media = urls.map { PushNotification.Media(url: $0) }
        return n
    }

    // MARK: - Recognition

    @Test(arguments: [
        (#"{"aps":{},"attachment-url":"u"}"#, true), (#"{"aps":{},"data":{"attachment-url":"u"}}"#, true),
        (#"{"aps":{"attachment-url":"u"}}"#, true), (#"{"aps":{},"data":"attachment-url"}"#, false),
        (#"{"aps":{}}"#, false),
    ])
    func amazonRecognition(_ text: String, _ certain: Bool) throws {
        #expect(AmazonAdapter().recognise(try parse(text))?.strength == (certain ? 3 : nil))
    }

    @Test func otherRecognition() throws {
        #expect(PinpointAdapter().recognise(try parse(#"{"aps":{},"data":{"pinpoint":{}}}"#))?.strength == 3)
        #expect(PinpointAdapter().recognise(try parse(#"{"aps":{},"data":{"media-url":"u"}}"#))?.strength == 3)
        #expect(PinpointAdapter().recognise(try parse(#"{"aps":{},"data":{"attachment-url":"u"}}"#)) == nil)
        #expect(PinpointMessageAdapter().recognise(try parse(#"{"APNSMessage":{}}"#))?.strength == 3)
        #expect(PinpointMessageAdapter().recognise(try parse(#"{"Title":"t","Body":"b"}"#))?.strength == 3)
        #expect(PinpointMessageAdapter().recognise(try parse(#"{"Title":"t"}"#)) == nil)
        #expect(SNSAdapter().recognise(try parse(#"{"APNS_SANDBOX":"{}"}"#))?.strength == 3)
        #expect(SNSAdapter().recognise(try parse(#"{"APNS":{"aps":{}}}"#)) == nil)
    }

    // MARK: - amazon render

    @Test func rendersToTheOptionPlacementWithoutAddingMutableContent() throws {
        var options = FormatOptions()
        options.amazonMediaPlacement = "data"
        var context = RenderContext(options: options)
        let rendered = AmazonAdapter().render(media("https://x.example/a.png"), context: &context)
        #expect(rendered == (try parse(#"{"aps":{"alert":"b"},"data":{"attachment-url":"https://x.example/a.png"}}"#)))
        #expect(context.diagnostics.map(\.code) == [.amazonMediaWithoutMutableContent])
        #expect(context.lossReasons.isEmpty)
    }

    @Test func theRememberedPlacementWinsOverTheOption() throws {
        var options = FormatOptions()
        options.amazonMediaPlacement = "data"
        var n = media("https://x.example/a.png")
        n.mutableContent = true
        n.extensions = object(["amazon": ["mediaPlacements": ["aps"]]])
        var context = RenderContext(options: options)
        let rendered = AmazonAdapter().render(n, context: &context)
        #expect(
            rendered
                == (try parse(#"{"aps":{"alert":"b","mutable-content":1,"attachment-url":"https://x.example/a.png"}}"#))
        )
        #expect(context.diagnostics.isEmpty)
    }

    @Test func aSecondMediaItemWithoutAFreePlacementIsExplained() {
        var context = RenderContext()
        let rendered = AmazonAdapter().render(
            media("https://x.example/a.png", "https://x.example/b.png"), context: &context)
        #expect(rendered["attachment-url"] == "https://x.example/a.png")
        #expect(context.lossReasons[JSONPointer(tokens: ["media"])] != nil)
    }

    @Test func aCustomMediaKeyIsWrittenAndReadBack() throws {
        var options = FormatOptions()
        options.amazonMediaKey = "image"
        var renderContext = RenderContext(options: options)
        let rendered = AmazonAdapter().render(media("https://x.example/a.png"), context: &renderContext)
        #expect(rendered["image"] == "https://x.example/a.png")
        var context = NormaliseContext(options: options)
        let back = try #require(AmazonAdapter().normalise(rendered, context: &context))
        #expect(back.media == [PushNotification.Media(url: "https://x.example/a.png")])
    }

    // MARK: - pinpoint render

    @Test func pinpointCarriesOneMediaURLUnderData() throws {
        var context = RenderContext()
        let rendered = PinpointAdapter().render(
            media("https://x.example/a.png", "https://x.example/b.png"), context: &context)
        #expect(rendered == (try parse(#"{"aps":{"alert":"b"},"data":{"media-url":"https://x.example/a.png"}}"#)))
        #expect(context.lossReasons[JSONPointer(tokens: ["media"])] != nil)
    }

    // MARK: - pinpoint-message

    @Test func pinpointMessageRendersFieldsAndExplainsWhatItCannotCarry() throws {
        var n = PushNotification()
        n.title = "t"
        n.mutableContent = true
        n.data = object(["data": ["pinpoint": ["jsonBody": ["id": "7", "count": 3]]], "top": "x"])
        var delivery = PushNotification.Delivery()
        delivery.expiration = 1_900_000_000
        delivery.priority = 5
        n.delivery = delivery
        var context = RenderContext()
        let rendered = PinpointMessageAdapter().render(n, context: &context)
        #expect(rendered == (try parse(#"{"Title":"t","Data":{"id":"7","count":"3"},"Priority":"5"}"#)))
        #expect(context.lossReasons[JSONPointer(tokens: ["data", "data", "pinpoint", "jsonBody", "count"])] != nil)
        #expect(context.lossReasons[JSONPointer(tokens: ["data", "top"])]?.contains("RawContent") == true)
        #expect(context.lossReasons[JSONPointer(tokens: ["mutableContent"])] != nil)
        #expect(context.lossReasons[JSONPointer(tokens: ["delivery", "expiration"])]?.contains("sendTime") == true)
    }

    @Test func sendTimeConvertsTimeToLiveBothWays() throws {
        var options = FormatOptions()
        options.sendTime = 1_800_000_000
        var context = NormaliseContext(options: options)
        let n = try #require(
            PinpointMessageAdapter().normalise(try parse(#"{"Title":"t","TimeToLive":3600}"#), context: &context))
        #expect(n.delivery?.expiration == 1_800_003_600)
        #expect(n.extensionObject("amazon")["pinpointMessage"] == nil)
        var render = RenderContext(options: options)
        let rendered = PinpointMessageAdapter().render(n, context: &render)
        #expect(rendered == (try parse(#"{"Title":"t","TimeToLive":3600}"#)))
        // Zero is "do not store" on both sides.
        var zero = NormaliseContext(options: options)
        let once = try #require(
            PinpointMessageAdapter().normalise(try parse(#"{"Title":"t","TimeToLive":0}"#), context: &zero))
        #expect(once.delivery?.expiration == 0)
    }

    @Test func aBackgroundPushRendersAsSilentPush() throws {
        var n = PushNotification()
        n.contentAvailable = true
        var delivery = PushNotification.Delivery()
        delivery.pushType = "background"
        n.delivery = delivery
        var context = RenderContext()
        #expect(PinpointMessageAdapter().render(n, context: &context) == (try parse(#"{"SilentPush":true}"#)))
    }

    @Test func rawContentParseErrorsGiveLineAndColumn() throws {
        var context = NormaliseContext()
        _ = PinpointMessageAdapter().normalise(try parse(#"{"RawContent":"{\n\"aps\": }"}"#), context: &context)
        let diagnostic = try #require(context.diagnostics.first)
        #expect(diagnostic.code == .invalidJSON)
        #expect(diagnostic.path == JSONPointer(tokens: ["RawContent"]))
        #expect(diagnostic.message.contains("line 2"))
    }

    // MARK: - sns

    @Test func snsParseErrorsAreLocatedAtTheKeyWithLineAndColumn() throws {
        var context = NormaliseContext()
        _ = SNSAdapter().normalise(try parse(#"{"default":"x","APNS":"{\"aps\":\n{\"alert\":}}"}"#), context: &context)
        let diagnostic = try #require(context.diagnostics.first)
        #expect(diagnostic.code == .invalidJSON)
        #expect(diagnostic.path == JSONPointer(tokens: ["APNS"]))
        #expect(diagnostic.message.contains("line 2"))
        #expect(diagnostic.message.contains("column"))
    }

    @Test func innerFindingsNameTheirPlaceInsideTheString() throws {
        var context = NormaliseContext()
        _ = SNSAdapter().normalise(
            try parse(#"{"default":"x","APNS":"{\"aps\":{\"badge\":\"1\"}}"}"#), context: &context)
        let diagnostic = try #require(context.diagnostics.first)
        #expect(diagnostic.path == JSONPointer(tokens: ["APNS"]))
        #expect(diagnostic.message.hasPrefix("in `APNS` at /aps/badge"))
    }

    @Test func snsRendersCompactlyAndWarnsWithoutDefault() throws {
        var context = RenderContext()
        let rendered = SNSAdapter().render(media("https://x.example/a.png"), context: &context)
        let expected = #"{"APNS":"{\"aps\":{\"alert\":\"b\"},\"attachment-url\":\"https://x.example/a.png\"}"}"#
        #expect(rendered == (try parse(expected)))
        #expect(context.diagnostics.map(\.code).contains(.amazonSNSDefaultMissing))
    }

    @Test func snsRendersToTheOptionPlatformUnlessOneWasRead() throws {
        var options = FormatOptions()
        options.snsPlatform = "APNS_SANDBOX"
        var n = PushNotification()
        n.body = "b"
        n.extensions = object(["amazon": ["sns": ["default": "d"]]])
        var context = RenderContext(options: options)
        #expect(SNSAdapter().render(n, context: &context)["APNS_SANDBOX"] == #"{"aps":{"alert":"b"}}"#)
        n.extensions = object(["amazon": ["sns": ["default": "d"], "snsPlatform": "APNS"]])
        #expect(SNSAdapter().render(n, context: &context)["APNS"] == #"{"aps":{"alert":"b"}}"#)
    }
}

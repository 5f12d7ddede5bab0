import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// `pinpoint-message` with both channels (`APNSMessage` and `GCMMessage`): the Android side is read into the model's
/// Android part and written back beside the APNs message (its goldens run with every format's, in
/// `FixtureCoverageTests`).
@Suite("pinpoint-message with both channels")
struct PinpointChannelsAdapterTests {
    static let fixtures = Golden.fixturesDirectory() + "/pinpoint-message"
    let adapter = PinpointChannelsAdapter()

    @Test func eachChannelKeepsItsOwnContent() throws {
        let input = try #require(
            try Golden.load(Self.fixtures + "/configuration-both-channels/input.json"))
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(input, context: &context))
        #expect(n.title == "iOS: your order" && n.body == "Swipe to track it")
        #expect(n.android?.title == "Android: your order" && n.android?.body == "Tap to track it")
    }

    @Test func defaultsFillWhatAndroidShows() throws {
        let input = try #require(
            try Golden.load(Self.fixtures + "/configuration-default-fills-android/input.json"))
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(input, context: &context))
        #expect(n.title == "iOS title")
        #expect(n.android?.title == "Default title" && n.android?.body == "Default body")
    }
}

/// `ADMMessage` and `BaiduMessage` read as the Android side when there is no `GCMMessage` (issue 23, item 3).
@Suite("pinpoint-message's ADMMessage and BaiduMessage")
struct PinpointAmazonChannelsTests: AdapterProbing {
    let adapter = PinpointChannelsAdapter()

    @Test func admMessageIsTheAndroidSideWithADMsOwnOptionsWhereTheADMFormatPutsThem() throws {
        let (n, diagnostics) = try read(
            #"{"ADMMessage":{"Title":"Hi","Body":"b","ConsolidationKey":"k","ExpiresAfter":"3600","#
                + #""MD5":"XrY7u+Ae7tCTyyK7j1rNww==","Data":{"a":"1"},"IconReference":"ic"}}"#)
        #expect(n.android?.title == "Hi" && n.android?.body == "b")
        #expect(n.android?.collapseKey == "k")
        #expect(n.android?.ttl == "3600s")
        #expect(n.android?.icon == "ic")
        #expect(n.android?.data.map(JSONValue.object) == ["a": "1"])
        #expect(n.extensionObject("adm")["md5"] == "XrY7u+Ae7tCTyyK7j1rNww==")
        #expect(!diagnostics.contains { $0.severity == .error }, "\(codes(diagnostics))")
        // The adm format writes the same options from the same canonical fields.
        var context = RenderContext()
        let adm = ADMAdapter().render(n.withSharedFromAndroid, context: &context)
        #expect(adm["consolidationKey"] == "k" && adm["expiresAfter"] == 3600)
        #expect(adm["md5"] == "XrY7u+Ae7tCTyyK7j1rNww==")
    }

    @Test func admMessageRendersBackUnderItsOwnKey() throws {
        let text = #"{"ADMMessage":{"Body":"b","ConsolidationKey":"k","ExpiresAfter":"60","Title":"Hi"}}"#
        let (n, _) = try read(text)
        let (value, context) = rendered(n)
        #expect(value == (try JSONValue(parsing: text)))
        #expect(context.lossReasons.isEmpty)
    }

    @Test func baiduMessageIsTheAndroidSideWithItsTimeToLive() throws {
        let (n, diagnostics) = try read(#"{"BaiduMessage":{"Title":"Hi","Body":"b","TimeToLive":700000}}"#)
        #expect(n.android?.title == "Hi" && n.android?.ttl == "700000s")
        #expect(codes(diagnostics).contains("amazon.baidu.time-to-live-range /BaiduMessage/TimeToLive"))
        let (value, _) = rendered(n)
        #expect(value["BaiduMessage"]?["TimeToLive"] == 700_000)
    }

    @Test func optionsTheChannelHasNoPlaceForAreDeclaredLost() throws {
        // A GCMMessage's Priority and CollapseKey in a notification remembered as Baidu's.
        let (read, _) = try read(#"{"BaiduMessage":{"Title":"Hi"}}"#)
        var n = read
        n.android?.priority = "high"
        n.android?.collapseKey = "k"
        let (value, context) = rendered(n)
        #expect(value["BaiduMessage"]?["Priority"] == nil && value["BaiduMessage"]?["CollapseKey"] == nil)
        #expect(context.lossReasons[JSONPointer(tokens: ["android", "priority"])] != nil)
        #expect(context.lossReasons[JSONPointer(tokens: ["android", "collapseKey"])] != nil)
        let carried = adapter.carriedPart(of: n, options: FormatOptions())
        #expect(carried.android?.priority == nil && carried.android?.collapseKey == nil)
    }

    @Test func aMalformedExpiresAfterIsAnErrorAndKept() throws {
        let (n, diagnostics) = try read(#"{"ADMMessage":{"Title":"t","ExpiresAfter":"1h"}}"#)
        #expect(n.android?.ttl == nil)
        #expect(codes(diagnostics).contains("amazon.adm.expires-after-invalid /ADMMessage/ExpiresAfter"))
        let (value, _) = rendered(n)
        #expect(value["ADMMessage"]?["ExpiresAfter"] == "1h")
    }

    @Test func gcmStaysTheAndroidSideAndTheOthersAreKeptWithAnInfo() throws {
        let (n, diagnostics) = try read(
            #"{"ADMMessage":{"Title":"fire"},"BaiduMessage":{"Title":"baidu"},"GCMMessage":{"Title":"gcm"}}"#)
        #expect(n.android?.title == "gcm")
        let kept = diagnostics.filter { $0.code == .amazonChannelMessageKept }
        #expect(kept.map(\.path.description) == ["/ADMMessage", "/BaiduMessage"])
        #expect(kept.allSatisfy { $0.severity == .info })
    }
}

extension PushNotification {
    /// The Android part's title and body as the shared ones (what an ADM notification shows).
    fileprivate var withSharedFromAndroid: PushNotification {
        var n = self
        n.title = android?.title
        n.body = android?.body
        n.data = android?.data ?? JSONObject()
        return n
    }
}

import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// `adm` (`Adapters/Amazon/ADM`): ADM's rules (`check`), what a rendering from another format loses and why, and
/// recognition. Its goldens (`Fixtures/adm`) run with every format's, in `FixtureCoverageTests`.
@Suite("adm: Amazon Device Messaging")
struct ADMAdapterTests {
    static let fixtures = Golden.fixturesDirectory() + "/adm"
    let adm = ADMAdapter()

    private func checked(_ text: String) throws -> [Diagnostic] {
        let payload = try JSONValue(parsing: text)
        var context = NormaliseContext()
        let n = try #require(adm.normalise(payload, context: &context))
        return adm.check(payload, notification: n, context: context)
    }

    private func codes(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.code.rawValue) \($0.path)" }
    }

    @Test func theRulesOfADMAreChecked() throws {
        let input = try #require(try Golden.load(Self.fixtures + "/invalid-values/input.json"))
        var context = NormaliseContext()
        let n = try #require(adm.normalise(input, context: &context))
        #expect(
            codes(adm.check(input, notification: n, context: context)) == [
                "adm.notification.incomplete /notification", "adm.expires-after.range /expiresAfter",
                "adm.consolidation-key.too-long /consolidationKey",
            ])
    }

    @Test func aMessageWithNothingToDeliverIsAnError() throws {
        #expect(codes(try checked(#"{"consolidationKey":"Sync"}"#)) == ["adm.message.empty "])
        #expect(codes(try checked(#"{"data":{},"consolidationKey":"Sync"}"#)).isEmpty)
    }

    @Test func dataOverSixKilobytesIsAnError() throws {
        let value = String(repeating: "x", count: 6 * 1024)
        #expect(codes(try checked(#"{"data":{"k":"\#(value)"}}"#)) == ["adm.data.too-large /data"])
        let fits = String(repeating: "x", count: 6 * 1024 - 8)  // {"k":"…"} is 8 bytes more
        #expect(codes(try checked(#"{"data":{"k":"\#(fits)"}}"#)).isEmpty)
    }

    @Test func theExpiryRangeIsInclusive() throws {
        #expect(codes(try checked(#"{"data":{},"expiresAfter":60}"#)).isEmpty)
        #expect(codes(try checked(#"{"data":{},"expiresAfter":2678400}"#)).isEmpty)
        #expect(codes(try checked(#"{"data":{},"expiresAfter":2678401}"#)) == ["adm.expires-after.range /expiresAfter"])
    }

    @Test func anMD5IsTheBase64OfSixteenBytes() throws {
        var context = NormaliseContext()
        _ = adm.normalise(try JSONValue(parsing: #"{"data":{},"md5":"8Ae8/Bxc4kotnu5Vdt1mzQ=="}"#), context: &context)
        #expect(context.diagnostics.isEmpty)
        for bad in ["8Ae8/Bxc4kotnu5Vdt1mzQ=", "8Ae8/Bxc4kotnu5Vdt1mz!==", "abc"] {
            var context = NormaliseContext()
            _ = adm.normalise(try JSONValue(parsing: #"{"data":{},"md5":"\#(bad)"}"#), context: &context)
            #expect(codes(context.diagnostics) == ["adm.md5.malformed /md5"], "\(bad)")
        }
    }

    @Test func whatADMCannotCarryIsExplained() throws {
        var n = PushNotification()
        n.title = "Shared"
        n.data = try #require(try JSONValue(parsing: #"{"text":"a","count":3}"#).objectValue)
        n.sound = PushNotification.Sound(name: "bell", critical: true, volume: 0.5)
        var android = PushNotification.Android()
        android.title = "Android's own"
        android.ttl = "1.5s"
        android.channelID = "news"
        android.collapseKey = "scores"
        n.android = android
        var context = RenderContext()
        let rendered = adm.render(n, context: &context)
        let expected = try JSONValue(
            parsing:
                #"{"data":{"text":"a"},"notification":{"title":"Shared","sound":"bell"},"consolidationKey":"scores"}"#)
        #expect(rendered == expected)
        let lost = Set(context.lossReasons.keys.map(\.description))
        #expect(
            lost == [
                "/data/count", "/sound/critical", "/sound/volume", "/android/ttl", "/android/title",
                "/android/channelId",
            ])
        let carried = adm.carriedPart(of: n, options: FormatOptions())
        #expect(carried.android?.title == nil && carried.android?.ttl == nil)
        #expect(carried.android?.collapseKey == "scores" && carried.sound == PushNotification.Sound(name: "bell"))
        #expect(carried.data == (try JSONValue(parsing: #"{"text":"a"}"#)).objectValue)
    }

    @Test func onlyADMsOwnKeysRecogniseIt() throws {
        #expect(adm.recognise(try JSONValue(parsing: #"{"data":{},"consolidationKey":"Sync"}"#)) != nil)
        #expect(adm.recognise(try JSONValue(parsing: #"{"data":{"a":"b"},"expiresAfter":60}"#)) != nil)
        #expect(adm.recognise(try JSONValue(parsing: #"{"data":{"a":"b"},"notification":{"title":"t"}}"#)) == nil)
    }
}

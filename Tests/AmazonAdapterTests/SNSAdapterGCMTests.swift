import AmazonAdapter
import FCMAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// `sns`'s `GCM` string (`SNSAdapter+GCM.swift`): read as the Android side with the `fcm` / `fcm-legacy` readers,
/// written as `{"fcmV1Message": …}` with the `fcm` writer. Its goldens (`Fixtures/sns/gcm-*`) run with every format's,
/// in `FixtureCoverageTests`; these tests cover conversions and findings.
@Suite("sns: the GCM string")
struct SNSAdapterGCMTests {
    static let fixtures = Golden.fixturesDirectory() + "/sns"
    let sns = SNSAdapter()

    private func parse(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

    private func read(_ input: JSONValue) throws -> (PushNotification, [Diagnostic]) {
        var context = NormaliseContext()
        let n = try #require(sns.normalise(input, context: &context))
        return (n, Array(context.diagnostics))
    }

    /// The GCM string of `payload`, parsed.
    private func gcm(_ payload: JSONValue) throws -> JSONValue {
        try parse(try #require(payload["GCM"]?.stringValue))
    }

    @Test func differingTitlesConvertToFCMKeepingBoth() throws {
        let input = try #require(try Golden.load(Self.fixtures + "/gcm-apns-differing-titles/input.json"))
        let (n, diagnostics) = try read(input)
        #expect(diagnostics.isEmpty)
        var context = RenderContext()
        let fcm = FCMAdapter().render(n, context: &context)
        let iOSTitle = JSONPointer(parsing: "/apns/payload/aps/alert/title")?.resolve(in: fcm)
        #expect(iOSTitle == .string("Your order has shipped"))
        #expect(JSONPointer(parsing: "/android/notification/title")?.resolve(in: fcm) == .string("Order shipped"))
        #expect(JSONPointer(parsing: "/notification/body")?.resolve(in: fcm) == .string("Track it in the app"))
        #expect(context.lossReasons.isEmpty)
    }

    /// The GCM side's title is Android's own when its bytes differ from the APNS side's, even where the two are
    /// canonically equivalent (NFC and NFD spellings), so it is written back as it came; the same bytes are shared.
    @Test(arguments: [false, true])
    func androidsTitleIsItsOwnWhenItsBytesDiffer(_ sameBytes: Bool) throws {
        let ios = "Caf\u{E9} order shipped tonight"
        let android = sameBytes ? ios : "Cafe\u{301} order shipped tonight"
        let apns = #"{"aps":{"alert":{"title":"\#(ios)","body":"b"}}}"#
        let gcm = #"{"fcmV1Message":{"message":{"notification":{"title":"\#(android)","body":"b"}}}}"#
        let input: JSONValue = ["default": "d", "APNS": .string(apns), "GCM": .string(gcm)]
        let (n, diagnostics) = try read(input)
        #expect(diagnostics.isEmpty)
        #expect(n.title == ios)
        #expect(n.android?.title.map { Array($0.utf8) } == (sameBytes ? nil : Array(android.utf8)))
    }

    @Test func fcmConvertsToBothAPNSAndGCM() throws {
        let message = try parse(
            #"{"message":{"token":"t","notification":{"title":"Shared","body":"b"},"data":{"k":"v"},"#
                + #""android":{"priority":"high","notification":{"title":"Android","channel_id":"c"}},"#
                + #""apns":{"payload":{"aps":{"alert":{"title":"iOS","body":"b"},"badge":2}}}}}"#)
        var readContext = NormaliseContext()
        let n = try #require(FCMAdapter().normalise(message, context: &readContext))
        var context = RenderContext()
        let rendered = sns.render(n, context: &context)
        let apns = try parse(try #require(rendered["APNS"]?.stringValue))
        #expect(JSONPointer(parsing: "/aps/alert/title")?.resolve(in: apns) == .string("iOS"))
        #expect(JSONPointer(parsing: "/aps/badge")?.resolve(in: apns) == .integer(2))
        let gcm = try gcm(rendered)
        let v1 = try #require(JSONPointer(parsing: "/fcmV1Message/message")?.resolve(in: gcm))
        #expect(v1["notification"]?["title"] == .string("Android"))
        #expect(v1["android"]?["priority"] == .string("high"))
        #expect(v1["android"]?["notification"]?["channel_id"] == .string("c"))
        #expect(v1["data"]?["k"] == .string("v"))
        // The iOS side is the APNS string; SNS adds the target.
        #expect(v1["apns"] == nil && v1["token"] == nil)
        #expect(context.lossReasons[JSONPointer(tokens: ["target"])] != nil)
        // Read back: each platform keeps its own title.
        let (back, _) = try read(rendered)
        #expect(back.title == "iOS" && back.android?.title == "Android")
    }

    @Test func aLegacyStringRendersAsFCMV1() throws {
        let input = try parse(
            #"{"default":"d","GCM":"{\"notification\":{\"title\":\"T\",\"body\":\"B\",\"android_channel_id\":\"c\"},"#
                + #"\"priority\":\"high\",\"time_to_live\":60,\"content_available\":true}"}"#)
        let (n, diagnostics) = try read(input)
        #expect(diagnostics.isEmpty)
        #expect(n.title == "T" && n.android?.channelID == "c" && n.android?.ttl == "60s")
        var context = RenderContext()
        let rendered = sns.render(n, context: &context)
        #expect(rendered["APNS"] == nil)
        let message = try #require(JSONPointer(parsing: "/fcmV1Message/message")?.resolve(in: try gcm(rendered)))
        #expect(message["notification"]?["title"] == .string("T"))
        #expect(message["android"]?["ttl"] == .string("60s"))
        #expect(message["android"]?["priority"] == .string("high"))
        #expect(message["android"]?["notification"]?["channel_id"] == .string("c"))
        #expect(JSONPointer(parsing: "/apns/payload/aps/content-available")?.resolve(in: message) == .integer(1))
        #expect(context.lossReasons.isEmpty)
    }

    @Test func aLegacyStringBesideAPNSKeepsItsIOSOptions() throws {
        let input = try parse(
            #"{"default":"d","APNS":"{\"aps\":{\"alert\":\"iOS\"}}","#
                + #""GCM":"{\"notification\":{\"body\":\"Android\",\"badge\":\"3\"}}"}"#)
        let (n, diagnostics) = try read(input)
        #expect(diagnostics.isEmpty)
        #expect(n.body == "iOS" && n.android?.body == "Android" && n.badge == nil)
        var context = RenderContext()
        let message = try #require(
            JSONPointer(parsing: "/fcmV1Message/message")?.resolve(in: try gcm(sns.render(n, context: &context))))
        #expect(JSONPointer(parsing: "/apns/payload/aps/badge")?.resolve(in: message) == .integer(3))
        #expect(message["notification"]?["body"] == .string("Android"))
    }

    @Test func findingsInsideTheGCMStringAreLocatedAtItsKey() throws {
        let input = #"{"default":"d","GCM":"{\"fcmV1Message\":{\"message\":{\"data\":{\"k\":1},\"token\":\"t\"}}}"}"#
        let (_, diagnostics) = try read(try parse(input))
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.allSatisfy { $0.path == JSONPointer(tokens: ["GCM"]) })
        #expect(diagnostics.map(\.code).contains(.amazonSNSGCMTarget))
    }

    @Test func aGCMStringThatIsNotJSONIsALocatedError() throws {
        let (n, diagnostics) = try read(try parse(#"{"default":"d","APNS":"{\"aps\":{}}","GCM":"{\n oops"}"#))
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.code == .invalidJSON && diagnostic.severity == .error)
        #expect(diagnostic.path == JSONPointer(tokens: ["GCM"]))
        #expect(diagnostic.message.contains("line 2"))
        // Kept verbatim and written back as it was.
        var context = RenderContext()
        #expect(sns.render(n, context: &context)["GCM"] == .string("{\n oops"))
    }

    @Test func aMessageWithOnlyGCMIsRecognisedBySNS() throws {
        let recognition = sns.recognise(try parse(#"{"default":"d","GCM":"{}"}"#))
        #expect(recognition?.strength == 3 && recognition?.evidence == ["/GCM"])
        #expect(sns.recognise(try parse(#"{"GCM":{}}"#)) == nil)
    }
}

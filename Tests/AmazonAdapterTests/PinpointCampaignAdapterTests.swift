import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// `pinpoint-campaign` (`Adapters/Amazon/PinpointCampaign`): the forms read and written back, `DefaultMessage`
/// filling the platform messages, the campaign rules, the naming traps, placeholders, the treatments, what a rendering
/// from another format loses, and recognition. Its goldens (`Fixtures/pinpoint-campaign`) run with every format's, in
/// `FixtureCoverageTests`.
@Suite("pinpoint-campaign: Amazon Pinpoint campaigns")
struct PinpointCampaignAdapterTests: AdapterProbing {
    static let fixtures = Golden.fixturesDirectory() + "/pinpoint-campaign"
    let adapter = PinpointCampaignAdapter()

    @Test(
        "each form renders back as it was read",
        arguments: ["request", "response-push", "response-email", "cli-input", "treatments", "default-only"])
    func formsRoundTrip(_ scenario: String) throws {
        let input = try #require(try Golden.load(Self.fixtures + "/\(scenario)/input.json"))
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(input, context: &context))
        #expect(!context.diagnostics.containsErrors, "\(context.diagnostics)")
        #expect(rendered(n).0 == input)
    }

    @Test func theResponseMetadataIsKeptAndWrittenBack() throws {
        let input = try #require(try Golden.load(Self.fixtures + "/response-push/input.json"))
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(input, context: &context))
        let campaign = try #require(rendered(n).0["CampaignResponse"])
        #expect(campaign["Id"] == .string("c3f1e0a2b4d64f6e8a0b1c2d3e4f5a6b"))
        #expect(campaign["Version"] == .integer(2))
        #expect(campaign["State"]?["CampaignStatus"] == .string("EXECUTING"))
        #expect(n.title == "Good news")
        #expect(n.body == "Your order has shipped.")
    }

    @Test func theCLIInputKeepsItsApplicationID() throws {
        let text =
            #"{"ApplicationId":"app","WriteCampaignRequest":{"MessageConfiguration":{"APNSMessage":{"Title":"t"}}}}"#
        let (n, diagnostics) = try read(text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(n.title == "t")
        #expect(rendered(n).0 == (try JSONValue(parsing: text)))
    }

    @Test func defaultMessageSuppliesWhatAPlatformMessageLeavesOut() throws {
        let (n, diagnostics) = try read(
            #"{"MessageConfiguration":{"DefaultMessage":{"Title":"Hi","Body":"Default body"},"APNSMessage":{"Title":"Hi on iOS"},"GCMMessage":{"Body":"Android body"}}}"#
        )
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        // iOS (the shared content): APNSMessage's title, DefaultMessage's body.
        #expect(n.title == "Hi on iOS")
        #expect(n.body == "Default body")
        // Android: DefaultMessage's title (not iOS's), its own body.
        #expect(n.android?.title == "Hi")
        #expect(n.android?.body == "Android body")
    }

    @Test func aFindingInDefaultMessageIsReportedOnceThere() throws {
        let (_, diagnostics) = try read(
            #"{"MessageConfiguration":{"DefaultMessage":{"Action":"OPEN","Title":"t"},"APNSMessage":{},"GCMMessage":{}}}"#
        )
        #expect(codes(diagnostics) == ["amazon.pinpoint.action-unknown /MessageConfiguration/DefaultMessage/Action"])
    }

    @Test func aValueChangedFromDefaultIsWrittenIntoTheMessage() throws {
        var (n, _) = try read(
            #"{"MessageConfiguration":{"DefaultMessage":{"Title":"Hello","Body":"Body"},"APNSMessage":{"SilentPush":false}}}"#
        )
        n.title = "Changed"
        let value = rendered(n).0
        #expect(value["MessageConfiguration"]?["APNSMessage"]?["Title"] == .string("Changed"))
        #expect(value["MessageConfiguration"]?["APNSMessage"]?["Body"] == nil)
        #expect(value["MessageConfiguration"]?["DefaultMessage"]?["Title"] == .string("Hello"))
    }

    @Test func theSmallIconIsReadAsTheSendsAndWrittenBackInTheCampaignsSpelling() throws {
        let text =
            #"{"MessageConfiguration":{"GCMMessage":{"Title":"t","ImageSmallIconUrl":"https://x/s.png"}}}"#
        let (n, diagnostics) = try read(text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(n.android?.smallImageIcon == "https://x/s.png")
        #expect(rendered(n).0 == (try JSONValue(parsing: text)))
    }

    @Test func theNamingTrapsAreKeptInPlaceWithAWarning() throws {
        let input = try #require(try Golden.load(Self.fixtures + "/naming-traps/input.json"))
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(input, context: &context))
        let warnings = context.diagnostics.filter { $0.severity == .warning }
        #expect(
            codes(warnings) == [
                "pinpoint-campaign.key.unknown /MessageConfiguration/APNSMessage/Sound",
                "pinpoint-campaign.key.unknown /MessageConfiguration/GCMMessage/Data",
                "pinpoint-campaign.key.unknown /MessageConfiguration/GCMMessage/Priority",
                "pinpoint-campaign.key.unknown /MessageConfiguration/GCMMessage/SmallImageIconUrl",
            ])
        #expect(n.sound == nil)
        #expect(n.android?.smallImageIcon == nil)
        #expect(n.android?.priority == nil)
        #expect(rendered(n).0 == input)
    }

    @Test func aPlaceholderURLIsAnInfoAndKeptVerbatim() throws {
        let input = try #require(try Golden.load(Self.fixtures + "/placeholders/input.json"))
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(input, context: &context))
        #expect(!context.diagnostics.contains { $0.severity != .info }, "\(context.diagnostics)")
        #expect(
            codes(context.diagnostics.filter { $0.code == .pinpointCampaignPlaceholderURL }) == [
                "pinpoint-campaign.url.placeholder /MessageConfiguration/APNSMessage/MediaUrl",
                "pinpoint-campaign.url.placeholder /MessageConfiguration/APNSMessage/Url",
            ])
        #expect(n.title == "Hi {{User.UserAttributes.FirstName}}")
        #expect(n.media.first?.url == "https://cdn.example.com/{{Attributes.Tier}}.png")
        #expect(rendered(n).0 == input)
    }

    @Test func theCampaignRulesAreChecked() throws {
        let input = try #require(try Golden.load(Self.fixtures + "/invalid-values/input.json"))
        var context = NormaliseContext()
        _ = adapter.normalise(input, context: &context)
        let found = codes(context.diagnostics.filter { $0.severity != .info })
        #expect(
            found == [
                "pinpoint-campaign.schedule.start-missing /Schedule",
                "pinpoint-campaign.state.unknown /State/CampaignStatus",
                "pinpoint-campaign.size.invalid /AdditionalTreatments/0",
                "pinpoint-campaign.size.invalid /AdditionalTreatments",
                "pinpoint-campaign.body.too-long /MessageConfiguration/APNSMessage/Body",
            ], "\(found)")
    }

    @Test func aTreatmentsMessagesAreCheckedAtTheirPaths() throws {
        let (_, diagnostics) = try read(
            #"{"MessageConfiguration":{"APNSMessage":{"Title":"t"}},"AdditionalTreatments":[{"SizePercent":50,"MessageConfiguration":{"APNSMessage":{"Title":"u","Sound":"x"}}}]}"#
        )
        #expect(
            codes(diagnostics) == [
                "pinpoint-campaign.treatment.kept /AdditionalTreatments/0",
                "pinpoint-campaign.key.unknown /AdditionalTreatments/0/MessageConfiguration/APNSMessage/Sound",
            ])
    }

    @Test func eachTreatmentIsAMessageOfItsOwn() throws {
        let input = try #require(try Golden.load(Self.fixtures + "/treatments/input.json"))
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(input, context: &context))
        let variants = try #require(adapter.recipientVariants(of: input, notification: n, context: &context))
        #expect(
            variants.map(\.label) == [
                "treatment 1 of 3 (Control)", "treatment 2 of 3 (Points)", "treatment 3 of 3 (Progress)",
            ])
        // The third treatment has only a GCMMessage: its title is Android's own.
        #expect(variants.map(\.notification.title) == ["Almost there", "100 points waiting", nil])
        #expect(variants.last?.notification.android?.title == "So close")
        #expect(variants.allSatisfy { $0.notification.target == nil })
        // A campaign without additional treatments is one message.
        let single = try #require(try Golden.load(Self.fixtures + "/request/input.json"))
        #expect(adapter.recipientVariants(of: single, notification: n, context: &context) == nil)
    }

    @Test func withoutGCMMessageTheADMMessageIsTheAndroidSideAndTheOthersAreKept() throws {
        let text =
            #"{"MessageConfiguration":{"ADMMessage":{"ImageSmallIconUrl":"https://x.example/s.png","Title":"Fire"},"#
            + #""BaiduMessage":{"Title":"Baidu"},"SMSMessage":{"Body":"text"}}}"#
        let (n, diagnostics) = try read(text)
        #expect(n.title == nil && n.android?.title == "Fire")
        #expect(n.android?.smallImageIcon == "https://x.example/s.png")
        #expect(
            codes(diagnostics) == [
                "pinpoint-campaign.message.kept /MessageConfiguration/BaiduMessage",
                "pinpoint-campaign.message.kept /MessageConfiguration/SMSMessage",
            ])
        let (value, context) = rendered(n)
        #expect(value == (try JSONValue(parsing: text)))
        #expect(context.lossReasons.isEmpty)
    }

    @Test func aCampaignsTimeToLiveDoesNotApplyToItsADMMessage() throws {
        let (n, diagnostics) = try read(#"{"MessageConfiguration":{"ADMMessage":{"Title":"Fire","TimeToLive":60}}}"#)
        #expect(n.android?.ttl == nil)
        #expect(codes(diagnostics) == ["pinpoint-campaign.member.kept /MessageConfiguration/ADMMessage/TimeToLive"])
        // A TimeToLive the Android side got elsewhere has no place in the campaign's ADMMessage.
        var withTTL = n
        withTTL.android?.ttl = "60s"
        let (_, context) = rendered(withTTL)
        #expect(context.lossReasons[JSONPointer(tokens: ["android", "ttl"])] != nil)
    }

    @Test func aBaiduMessageKeepsItsTimeToLive() throws {
        let (n, _) = try read(#"{"MessageConfiguration":{"BaiduMessage":{"Title":"Baidu","TimeToLive":60}}}"#)
        #expect(n.android?.title == "Baidu" && n.android?.ttl == "60s")
        #expect(rendered(n).0["MessageConfiguration"]?["BaiduMessage"]?["TimeToLive"] == 60)
    }

    @Test func anotherFormatsNotificationLosesWhatACampaignMessageHasNoMemberFor() throws {
        var n = PushNotification()
        n.title = "Sale"
        n.body = "Now on"
        n.badge = 3
        n.group = "sales"
        n.contentAvailable = true
        n.data = JSONObject(uniqueKeysWithValues: [("orderId", .string("42"))])
        var android = PushNotification.Android()
        android.title = "Sale on Android"
        android.collapseKey = "sale"
        android.ttl = "3600s"
        n.android = android
        let (value, context) = rendered(n)
        let configuration = try #require(value["MessageConfiguration"])
        #expect(
            configuration["APNSMessage"]
                == (try JSONValue(parsing: #"{"Body":"Now on","SilentPush":true,"Title":"Sale"}"#)))
        #expect(configuration["GCMMessage"]?["Title"] == .string("Sale on Android"))
        #expect(configuration["GCMMessage"]?["TimeToLive"] == .integer(3600))
        let lost = Set(context.lossReasons.keys.map(\.description))
        #expect(lost.isSuperset(of: ["/badge", "/group", "/data/orderId", "/android/collapseKey"]), "\(lost)")
        let kept = adapter.carriedPart(of: n, options: FormatOptions())
        #expect(kept.badge == nil && kept.group == nil && kept.data.isEmpty && kept.android?.collapseKey == nil)
        #expect(kept.contentAvailable == true && kept.android?.ttl == "3600s")
    }

    @Test func recognition() throws {
        func strength(_ text: String) throws -> Int? { adapter.recognise(try JSONValue(parsing: text))?.strength }
        #expect(try strength(#"{"CampaignResponse":{"Id":"x"}}"#) == 4)
        #expect(try strength(#"{"ApplicationId":"a","WriteCampaignRequest":{}}"#) == 4)
        #expect(try strength(#"{"SegmentId":"s","MessageConfiguration":{"APNSMessage":{"Body":"x"}}}"#) == 4)
        #expect(try strength(#"{"Schedule":{"StartTime":"IMMEDIATE"},"TemplateConfiguration":{}}"#) == 4)
        // Look-alikes: a send's MessageConfiguration and request, a template.
        #expect(try strength(#"{"MessageConfiguration":{"APNSMessage":{"Body":"x"}}}"#) == nil)
        #expect(
            try strength(#"{"MessageRequest":{"Addresses":{},"MessageConfiguration":{"APNSMessage":{}}}}"#) == nil)
        #expect(try strength(#"{"APNS":{"Body":"x"},"TemplateDescription":"d"}"#) == nil)
    }
}

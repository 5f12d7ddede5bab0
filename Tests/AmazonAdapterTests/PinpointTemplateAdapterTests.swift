import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// `pinpoint-template` (`Adapters/Amazon/PinpointTemplate`): the forms read and written back, `Default` filling the
/// platform sections, the template rules, the naming traps, placeholders, what a rendering from another format
/// loses, and recognition. Its goldens (`Fixtures/pinpoint-template`) run with every format's, in
/// `FixtureCoverageTests`.
@Suite("pinpoint-template: Amazon Pinpoint push templates")
struct PinpointTemplateAdapterTests: AdapterProbing {
    static let fixtures = Golden.fixturesDirectory() + "/pinpoint-template"
    let adapter = PinpointTemplateAdapter()

    @Test(
        "each form renders back as it was read",
        arguments: ["request", "response", "cloudformation-resource", "cloudformation-properties", "cdk-props"])
    func formsRoundTrip(_ scenario: String) throws {
        let input = try #require(try Golden.load(Self.fixtures + "/\(scenario)/input.json"))
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(input, context: &context))
        #expect(!context.diagnostics.containsErrors, "\(context.diagnostics)")
        #expect(rendered(n).0 == input)
    }

    @Test func theResponseMetadataIsKeptAndWrittenBack() throws {
        let input = try #require(try Golden.load(Self.fixtures + "/response/input.json"))
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(input, context: &context))
        let template = try #require(rendered(n).0["PushNotificationTemplateResponse"])
        #expect(template["Arn"]?.stringValue?.hasSuffix("templates/flash-sale-template/PUSH") == true)
        #expect(template["Version"] == .string("1"))
        #expect(template["TemplateType"] == .string("PUSH"))
        #expect(n.title == "Flash sale")
        #expect(n.android?.url == "https://shop.example.com/sale")
    }

    @Test func defaultSuppliesWhatAPlatformSectionLeavesOut() throws {
        let (n, diagnostics) = try read(
            #"{"Default":{"Title":"Hi","Body":"Default body"},"APNS":{"Title":"Hi on iOS"},"GCM":{"Body":"Android body"}}"#
        )
        #expect(diagnostics.isEmpty)
        // iOS (the shared content): APNS's title, Default's body.
        #expect(n.title == "Hi on iOS")
        #expect(n.body == "Default body")
        // Android: Default's title (not iOS's), its own body.
        #expect(n.android?.title == "Hi")
        #expect(n.android?.body == "Android body")
    }

    @Test func aFindingInDefaultIsReportedOnceAtDefault() throws {
        let (_, diagnostics) = try read(#"{"Default":{"Action":"OPEN","Title":"t"},"APNS":{},"GCM":{}}"#)
        #expect(codes(diagnostics) == ["amazon.pinpoint.action-unknown /Default/Action"])
    }

    @Test func aTemplateWithOnlyDefaultShowsItOnBothPlatforms() throws {
        let text = #"{"Default":{"Title":"Hello","Body":"Both platforms"}}"#
        let (n, _) = try read(text)
        #expect(n.title == "Hello")
        #expect(n.body == "Both platforms")
        #expect(n.android == nil)
        #expect(rendered(n).0 == (try JSONValue(parsing: text)))
    }

    @Test func aValueChangedFromDefaultsIsWrittenIntoTheSection() throws {
        var (n, _) = try read(#"{"Default":{"Title":"Hello","Body":"Body"},"APNS":{"Sound":"a.caf"}}"#)
        n.title = "Changed"
        let value = rendered(n).0
        #expect(value["APNS"]?["Title"] == .string("Changed"))
        #expect(value["APNS"]?["Body"] == nil)
        #expect(value["Default"]?["Title"] == .string("Hello"))
    }

    @Test func theNamingTrapsAreMisplacedKeysKeptInPlace() throws {
        let text =
            #"{"APNS":{"Title":"t","ImageUrl":"https://x/a.png"},"GCM":{"Title":"t","MediaUrl":"https://x/a.png"}}"#
        let (n, diagnostics) = try read(text)
        #expect(
            codes(diagnostics) == [
                "pinpoint-template.key.misplaced /APNS/ImageUrl", "pinpoint-template.key.misplaced /GCM/MediaUrl",
            ])
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(n.media.isEmpty)
        #expect(n.android?.image == nil)
        let value = rendered(n).0
        #expect(value["APNS"]?["ImageUrl"] == .string("https://x/a.png"))
        #expect(value["GCM"]?["MediaUrl"] == .string("https://x/a.png"))
    }

    @Test func defaultSubstitutionsIsAStringHoldingAnObject() throws {
        let section = #""APNS":{"Title":"t"}"#
        #expect(codes(try read(#"{\#(section),"DefaultSubstitutions":"{\"a\":\"b\"}"}"#).1).isEmpty)
        for bad in [#""[1]""#, #""{oops""#, #"{"a":"b"}"#] {
            #expect(
                codes(try read(#"{\#(section),"DefaultSubstitutions":\#(bad)}"#).1) == [
                    "pinpoint-template.default-substitutions.invalid /DefaultSubstitutions"
                ], "\(bad)")
        }
    }

    @Test func aTemplateNameIsUpTo128AlphanumericsUnderscoresAndHyphens() throws {
        let section = #""APNS":{"Title":"t"}"#
        let longest = String(repeating: "a", count: 128)
        #expect(codes(try read(#"{\#(section),"TemplateName":"\#(longest)"}"#).1).isEmpty)
        #expect(codes(try read(#"{\#(section),"TemplateName":"a_b-C9"}"#).1).isEmpty)
        for bad in [longest + "a", "a b", "é", ""] {
            #expect(
                codes(try read(#"{\#(section),"TemplateName":"\#(bad)"}"#).1) == [
                    "pinpoint-template.name.invalid /TemplateName"
                ], "\(bad)")
        }
    }

    @Test func aPlaceholderURLIsAnInfoAndKeptVerbatim() throws {
        let text = #"{"APNS":{"Action":"URL","Url":"{{Attributes.Link}}","MediaUrl":"{{Attributes.Image}}"}}"#
        let (n, diagnostics) = try read(text)
        #expect(!diagnostics.contains { $0.severity != .info })
        #expect(
            codes(diagnostics.filter { $0.code == .pinpointTemplatePlaceholderURL }) == [
                "pinpoint-template.url.placeholder /APNS/Url", "pinpoint-template.url.placeholder /APNS/MediaUrl",
            ])
        #expect(n.media.first?.url == "{{Attributes.Image}}")
        #expect(rendered(n).0 == (try JSONValue(parsing: text)))
    }

    @Test func anotherFormatsNotificationLosesWhatATemplateHasNoMemberFor() throws {
        var n = PushNotification()
        n.title = "Sale"
        n.body = "Now on"
        n.badge = 3
        n.group = "sales"
        n.data = JSONObject(uniqueKeysWithValues: [("orderId", .string("42"))])
        var android = PushNotification.Android()
        android.title = "Sale on Android"
        android.collapseKey = "sale"
        n.android = android
        let (value, context) = rendered(n)
        #expect(value["APNS"] == (try JSONValue(parsing: #"{"Body":"Now on","Title":"Sale"}"#)))
        // Android is sent the shared body beside its own title.
        #expect(value["GCM"] == (try JSONValue(parsing: #"{"Body":"Now on","Title":"Sale on Android"}"#)))
        let lost = Set(context.lossReasons.keys.map(\.description))
        #expect(lost.isSuperset(of: ["/badge", "/group", "/data/orderId", "/android/collapseKey"]))
        let kept = adapter.carriedPart(of: n, options: FormatOptions())
        #expect(kept.badge == nil && kept.group == nil && kept.data.isEmpty && kept.android?.collapseKey == nil)
        #expect(kept.title == "Sale" && kept.android?.title == "Sale on Android")
    }

    @Test func cloudFormationHasNoRawContentOrRecommender() throws {
        let raw = #"{\"aps\":{\"alert\":\"x\"}}"#
        let properties = #"{"TemplateName":"t","APNS":{"RawContent":"\#(raw)"},"RecommenderId":"r"}"#
        #expect(
            codes(try read(properties).1) == [
                "pinpoint-template.key.unknown /APNS/RawContent", "pinpoint-template.key.unknown /RecommenderId",
            ])
        // The API's request has both.
        #expect(codes(try read(#"{"APNS":{"RawContent":"\#(raw)"},"RecommenderId":"r"}"#).1).isEmpty)
    }

    @Test func tagsAreSpeltAsEachFormSpellsThem() throws {
        let resource = #"{"Type":"AWS::Pinpoint::PushTemplate","Properties":{"APNS":{"Title":"t"},"tags":{}}}"#
        #expect(codes(try read(resource).1) == ["pinpoint-template.key.unknown /Properties/tags"])
        let response = #"{"PushNotificationTemplateResponse":{"APNS":{"Title":"t"},"Tags":{}}}"#
        #expect(codes(try read(response).1) == ["pinpoint-template.key.unknown /PushNotificationTemplateResponse/Tags"])
        #expect(codes(try read(#"{"APNS":{"Title":"t"},"tags":{}}"#).1).isEmpty)
        #expect(codes(try read(#"{"apns":{"title":"t"},"tags":{}}"#).1).isEmpty)
    }

    @Test func withoutGCMTheADMSectionIsTheAndroidSideAndBaiduIsKept() throws {
        let (n, diagnostics) = try read(#"{"ADM":{"Title":"Fire"},"Baidu":{"Title":"Baidu"}}"#)
        #expect(n.title == nil && n.android?.title == "Fire")
        #expect(codes(diagnostics) == ["pinpoint-template.section.kept /Baidu"])
        let (value, context) = rendered(n)
        #expect(value == (try JSONValue(parsing: #"{"ADM":{"Title":"Fire"},"Baidu":{"Title":"Baidu"}}"#)))
        #expect(context.lossReasons.isEmpty)
    }

    @Test func besideGCMTheADMAndBaiduSectionsAreKeptVerbatimNotRead() throws {
        let (n, diagnostics) = try read(#"{"ADM":{"Title":"Fire"},"Baidu":{"Title":"Baidu"},"GCM":{"Title":"G"}}"#)
        #expect(n.android?.title == "G")
        #expect(
            codes(diagnostics) == [
                "pinpoint-template.section.kept /ADM", "pinpoint-template.section.kept /Baidu",
            ])
        #expect(rendered(n).0["ADM"]?["Title"] == .string("Fire"))
    }

    @Test func aBaiduSectionAloneIsTheAndroidSide() throws {
        let (n, diagnostics) = try read(#"{"Baidu":{"Title":"Baidu","Body":"b"}}"#)
        #expect(n.android?.title == "Baidu" && n.android?.body == "b")
        #expect(codes(diagnostics).isEmpty)
        #expect(rendered(n).0 == (try JSONValue(parsing: #"{"Baidu":{"Body":"b","Title":"Baidu"}}"#)))
    }

    @Test func recognition() throws {
        func strength(_ text: String) throws -> Int? { adapter.recognise(try JSONValue(parsing: text))?.strength }
        #expect(try strength(#"{"PushNotificationTemplateResponse":{"TemplateName":"x"}}"#) == 3)
        #expect(try strength(#"{"Type":"AWS::Pinpoint::PushTemplate","Properties":{}}"#) == 3)
        #expect(try strength(#"{"APNS":{"Body":"x"}}"#) == 3)
        #expect(try strength(#"{"default":{"body":"x"},"templateName":"t"}"#) == 4)
        #expect(try strength(#"{"apns":{"mediaUrl":"https://x/a.png"}}"#) == 4)
        // Look-alikes: a MessageConfiguration, an SNS message (strings), an FCM v1 message's `apns` block.
        #expect(try strength(#"{"APNSMessage":{"Body":"x"},"GCMMessage":{"Body":"y"}}"#) == nil)
        #expect(try strength(#"{"APNS":"{\"aps\":{\"alert\":\"x\"}}","default":"x"}"#) == nil)
        #expect(try strength(#"{"token":"t","apns":{"payload":{"aps":{}}}}"#) == nil)
        #expect(try strength(#"{"Type":"AWS::Pinpoint::EmailTemplate","Properties":{}}"#) == nil)
    }
}

import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// `qconnect-push-template` (`Adapters/Amazon/QConnectPushTemplate`): the forms read and written back, the findings
/// at the template's own paths, the template rules, its own memory, what a rendering from another format loses, and
/// recognition. Its goldens (`Fixtures/qconnect-push-template`) run with every format's, in `FixtureCoverageTests`.
@Suite("qconnect-push-template: Amazon Q in Connect push message templates")
struct QConnectPushTemplateAdapterTests: AdapterProbing {
    static let fixtures = Golden.fixturesDirectory() + "/qconnect-push-template"
    let adapter = QConnectPushTemplateAdapter()

    @Test(
        "each form renders back as it was read",
        arguments: ["create-request", "bare-content", "get-response", "adm-baidu-kept", "placeholders", "raw-content"])
    func formsRoundTrip(_ scenario: String) throws {
        let input = try #require(try Golden.load(Self.fixtures + "/\(scenario)/input.json"))
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(input, context: &context))
        #expect(!context.diagnostics.containsErrors, "\(context.diagnostics)")
        #expect(rendered(n).0 == input)
    }

    @Test func theResponseMetadataIsKeptAndWrittenBack() throws {
        let input = try #require(try Golden.load(Self.fixtures + "/get-response/input.json"))
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(input, context: &context))
        let template = try #require(rendered(n).0["messageTemplate"])
        #expect(template["messageTemplateId"] == .string("66666666-7777-8888-9999-000000000000"))
        #expect(template["versionNumber"] == .integer(1))
        #expect(template["lastModifiedBy"]?.stringValue?.hasSuffix("user/marketing") == true)
        #expect(n.title == "Flash sale")
        #expect(n.android?.url == "https://shop.example.com/sale")
    }

    @Test func theMemoryIsTheFormatsOwn() throws {
        let (n, _) = try read(#"{"push":{"apns":{"title":"t","body":{"content":"b"}}}}"#)
        let amazon = n.extensionObject("amazon")
        #expect(amazon["qconnectPushTemplate"] != nil)
        #expect(amazon["pinpointTemplate"] == nil)
        #expect(n.source == "qconnect-push-template")
    }

    @Test func findingsAreAtTheTemplatesOwnPaths() throws {
        let (_, diagnostics) = try read(
            #"{"content":{"push":{"fcm":{"title":"t","body":{"content":5},"action":"OPEN"}}}}"#)
        #expect(
            codes(diagnostics) == [
                "core.type.mismatch /content/push/fcm/body/content",
                "amazon.pinpoint.action-unknown /content/push/fcm/action",
            ])
    }

    @Test func aBodyMustBeWrapped() throws {
        let text = #"{"push":{"apns":{"title":"t","body":"plain"}}}"#
        let (n, diagnostics) = try read(text)
        #expect(codes(diagnostics) == ["qconnect-push-template.content.not-wrapped /push/apns/body"])
        #expect(n.body == nil)
        #expect(rendered(n).0 == (try JSONValue(parsing: text)))
    }

    @Test func aPlatformEntryNeedsATitleAndABody() throws {
        #expect(codes(try read(#"{"push":{"apns":{"title":"t","body":{"content":"b"}}}}"#).1).isEmpty)
        #expect(
            codes(try read(#"{"push":{"fcm":{"sound":"s"}}}"#).1).contains(
                "qconnect-push-template.title-or-body.missing /push/fcm"))
        // `rawContent` overrides both.
        let raw = #"{"push":{"apns":{"rawContent":{"content":"{\"aps\":{\"alert\":\"x\"}}"}}}}"#
        #expect(codes(try read(raw).1).isEmpty)
    }

    @Test func aChannelSubtypeOtherThanPushIsAnError() throws {
        let text =
            #"{"name":"n","channelSubtype":"EMAIL","content":{"push":{"apns":{"title":"t","body":{"content":"b"}}}}}"#
        #expect(codes(try read(text).1) == ["qconnect-push-template.channel-subtype.invalid /channelSubtype"])
    }

    @Test func anotherFormatsNotificationIsWrittenAsBareContentAndLosesWhatATemplateHasNoMemberFor() throws {
        var n = PushNotification()
        n.title = "Sale"
        n.body = "Now on"
        n.badge = 3
        n.data = JSONObject(uniqueKeysWithValues: [("orderId", .string("42"))])
        var android = PushNotification.Android()
        android.title = "Sale on Android"
        android.collapseKey = "sale"
        n.android = android
        let (value, context) = rendered(n)
        #expect(
            value
                == (try JSONValue(
                    parsing: #"{"push":{"apns":{"title":"Sale","body":{"content":"Now on"}},"#
                        + #""fcm":{"title":"Sale on Android","body":{"content":"Now on"}}}}"#)))
        let lost = Set(context.lossReasons.keys.map(\.description))
        #expect(lost.isSuperset(of: ["/badge", "/data/orderId", "/android/collapseKey"]))
        #expect(context.lossReasons[JSONPointer(tokens: ["badge"])]?.contains("apns section") == true)
        let kept = adapter.carriedPart(of: n, options: FormatOptions())
        #expect(kept.badge == nil && kept.data.isEmpty && kept.android?.collapseKey == nil)
        #expect(kept.title == "Sale" && kept.android?.title == "Sale on Android")
    }

    @Test func withoutFCMTheADMSectionIsTheAndroidSideAndBaiduIsKept() throws {
        let text =
            #"{"push":{"adm":{"title":"Fire","body":{"content":"b"}},"baidu":{"title":"B","body":{"content":"b"}}}}"#
        let (n, diagnostics) = try read(text)
        #expect(n.title == nil && n.android?.title == "Fire" && n.android?.body == "b")
        #expect(codes(diagnostics) == ["qconnect-push-template.section.kept /push/baidu"])
        let (value, context) = rendered(n)
        #expect(value == (try JSONValue(parsing: text)))
        #expect(context.lossReasons.isEmpty)
    }

    @Test func besideFCMTheADMAndBaiduSectionsAreKeptVerbatimNotRead() throws {
        let (n, diagnostics) = try read(
            #"{"push":{"adm":{"title":"Fire","body":{"content":"b"}},"baidu":{"title":"B","body":{"content":"b"}},"#
                + #""fcm":{"title":"F","body":{"content":"b"}}}}"#)
        #expect(n.android?.title == "F")
        #expect(
            codes(diagnostics) == [
                "qconnect-push-template.section.kept /push/adm", "qconnect-push-template.section.kept /push/baidu",
            ])
        #expect(rendered(n).0["push"]?["adm"]?["title"] == .string("Fire"))
    }

    @Test func aChangedNotificationIsWrittenIntoItsSection() throws {
        var (n, _) = try read(#"{"name":"x","content":{"push":{"apns":{"title":"Hi","body":{"content":"B"}}}}}"#)
        n.title = "Changed"
        n.sound = PushNotification.Sound(name: "bell.caf")
        let value = rendered(n).0
        #expect(value["name"] == .string("x"))
        #expect(value["content"]?["push"]?["apns"]?["title"] == .string("Changed"))
        #expect(value["content"]?["push"]?["apns"]?["sound"] == .string("bell.caf"))
        #expect(value["content"]?["push"]?["apns"]?["body"]?["content"] == .string("B"))
    }

    @Test func recognition() throws {
        func strength(_ text: String) throws -> Int? { adapter.recognise(try JSONValue(parsing: text))?.strength }
        #expect(try strength(#"{"messageTemplate":{"channelSubtype":"PUSH"}}"#) == 3)
        #expect(try strength(#"{"messageTemplate":{"content":{"push":{}}}}"#) == 3)
        #expect(try strength(#"{"name":"n","channelSubtype":"PUSH"}"#) == 3)
        #expect(try strength(#"{"content":{"push":{"fcm":{}}}}"#) == 3)
        #expect(try strength(#"{"push":{"apns":{"title":"t"}}}"#) == 3)
        // Look-alikes: another channel's template, a `push` that holds no section, Pinpoint's and FCM's shapes.
        #expect(try strength(#"{"channelSubtype":"SMS","content":{"sms":{"body":{"content":"x"}}}}"#) == nil)
        #expect(try strength(#"{"push":{"enabled":true}}"#) == nil)
        #expect(try strength(#"{"push":"yes"}"#) == nil)
        #expect(try strength(#"{"APNS":{"Body":"x"}}"#) == nil)
        #expect(try strength(#"{"message":{"token":"t","apns":{"payload":{"aps":{}}}}}"#) == nil)
    }
}

import JSONCodec
import PushCore
import PushNormaliser
import Testing

/// Which channel the Android side is written to (`PinpointAndroidChannel+Choice.swift`): the one it came from (an
/// `adm` message, an SNS `ADM` or `BAIDU` string, a Pinpoint `ADMMessage` or `BaiduMessage`), or the
/// `pinpointAndroidChannel` option's; and a bare campaign `MessageConfiguration` told from a send's.
@Suite("Amazon: the Android side's channel, and a bare campaign configuration")
struct AmazonAndroidChannelTests {
    let normaliser = Normaliser()

    /// An ADM message with a notification, ADM's three options and data.
    static let adm = #"""
        {"data":{"m":"1"},"notification":{"title":"T","body":"B","icon":"ic"},"consolidationKey":"c","expiresAfter":600,"md5":"dGVzdHRlc3R0ZXN0dGVzdA=="}
        """#

    func convert(_ text: String, from: String, to: String, options: FormatOptions = FormatOptions()) throws
        -> ConversionResult
    {
        try normaliser.convert(Array(text.utf8), from: from, to: to, allowInvalid: true, options: options)
    }

    @Test func anADMMessageBecomesAnADMMessageWithItsOptions() throws {
        let result = try convert(Self.adm, from: "adm", to: "pinpoint-message")
        #expect(result.payload["GCMMessage"] == nil)
        #expect(
            result.payload["ADMMessage"]
                == [
                    "ConsolidationKey": "c", "ExpiresAfter": "600", "IconReference": "ic",
                    "MD5": "dGVzdHRlc3R0ZXN0dGVzdA==",
                ])
        #expect(
            !result.lost.contains {
                $0.path.description.hasPrefix("/android") || $0.path.description.hasPrefix("/extensions/adm")
            })
    }

    @Test(
        "the ADM section or message of each Pinpoint format",
        arguments: [
            ("pinpoint-template", "/ADM"), ("pinpoint-campaign", "/MessageConfiguration/ADMMessage"),
            ("qconnect-push-template", "/push/adm"),
        ])
    func templatesAndCampaignsWriteTheADMSection(_ target: String, _ pointer: String) throws {
        let result = try convert(Self.adm, from: "adm", to: target)
        let tokens = pointer.split(separator: "/").map(String.init)
        #expect(JSONPointer(tokens: tokens).resolve(in: result.payload) != nil, "\(result.payload.compactText)")
        // What a template's or campaign's ADM message has no member for is lost, with its reason.
        let lost = Dictionary(uniqueKeysWithValues: result.lost.map { ($0.path.description, $0.reason) })
        #expect(lost["/android/collapseKey"]?.contains("ConsolidationKey") == true, "\(lost)")
        #expect(lost["/extensions/adm/md5"] != nil)
    }

    @Test func theOptionChoosesGCMMessageAndDeclaresWhatADMAloneCarried() throws {
        var options = FormatOptions()
        options.pinpointAndroidChannel = "gcm"
        let result = try convert(Self.adm, from: "adm", to: "pinpoint-message", options: options)
        #expect(result.payload["ADMMessage"] == nil)
        #expect(
            result.payload["GCMMessage"]?["CollapseKey"] == "c" && result.payload["GCMMessage"]?["TimeToLive"] == 600)
        #expect(result.lost.contains { $0.path == JSONPointer(tokens: ["extensions", "adm", "md5"]) })
        options.pinpointAndroidChannel = "baidu"
        let baidu = try convert(Self.adm, from: "adm", to: "pinpoint-message", options: options)
        #expect(
            baidu.payload["BaiduMessage"]?["TimeToLive"] == 600 && baidu.payload["BaiduMessage"]?["CollapseKey"] == nil)
        #expect(baidu.lost.contains { $0.path == JSONPointer(tokens: ["android", "collapseKey"]) })
    }

    @Test func theOptionIsDeclaredAndChecked() throws {
        var diagnostics: [Diagnostic] = []
        let options = FormatOptions(json: ["pinpointAndroidChannel": "hms"], diagnostics: &diagnostics)
        #expect(diagnostics.map(\.code) == [.invalidOption])
        #expect(options.pinpointAndroidChannel == "source")
        for format in ["pinpoint-message", "pinpoint-template", "qconnect-push-template", "pinpoint-campaign"] {
            let declared = FormatRegistry.standard.adapter(named: format)?.descriptor.options.map(\.name) ?? []
            #expect(declared.contains("pinpointAndroidChannel"), "\(format)")
        }
    }

    @Test func anSNSADMStringBesideAPNSTravelsAsAnADMMessageAndBack() throws {
        let sns = #"""
            {"default":"x","APNS":"{\"aps\":{\"alert\":{\"title\":\"T\",\"body\":\"iOS\"}}}","ADM":"{\"data\":{\"m\":\"1\"},\"consolidationKey\":\"c\"}"}
            """#
        let message = try convert(sns, from: "sns", to: "pinpoint-message")
        #expect(message.payload["ADMMessage"] == ["ConsolidationKey": "c", "Data": ["m": "1"]])
        #expect(message.payload["APNSMessage"] == ["Title": "T", "Body": "iOS"])
        let back = try normaliser.convert(message.payload, from: "pinpoint-message", to: "sns", allowInvalid: true)
        #expect(back.payload["GCM"] == nil)
        // An ADMMessage without a Title shows the shared one (what the model reads it as): the ADM string says so.
        #expect(
            try JSONValue(parsing: try #require(back.payload["ADM"]?.stringValue))
                == ["data": ["m": "1"], "notification": ["title": "T", "body": "iOS"], "consolidationKey": "c"])
    }

    @Test func anADMMessagesRawContentConvertsToFCMWithItsAndroidSide() throws {
        let message = #"""
            {"ADMMessage":{"RawContent":"{\"notification\":{\"title\":\"T\",\"body\":\"Fire\"},\"consolidationKey\":\"c\"}"},"APNSMessage":{"Title":"T","Body":"iOS"}}
            """#
        let fcm = try convert(message, from: "pinpoint-message", to: "fcm")
        #expect(fcm.payload["android"]?["collapse_key"] == "c")
        #expect(fcm.payload["android"]?["notification"]?["body"] == "Fire")
        #expect(fcm.payload["notification"]?["body"] == "iOS")
    }

    // MARK: - A bare campaign MessageConfiguration

    @Test func aBareConfigurationWithOnlyCampaignKeysIsACampaign() throws {
        let text = #"{"APNSMessage":{"Title":"Sale","JsonBody":"{}"},"DefaultMessage":{"Title":"Sale","Body":"Now"}}"#
        let detection = try #require(FormatRegistry.standard.detect(try JSONValue(parsing: text)))
        #expect(detection.adapter.descriptor.name == "pinpoint-campaign")
        #expect(detection.evidence == ["/APNSMessage/JsonBody", "/DefaultMessage/Title"])
        // Written back bare.
        let result = try convert(text, from: "auto", to: "pinpoint-campaign")
        #expect(result.payload == (try JSONValue(parsing: text)))
    }

    @Test func anAmbiguousBareConfigurationStaysASendsWithAnInfo() throws {
        let text = #"{"APNSMessage":{"Title":"Sale","Sound":"default","JsonBody":"{}"}}"#
        let read = try normaliser.normalise(try JSONValue(parsing: text))
        #expect(read.format == "pinpoint-message")
        let info = try #require(read.diagnostics.first { $0.code == "amazon.pinpoint.campaign-shape" })
        #expect(info.severity == .info && info.path == .root)
        #expect(info.message.contains("/APNSMessage/JsonBody") && info.message.contains("/APNSMessage/Sound"))
        // A send's configuration without campaign keys says nothing.
        let send = try normaliser.normalise(
            try JSONValue(parsing: #"{"APNSMessage":{"Title":"Sale","Sound":"default"}}"#))
        #expect(!send.diagnostics.contains { $0.code == "amazon.pinpoint.campaign-shape" })
    }
}

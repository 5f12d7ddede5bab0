import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// The `RawContent` of a Pinpoint `ADMMessage` or `BaiduMessage` (`PinpointGCMMessage.readNativeRawContent`,
/// `AndroidSideMessage`): that channel's own message, read by its reader as the Android side beside the APNSMessage,
/// its findings at `RawContent`, written back as RawContent. Goldens: `Fixtures/pinpoint-message/adm-raw-content`,
/// `baidu-raw-content`, `Fixtures/pinpoint-template/adm-raw-content`.
@Suite("pinpoint-message: an ADMMessage's or BaiduMessage's RawContent")
struct PinpointRawContentTests: AdapterProbing {
    let adapter = PinpointChannelsAdapter()

    /// A configuration with `apns` as its APNSMessage and `android` as its `key` message.
    func configuration(_ key: String, _ android: String, apns: String = #"{"Title":"T","Body":"iOS"}"#) -> String {
        #"{"APNSMessage":\#(apns),"\#(key)":\#(android)}"#
    }

    @Test func anADMRawContentIsADMsOwnMessageReadAsTheAndroidSide() throws {
        let raw =
            #"{"data":{"k":"v"},"notification":{"title":"T","body":"Fire"},"consolidationKey":"c","expiresAfter":120}"#
        let (n, diagnostics) = try read(
            configuration("ADMMessage", #"{"RawContent":\#(JSONValue.string(raw).compactText)}"#))
        #expect(diagnostics.isEmpty, "\(codes(diagnostics))")
        #expect(n.title == "T" && n.body == "iOS")
        #expect(n.android?.body == "Fire" && n.android?.title == nil)
        #expect(
            n.android?.collapseKey == "c" && n.android?.ttl == "120s"
                && n.android?.data.map(JSONValue.object) == ["k": "v"])
        let (value, context) = rendered(n)
        let written = try #require(value["ADMMessage"]?["RawContent"]?.stringValue)
        #expect(try JSONValue(parsing: written) == (try JSONValue(parsing: raw)))
        #expect(value["GCMMessage"] == nil && context.lossReasons.isEmpty)
    }

    @Test func theRawContentsFindingsAreLocatedAtIt() throws {
        let (_, diagnostics) = try read(
            configuration("ADMMessage", #"{"RawContent":"{\"data\":{\"n\":1},\"md5\":\"x\"}","Body":"ignored"}"#))
        #expect(codes(diagnostics).contains("adm.data.value-not-string /ADMMessage/RawContent"))
        #expect(codes(diagnostics).contains("adm.md5.malformed /ADMMessage/RawContent"))
        #expect(codes(diagnostics).contains("amazon.pinpoint.raw-content-overrides /ADMMessage/Body"))
    }

    @Test func aRawContentThatIsNotJSONIsAnErrorAndTheMessageIsReadFieldByField() throws {
        let (n, diagnostics) = try read(configuration("ADMMessage", #"{"RawContent":"{oops","ConsolidationKey":"c"}"#))
        #expect(codes(diagnostics) == ["core.json.invalid /ADMMessage/RawContent"])
        #expect(n.android?.collapseKey == "c")
        #expect(rendered(n).0["ADMMessage"]?["RawContent"] == "{oops")
        let (_, typed) = try read(configuration("ADMMessage", #"{"RawContent":{"data":{}}}"#))
        #expect(codes(typed) == ["core.type.mismatch /ADMMessage/RawContent"])
    }

    @Test func aBaiduRawContentIsBaidusJSON() throws {
        let (n, diagnostics) = try read(
            configuration(
                "BaiduMessage",
                #"{"RawContent":"{\"title\":\"Hi\",\"description\":\"Baidu\",\"custom_content\":{\"k\":\"v\"},\"open_type\":1}"}"#
            ))
        #expect(diagnostics.isEmpty, "\(codes(diagnostics))")
        #expect(
            n.android?.title == "Hi" && n.android?.body == "Baidu"
                && n.android?.data.map(JSONValue.object) == ["k": "v"])
        #expect(n.extensionObject("amazon")["snsBaidu"] == ["open_type": 1])
        let written = try #require(rendered(n).0["BaiduMessage"]?["RawContent"]?.stringValue)
        #expect(
            try JSONValue(parsing: written)
                == (try JSONValue(
                    parsing: #"{"title":"Hi","description":"Baidu","custom_content":{"k":"v"},"open_type":1}"#)))
        let (_, incomplete) = try read(configuration("BaiduMessage", #"{"RawContent":"{\"title\":\"Hi\"}"}"#))
        #expect(codes(incomplete) == ["amazon.sns.baidu-incomplete /BaiduMessage/RawContent"])
    }

    @Test func theDefaultsSupplyNothingToARawContent() throws {
        let (n, diagnostics) = try read(
            #"{"DefaultPushNotificationMessage":{"Title":"Default"},"ADMMessage":{"RawContent":"{\"data\":{\"m\":\"1\"}}"}}"#
        )
        #expect(!codes(diagnostics).contains { $0.hasPrefix("amazon.pinpoint.raw-content-overrides") })
        #expect(n.android?.title == nil && n.android?.data.map(JSONValue.object) == ["m": "1"])
    }

    @Test func aGCMMessagesRawContentStaysVerbatimHere() throws {
        let (n, _) = try read(configuration("GCMMessage", #"{"RawContent":"{\"data\":{\"a\":\"b\"}}"}"#))
        #expect(n.android == nil, "an FCM RawContent overrides the iOS side too: pinpoint-gcm reads it")
    }
}

import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// `sns`'s `ADM` or `BAIDU` string beside an APNs key (`SNSAdapter+AndroidSide.swift`): with no `GCM`, read as the
/// Android side (GCM, else ADM, else BAIDU) and written back as that string. Goldens: `Fixtures/sns/adm-beside-apns`,
/// `baidu-beside-apns`, `adm-beside-apns-and-gcm`.
@Suite("sns: an ADM or BAIDU string beside an APNs key")
struct SNSAdapterAndroidSideTests: AdapterProbing {
    let adapter = SNSAdapter()

    /// The JSON object a string member of `value` holds.
    func embedded(_ value: JSONValue, _ key: String) throws -> JSONValue {
        try JSONValue(parsing: try #require(value[key]?.stringValue))
    }

    @Test func anADMStringBesideAPNSIsTheAndroidSideAndRendersBackAsADM() throws {
        let text = #"""
            {"default":"x","APNS_SANDBOX":"{\"aps\":{\"alert\":{\"title\":\"T\",\"body\":\"iOS\"}}}","ADM":"{\"data\":{\"k\":\"v\"},\"notification\":{\"title\":\"T\",\"body\":\"Fire\",\"color\":\"#ff0000\"},\"consolidationKey\":\"c\",\"expiresAfter\":600,\"md5\":\"dGVzdHRlc3R0ZXN0dGVzdA==\"}"}
            """#
        let (n, diagnostics) = try read(text)
        #expect(codes(diagnostics) == ["amazon.sns.platform-fallback /APNS_SANDBOX"])
        #expect(n.title == "T" && n.body == "iOS")
        #expect(n.android?.body == "Fire" && n.android?.title == nil, "the same title is shared, not Android's own")
        #expect(n.android?.color == "#ff0000" && n.android?.collapseKey == "c" && n.android?.ttl == "600s")
        #expect(n.android?.data.map(JSONValue.object) == ["k": "v"])
        #expect(n.extensionObject("adm")["md5"] == "dGVzdHRlc3R0ZXN0dGVzdA==")
        #expect(n.extensionObject("amazon")["pinpointGCM"] == ["channel": "ADMMessage"])
        let (value, context) = rendered(n)
        #expect(value["GCM"] == nil && value["APNS"] == nil && value["APNS_SANDBOX"] != nil)
        #expect(
            try embedded(value, "ADM")
                == (try JSONValue(parsing: try #require(try JSONValue(parsing: text)["ADM"]?.stringValue))))
        #expect(context.lossReasons.isEmpty)
    }

    @Test func aBaiduStringBesideAPNSIsTheAndroidSide() throws {
        let (n, diagnostics) = try read(
            #"{"default":"x","APNS":"{\"aps\":{\"alert\":\"Hello\"}}","BAIDU":"{\"title\":\"Hi\",\"description\":\"Hello\",\"custom_content\":{\"n\":1},\"url\":\"https://x.example\"}"}"#
        )
        #expect(diagnostics.isEmpty, "\(codes(diagnostics))")
        #expect(n.body == "Hello" && n.android?.title == "Hi" && n.android?.body == nil)
        #expect(n.android?.data.map(JSONValue.object) == ["n": 1])
        #expect(n.extensionObject("amazon")["snsBaidu"] == ["url": "https://x.example"])
        let (value, _) = rendered(n)
        #expect(value["GCM"] == nil && value["ADM"] == nil)
        #expect(
            try embedded(value, "BAIDU")
                == (try JSONValue(
                    parsing: #"{"title":"Hi","description":"Hello","custom_content":{"n":1},"url":"https://x.example"}"#
                )))
    }

    @Test func gcmComesFirstThenADMThenBaidu() throws {
        let (withGCM, gcmFindings) = try read(
            #"{"default":"x","APNS":"{\"aps\":{\"alert\":\"a\"}}","GCM":"{\"fcmV1Message\":{\"message\":{\"data\":{\"a\":\"b\"}}}}","ADM":"{\"data\":{}}"}"#
        )
        #expect(codes(gcmFindings) == ["amazon.sns.platform-kept /ADM"])
        #expect(withGCM.extensionObject("amazon")["pinpointGCM"] == nil)
        let (withADM, admFindings) = try read(
            #"{"default":"x","APNS":"{\"aps\":{\"alert\":\"a\"}}","ADM":"{\"data\":{\"m\":\"1\"}}","BAIDU":"{\"title\":\"t\",\"description\":\"d\"}"}"#
        )
        #expect(codes(admFindings) == ["amazon.sns.platform-kept /BAIDU"])
        #expect(withADM.android?.data.map(JSONValue.object) == ["m": "1"])
        let (value, _) = rendered(withADM)
        #expect(value["BAIDU"] == #"{"title":"t","description":"d"}"#, "kept verbatim and written back")
    }

    @Test func whatTheADMStringDidNotSayStaysUnsaid() throws {
        // A data-only ADM message beside an APNs alert: the alert's title and body are not written into it.
        let (n, _) = try read(
            #"{"default":"x","APNS":"{\"aps\":{\"alert\":{\"title\":\"T\",\"body\":\"B\"}}}","ADM":"{\"data\":{\"m\":\"1\"}}"}"#
        )
        #expect(n.extensionObject("amazon")["snsAndroid"] == ["absent": ["title", "body"]])
        #expect(try embedded(rendered(n).0, "ADM") == ["data": ["m": "1"]])
    }

    @Test func anADMStringThatIsNotJSONIsAnErrorAtItsKeyAndKept() throws {
        let (n, diagnostics) = try read(#"{"default":"x","APNS":"{\"aps\":{\"alert\":\"a\"}}","ADM":"{nope"}"#)
        #expect(codes(diagnostics) == ["core.json.invalid /ADM"])
        #expect(n.android == nil)
        #expect(rendered(n).0["ADM"] == "{nope")
    }

    @Test func theADMRulesAreLocatedAtTheString() throws {
        let (_, diagnostics) = try read(
            #"{"default":"x","APNS":"{\"aps\":{\"alert\":\"a\"}}","ADM":"{\"data\":{\"n\":1},\"expiresAfter\":5}"}"#)
        #expect(codes(diagnostics).contains("adm.data.value-not-string /ADM"))
        #expect(codes(diagnostics).contains("adm.expires-after.range /ADM"))
        #expect(diagnostics.allSatisfy { $0.message.hasPrefix("in `ADM` at ") })
    }

    @Test func anAndroidSideFromADMIsWrittenAsADMAndWhatADMCannotCarryIsLost() throws {
        // A notification read from the `adm` format has its Android side from ADM: SNS writes `APNS` and `ADM`.
        var n = PushNotification()
        n.source = "adm"
        n.title = "T"
        n.body = "B"
        var android = PushNotification.Android()
        android.collapseKey = "c"
        android.image = "https://x.example/i.png"
        android.priority = "high"
        n.android = android
        let (value, context) = rendered(n)
        #expect(value["GCM"] == nil)
        #expect(try embedded(value, "ADM") == ["notification": ["title": "T", "body": "B"], "consolidationKey": "c"])
        #expect(context.lossReasons[JSONPointer(tokens: ["android", "image"])] == "an ADM notification has no image")
        #expect(context.lossReasons[JSONPointer(tokens: ["android", "priority"])] == "ADM has no message priority")
        let carried = adapter.carriedPart(of: n, options: FormatOptions())
        #expect(
            carried.android?.collapseKey == "c" && carried.android?.image == nil && carried.android?.priority == nil)
    }
}

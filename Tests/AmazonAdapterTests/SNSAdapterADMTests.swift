import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// `sns`'s `ADM` string (`SNSAdapter+ADM.swift`): with no APNs key and no `GCM`, read as the whole notification by the
/// `adm` format; beside them, kept verbatim. Its goldens (`Fixtures/sns/adm-*`) run with every format's, in
/// `FixtureCoverageTests`.
@Suite("sns: the ADM string")
struct SNSAdapterADMTests: AdapterProbing {
    let adapter = SNSAdapter()

    @Test func anADMStringAloneIsTheNotificationNotAMissingPlatform() throws {
        let (n, diagnostics) = try read(
            #"{"default":"x","ADM":"{\"data\":{\"message\":\"hi\"},\"consolidationKey\":\"c\",\"expiresAfter\":600}"}"#)
        #expect(n.data["message"] == "hi")
        #expect(n.android?.collapseKey == "c" && n.android?.ttl == "600s")
        #expect(!codes(diagnostics).contains { $0.hasPrefix("amazon.sns.platform-missing") })
        #expect(diagnostics.isEmpty, "\(codes(diagnostics))")
        let (value, context) = rendered(n)
        #expect(
            value["ADM"]?.stringValue.map { try? JSONValue(parsing: $0) }
                == (try JSONValue(parsing: #"{"data":{"message":"hi"},"consolidationKey":"c","expiresAfter":600}"#)))
        #expect(value["default"] == "x" && value["APNS"] == nil && value["GCM"] == nil)
        #expect(context.lossReasons.isEmpty)
    }

    @Test func theADMFormatsRulesAreCheckedInTheString() throws {
        let values = (0..<70).map { #"\"k\#($0)\":\"\#(String(repeating: "v", count: 100))\""# }
        let text = #"{"default":"x","ADM":"{\"data\":{"# + values.joined(separator: ",") + #"},\"md5\":\"bad\"}"}"#
        let (_, diagnostics) = try read(text)
        #expect(codes(diagnostics).contains("adm.data.too-large /ADM"))
        #expect(codes(diagnostics).contains("adm.md5.malformed /ADM"))
        let (_, strings) = try read(#"{"ADM":"{\"data\":{\"n\":1}}"}"#)
        #expect(codes(strings).contains("adm.data.value-not-string /ADM"))
    }

    @Test func besideAGCMStringTheADMStringIsKeptWithAnInfo() throws {
        let (n, diagnostics) = try read(
            #"{"default":"x","GCM":"{\"fcmV1Message\":{\"message\":{\"data\":{\"a\":\"b\"}}}}","ADM":"{\"data\":{}}"}"#)
        #expect(n.android?.collapseKey == nil)
        #expect(codes(diagnostics) == ["amazon.sns.platform-kept /ADM"])
        #expect(diagnostics.first?.severity == .info)
        #expect(rendered(n).0["ADM"] == #"{"data":{}}"#)
    }

    @Test func anADMValueThatIsNotAStringIsAnErrorAndKept() throws {
        let (n, diagnostics) = try read(#"{"default":"x","ADM":{"data":{}}}"#)
        #expect(diagnostics.contains { $0.code == .wrongType && $0.path == JSONPointer(tokens: ["ADM"]) })
        #expect(rendered(n).0["ADM"] == ["data": [:]])
    }
}

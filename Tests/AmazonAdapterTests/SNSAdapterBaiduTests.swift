import AmazonAdapter
import JSONCodec
import PushCore
import Testing

/// `sns`'s `BAIDU` string (`SNSAdapter+Baidu.swift`, `SNSBaiduWire`): with no other platform's key, read as the whole
/// notification; beside one, kept verbatim. Its golden (`Fixtures/sns/baidu-only`) runs in `FixtureCoverageTests`.
@Suite("sns: the BAIDU string")
struct SNSAdapterBaiduTests: AdapterProbing {
    let adapter = SNSAdapter()

    @Test func aBaiduStringAloneIsTheNotification() throws {
        let (n, diagnostics) = try read(
            #"{"default":"x","BAIDU":"{\"title\":\"Hi\",\"description\":\"b\",\"custom_content\":{\"k\":1}}"}"#)
        #expect(n.title == "Hi" && n.body == "b" && n.data["k"] == 1)
        #expect(diagnostics.isEmpty, "\(codes(diagnostics))")
        let (value, context) = rendered(n)
        #expect(value["BAIDU"] == #"{"title":"Hi","description":"b","custom_content":{"k":1}}"#)
        #expect(context.lossReasons.isEmpty)
    }

    @Test func baiduNeedsATitleAndADescriptionAndUnknownKeysAreKept() throws {
        let (n, diagnostics) = try read(#"{"default":"x","BAIDU":"{\"title\":\"Hi\",\"sound\":\"x\"}"}"#)
        #expect(
            codes(diagnostics) == [
                "amazon.sns.baidu-unknown-key /BAIDU", "amazon.sns.baidu-incomplete /BAIDU",
            ])
        #expect(rendered(n).0["BAIDU"] == #"{"title":"Hi","sound":"x"}"#)
    }

    @Test func besideAnotherPlatformTheBaiduStringIsKeptWithAnInfo() throws {
        let (n, diagnostics) = try read(
            #"{"default":"x","ADM":"{\"data\":{\"a\":\"b\"}}","BAIDU":"{\"title\":\"Hi\"}"}"#)
        #expect(n.title == nil && n.data["a"] == "b")
        #expect(codes(diagnostics) == ["amazon.sns.platform-kept /BAIDU"])
        #expect(rendered(n).0["BAIDU"] == #"{"title":"Hi"}"#)
    }

    @Test func baiduOptionsAreLostToOtherFormatsWithAReason() throws {
        _ = try read(#"{"BAIDU":"{\"title\":\"Hi\",\"description\":\"b\",\"open_type\":1}"}"#)
        let path = JSONPointer(tokens: ["extensions", "amazon", "snsBaidu", "open_type"])
        #expect(adapter.reasonOthersLose(path)?.contains("Baidu Cloud Push option") == true)
    }
}

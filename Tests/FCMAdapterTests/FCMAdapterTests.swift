import FCMAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

@Suite("fcm adapter")
struct FCMAdapterTests {
    let adapter = FCMAdapter()

    @Test func bothSpellingsAreRead() throws {
        let snake = try JSONValue(
            parsing: #"{"topic":"t","android":{"collapse_key":"k","notification":{"channel_id":"c"}}}"#)
        let camel = try JSONValue(
            parsing: #"{"topic":"t","android":{"collapseKey":"k","notification":{"channelId":"c"}}}"#)
        var c1 = NormaliseContext()
        var c2 = NormaliseContext()
        let a = try #require(adapter.normalise(snake, context: &c1))
        let b = try #require(adapter.normalise(camel, context: &c2))
        #expect(a.android == b.android)
        #expect(a.android?.collapseKey == "k" && a.android?.channelID == "c")
        #expect(c1.diagnostics.isEmpty && c2.diagnostics.isEmpty)
    }

    @Test func durations() {
        #expect(FCMChecksProbe.duration("3s") == 3)
        #expect(FCMChecksProbe.duration("3.000000001s") == 3)
        #expect(FCMChecksProbe.duration("10023.32s") == 10023)
        for bad in ["1.2.3s", "abcs", "10.abcs", "-1s", "1", "1.s", "1.0000000001s", ""] {
            #expect(FCMChecksProbe.duration(bad) == nil, "\(bad)")
        }
    }
}

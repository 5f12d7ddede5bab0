import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// `pinpoint-message` with both channels (`APNSMessage` and `GCMMessage`): the Android side is read into the model's
/// Android part and written back beside the APNs message (its goldens run with every format's, in
/// `FixtureCoverageTests`).
@Suite("pinpoint-message with both channels")
struct PinpointChannelsAdapterTests {
    static let fixtures = Golden.fixturesDirectory() + "/pinpoint-message"
    let adapter = PinpointChannelsAdapter()

    @Test func eachChannelKeepsItsOwnContent() throws {
        let input = try #require(
            try Golden.load(Self.fixtures + "/configuration-both-channels/input.json"))
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(input, context: &context))
        #expect(n.title == "iOS: your order" && n.body == "Swipe to track it")
        #expect(n.android?.title == "Android: your order" && n.android?.body == "Tap to track it")
    }

    @Test func defaultsFillWhatAndroidShows() throws {
        let input = try #require(
            try Golden.load(Self.fixtures + "/configuration-default-fills-android/input.json"))
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(input, context: &context))
        #expect(n.title == "iOS title")
        #expect(n.android?.title == "Default title" && n.android?.body == "Default body")
    }
}

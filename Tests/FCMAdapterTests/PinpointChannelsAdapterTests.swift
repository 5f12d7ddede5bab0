import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// `pinpoint-message` requests with both channels (`APNSMessage` and `GCMMessage`): the Android side is read into the
/// model's Android part and written back beside the APNs message.
@Suite("pinpoint-message with both channels")
struct PinpointChannelsAdapterTests {
    let adapter = PinpointChannelsAdapter()

    @Test("golden", arguments: Scenario.all("pinpoint-message"))
    func golden(_ scenario: Scenario) {
        let problems = scenario.runGolden(adapter)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("contract on valid fixtures", arguments: Scenario.all("pinpoint-message"))
    func contract(_ scenario: Scenario) throws {
        guard let problems = try scenario.runContract(adapter) else { return }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func eachChannelKeepsItsOwnContent() throws {
        let input = try #require(try Golden.load(Scenario.root + "/pinpoint-message/configuration-both-channels/input.json"))
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(input, context: &context))
        #expect(n.title == "iOS: your order" && n.body == "Swipe to track it")
        #expect(n.android?.title == "Android: your order" && n.android?.body == "Tap to track it")
    }
}

import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

@Suite("pinpoint-message fixtures")
struct PinpointMessageAdapterTests {
    let adapter = PinpointChannelsAdapter()  // the registry's pinpoint-message: the iOS side plus its GCMMessage

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
}

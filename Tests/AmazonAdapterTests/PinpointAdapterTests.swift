import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

@Suite("pinpoint fixtures")
struct PinpointAdapterTests {
    let adapter = PinpointAdapter()

    @Test("golden", arguments: Scenario.all("pinpoint"))
    func golden(_ scenario: Scenario) {
        let problems = scenario.runGolden(adapter)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("contract on valid fixtures", arguments: Scenario.all("pinpoint"))
    func contract(_ scenario: Scenario) throws {
        guard let problems = try scenario.runContract(adapter) else { return }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}

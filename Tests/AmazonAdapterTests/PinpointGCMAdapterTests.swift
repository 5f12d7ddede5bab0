import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

@Suite("pinpoint-gcm fixtures")
struct PinpointGCMAdapterTests {
    let adapter = PinpointGCMAdapter()

    @Test("golden", arguments: Scenario.all("pinpoint-gcm"))
    func golden(_ scenario: Scenario) {
        let problems = scenario.runGolden(adapter)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("contract on valid fixtures", arguments: Scenario.all("pinpoint-gcm"))
    func contract(_ scenario: Scenario) throws {
        guard let problems = try scenario.runContract(adapter) else { return }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}

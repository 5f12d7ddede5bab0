import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

@Suite("pinpoint-android fixtures")
struct PinpointAndroidAdapterTests {
    let adapter = PinpointAndroidAdapter()

    @Test("golden", arguments: Scenario.all("pinpoint-android"))
    func golden(_ scenario: Scenario) {
        let problems = scenario.runGolden(adapter)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("contract on valid fixtures", arguments: Scenario.all("pinpoint-android"))
    func contract(_ scenario: Scenario) throws {
        guard let problems = try scenario.runContract(adapter) else { return }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}

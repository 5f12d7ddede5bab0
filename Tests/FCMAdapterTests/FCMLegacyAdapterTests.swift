import FCMAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

@Suite("fcm-legacy fixtures")
struct FCMLegacyAdapterTests {
    let adapter = FCMLegacyAdapter()

    @Test("golden", arguments: Scenario.all("fcm-legacy"))
    func golden(_ scenario: Scenario) {
        let problems = scenario.runGolden(adapter)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("contract on valid fixtures", arguments: Scenario.all("fcm-legacy"))
    func contract(_ scenario: Scenario) throws {
        guard let problems = try scenario.runContract(adapter) else { return }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}

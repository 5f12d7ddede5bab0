import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

@Suite("sns fixtures")
struct SNSAdapterTests {
    let adapter = SNSAdapter()

    @Test("golden", arguments: Scenario.all("sns"))
    func golden(_ scenario: Scenario) {
        let problems = scenario.runGolden(adapter)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("contract on valid fixtures", arguments: Scenario.all("sns"))
    func contract(_ scenario: Scenario) throws {
        guard let problems = try scenario.runContract(adapter) else { return }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}

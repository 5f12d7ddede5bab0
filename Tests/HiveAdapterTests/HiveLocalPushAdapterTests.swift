import HiveAdapter
import PushCore
import PushTestSupport
import Testing

@Suite("Hive LocalPush (hive-local)")
struct HiveLocalPushAdapterTests {
    let adapter = HiveLocalPushAdapter()

    @Test("golden scenario", arguments: HiveFixtures.scenarios("hive-local"))
    func goldenScenario(_ scenario: String) {
        let problems = FixtureSuite.run(adapter, scenario: HiveFixtures.directory("hive-local") + "/" + scenario)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("adapter contract", arguments: HiveFixtures.scenarios("hive-local"))
    func adapterContract(_ scenario: String) throws {
        let problems = try HiveFixtures.contractProblems(adapter, format: "hive-local", scenario: scenario)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func recognisesANoticeIDWithAMessage() throws {
        let serialised = try #require(adapter.recognise(["noticeID": 1, "msg": "m"]))
        #expect(serialised.strength == 3)
        #expect(serialised.evidence == ["/noticeID", "/msg"])
        #expect(adapter.recognise(["noticeId": 1, "msg": "m"])?.strength == 3)
        #expect(adapter.recognise(["noticeId": 1, "title": "t"]) == nil)
        #expect(adapter.recognise(["msg": "m"]) == nil)
    }

    @Test func writesTheNoticeIDBackUnderTheSpellingItWasReadWith() throws {
        for spelling in ["noticeId", "noticeID"] {
            var context = NormaliseContext()
            let input: [(String, JSONValue)] = [(spelling, 5), ("msg", "m")]
            let n = try #require(adapter.normalise(.object(JSONObject(uniqueKeysWithValues: input)), context: &context))
            var renderContext = RenderContext()
            let rendered = adapter.render(n, context: &renderContext)
            #expect(rendered[spelling] == 5)
            #expect(rendered.objectValue?.count == 2)
        }
    }

    @Test func warnsWhenRenderingWithoutANoticeID() {
        var n = PushNotification()
        n.body = "m"
        var context = RenderContext()
        _ = adapter.render(n, context: &context)
        #expect(context.diagnostics.map(\.code) == [.hiveLocalNoticeIDMissing])
    }
}

import Testing
import APNsAdapter
import PushCore
import JSONCodec
import PushTestSupport

@Suite("APNs adapter")
struct APNsAdapterTests {
    static let fixtures = Golden.fixturesDirectory()
    static let scenarios = Golden.scenarios(in: fixtures)

    @Test("golden scenarios", arguments: scenarios)
    func golden(_ scenario: String) {
        let problems = FixtureSuite.run(APNsAdapter(), scenario: Self.fixtures + "/" + scenario)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("adapter contract on every valid fixture", arguments: scenarios)
    func contract(_ scenario: String) throws {
        let input = try #require(try Golden.load(Self.fixtures + "/" + scenario + "/input.json"))
        var context = NormaliseContext()
        _ = APNsAdapter().normalise(input, context: &context)
        // Documented normalisations: a body-only alert dictionary becomes a string; true/"1" flags become 1.
        let exceptions: [JSONPointer] =
            scenario == "alert-dictionary-body-only" || scenario == "mutable-content-as-true" ? ["/aps"] : []
        let problems =
            context.diagnostics.containsErrors
            ? AdapterContract.totality(APNsAdapter(), input: input, options: FormatOptions())
                + AdapterContract.pathsResolve(APNsAdapter(), input: input, options: FormatOptions())
            : AdapterContract.check(APNsAdapter(), input: input, roundTripExceptions: exceptions)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func stringAlertIsABody() throws {
        var context = NormaliseContext()
        let n = try #require(APNsAdapter().normalise(["aps": ["alert": "hi", "badge": 0]], context: &context))
        #expect(n.body == "hi")
        #expect(n.badge == 0)
        #expect(n.title == nil)
        #expect(context.diagnostics.isEmpty)
    }

    @Test func badgeZeroIsKeptAndAbsentBadgeStaysAbsent() throws {
        var context = NormaliseContext()
        let zero = try #require(APNsAdapter().normalise(["aps": ["badge": 0]], context: &context))
        let absent = try #require(APNsAdapter().normalise(["aps": ["alert": "x"]], context: &context))
        #expect(zero.badge == 0)
        #expect(absent.badge == nil)
        var render = RenderContext()
        #expect(APNsAdapter().render(zero, context: &render)["aps"]?["badge"] == .integer(0))
        #expect(APNsAdapter().render(absent, context: &render)["aps"]?["badge"] == nil)
    }

    @Test func wrongTypesAreKeptVerbatimAndRenderedBack() throws {
        let input: JSONValue = ["aps": ["badge": "3", "alert": 5]]
        var context = NormaliseContext()
        let n = try #require(APNsAdapter().normalise(input, context: &context))
        #expect(context.diagnostics.map(\.code).contains(.apnsBadgeNotInteger))
        #expect(context.diagnostics.map(\.path).contains("/aps/alert"))
        var render = RenderContext()
        #expect(APNsAdapter().render(n, context: &render) == input)
    }
}

import Foundation
import Testing
import APNsAdapter
import PushCore
import JSONCodec
import PushTestSupport

@Suite("APNs adapter")
struct APNsAdapterTests {
    static let fixtures = Golden.fixturesDirectory() + "/apns"

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

/// What the goldens pin about numbers: the documented "integral real → integer" normalisation, and exactness.
@Suite("APNs adapter: numbers")
struct APNsNumberTests {
    static let fixtures = Golden.fixturesDirectory() + "/apns"

    @Test func anIntegralRealVolumeOrScoreRendersAsAnIntegerAndCustomDataIsUntouched() throws {
        let rendered = try #require(try Golden.load(Self.fixtures + "/integral-real-volume-and-score/rendered.json"))
        #expect(rendered["aps"]?["sound"]?["volume"] == .integer(1))
        #expect(rendered["aps"]?["relevance-score"] == .integer(1))
        #expect(rendered["ratio"] == .double(2.0))  // custom data is carried as it is
    }

    @Test func integersAboveTwoToThe53StayExact() throws {
        let folder = Self.fixtures + "/big-integers-in-custom-data"
        let input = try #require(try Golden.load(folder + "/input.json"))
        #expect(input["id"] == .integer(9_007_199_254_740_993))
        #expect(input["unsigned"] == .unsignedInteger(.max))
        var context = NormaliseContext()
        let n = try #require(APNsAdapter().normalise(input, context: &context))
        #expect(n.badge == 9_007_199_254_740_993)
        var render = RenderContext()
        let rendered = APNsAdapter().render(n, context: &render)
        #expect(rendered.compactText == input.compactText)
        #expect(!FileManager.default.fileExists(atPath: folder + "/rendered.json"))
    }
}

/// A media URL held as copied bytes is checked as its `String` is: the same findings, messages included.
@Suite("apns: media URL checks over copied bytes")
struct MediaURLCheckTests {
    @Test(arguments: [
        "https://cdn.example.com/a/photo.jpg", "http://cdn.example.com/a.png", "https://user:pw@example.com/a.png",
        "https://localhost/a.png", "https://10.0.0.1/a.png", "https://[::1]/a.png", "https:///a.png", "no-scheme/a.png",
        "https://caf\u{E9}.example.com/a.png", "https://img.localhost:8080/a.gif",
    ])
    func copiedBytesFindWhatTheStringFinds(_ url: String) {
        var fromString = Findings.collecting
        let stringInvalid = NotificationChecks.checkURL(
            url, at: JSONPointer(tokens: ["media", "0"]), into: &fromString)
        var bytes = url
        let text = bytes.withUTF8 { PushNotification.Text(copying: $0) }
        var fromText = Findings.collecting
        let textInvalid = NotificationChecks.checkURL(text, at: JSONPointer(tokens: ["media", "0"]), into: &fromText)
        #expect(textInvalid == stringInvalid)
        #expect(fromText.diagnostics == fromString.diagnostics)
    }
}

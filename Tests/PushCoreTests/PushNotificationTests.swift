import Foundation
import Testing
import PushCore

@Suite("Canonical notification")
struct PushNotificationTests {
    static func full() -> PushNotification {
        var n = PushNotification()
        n.title = "T"
        n.subtitle = "S"
        n.body = "B"
        n.titleLocKey = "TK"
        n.titleLocArgs = ["a"]
        n.bodyLocKey = "BK"
        n.bodyLocArgs = []
        n.badge = 0
        n.sound = .init(name: "default", critical: true, volume: 0.5)
        n.group = "g"
        n.category = "CONFIRM_CATEGORY"
        n.mutableContent = true
        n.contentAvailable = false
        n.interruptionLevel = "passive"
        n.relevanceScore = 0.25
        n.liveActivity = {
            var live = PushNotification.LiveActivity()
            live.event = "update"
            live.timestamp = 1
            live.contentState = ["k": 1]
            return live
        }()
        n.media = [
            .init(url: "https://x.example/a.gif"), .init(url: "https://x.example/v", kind: .video, identifier: "v"),
        ]
        n.delivery = {
            var d = PushNotification.Delivery()
            d.pushType = "alert"
            d.priority = 10
            d.collapseID = "c"
            return d
        }()
        n.data = JSONObject(uniqueKeysWithValues: [("z", JSONValue.integer(1)), ("a", JSONValue.array([true]))])
        n.extensions = JSONObject(uniqueKeysWithValues: [
            ("zego", JSONValue.object(JSONObject(uniqueKeysWithValues: [("resourcesID", JSONValue.string("r"))])))
        ])
        n.source = "apns"
        return n
    }

    @Test func canonicalJSONRoundTrips() throws {
        let n = Self.full()
        var diagnostics: [Diagnostic] = []
        let back = try #require(PushNotification(canonical: n.canonicalJSON, diagnostics: &diagnostics))
        #expect(diagnostics.isEmpty)
        #expect(back == n)
        #expect(n.canonicalJSON["schemaVersion"] == 1)
        #expect(n.canonicalJSON["media"]?.arrayValue?.first?["kind"] == "gif")
    }

    @Test func codableUsesTheCanonicalForm() throws {
        let n = Self.full()
        let data = try JSONEncoder().encode(n)
        #expect(try JSONDecoder().decode(PushNotification.self, from: data) == n)
    }

    @Test func decodingReportsEveryProblemWithItsPath() {
        var diagnostics: [Diagnostic] = []
        let json: JSONValue = [
            "schemaVersion": 2, "badge": "1", "sound": ["volume": 1], "media": [["kind": "pdf"]], "nope": 1,
        ]
        #expect(PushNotification(canonical: json, diagnostics: &diagnostics) == nil)
        let paths = Set(diagnostics.map(\.path.description))
        #expect(paths.isSuperset(of: ["/schemaVersion", "/badge", "/sound", "/media/0/kind", "/media/0", "/nope"]))
        #expect(diagnostics.filter { $0.path == "/badge" }.count == 1)
    }

    @Test func lostFieldsAreTheFieldsThatDoNotSurvive() {
        let n = Self.full()
        var back = n
        back.badge = nil
        back.extensions = JSONObject()
        back.data["a"] = nil
        back.mutableContent = nil
        back.title = "T"
        back.source = "zego"
        back.filterCriteria = "added"  // additions are not losses
        let lost = n.lostFields(comparedWith: back).map(\.description)
        #expect(Set(lost) == ["/badge", "/extensions/zego/resourcesID", "/data/a", "/mutableContent"])
    }

    @Test(
        "media kind from the URL's extension",
        arguments: [
            ("https://a.example/x.JPG", "image"), ("https://a.example/x.gif?v=1", "gif"),
            ("https://a.example/x.mp4#t", "video"),
            ("https://a.example/x.m4a", "audio"), ("https://a.example/x", ""), ("https://a.example/x.pdf", ""),
            ("https://a.example/dir.png/", ""),
        ])
    func mediaKind(_ url: String, _ kind: String) {
        #expect(PushNotification.MediaKind(url: url)?.rawValue ?? "" == kind)
    }

    @Test func optionsDecodeAndRejectUnknownKeys() {
        var diagnostics: [Diagnostic] = []
        let options = FormatOptions(
            json: ["snsPlatform": "APNS_SANDBOX", "zegoPayloadMediaKey": "img"], diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty)
        #expect(options.snsPlatform == "APNS_SANDBOX")
        #expect(options.zegoPayloadMediaKey == "img")
        _ = FormatOptions(
            json: ["snsPlatform": "GCM", "typo": 1, "hiveMediaKey": 3], at: "/params/options", diagnostics: &diagnostics
        )
        #expect(
            Set(diagnostics.map(\.path.description)) == [
                "/params/options/snsPlatform", "/params/options/typo", "/params/options/hiveMediaKey",
            ])
    }
}

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

    /// ``PushNotification/modifyExtension(_:_:)`` leaves what ``PushNotification/extensionObject(_:)`` then
    /// ``PushNotification/setExtension(_:_:)`` leave: the namespace in place, added last, replaced when not an object,
    /// removed when emptied; and the object held before is not changed.
    @Test func modifyingANamespaceInPlaceMatchesReadingAndSettingIt() {
        var n = PushNotification()
        n.extensions = JSONObject(uncheckedMembers: [
            .init(key: "a", value: ["k": 1]), .init(key: "b", value: 2), .init(key: "c", value: ["k": 3]),
        ])
        let before = n.extensions
        let changes: [(String, (inout JSONObject) -> Void)] = [
            ("a", { $0["x"] = true }), ("b", { $0["y"] = 1 }), ("c", { $0["k"] = nil }), ("d", { $0["z"] = "new" }),
            ("e", { _ in }),
        ]
        for (namespace, change) in changes {
            var expected = n
            var object = expected.extensionObject(namespace)
            change(&object)
            expected.setExtension(namespace, object)
            n.modifyExtension(namespace, change)
            #expect(n == expected, "\(namespace)")
        }
        #expect(n.extensions.keys == ["a", "b", "d"])
        #expect(before["a"] == ["k": 1] && before["c"] == ["k": 3])
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

    @Test("a lost field is found as lostFields finds it, the fields the predicate rejects ignored")
    func hasLostFieldAgreesWithLostFields() {
        let n = Self.full()
        var back = n
        back.badge = nil
        back.extensions = JSONObject()
        let lost = n.lostFields(comparedWith: back)
        #expect(n.hasLostField(comparedWith: back) { _ in true })
        #expect(n.hasLostField(comparedWith: back) { $0.description == "/extensions/zego/resourcesID" })
        #expect(!n.hasLostField(comparedWith: back) { pointer in !lost.contains(pointer) })
        // Only the extensions differ, and they are rejected: nothing.
        back.badge = n.badge
        #expect(!n.hasLostField(comparedWith: back) { $0.tokens.first != "extensions" })
        #expect(!n.hasLostField(comparedWith: n) { _ in true })
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

    @Test func optionsDecodeTheDeclaredOptionsAndRejectTheRest() {
        let key = FormatOption("mediaKey", kind: .string(allowed: nil), default: "image", summary: "a key")
        let mode = FormatOption("mode", kind: .string(allowed: ["a", "b"]), default: "a", summary: "a mode")
        let document = FormatOption("document", kind: .json, summary: "any JSON")
        var diagnostics: [Diagnostic] = []
        let options = FormatOptions(
            json: ["mode": "b", "document": [1, 2]], declared: [key, mode, document], diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty)
        #expect(options.string(mode) == "b")
        #expect(options.string(key) == "image")
        #expect(options.value(document) == [1, 2])
        #expect(FormatOptions().string(key) == "image" && FormatOptions().value(document) == nil)
        // A value equal to the default is the default: equal options.
        var explicit = FormatOptions()
        explicit.set(key, "image")
        #expect(explicit == FormatOptions() && explicit.hasOnlyDefaults)
        _ = FormatOptions(
            json: ["mode": "c", "typo": 1, "mediaKey": 3], at: "/params/options", declared: [key, mode, document],
            diagnostics: &diagnostics)
        #expect(
            diagnostics.map(\.path.description) == [
                "/params/options/mediaKey", "/params/options/mode", "/params/options/typo",
            ])
        #expect(diagnostics.allSatisfy { $0.code == .invalidOption })
    }

}

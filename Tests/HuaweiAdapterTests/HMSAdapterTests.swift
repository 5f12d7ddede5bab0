import JSONCodec
import PushCore
import Testing

@testable import HuaweiAdapter

/// The `hms` format's own behaviour: the data string, the token array, urgency, the click-action types, the badge
/// and the send request. The goldens and the adapter laws run from `FixtureCoverageTests`.
@Suite("HMS adapter")
struct HMSAdapterTests {
    let adapter = HMSAdapter()

    func read(_ text: String) throws -> (PushNotification?, [Diagnostic]) {
        var context = NormaliseContext()
        let n = adapter.normalise(try JSONParser().parse(text), context: &context)
        return (n, context.diagnostics)
    }

    func render(_ n: PushNotification) -> (JSONValue, [JSONPointer: String]) {
        var context = RenderContext()
        let payload = adapter.render(n, context: &context)
        return (payload, context.lossReasons)
    }

    @Test("a data string holding a JSON object is the data map; written back as its compact text")
    func dataJSON() throws {
        let (n, diagnostics) = try read(#"{"data": "{ \"k\": \"v\" }", "topic": "t"}"#)
        #expect(diagnostics.isEmpty)
        #expect(n?.data["k"] == .string("v"))
        #expect(n?.extensionObject("hms")["data"] == nil)
        let (payload, _) = try render(#require(n))
        #expect(payload.objectValue?["data"] == .string(#"{"k":"v"}"#))
    }

    @Test(
        "a data string that is not a JSON object stays a string",
        arguments: ["test", "{key1:value1}", "[1,2]", "42", "{}", ""])
    func dataString(_ text: String) throws {
        let input: JSONValue = ["data": .string(text), "topic": "t"]
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(input, context: &context))
        #expect(n.data.isEmpty)
        #expect(n.extensionObject("hms")["data"] == .string(text))
        #expect(render(n).0.objectValue?["data"] == .string(text))
    }

    @Test("android.data: a JSON object string is Android's data map (FCM's android.data); another string is kept")
    func androidData() throws {
        let (n, _) = try read(#"{"topic": "t", "android": {"data": "{\"k\":\"v\"}"}}"#)
        #expect(n?.android?.data?["k"] == "v")
        #expect(render(try #require(n)).0.objectValue?["android"]?.objectValue?["data"] == .string(#"{"k":"v"}"#))
        let (plain, _) = try read(#"{"topic": "t", "android": {"data": "ping"}}"#)
        #expect(plain?.android == nil)
        #expect(plain?.extensionObject("hms")["androidData"] == "ping")
    }

    @Test("one token is target.token, several are target.tokens; both are written as HMS's array")
    func tokens() throws {
        let (one, _) = try read(#"{"data": "x", "token": ["a"]}"#)
        #expect(one?.target?.token == "a" && one?.target?.tokens == nil)
        #expect(render(try #require(one)).0.objectValue?["token"] == ["a"])
        let (two, _) = try read(#"{"data": "x", "token": ["a", "b"]}"#)
        #expect(two?.target?.tokens == ["a", "b"] && two?.target?.token == nil)
        #expect(render(try #require(two)).0.objectValue?["token"] == ["a", "b"])
    }

    @Test("urgency HIGH / NORMAL is android.priority high / normal, and back")
    func urgency() throws {
        for (urgency, priority) in [("HIGH", "high"), ("NORMAL", "normal")] {
            let (n, _) = try read(#"{"data": "x", "topic": "t", "android": {"urgency": "\#(urgency)"}}"#)
            #expect(n?.android?.priority == priority)
            let android = render(try #require(n)).0.objectValue?["android"]?.objectValue
            #expect(android?["urgency"] == .string(urgency))
        }
        // A value HMS does not define is not a priority: kept where it was.
        let (n, _) = try read(#"{"data": "x", "topic": "t", "android": {"urgency": "high"}}"#)
        #expect(n?.android?.priority == nil)
        #expect(n?.extensionObject("hms")["android"]?.objectValue?["urgency"] == "high")
    }

    @Test("click action type 1 is the deep link and intent action, type 2 the URL, 3 and 4 are kept")
    func clickAction() throws {
        let base = #"{"topic": "t", "android": {"notification": {"click_action": "#
        let (intent, _) = try read(base + #"{"type": 1, "intent": "app://x", "action": "OPEN"}}}}"#)
        #expect(intent?.android?.deepLink == "app://x" && intent?.android?.clickAction == "OPEN")
        let (url, _) = try read(base + #"{"type": 2, "url": "https://x"}}}}"#)
        #expect(url?.android?.url == "https://x")
        #expect(url?.extensionObject("hms")["clickAction"] == nil)
        let (app, _) = try read(base + #"{"type": 3}}}}"#)
        #expect(app?.android == nil)
        #expect(app?.extensionObject("hms")["clickAction"] == ["type": 3])
        // A deep link from another format is type 1; a URL wins over a deep link, which is declared lost.
        var n = PushNotification()
        var android = PushNotification.Android()
        android.deepLink = "app://y"
        n.setAndroid(android)
        let written = render(n).0.objectValue?["android"]?.objectValue?["notification"]?.objectValue
        #expect(written?["click_action"] == ["type": 1, "intent": "app://y"])
        android.url = "https://y"
        n.setAndroid(android)
        let (payload, losses) = render(n)
        let action = payload.objectValue?["android"]?.objectValue?["notification"]?.objectValue?["click_action"]
        #expect(action == ["type": 2, "url": "https://y"])
        #expect(losses[JSONPointer(tokens: ["android", "deepLink"])] != nil)
    }

    @Test("badge.set_num is the app-icon badge; add_num and class are kept beside it")
    func badge() throws {
        let (n, _) = try read(
            #"{"topic": "t", "android": {"notification": {"badge": {"add_num": 1, "set_num": 5, "class": "a.Main"}}}}"#)
        #expect(n?.badge == 5)
        #expect(n?.extensionObject("hms")["badge"] == ["add_num": 1, "class": "a.Main"])
        let badge = render(try #require(n)).0.objectValue?["android"]?.objectValue?["notification"]?.objectValue?[
            "badge"]
        #expect(badge?.objectValue?.keys == ["add_num", "set_num", "class"])
        // An APNs badge alone becomes set_num.
        var apns = PushNotification()
        apns.badge = 3
        let written = render(apns).0.objectValue?["android"]?.objectValue?["notification"]?.objectValue?["badge"]
        #expect(written == ["set_num": 3])
    }

    @Test("option hmsBadgeClass: a badge rendered into HMS gets the launcher class HMS requires, and passes its rules")
    func badgeClassOption() throws {
        var apns = PushNotification()
        apns.badge = 3
        apns.target = PushNotification.Target()
        apns.target?.topic = "news"
        var options = FormatOptions()
        options.hmsBadgeClass = "com.example.MainActivity"
        var context = RenderContext(options: options)
        let payload = adapter.render(apns, context: &context)
        let badge = payload.objectValue?["android"]?.objectValue?["notification"]?.objectValue?["badge"]
        #expect(badge == ["set_num": 3, "class": "com.example.MainActivity"])
        let codes = adapter.check(payload, notification: apns, context: NormaliseContext()).map(\.code)
        #expect(!codes.contains(.hmsBadgeInvalid))
        // Without the option the class is missing, and HMS's rule says so.
        let (bare, _) = render(apns)
        #expect(
            adapter.check(bare, notification: apns, context: NormaliseContext()).map(\.code).contains(.hmsBadgeInvalid))
        // A class read from the input wins over the option.
        let (n, _) = try read(
            #"{"topic": "t", "android": {"notification": {"badge": {"set_num": 5, "class": "a.Main"}}}}"#)
        var again = RenderContext(options: options)
        let kept = adapter.render(try #require(n), context: &again)
        #expect(
            kept.objectValue?["android"]?.objectValue?["notification"]?.objectValue?["badge"] == [
                "set_num": 5, "class": "a.Main",
            ])
    }

    @Test("a send request is read and written back as one, validate_only first")
    func request() throws {
        let (n, _) = try read(#"{"message": {"data": "x", "topic": "t"}, "validate_only": true}"#)
        let payload = render(try #require(n)).0
        #expect(payload.objectValue?.keys == ["validate_only", "message"])
        #expect(payload.objectValue?["validate_only"] == true)
        let (bare, _) = try read(#"{"data": "x", "topic": "t"}"#)
        #expect(render(try #require(bare)).0.objectValue?["message"] == nil)
    }

    @Test("FCM's shapes are read and written in HMS's, each reported: token string, data map, click_action string")
    func fcmShapes() throws {
        let (n, diagnostics) = try read(
            #"{"token": "t1", "data": {"k": "v"}, "android": {"notification": {"click_action": "OPEN"}}}"#)
        #expect(diagnostics.map(\.code) == [.hmsDataNotString, .hmsClickActionInvalid, .hmsTokenNotArray])
        #expect(diagnostics.allSatisfy { $0.severity == .error })
        #expect(n?.target?.token == "t1" && n?.data["k"] == "v" && n?.android?.clickAction == "OPEN")
        let payload = render(try #require(n)).0.objectValue
        #expect(payload?["token"] == ["t1"])
        #expect(payload?["data"] == .string(#"{"k":"v"}"#))
        // HMS's rules do not report them twice.
        let checks = HMSChecks.check(
            try JSONParser().parse(
                #"{"token": "t1", "data": {"k": "v"}, "android": {"notification": {"click_action": "OPEN"}}}"#))
        #expect(
            checks.allSatisfy { ![.hmsTokenNotArray, .hmsDataNotString, .hmsClickActionInvalid].contains($0.code) })
    }

    @Test(
        "empty objects and arrays come back as they were",
        arguments: [
            #"{"data": "{}", "token": []}"#,
            #"{"data": "x", "topic": "t", "android": {"notification": {"click_action": {}, "badge": {}}}}"#,
        ])
    func emptyValues(_ text: String) throws {
        let input = try JSONParser().parse(text)
        var context = NormaliseContext()
        let n = try #require(adapter.normalise(input, context: &context))
        #expect(render(n).0 == input)
    }

    @Test("an HMS image whose URL names a video is written back to HMS, and lost into another format's image")
    func videoImage() throws {
        let (n, _) = try read(#"{"data": "x", "topic": "t", "notification": {"image": "https://e.com/a.mp4"}}"#)
        let hms = try #require(n)
        #expect(render(hms).0.objectValue?["notification"]?.objectValue?["image"] == "https://e.com/a.mp4")
        var other = hms
        other.source = "apns"
        let (payload, losses) = render(other)
        #expect(payload.objectValue?["notification"] == nil)
        #expect(losses[JSONPointer(tokens: ["media"])] != nil)
    }

    @Test("the carried part holds one token as HMS reads it back, and drops what HMS has no key for")
    func carriedPart() {
        var n = PushNotification()
        var target = PushNotification.Target()
        target.tokens = ["only"]
        n.target = target
        var android = PushNotification.Android()
        android.notificationCount = 2
        android.collapseKey = "score"
        android.priority = "high"
        n.setAndroid(android)
        let kept = adapter.carriedPart(of: n, options: FormatOptions())
        #expect(kept.target?.token == "only" && kept.target?.tokens == nil)
        #expect(kept.android?.notificationCount == nil && kept.android?.collapseKey == nil)
        #expect(kept.android?.priority == "high")
        let losses = render(n).1
        #expect(losses[JSONPointer(tokens: ["android", "notificationCount"])] != nil)
        #expect(losses[JSONPointer(tokens: ["android", "collapseKey"])] != nil)
    }

    @Test(
        "ttl durations",
        arguments: [
            ("86400s", true), ("3.5", true), ("1.123456789s", true), ("1 day", false),
            ("1.s", false), ("-1s", false), ("", false),
        ])
    func duration(_ text: String, _ valid: Bool) {
        #expect(HMSChecks.isDuration(text) == valid)
    }
}

@testable import FCMAdapter
import JSONCodec
import PushCore
import Testing
import WireTables

/// ``FCMWireWriter`` against the adapter (``FCMAdapter/render(_:context:)``), the reference, on notifications with an
/// Android side as another format's table reads them (no layout memory, nothing kept for FCM): whenever the writer
/// takes one it gives the adapter's bytes, explained losses, declared part and findings; whatever FCM's rules find
/// an error in, it leaves to the adapter.
@Suite("fcm wire writer")
struct FCMWireWriterTests {
    /// What the writer and the adapter give for `n`.
    struct Written {
        var bytes: [UInt8]?
        var context: RenderContext
    }

    static func both(_ n: PushNotification) -> (wire: Written, reference: Written) {
        var wireContext = RenderContext()
        var out = Array("[prefix]".utf8)
        var taken = false
        let document = Array("{}".utf8)
        let lent = document.withUnsafeBufferPointer { buffer in
            JSONParser().withBorrowedDocument(buffer) { document in
                var wire = WireNotification(document: document)
                wire.model = n
                taken = FCMWireWriter.write(wire, into: &out, context: &wireContext)
            }
        }
        #expect(lent)
        let prefix = Array("[prefix]".utf8)
        #expect(out.starts(with: prefix))
        if !taken { #expect(out == prefix, "a declined notification leaves the buffer as it was") }
        var referenceContext = RenderContext()
        let rendered = FCMAdapter().render(n, context: &referenceContext)
        return (
            Written(bytes: taken ? Array(out.dropFirst(prefix.count)) : nil, context: wireContext),
            Written(bytes: JSONWriter(style: .compact).bytes(rendered), context: referenceContext)
        )
    }

    static func object(_ members: (String, JSONValue)...) -> JSONObject {
        JSONObject(uniqueKeysWithValues: members)
    }

    static func text(_ bytes: [UInt8]?) -> String { bytes.map { String(decoding: $0, as: UTF8.self) } ?? "declined" }

    /// A notification for a token with `android`, and the shared fields `shared` sets.
    static func notification(
        _ android: PushNotification.Android, shared: (inout PushNotification) -> Void = { _ in }
    ) -> PushNotification {
        var n = PushNotification()
        n.title = "T"
        n.body = "B"
        var target = PushNotification.Target()
        target.token = "t:1"
        n.target = target
        n.setAndroid(android)
        shared(&n)
        return n
    }

    static var everyField: PushNotification.Android {
        var a = PushNotification.Android()
        a.title = "Android title"
        a.body = "Android body \"quoted\"\n\u{1F600} 日本"
        a.image = "https://x.example/a.png"
        a.icon = "ic_stat"
        a.color = "#AACCdd"
        a.sound = "chime"
        a.tag = "tag"
        a.clickAction = "OPEN"
        a.channelID = "news"
        a.bodyLocKey = "BK"
        a.bodyLocArgs = ["1", "2"]
        a.titleLocKey = "TK"
        a.titleLocArgs = []
        a.notificationPriority = "PRIORITY_HIGH"
        a.visibility = "PUBLIC"
        a.notificationCount = 3
        a.priority = "high"
        a.ttl = "3600s"
        a.collapseKey = "scores"
        a.restrictedPackageName = "com.example"
        a.directBootOK = false
        a.data = Self.object(("k", .string("v")), ("e", .string("")))
        return a
    }

    /// The Android sides the writer takes.
    static var taken: [(String, PushNotification)] {
        var cases: [(String, PushNotification)] = []
        cases.append(("every field", notification(everyField) { $0.sound = PushNotification.Sound(name: "s.caf") }))
        var unsupported = PushNotification.Android()
        unsupported.imageIcon = "https://x.example/large.png"
        unsupported.smallImageIcon = "https://x.example/small.png"
        unsupported.url = "https://x.example"
        unsupported.deepLink = "app://x"
        unsupported.silent = true
        unsupported.channelID = "c"
        cases.append(("fields FCM has no place for", notification(unsupported)))
        var onlyURL = PushNotification.Android()
        onlyURL.url = "https://x.example"
        cases.append(("nothing FCM writes: no android block", notification(onlyURL)))
        var video = PushNotification.Android()
        video.image = "https://x.example/clip.mp4"
        video.priority = "normal"
        cases.append(
            (
                "a video is not an image",
                notification(video) { $0.media = [PushNotification.Media(url: "https://x.example/song.mp3")] }
            ))
        var videoAndUnsupported = PushNotification.Android()
        videoAndUnsupported.image = "https://x.example/clip.mp4"
        videoAndUnsupported.url = "https://x.example"
        videoAndUnsupported.tag = "t"
        cases.append(("a video image beside fields FCM has no place for", notification(videoAndUnsupported)))
        var inherits = PushNotification.Android()
        inherits.priority = "HIGH"
        inherits.bodyLocArgs = ["own"]
        cases.append(
            (
                "the sound and localised keys inherited",
                notification(inherits) {
                    $0.sound = PushNotification.Sound(name: "s.caf", critical: true)
                    $0.bodyLocKey = "shared"
                    $0.titleLocKey = "TK"
                    $0.titleLocArgs = ["a"]
                }
            ))
        var limits = PushNotification.Android()
        limits.ttl = "2419200s"
        limits.notificationCount = 0
        limits.directBootOK = true
        limits.data = JSONObject()
        limits.visibility = "VISIBILITY_UNSPECIFIED"
        cases.append(("the limits FCM takes", notification(limits)))
        var fraction = PushNotification.Android()
        fraction.ttl = "1.500000000s"
        fraction.image = "https://x.example/{{name}}.png"
        cases.append(("a fraction of a second", notification(fraction)))
        var untargeted = everyField
        untargeted.title = nil
        var n = notification(untargeted)
        n.target = nil
        cases.append(("no target: the run notice", n))
        var ownOnly = PushNotification.Android()
        ownOnly.sound = "own"
        ownOnly.bodyLocKey = "OWN"
        cases.append(
            (
                "Android's own sound and key, the shared ones not inherited",
                notification(ownOnly) {
                    $0.sound = PushNotification.Sound(name: "shared.caf")
                    $0.bodyLocKey = "SHARED"
                    $0.bodyLocArgs = ["a"]
                }
            ))
        var shared = PushNotification()
        shared.body = "B"
        shared.sound = PushNotification.Sound(name: "s.caf")
        shared.titleLocKey = "TK"
        shared.titleLocArgs = ["x"]
        shared.target = Self.target { $0.topic = "news.sport_1-~%" }
        cases.append(("no Android part: the shared sound and keys inherited, a topic", shared))
        var condition = notification(PushNotification.Android())
        condition.target = Self.target { $0.condition = "'a' in topics && ('b' in topics || 'c' in topics)" }
        cases.append(("a condition", condition))
        var unknownKind = notification(PushNotification.Android())
        unknownKind.media = [PushNotification.Media(url: "https://x.example/picture")]
        cases.append(("a media URL of no known kind", unknownKind))
        var emptyTarget = notification(PushNotification.Android())
        emptyTarget.target = PushNotification.Target()
        cases.append(("an empty target: the run notice", emptyTarget))
        return cases
    }

    /// A target `set` fills in.
    static func target(_ set: (inout PushNotification.Target) -> Void) -> PushNotification.Target {
        var target = PushNotification.Target()
        set(&target)
        return target
    }

    @Test("an Android side: the adapter's bytes, losses and findings")
    func androidSideAsTheAdapterWritesIt() throws {
        for (name, n) in Self.taken {
            let (wire, reference) = Self.both(n)
            #expect(wire.bytes != nil, "\(name): declined")
            #expect(Self.text(wire.bytes) == Self.text(reference.bytes), "\(name)")
            #expect(wire.context.lossReasons == reference.context.lossReasons, "\(name)")
            // No target: the run notice the adapter path adds when it checks the rendering.
            let untargeted = n.target?.isEmpty ?? true
            let notice = untargeted ? [Diagnostic.conversionTargetMissing(format: "fcm")] : []
            #expect(wire.context.diagnostics == reference.context.diagnostics + notice, "\(name)")
            let adapter = FCMAdapter()
            #expect(
                adapter.declaredPart(of: n, renderedWith: wire.context)
                    == adapter.declaredPart(of: n, renderedWith: reference.context), "\(name)")
            // What the writer takes, FCM's rules find nothing in (no target is a run notice, not a finding).
            let payload = try JSONParser().parse(reference.bytes ?? [])
            let findings = FCMChecks.check(payload).filter { !untargeted || $0.code != .fcmTargetCount }
            #expect(findings.isEmpty, "\(name): \(findings)")
        }
    }

    @Test("the losses explained: the tap URL, icon URLs, silent flag and a video image")
    func lossesExplained() throws {
        let cases = Dictionary(uniqueKeysWithValues: Self.taken)
        let unsupported = Self.both(try #require(cases["fields FCM has no place for"])).wire
        #expect(
            Set(unsupported.context.lossReasons.keys.map(\.description))
                == [
                    "/android/url", "/android/deepLink", "/android/imageIcon", "/android/smallImageIcon",
                    "/android/silent",
                ])
        let video = Self.both(try #require(cases["a video is not an image"])).wire
        #expect(
            video.context.lossReasons[JSONPointer(tokens: ["android", "image"])]
                == "FCM's android.notification.image shows only images: a video URL would be a broken picture")
        #expect(video.context.lossReasons[JSONPointer(tokens: ["media"])] != nil)
        // Android's part shown without its image: the image and the fields FCM has no place for are both lost.
        let dropped = Self.both(try #require(cases["a video image beside fields FCM has no place for"])).wire
        #expect(Set(dropped.context.lossReasons.keys.map(\.description)) == ["/android/image", "/android/url"])
        #expect(Self.text(dropped.bytes).contains(#""tag":"t""#) && !Self.text(dropped.bytes).contains("clip.mp4"))
        let onlyURL = Self.both(try #require(cases["nothing FCM writes: no android block"])).wire
        #expect(!Self.text(onlyURL.bytes).contains("android"))
    }

    @Test("what FCM's rules reject in Android's values is left to the adapter, which finds it")
    func invalidAndroidValuesDeclined() throws {
        var cases: [(String, (inout PushNotification.Android) -> Void)] = [
            ("colour by name", { $0.color = "red" }),
            ("short colour", { $0.color = "#abc" }),
            ("ttl without unit", { $0.ttl = "3600" }),
            ("ttl over 28 days", { $0.ttl = "2419201s" }),
            ("ttl a fraction over 28 days", { $0.ttl = "2419200.5s" }),
            ("negative ttl", { $0.ttl = "-1s" }),
            ("ttl with ten decimals", { $0.ttl = "1.0000000001s" }),
            ("message priority", { $0.priority = "urgent" }),
            ("notification priority", { $0.notificationPriority = "HIGH" }),
            ("visibility", { $0.visibility = "public" }),
            ("negative count", { $0.notificationCount = -1 }),
            ("title arguments without key", { $0.titleLocArgs = ["a"] }),
            ("body arguments without key", { $0.bodyLocArgs = ["a"] }),
            ("data not a string", { $0.data = Self.object(("n", .integer(1))) }),
            ("data reserved key", { $0.data = Self.object(("from", .string("x"))) }),
            ("data reserved prefix", { $0.data = Self.object(("google.c", .string("x"))) }),
            ("image not a URL", { $0.image = "picture.png" }),
        ]
        cases.append(("a whole message over 4096 bytes", { $0.body = String(repeating: "x", count: 4100) }))
        for (name, change) in cases {
            var android = PushNotification.Android()
            android.channelID = "c"
            change(&android)
            let n = Self.notification(android)
            let (wire, reference) = Self.both(n)
            #expect(wire.bytes == nil, "\(name): taken")
            let payload = try JSONParser().parse(reference.bytes ?? [])
            #expect(FCMChecks.check(payload).containsErrors, "\(name): the adapter's rendering passes FCM's rules")
        }
    }

    @Test("a target FCM's rules reject, and a media item with more than a URL, are left to the adapter")
    func invalidTargetsAndMediaDeclined() throws {
        var cases: [(String, (inout PushNotification) -> Void)] = [
            ("an empty token", { $0.target = Self.target { $0.token = "" } }),
            ("a topic with its prefix", { $0.target = Self.target { $0.topic = "/topics/news" } }),
            ("a topic with a space", { $0.target = Self.target { $0.topic = "top news" } }),
            ("an empty topic", { $0.target = Self.target { $0.topic = "" } }),
            ("an empty condition", { $0.target = Self.target { $0.condition = "" } }),
            ("a condition's bad topic", { $0.target = Self.target { $0.condition = "'a b' in topics" } }),
            (
                "a condition of six topics",
                {
                    $0.target = Self.target {
                        $0.condition = (1...6).map { "'t\($0)' in topics" }.joined(separator: " || ")
                    }
                }
            ),
            (
                "a token and a topic",
                {
                    $0.target = Self.target {
                        $0.token = "t:1"
                        $0.topic = "news"
                    }
                }
            ),
        ]
        let declinedMedia: [(String, (inout PushNotification) -> Void)] = [
            (
                "a media identifier",
                { $0.media = [PushNotification.Media(url: "https://x.example/a.png", identifier: "i")] }
            ),
            (
                "a kind the URL does not imply",
                { $0.media = [PushNotification.Media(url: "https://x.example/a.png", kind: .video)] }
            ),
        ]
        cases.append(("inherited title arguments without a key", { $0.titleLocArgs = ["a"] }))
        cases.append(("inherited body arguments without a key", { $0.bodyLocArgs = [] }))
        for (name, change) in cases {
            var android = PushNotification.Android()
            android.channelID = "c"
            var n = Self.notification(android)
            change(&n)
            let (wire, reference) = Self.both(n)
            #expect(wire.bytes == nil, "\(name): taken")
            let payload = try JSONParser().parse(reference.bytes ?? [])
            #expect(FCMChecks.check(payload).containsErrors, "\(name): the adapter's rendering passes FCM's rules")
        }
        cases = declinedMedia
        for (name, change) in cases {
            var n = Self.notification(PushNotification.Android())
            change(&n)
            #expect(Self.both(n).wire.bytes == nil, "\(name): taken")
        }
    }

    @Test("the target's strings are checked as FCM's rules check the message")
    func targetChecksAgreeWithTheRules() {
        let values: [String?] = [
            nil, "", "t:1", "news", "/topics/news", "a b", "'a' in topics", "'a' in topics && !('b' in topics)",
            "'a b' in topics", (1...6).map { "'t\($0)' in topics" }.joined(separator: " || "),
        ]
        for token in values {
            for topic in values {
                for condition in values {
                    let target = Self.target {
                        $0.token = token
                        $0.topic = topic
                        $0.condition = condition
                    }
                    var message = JSONObject()
                    if let token { message.appendUnchecked("token", .string(token)) }
                    if let topic { message.appendUnchecked("topic", .string(topic)) }
                    if let condition { message.appendUnchecked("condition", .string(condition)) }
                    let findings = FCMChecks.check(.object(message)).filter {
                        [.fcmTargetCount, .fcmTargetEmpty, .fcmTopicInvalid, .fcmConditionInvalid].contains($0.code)
                    }
                    #expect(
                        FCMChecks.passesTargetChecks(target) == findings.isEmpty,
                        "token \(token ?? "-"), topic \(topic ?? "-"), condition \(condition ?? "-")")
                }
            }
        }
    }

    @Test("the image fields' loss reasons, built once per kind, are the reasons built for a URL")
    func imageLossReasonsBuiltOnce() {
        let urls = [
            "https://x.example/a.png", "https://x.example/a.gif", "https://x.example/a.mp4", "https://x.example/a.mp3",
            "https://x.example/a",
        ]
        for url in urls {
            let kind = PushNotification.MediaKind(url: url)
            #expect(
                FCMImageField.reason(resolved: kind, field: .notification)
                    == FCMImageField.reason(url, field: "notification.image"), "\(url)")
            #expect(
                FCMImageField.reason(resolved: kind, field: .android)
                    == FCMImageField.reason(url, field: "android.notification.image"), "\(url)")
        }
    }

    /// The one-pass URL check (on every image the writer takes) against the rule it states: a scheme (a letter,
    /// then letters, digits, `+`, `-`, `.`), `://`, a host not starting with `/`, `?` or `#`, no space anywhere.
    @Test("an absolute URL is told in one pass")
    func absoluteURLs() {
        let absolute = [
            "https://cdn.example.com/a.png", "a://b", "Svn+SSH.1-x://host", "http://h?q=1", "H://h/p#f",
        ]
        let notAbsolute = [
            "", ":", "://h", "1http://h", "+a://h", "ht tp://h", "http:/h", "http://", "http:///p", "http://?q",
            "http://#f", "http://h/a b", "http//h", "http:h", "cdn.example.com/a.png", "é://h", "http:// h",
            "https://h/ ",
        ]
        for url in absolute { #expect(FCMChecks.isAbsoluteURL(url), "\(url)") }
        for url in notAbsolute { #expect(!FCMChecks.isAbsoluteURL(url), "\(url)") }
    }
}

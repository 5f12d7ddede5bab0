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
        return cases
    }

    @Test("an Android side: the adapter's bytes, losses and findings")
    func androidSideAsTheAdapterWritesIt() throws {
        for (name, n) in Self.taken {
            let (wire, reference) = Self.both(n)
            #expect(wire.bytes != nil, "\(name): declined")
            #expect(Self.text(wire.bytes) == Self.text(reference.bytes), "\(name)")
            #expect(wire.context.lossReasons == reference.context.lossReasons, "\(name)")
            // No target: the run notice the adapter path adds when it checks the rendering.
            let notice = n.target == nil ? [Diagnostic.conversionTargetMissing(format: "fcm")] : []
            #expect(wire.context.diagnostics == reference.context.diagnostics + notice, "\(name)")
            let adapter = FCMAdapter()
            #expect(
                adapter.declaredPart(of: n, renderedWith: wire.context)
                    == adapter.declaredPart(of: n, renderedWith: reference.context), "\(name)")
            // What the writer takes, FCM's rules find nothing in (no target is a run notice, not a finding).
            let payload = try JSONParser().parse(reference.bytes ?? [])
            let findings = FCMChecks.check(payload).filter { n.target != nil || $0.code != .fcmTargetCount }
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
}

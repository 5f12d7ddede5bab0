@testable import FCMAdapter
import PushCore
import Testing

/// ``FCMAdapter/carriedPart(of:options:)`` clears in place what removing ``FCMAdapter/notCarried`` (Android's
/// unsupported fields, a token list) removes: the same declared part, so the same declared losses.
@Suite("fcm carried part")
struct FCMCarriedPartTests {
    /// An Android part with every field set.
    static var everyAndroidField: PushNotification.Android {
        var android = PushNotification.Android()
        android.title = "t"
        android.body = "b"
        android.titleLocKey = "tk"
        android.titleLocArgs = ["ta"]
        android.bodyLocKey = "bk"
        android.bodyLocArgs = ["ba"]
        android.image = "https://example.com/i.png"
        android.sound = "s"
        android.icon = "ic"
        android.imageIcon = "https://example.com/large.png"
        android.smallImageIcon = "https://example.com/small.png"
        android.color = "#ffffff"
        android.tag = "tag"
        android.clickAction = "OPEN"
        android.url = "https://example.com"
        android.deepLink = "app://x"
        android.channelID = "c"
        android.notificationCount = 3
        android.visibility = "PUBLIC"
        android.notificationPriority = "PRIORITY_HIGH"
        android.priority = "high"
        android.ttl = "60s"
        android.collapseKey = "k"
        android.restrictedPackageName = "com.example"
        android.directBootOK = true
        android.silent = true
        android.data = JSONObject(uniqueKeysWithValues: [("k", .string("v"))])
        return android
    }

    /// An Android part holding only what FCM v1 has no place for.
    static var onlyUnsupported: PushNotification.Android {
        var android = PushNotification.Android()
        android.url = "https://example.com"
        android.deepLink = "app://x"
        android.imageIcon = "https://example.com/large.png"
        android.smallImageIcon = "https://example.com/small.png"
        android.silent = false
        return android
    }

    static func target(token: String? = nil, topic: String? = nil, tokens: [String]? = nil) -> PushNotification.Target {
        var target = PushNotification.Target()
        target.token = token
        target.topic = topic
        target.tokens = tokens
        return target
    }

    static var notifications: [PushNotification] {
        var all = PushNotification()
        all.title = "shared"
        all.android = everyAndroidField
        all.target = target(token: "a", tokens: ["a", "b"])
        var unsupported = PushNotification()
        unsupported.body = "shared"
        unsupported.android = onlyUnsupported
        unsupported.target = target(tokens: ["a", "b"])
        var urlOnly = PushNotification()
        var android = PushNotification.Android()
        android.url = "https://example.com"
        android.title = "kept"
        urlOnly.android = android
        urlOnly.target = target(topic: "news")
        return [all, unsupported, urlOnly, PushNotification()]
    }

    @Test(arguments: notifications)
    func clearsWhatRemovingNotCarriedRemoves(_ n: PushNotification) {
        let adapter = FCMAdapter()
        let reference = n.keeping(adapter.descriptor.carriedFields).removing(FCMAdapter.notCarried)
        #expect(adapter.carriedPart(of: n, options: FormatOptions()) == reference)
    }

    @Test func everyUnsupportedFieldIsCleared() {
        var android = Self.everyAndroidField
        FCMAdapter.clearUnsupported(&android)
        var n = PushNotification()
        n.android = Self.everyAndroidField
        #expect(android == n.removing(FCMAdapter.notCarried).android)
        #expect(android != Self.everyAndroidField)
    }
}

import FCMAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing
import WireTables

@Suite("fcm adapter")
struct FCMAdapterTests {
    let adapter = FCMAdapter()

    @Test func bothSpellingsAreRead() throws {
        let snake = try JSONValue(
            parsing: #"{"topic":"t","android":{"collapse_key":"k","notification":{"channel_id":"c"}}}"#)
        let camel = try JSONValue(
            parsing: #"{"topic":"t","android":{"collapseKey":"k","notification":{"channelId":"c"}}}"#)
        var c1 = NormaliseContext()
        var c2 = NormaliseContext()
        let a = try #require(adapter.normalise(snake, context: &c1))
        let b = try #require(adapter.normalise(camel, context: &c2))
        #expect(a.android == b.android)
        #expect(a.android?.collapseKey == "k" && a.android?.channelID == "c")
        #expect(c1.diagnostics.isEmpty && c2.diagnostics.isEmpty)
    }

    @Test func camelSpellings() {
        #expect(FCMKeys.camel("channel_id") == "channelId")
        #expect(FCMKeys.camel("visibility") == "visibility")
        #expect(FCMKeys.camel("light_settings_x_") == "lightSettingsX")
        #expect(FCMKeys.camel("a__b") == "aB")
        #expect(FCMKeys.camel("notification_1") == "notification1")
        // Not ASCII: the `Character` path, upper-casing what follows an underscore.
        #expect(FCMKeys.camel("titre_élevé") == "titreÉlevé")
        #expect(FCMKeys.camel("default_vibrate_timings") == "defaultVibrateTimings")  // over 15 bytes
    }

    @Test func durations() {
        #expect(FCMChecksProbe.duration("3s") == 3)
        #expect(FCMChecksProbe.duration("3.000000001s") == 3)
        #expect(FCMChecksProbe.duration("10023.32s") == 10023)
        for bad in ["1.2.3s", "abcs", "10.abcs", "-1s", "1", "1.s", "1.0000000001s", ""] {
            #expect(FCMChecksProbe.duration(bad) == nil, "\(bad)")
        }
    }
}

/// Android's keys are declared once (`FCMAndroidWire`) and read and written by both FCM formats through those lines.
@Suite("fcm android tables")
struct FCMAndroidWireTests {
    @Test func eachAndroidFieldHasOneLineInTheV1Tables() {
        let lines = FCMAndroidWire.config.lines + FCMAndroidWire.notification.lines
        let names = lines.map { $0.key.name(.snakeCase) }
        #expect(Set(names).count == names.count)
        for field in PushNotification.TextField.allCases where field.isAndroid {
            let holding = lines.filter { line in
                if case .text(field) = line.value { return true }
                return false
            }
            #expect(holding.count == 1, "\(field)")
        }
    }

    @Test func theLegacyNotificationUsesTheSharedLinesWithItsChannelSpelling() {
        let legacy = FCMAndroidWire.legacyNotification.map { $0.key.name(.snakeCase) }
        #expect(legacy == ["icon", "color", "tag", "click_action", "android_channel_id"])
    }

    @Test func bothFormatsReadAndWriteAndroidsKeysThroughTheTables() throws {
        let v1 = try JSONValue(
            parsing: #"{"topic":"t","android":{"notification":{"clickAction":"OPEN","icon":"ic","tag":"x"}}}"#)
        var context = NormaliseContext()
        let fromV1 = try #require(FCMAdapter().normalise(v1, context: &context))
        let legacy = try JSONValue(
            parsing: #"{"to":"/topics/t","notification":{"click_action":"OPEN","icon":"ic","tag":"x"}}"#)
        let fromLegacy = try #require(FCMLegacyAdapter().normalise(legacy, context: &context))
        #expect(fromV1.android?.clickAction == "OPEN" && fromV1.android == fromLegacy.android)
        var render = RenderContext()
        let written = FCMLegacyAdapter().render(fromV1, context: &render)
        #expect(written["notification"] == ["icon": "ic", "tag": "x", "click_action": "OPEN"])
    }

    @Test func lossesComeFromTheDeclaration() {
        var n = PushNotification()
        n.android = PushNotification.Android()
        n.android?.deepLink = "app://x"
        n.android?.visibility = "PUBLIC"
        var v1 = RenderContext()
        _ = FCMAdapter().render(n, context: &v1)
        #expect(Set(v1.lossReasons.keys) == [JSONPointer(tokens: ["android", "deepLink"])])
        var legacy = RenderContext()
        _ = FCMLegacyAdapter().render(n, context: &legacy)
        #expect(
            Set(legacy.lossReasons.keys)
                == [JSONPointer(tokens: ["android", "deepLink"]), JSONPointer(tokens: ["android", "visibility"])])
    }
}

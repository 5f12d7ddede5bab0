@testable import FCMAdapter
import JSONCodec
import PushCore
import Testing
import WireTables

/// Android's lines read and written on the part itself (`WireScalar+Android.swift`) give what they give through a
/// notification holding the part: the same bytes, the same part, findings and provenance. And the shortcuts that
/// skip work when a part holds nothing FCM lacks, or when the wire engine takes custom data from the document, change
/// nothing else.
@Suite("fcm android part")
struct FCMAndroidPartTests {
    /// Every scalar line of `android` and `android.notification`.
    static let scalars: [WireScalar] =
        (FCMAndroidWire.config.lines + FCMAndroidWire.notification.lines).compactMap(\.scalar)

    static func holding(_ android: PushNotification.Android) -> PushNotification {
        var n = PushNotification()
        n.setAndroid(android)
        return n
    }

    @Test(arguments: [FCMCarriedPartTests.everyAndroidField, FCMCarriedPartTests.onlyUnsupported, .init()])
    func eachLineWritesWhatItWritesThroughTheNotification(_ android: PushNotification.Android) {
        let n = Self.holding(android)
        for scalar in Self.scalars {
            var direct = JSONValueOutput()
            direct.beginObject()
            let wrote = scalar.write(android, spelling: .snakeCase, to: &direct)
            direct.endObject()
            var through = JSONValueOutput()
            through.beginObject()
            let reference = scalar.write(n, spelling: .snakeCase, to: &through)
            through.endObject()
            #expect(wrote == reference, "\(scalar.key)")
            #expect(direct.result == through.result, "\(scalar.key)")
            #expect(scalar.isHeld(by: android) == scalar.isHeld(by: n), "\(scalar.key)")
        }
    }

    @Test func eachLineReadsWhatItReadsIntoTheNotification() throws {
        // Values of the right type for most lines, the wrong type for some (reported and kept as they were).
        let object = try JSONValue(
            parsing: #"""
                {"title":"t","body":7,"icon":"ic","color":"#fff","sound":"s","tag":"x","click_action":"OPEN",
                 "body_loc_key":"bk","body_loc_args":["a","b"],"title_loc_key":"tk","title_loc_args":[1],
                 "channel_id":"c","notification_priority":"PRIORITY_HIGH","visibility":"PUBLIC",
                 "notification_count":3,"image":"https://example.com/i.png","collapse_key":"k","priority":"high",
                 "ttl":60,"restricted_package_name":"com.example","direct_boot_ok":true}
                """#)
        let source = JSONValueSource()
        var viaPart = PushNotification.Android()
        var viaNotification = PushNotification()
        var partContext = NormaliseContext()
        var notificationContext = NormaliseContext()
        var partObject = WireSpeltObject(source, object, at: .root, duplicate: .fcmKeyDuplicate)
        var notificationObject = WireSpeltObject(source, object, at: .root, duplicate: .fcmKeyDuplicate)
        for scalar in Self.scalars {
            let taken = partObject.read(scalar, codes: .generic, into: &viaPart, context: &partContext)
            let reference = notificationObject.read(
                scalar, codes: .generic, into: &viaNotification, context: &notificationContext)
            #expect(taken == reference, "\(scalar.key)")
        }
        #expect(viaPart == viaNotification.androidPart)
        #expect(viaPart.title == "t" && viaPart.notificationCount == 3 && viaPart.directBootOK == true)
        #expect(partContext.diagnostics == notificationContext.diagnostics)
        #expect(partContext.diagnostics.count == 3)
        #expect(partContext.provenance == notificationContext.provenance)
        #expect(partObject.restObject == notificationObject.restObject)
    }

    @Test(arguments: [FCMCarriedPartTests.everyAndroidField, FCMCarriedPartTests.onlyUnsupported, .init()])
    func holdsUnsupportedSaysWhetherClearingChangesThePart(_ android: PushNotification.Android) {
        var cleared = android
        FCMAdapter.clearUnsupported(&cleared)
        #expect(FCMAdapter.holdsUnsupported(android) == (cleared != android))
        // What `explain` would find to explain.
        let present = android.canonicalObject
        #expect(
            FCMAdapter.holdsUnsupported(android)
                == FCMAndroidWire.unsupported.contains { present[$0.field] != nil })
    }

    @Test func aReadWithoutCustomDataKeepsEverythingButTheDataValues() throws {
        let message = try JSONValue(
            parsing: #"""
                {"message":{"token":"t","notification":{"title":"hi"},"data":{"a":"1","b":"2"},
                 "apns":{"payload":{"aps":{"badge":1},"c":{"deep":true}}},"android":{"priority":"high"}}}
                """#)
        var full = NormaliseContext()
        let withData = try #require(
            FCMMessageReader.read(JSONValueSource(), message, format: "fcm", context: &full))
        var keysOnly = NormaliseContext()
        let withoutData = try #require(
            FCMMessageReader.read(JSONValueSource(), message, format: "fcm", context: &keysOnly, customData: false))
        #expect(withData.data.keys == ["c", "a", "b"])
        #expect(withoutData.data.isEmpty)
        var expected = withData
        expected.data = JSONObject()
        #expect(withoutData == expected)
        #expect(keysOnly.diagnostics == full.diagnostics)
    }
}

import JSONCodec
import PushCore
import PushNormaliser
import Testing

/// Issue 25, "losses a person can see", at the facade: a video or audio URL is not written into FCM's image fields
/// but declared lost with its reason, and a notification without a target converted to FCM gets one info notice at
/// `/target` (outside the findings located in the input), never the `core.conversion.invalid-output` warning.
@Suite struct VisibleLossTests {
    let normaliser = Normaliser()

    static func pinpoint(_ url: String) -> JSONValue {
        ["APNSMessage": ["Title": "Raid", "Body": "Join", "MediaUrl": .string(url)]]
    }

    @Test(
        "a video or audio URL into FCM's notification.image is a declared loss",
        arguments: [("fcm", "notification.image"), ("fcm-legacy", "legacy notification.image")])
    func videoIntoFCMImage(_ target: String, _ field: String) throws {
        for (url, kind) in [("https://e.com/raid.mp4", "video"), ("https://e.com/theme.mp3", "audio")] {
            let result = try normaliser.convert(Self.pinpoint(url), from: "pinpoint-message", to: target)
            #expect(!result.payload.compactText.contains(url), "\(target): \(result.payload.compactText)")
            let lost = try #require(result.lost.first { $0.path == JSONPointer(tokens: ["media"]) })
            #expect(lost.reason == "FCM's \(field) shows only images: a \(kind) URL would be a broken picture")
        }
        // An image (or a URL of unknown kind) is still written there, with no loss.
        for url in ["https://e.com/raid.png", "https://e.com/raid"] {
            let image = try normaliser.convert(Self.pinpoint(url), from: "pinpoint-message", to: target)
            #expect(image.payload.compactText.contains(url))
            #expect(!image.lost.contains { $0.path == JSONPointer(tokens: ["media"]) })
        }
    }

    @Test func aVideoURLIntoAndroidsImageIsADeclaredLoss() throws {
        var notification = PushNotification()
        notification.title = "Raid"
        var android = PushNotification.Android()
        android.image = "https://e.com/clip.mp4"
        notification.android = android
        let result = try normaliser.render(notification, format: "fcm")
        #expect(!result.payload.compactText.contains("clip.mp4"))
        #expect(result.lost.map(\.path) == [JSONPointer(tokens: ["android", "image"])])
        #expect(result.lost.first?.reason.contains("android.notification.image shows only images") == true)
    }

    @Test func anFCMMessageWithAVideoImageKeepsItWhenConvertedToItself() throws {
        let message: JSONValue = [
            "message": ["token": "t", "notification": ["title": "x", "image": "https://e.com/raid.mp4"]]
        ]
        let result = try normaliser.convert(message, from: "fcm", to: "fcm")
        #expect(result.payload.compactText.contains("raid.mp4"))
        #expect(result.lost.isEmpty)
    }

    @Test("no target: one info notice at /target, not an invalid-output warning", arguments: ["fcm", "fcm-legacy"])
    func missingTargetIsANotice(_ target: String) throws {
        let payload: JSONValue = ["aps": ["alert": "hi"]]
        let converted = try normaliser.convert(payload, from: "apns", to: target)
        #expect(!converted.diagnostics.contains { $0.code == .conversionInvalidOutput })
        #expect(!converted.diagnostics.contains { $0.code == .conversionTargetMissing })
        #expect(converted.notices.count == 1)
        let notice = try #require(converted.notices.first)
        #expect(notice.severity == .info)
        #expect(notice.code == .conversionTargetMissing)
        #expect(notice.path == JSONPointer(tokens: ["target"]))
        #expect(!notice.path.description.isEmpty)

        let validated = normaliser.validate(payload, format: "apns", target: target)
        #expect(validated.valid)
        #expect(validated.notices.map(\.code) == [.conversionTargetMissing])
        #expect(!validated.diagnostics.contains { $0.code == .conversionInvalidOutput })

        // With a target there is no notice; two targets are still the invalid-output warning.
        let withToken = try normaliser.convert(
            ["message": ["token": "t", "notification": ["title": "x"]]], from: "fcm", to: target)
        #expect(withToken.notices.isEmpty)
    }

    @Test func aBatchCarriesTheNoticeApartFromTheFindings() {
        let converter = BatchConverter(operation: .convert(from: "apns", to: "fcm", strict: false), jobs: 2)
        let records = (1...40).map {
            RecordSplitter.Record(bytes: Array(#"{"aps":{"alert":"hi"}}"#.utf8), line: $0, index: $0)
        }
        let outcomes = converter.process(records)
        #expect(outcomes.allSatisfy { $0.notices.map(\.code) == [.conversionTargetMissing] })
        #expect(outcomes.allSatisfy { $0.diagnostics.isEmpty })
    }

    /// ADM takes 6 KB of data; the APNs family, SNS and Pinpoint are read under Apple's 4096 bytes. A rendering that
    /// converting back would refuse is announced, whether the format is delivered (its own size) or a send form (the
    /// size of its APNs rendering); one that fits is not.
    @Test(
        "ADM's large data into a format read under Apple's limit is announced",
        arguments: ["apns", "hive", "amazon", "sns", "pinpoint"])
    func overApplesLimitIsAnnounced(_ target: String) throws {
        let large: JSONValue = ["data": ["k": .string(String(repeating: "x", count: 5000))]]
        let converted = try normaliser.convert(large, from: "adm", to: target)
        #expect(converted.diagnostics.contains { $0.code == .conversionInvalidOutput })
        // Converting it back is refused: Apple's size rule is an error on reading it.
        #expect(throws: NormalisationFailure.self) {
            try normaliser.convert(converted.payload, from: target, to: "adm")
        }

        let small: JSONValue = ["data": ["k": "x"]]
        let fits = try normaliser.convert(small, from: "adm", to: target)
        #expect(!fits.diagnostics.contains { $0.code == .conversionInvalidOutput })
    }

    /// What the format does not carry is a declared loss, not part of what Apple's rules would refuse: a Pinpoint
    /// SendMessages request carries no ADM data key (only `Data` and `RawContent`), so it is not announced.
    @Test func aLostLargeValueIsNotAnnounced() throws {
        let large: JSONValue = ["data": ["k": .string(String(repeating: "x", count: 5000))]]
        let converted = try normaliser.convert(large, from: "adm", to: "pinpoint-message")
        #expect(converted.lost.map(\.path) == [JSONPointer(tokens: ["data", "k"])])
        #expect(!converted.diagnostics.contains { $0.code == .conversionInvalidOutput })
    }
}

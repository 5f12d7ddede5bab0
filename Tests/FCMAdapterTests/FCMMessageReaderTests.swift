@testable import FCMAdapter
import JSONCodec
import PushCore
import Testing
import WireTables

/// The ways of calling FCM's message reader give one notification: read into a caller's notification or returned,
/// without locations first (starting over from an empty notification when that read gives up) or with them, with
/// or without layout memory (which only empties `extensions.fcm.layout`).
@Suite("fcm message reader")
struct FCMMessageReaderTests {
    /// A message naming every part the reader reads: a request, the shared notification, APNs headers, payload and
    /// options, Android's config and notification, data in both places, and keys it keeps.
    static let message = #"""
        {"validate_only":true,"message":{"token":"t","name":"n","notification":{"title":"shared","body":"b",
         "image":"https://example.com/s.png","extra":1},
         "apns":{"headers":{"apns-priority":"10","x-other":"o"},"payload":{"aps":{"alert":{"title":"ios"},
         "sound":"default"},"k":"apns"},"fcm_options":{"image":"https://example.com/i.png","analytics_label":"l"}},
         "android":{"priority":"HIGH","ttl":"60s","notification":{"title":"droid","icon":"ic","ticker":"tk",
         "sound":"s"},"fcm_options":{"analytics_label":"a"}},"data":{"k":"message","d":"x"}}}
        """#

    /// The same message with keys in their lowerCamelCase spelling: a read without locations gives up at them and
    /// starts over.
    static let camelMessage = #"""
        {"message":{"token":"t","notification":{"title":"shared"},"apns":{"fcmOptions":{"image":"https://e.com/i"}},
         "android":{"collapseKey":"c","notification":{"clickAction":"OPEN","title":"droid"}},"data":{"k":"v"}}}
        """#

    static func read(
        _ text: String, provenance: Bool, layoutMemory: Bool = true, customData: Bool = true, filling: Bool
    ) throws -> (PushNotification?, [Diagnostic]) {
        let json = try JSONValue(parsing: text)
        var context = NormaliseContext()
        context.recordsProvenance = provenance
        if filling {
            var n = PushNotification()
            let read = FCMMessageReader.read(
                JSONValueSource(), json, format: "fcm", context: &context, customData: customData,
                layoutMemory: layoutMemory, into: &n)
            return (read ? n : nil, context.diagnostics)
        }
        let n = FCMMessageReader.read(
            JSONValueSource(), json, format: "fcm", context: &context, customData: customData,
            layoutMemory: layoutMemory)
        return (n, context.diagnostics)
    }

    @Test(arguments: [message, camelMessage])
    func readIntoACallersNotificationIsTheNotificationReturned(_ text: String) throws {
        let (returned, returnedFindings) = try Self.read(text, provenance: false, filling: false)
        let (filled, filledFindings) = try Self.read(text, provenance: false, filling: true)
        let (located, locatedFindings) = try Self.read(text, provenance: true, filling: true)
        #expect(returned != nil)
        #expect(filled == returned && located == returned)
        #expect(filledFindings == returnedFindings && locatedFindings == returnedFindings)
    }

    /// An APNs header's integer is read only when it is spelt as the integer is written (else it is kept as text).
    @Test func anIntegerIsCanonicalOnlyAsItIsWritten() {
        for (text, value) in [
            ("0", 0), ("7", 7), ("10", 10), ("-3", -3), ("9223372036854775807", Int64.max),
            ("-9223372036854775808", Int64.min),
        ] as [(String, Int64)] {
            #expect(FCMMessageReader.canonicalInteger(text) == value, "\(text)")
        }
        for text in ["", "-", "+5", "05", "00", "-0", "-05", " 5", "5 ", "1e3", "9223372036854775808", "x"] {
            #expect(FCMMessageReader.canonicalInteger(text) == nil, "\(text)")
        }
    }

    @Test func aCamelCaseKeyIsRememberedAfterTheReadStartsOver() throws {
        let (n, _) = try Self.read(Self.camelMessage, provenance: false, filling: true)
        let layout = n.flatMap { FCMLayout($0) }
        #expect(
            layout?.camel == [
                "/apns/fcmOptions", "/android/notification/clickAction", "/android/collapseKey",
            ])
        #expect(n?.android?.clickAction == "OPEN" && n?.android?.collapseKey == "c")
    }

    @Test(arguments: [message, camelMessage], [true, false])
    func withoutLayoutMemoryOnlyTheLayoutIsEmpty(_ text: String, customData: Bool) throws {
        let (with, withFindings) = try Self.read(text, provenance: false, customData: customData, filling: true)
        let (without, withoutFindings) = try Self.read(
            text, provenance: false, layoutMemory: false, customData: customData, filling: true)
        #expect(withoutFindings == withFindings)
        #expect(without?.extensionObject(FCMKeys.namespace)[FCMKeys.Extension.layout] == .object(JSONObject()))
        var expected = with
        var fcm = expected?.extensionObject(FCMKeys.namespace) ?? JSONObject()
        fcm[FCMKeys.Extension.layout] = .object(JSONObject())
        expected?.setExtension(FCMKeys.namespace, fcm)
        #expect(without == expected)
        #expect(with.flatMap { FCMLayout($0) } != nil)
    }

    /// Android's title is its own when its bytes differ from what iOS shows, even where the two are canonically
    /// equivalent (NFC and NFD spellings): so it is written back as it came. The same bytes are inherited.
    @Test(arguments: [false, true])
    func androidsTitleIsItsOwnWhenItsBytesDiffer(_ sameBytes: Bool) throws {
        let ios = "Caf\u{E9} tonight, a title long enough"
        let android = sameBytes ? ios : "Cafe\u{301} tonight, a title long enough"
        let text =
            #"{"token":"t","notification":{"title":"\#(ios)"},"android":{"notification":{"title":"\#(android)"}}}"#
        for filling in [false, true] {
            let (n, findings) = try Self.read(text, provenance: false, filling: filling)
            #expect(findings.isEmpty)
            #expect(n?.title == ios)
            #expect(n?.android?.title.map { Array($0.utf8) } == (sameBytes ? nil : Array(android.utf8)))
        }
    }

    @Test func withoutCustomDataTheLayoutStillNamesTheDataKeys() throws {
        let (with, _) = try Self.read(Self.message, provenance: false, filling: true)
        let (without, _) = try Self.read(Self.message, provenance: false, customData: false, filling: true)
        let layout = with.flatMap { FCMLayout($0) }
        #expect(layout?.dataApns == ["k"] && layout?.dataMessage == ["k", "d"])
        #expect(without.flatMap { FCMLayout($0) } == layout)
        #expect(without?.data.isEmpty == true && with?.data.isEmpty == false)
        #expect(layout?.prioritySpelling == "HIGH" && with?.android?.priority == "high")
    }
}

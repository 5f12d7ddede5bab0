import APNsAdapter
import JSONCodec
import PushCore
import Testing
import WireTables

/// The `aps` writer passes over a line whose field the notification does not hold by one presence mask
/// (`APNsWire.WriteFields`): every line must still be written when its field is held, and `renderedSize` counts
/// exactly what the writer writes.
@Suite("APNs aps writer")
struct APNsWriteTests {
    /// `{"aps":…}` for `n`, as the conversion path writes it.
    static func written(_ n: PushNotification) -> String {
        var bytes: [UInt8] = []
        CompactOutput.appending(to: &bytes) { out in
            out.beginObject()
            APNsWire.writeAps(n, to: &out)
            out.endObject()
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A notification holding only the field of `scalar`.
    static func holding(_ scalar: WireScalar) -> PushNotification {
        var n = PushNotification()
        switch scalar.field {
        case .text(let field): n[text: field] = "x"
        case .integer(let field): n[integer: field] = 2
        case .number(let field): n[number: field] = 0.5
        case .flag(let field), .bool(let field): n[flag: field] = true
        case .value(let field): n[value: field] = .integer(7)
        case .strings(let field): n[strings: field] = ["a"]
        }
        return n
    }

    @Test("every scalar line of aps and alert is written when its field alone is held")
    func everyHeldLineIsWritten() {
        for line in APNsWire.aps + APNsWire.alert {
            guard let scalar = line.scalar else { continue }
            let n = Self.holding(scalar)
            let text = Self.written(n)
            // A body alone is the alert's string form.
            let key = line.name == "body" ? "alert" : line.name
            #expect(text.contains("\"\(key)\":"), "\(line.name): \(text)")
            #expect(APNsRules.renderedSize(n) == text.utf8.count, "\(line.name)")
        }
    }

    @Test("the alert: a body alone is a string, with another field a dictionary, kept keys alone still written")
    func alertShapes() {
        var n = PushNotification()
        n.body = "b"
        #expect(Self.written(n) == #"{"aps":{"alert":"b"}}"#)
        n.title = "t"
        #expect(Self.written(n) == #"{"aps":{"alert":{"title":"t","body":"b"}}}"#)

        var kept = PushNotification()
        kept.extensions = JSONObject(uniqueKeysWithValues: [
            (
                "apns",
                .object(
                    JSONObject(uniqueKeysWithValues: [
                        ("alert", .object(JSONObject(uniqueKeysWithValues: [("x", .integer(1))])))
                    ]))
            )
        ])
        #expect(Self.written(kept) == #"{"aps":{"alert":{"x":1}}}"#)
        #expect(APNsWire.apsHasContent(kept))
    }

    @Test("the sound, and nothing but the kept aps when no field is held")
    func soundAndEmpty() {
        var n = PushNotification()
        #expect(Self.written(n) == #"{"aps":{}}"#)
        #expect(!APNsWire.apsHasContent(n))
        #expect(APNsWire.apsShape(n) == .object)
        n.sound = PushNotification.Sound(name: "s", volume: 0.5)
        #expect(Self.written(n) == #"{"aps":{"sound":{"name":"s","volume":0.5}}}"#)
        #expect(APNsRules.renderedSize(n) == Self.written(n).utf8.count)
        #expect(APNsWire.apsHasContent(n))
    }

    @Test("the writer handed the presence mask writes what it works out itself")
    func presentMaskHandedOn() {
        var n = PushNotification()
        n.title = "t"
        n.body = "b"
        n.badge = 3
        let present = n.presentFields
        #expect(APNsWire.apsHasContent(n, present: present) == APNsWire.apsHasContent(n))
        var bytes: [UInt8] = []
        CompactOutput.appending(to: &bytes) { out in
            out.beginObject()
            APNsWire.writeAps(n, present: present, to: &out)
            out.endObject()
        }
        #expect(String(decoding: bytes, as: UTF8.self) == Self.written(n))
        #expect(Self.written(n) == #"{"aps":{"alert":{"title":"t","body":"b"},"badge":3}}"#)
    }
}

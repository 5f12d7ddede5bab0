import AmazonAdapter
import JSONCodec
import PushCore
import Testing
import WireTables

/// SNS's wire read (`SNSAdapter.withWireRead`) against its adapter: the media finding located at the platform key,
/// custom data rebuilt without the media key, and the memory `extensions.amazon` holds.
@Suite("sns: the wire read")
struct SNSWireReadTests {
    /// What one wire read lent: its findings, custom data (each member written compactly) and model.
    struct Lent {
        var diagnostics: [Diagnostic] = []
        var data: [(key: String, value: String)] = []
        var model = PushNotification()
    }

    /// Reads `json` with the wire read; nil when it declines (the adapter's work).
    static func wireRead(_ json: String, options: FormatOptions = FormatOptions()) -> Lent? {
        var lent: Lent?
        let bytes = Array(json.utf8)
        _ = bytes.withUnsafeBufferPointer { buffer in
            JSONParser().withBorrowedDocument(buffer) { document in
                _ = SNSAdapter().withWireRead(document, root: document.root, options: options) { wire in
                    var read = Lent(diagnostics: wire.diagnostics, model: wire.model)
                    for member in wire.data {
                        var value: [UInt8] = []
                        wire.document.writeCompact(member.value, into: &value)
                        read.data.append(
                            (wire.document.keyString(member.key), String(decoding: value, as: UTF8.self)))
                    }
                    lent = read
                }
            }
        }
        return lent
    }

    /// The adapter's reading of `json`, with its findings.
    static func adapterRead(_ json: String, options: FormatOptions = FormatOptions()) throws -> (
        PushNotification, [Diagnostic]
    ) {
        var context = NormaliseContext(options: options)
        let n = try #require(SNSAdapter().normalise(JSONParser().parse(json), context: &context))
        return (n, context.diagnostics)
    }

    @Test func theMediaFindingIsLocatedAtThePlatformKeyWithItsPlaceInside() throws {
        let json = #"{"default":"d","APNS":"{\"aps\":{\"alert\":\"x\"},\"attachment-url\":\"https://x/y.png\"}"}"#
        let lent = try #require(Self.wireRead(json))
        let (_, diagnostics) = try Self.adapterRead(json)
        let found = try #require(lent.diagnostics.first)
        #expect(lent.diagnostics.count == 1)
        #expect(found.code == .amazonMediaFound && found.path.description == "/APNS")
        #expect(found.message.hasPrefix("in `APNS` at /attachment-url: "))
        #expect(lent.diagnostics.map(\.message) == diagnostics.filter { $0.code == .amazonMediaFound }.map(\.message))
    }

    @Test func customDataLeavesTheMediaKeyOutOfItsDataMember() throws {
        let kept = try #require(
            Self.wireRead(
                #"{"default":"d","APNS":"{\"aps\":{},\"k\":\"v\",\"data\":{\"n\":1,\"attachment-url\":\"https://x/y.gif\",\"m\":[\"s\"]},\"z\":null}"}"#
            ))
        #expect(kept.data.map(\.key) == ["k", "data", "z"])
        #expect(kept.data.map(\.value) == [#""v""#, #"{"n":1,"m":["s"]}"#, "null"])
        // Only the media key in `data`: the member goes.
        let emptied = try #require(
            Self.wireRead(
                #"{"default":"d","APNS":"{\"aps\":{},\"data\":{\"attachment-url\":\"https://x/y.gif\"},\"k\":2}"}"#))
        #expect(emptied.data.map(\.key) == ["k"])
        #expect(emptied.data.map(\.value) == ["2"])
    }

    @Test func aVoIPKeyWithAGCMMessageRemembersWhatTheAdapterDoes() throws {
        var options = FormatOptions()
        options.snsPlatform = "APNS_VOIP"
        let json =
            #"{"default":"d","APNS_VOIP":"{\"aps\":{\"alert\":\"x\"},\"s\":\"1\"}","GCM":"{\"fcmV1Message\":{\"message\":{\"notification\":{\"title\":\"A\"},\"android\":{\"priority\":\"high\"}}}}"}"#
        let lent = try #require(Self.wireRead(json, options: options))
        let (n, _) = try Self.adapterRead(json, options: options)
        #expect(lent.model.delivery?.pushType == "voip")
        #expect(lent.model.extensionObject("amazon").keys == ["snsGCM", "snsPlatform", "sns"])
        #expect(lent.model.extensions["amazon"] == n.extensions["amazon"])
        #expect(lent.model.extensions["fcm"] == n.extensions["fcm"])
        #expect(lent.model.android == n.android)
    }
}

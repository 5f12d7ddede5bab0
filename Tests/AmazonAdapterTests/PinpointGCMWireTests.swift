import AmazonAdapter
import JSONCodec
import PushCore
import Testing
import WireTables

/// The GCMMessage as a wire table (`PinpointGCMWire`): its lines are declared once, the reading and the writing
/// orders hold the same lines, and what `pinpoint-gcm` carries comes from them.
@Suite("pinpoint-gcm: the GCMMessage table")
struct PinpointGCMWireTests {
    /// The keys a GCMMessage defines that no line reads: kept verbatim in the memory's `fields`.
    static let keptVerbatim: Set<String> = ["PreferredAuthenticationMethod", "RawContent", "Substitutions"]

    @Test func everyGCMMessageKeyIsALineOrKeptVerbatim() {
        let lines = Set(PinpointGCMWire.direct.lines.map(\.name))
        #expect(lines.union(Self.keptVerbatim) == PinpointGCMMessage.directKeys)
        #expect(lines.isDisjoint(with: Self.keptVerbatim))
    }

    @Test func theCampaignTableSpellsTheSmallIconItsOwnWay() {
        let direct = PinpointGCMWire.direct.lines.map(\.name)
        let campaign = PinpointGCMWire.campaign.lines.map(\.name)
        #expect(campaign.contains("ImageSmallIconUrl") && !campaign.contains("SmallImageIconUrl"))
        #expect(direct.contains("SmallImageIconUrl") && !direct.contains("ImageSmallIconUrl"))
        #expect(PinpointGCMMessage.campaignKeys.contains("ImageSmallIconUrl"))
    }

    /// The tables of each shape, reading order then writing order.
    static let tables: [String: (WireTable<PinpointGCMWire.Hook>, WireTable<PinpointGCMWire.Hook>)] = [
        "GCMMessage": (PinpointGCMWire.direct, PinpointGCMWire.directWriting),
        "campaign Message": (PinpointGCMWire.campaign, PinpointGCMWire.campaignWriting),
    ]

    @Test(arguments: ["GCMMessage", "campaign Message"])
    func readingAndWritingHoldTheSameLines(_ shape: String) throws {
        let (reading, writing) = try #require(Self.tables[shape])
        #expect(reading.lines.map(\.name).sorted() == writing.lines.map(\.name).sorted())
        #expect(reading.lines.count == Set(reading.lines.map(\.name)).count)
        #expect(reading.unmodelled == writing.unmodelled)
    }

    @Test func whatTheFormatCarriesComesFromTheTable() {
        #expect(
            PinpointGCMAdapter().descriptor.carries
                == ["title", "body", "sound", "media", "data", "android", "extensions.amazon.pinpointGCM"])
        #expect(PinpointGCMWire.carries == PinpointGCMAdapter().descriptor.carries)
    }

    /// Every line read from a bare GCMMessage whose content differs from nothing shared, then written back in AWS's
    /// order: the same object, key for key.
    @Test func everyLineReadsAndWritesBack() throws {
        let input: JSONValue = [
            "Title": "t", "Body": "b", "ImageUrl": "https://example.com/i.png", "Sound": "chime",
            "Data": ["k": "v"], "CollapseKey": "c", "IconReference": "ic", "ImageIconUrl": "https://example.com/l.png",
            "SmallImageIconUrl": "https://example.com/s.png", "RestrictedPackageName": "com.example",
            "Priority": "high", "SilentPush": true, "TimeToLive": 60, "Action": "DEEP_LINK",
            "Url": "app://x",
        ]
        var context = NormaliseContext()
        let n = try #require(PinpointGCMAdapter().normalise(input, context: &context))
        #expect(context.diagnostics.isEmpty)
        let android = try #require(n.android)
        #expect(android.title == "t" && android.body == "b" && android.image == "https://example.com/i.png")
        #expect(android.sound == "chime" && android.data.map(JSONValue.object) == ["k": "v"])
        #expect(android.collapseKey == "c")
        #expect(android.icon == "ic" && android.smallImageIcon == "https://example.com/s.png")
        #expect(android.priority == "high" && android.silent == true && android.ttl == "60s")
        #expect(android.deepLink == "app://x" && android.restrictedPackageName == "com.example")
        #expect(n.extensionObject("amazon")["pinpointGCM"]?["fields"] == nil)
        var render = RenderContext()
        let rendered = PinpointGCMAdapter().render(n, context: &render)
        #expect(rendered.objectValue?.keys == PinpointGCMWire.directWriting.lines.map(\.name))
        #expect(rendered == input)
    }

    /// A content key that repeats the shared content is listed in `sameAsShared` and written back with it.
    @Test func aKeyRepeatingTheSharedContentIsWrittenBack() throws {
        let input: JSONValue = [
            "MessageConfiguration": [
                "GCMMessage": ["Title": "same", "Body": "own"],
                "DefaultPushNotificationMessage": ["Title": "same", "Body": "shared"],
            ]
        ]
        var context = NormaliseContext()
        let n = try #require(PinpointGCMAdapter().normalise(input, context: &context))
        #expect(n.title == "same" && n.body == "shared" && n.android?.body == "own" && n.android?.title == nil)
        #expect(n.extensionObject("amazon")["pinpointGCM"]?["sameAsShared"] == ["Title"])
        var render = RenderContext()
        let rendered = PinpointGCMAdapter().render(n, context: &render)
        #expect(rendered["MessageConfiguration"]?["GCMMessage"] == ["Body": "own", "Title": "same"])
    }
}

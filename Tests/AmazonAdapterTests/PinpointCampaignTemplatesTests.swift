import AmazonAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

/// A campaign whose push content is the template `TemplateConfiguration.PushTemplate` names
/// (`PinpointPushTemplates.swift`): looked up in the `pinpointTemplates` option by `Name/Version` or `Name`, read
/// as the campaign's content, written back naming it; without it, a located warning. Goldens:
/// `Fixtures/pinpoint-campaign/template-missing`, `template-supplied`.
@Suite("pinpoint-campaign: the push template a campaign names")
struct PinpointCampaignTemplatesTests: AdapterProbing {
    let adapter = PinpointCampaignAdapter()

    static let campaign = #"""
        {"Name":"sale","SegmentId":"s","Schedule":{"StartTime":"IMMEDIATE"},"TemplateConfiguration":{"PushTemplate":{"Name":"sale-template","Version":"3"}}}
        """#

    /// A `get-push-template` output of `sale-template` in `version`, its APNS title `title`.
    static func template(_ title: String, version: String = "3") -> JSONValue {
        [
            "PushNotificationTemplateResponse": [
                "TemplateName": "sale-template", "TemplateType": "PUSH", "Version": .string(version),
                "CreationDate": "2025-01-01T00:00:00.000Z", "LastModifiedDate": "2025-01-01T00:00:00.000Z",
                "APNS": ["Title": .string(title), "Body": "30% off", "Sound": "bell"],
                "GCM": ["Title": .string(title), "Body": "30% off on Android"],
            ]
        ]
    }

    func read(_ text: String, templates: JSONValue?) throws -> (PushNotification, [Diagnostic], FormatOptions) {
        var options = FormatOptions()
        options.pinpointTemplates = templates?.objectValue
        var context = NormaliseContext(options: options)
        let n = try #require(adapter.normalise(try JSONValue(parsing: text), context: &context))
        return (n, context.diagnostics, options)
    }

    @Test func withoutTheTemplateTheCampaignSaysWhereItsContentIs() throws {
        let (n, diagnostics, _) = try read(Self.campaign, templates: nil)
        #expect(codes(diagnostics) == ["pinpoint-campaign.template.missing /TemplateConfiguration/PushTemplate"])
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.message.contains("`sale-template` version 3") == true)
        #expect(n.title == nil && n.body == nil)
    }

    @Test func theTemplateGivenByNameAndVersionIsTheContent() throws {
        let (n, diagnostics, options) = try read(Self.campaign, templates: ["sale-template/3": Self.template("Sale")])
        #expect(codes(diagnostics) == ["pinpoint-campaign.template.read /TemplateConfiguration/PushTemplate"])
        #expect(n.title == "Sale" && n.body == "30% off" && n.sound?.name == "bell")
        #expect(n.android?.body == "30% off on Android")
        #expect(n.extensionObject("amazon")["pinpointTemplate"] == nil, "the template's memory is not the campaign's")
        // Written back as it was, naming the template; nothing lost.
        var context = RenderContext(options: options)
        #expect(adapter.render(n, context: &context) == (try JSONValue(parsing: Self.campaign)))
        #expect(adapter.carriedPart(of: n, options: options) == n)
    }

    @Test func aTemplateGivenByNameMustBeTheVersionTheCampaignSends() throws {
        let (n, _, _) = try read(Self.campaign, templates: ["sale-template": Self.template("Sale", version: "3")])
        #expect(n.title == "Sale")
        let (other, diagnostics, _) = try read(
            Self.campaign, templates: ["sale-template": Self.template("Old", version: "2")])
        #expect(other.title == nil)
        #expect(codes(diagnostics) == ["pinpoint-campaign.template.missing /TemplateConfiguration/PushTemplate"])
        #expect(diagnostics.first?.message.contains("is version 2") == true)
        let (_, notObject, _) = try read(Self.campaign, templates: ["sale-template/3": "nope"])
        #expect(notObject.first?.message.contains("must be a JSON object") == true)
    }

    @Test func theTemplatesFindingsAreLocatedAtPushTemplate() throws {
        let broken: JSONValue = ["APNS": ["Title": 7], "TemplateName": "sale-template"]
        let (_, diagnostics, _) = try read(Self.campaign, templates: ["sale-template/3": broken])
        let mismatch = try #require(diagnostics.first { $0.code == .wrongType })
        #expect(mismatch.path == JSONPointer(tokens: ["TemplateConfiguration", "PushTemplate"]))
        #expect(mismatch.message.hasPrefix("in the push template `sale-template/3` at /APNS/Title: "))
    }

    @Test func aContentChangedFromTheTemplatesIsLostWithItsReason() throws {
        let (read, _, options) = try read(Self.campaign, templates: ["sale-template/3": Self.template("Sale")])
        var n = read
        n.title = "Changed"
        var context = RenderContext(options: options)
        _ = adapter.render(n, context: &context)
        #expect(context.lossReasons[JSONPointer(tokens: ["title"])]?.contains("push template it names") == true)
        #expect(adapter.carriedPart(of: n, options: options).title == "Sale")
    }

    @Test func aCampaignWithMessagesReadsThemAndKeepsTheTemplate() throws {
        let text = #"""
            {"MessageConfiguration":{"APNSMessage":{"Title":"Own"}},"SegmentId":"s","Schedule":{"StartTime":"IMMEDIATE"},"TemplateConfiguration":{"PushTemplate":{"Name":"sale-template"}}}
            """#
        let (n, diagnostics, _) = try read(text, templates: ["sale-template": Self.template("Sale")])
        #expect(n.title == "Own")
        #expect(diagnostics.isEmpty, "\(codes(diagnostics))")
    }

    @Test func eachTreatmentLooksUpItsOwnTemplate() throws {
        let text = #"""
            {"SegmentId":"s","Schedule":{"StartTime":"IMMEDIATE"},"TemplateConfiguration":{"PushTemplate":{"Name":"sale-template","Version":"3"}},"AdditionalTreatments":[{"SizePercent":50,"TemplateConfiguration":{"PushTemplate":{"Name":"other"}}}]}
            """#
        var options = FormatOptions()
        options.pinpointTemplates = (["sale-template/3": Self.template("Sale")] as JSONValue).objectValue
        var context = NormaliseContext(options: options)
        let n = try #require(adapter.normalise(try JSONValue(parsing: text), context: &context))
        #expect(
            codes(context.diagnostics).contains(
                "pinpoint-campaign.template.missing /AdditionalTreatments/0/TemplateConfiguration/PushTemplate"))
        let variants = try #require(
            adapter.recipientVariants(of: try JSONValue(parsing: text), notification: n, context: &context))
        #expect(variants.map(\.notification.title) == ["Sale", nil])
    }
}

import JSONCodec
import PushCore
import Testing

@testable import PushRPC

/// A Pinpoint campaign's push template over RPC (issue 23): `options.pinpointTemplates` gives the templates a
/// campaign names; `options.pinpointAndroidChannel` chooses the Android message.
@Suite struct CampaignTemplateMethodTests {
    static let campaign: JSONValue = [
        "SegmentId": "s", "Schedule": ["StartTime": "IMMEDIATE"],
        "TemplateConfiguration": ["PushTemplate": ["Name": "sale"]],
    ]
    static let template: JSONValue = ["APNS": ["Title": "Sale", "Body": "30% off"]]

    @Test func convertReadsTheTemplateTheCampaignNames() throws {
        let result = try RPCTestSupport.result(
            "convert",
            [
                "payload": Self.campaign, "from": "pinpoint-campaign", "to": "apns",
                "options": ["pinpointTemplates": ["sale": Self.template]],
            ])
        #expect(result["payload"]?["aps"]?["alert"] == ["title": "Sale", "body": "30% off"])
        let codes = (result["diagnostics"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
        #expect(codes == ["pinpoint-campaign.template.read"])
    }

    @Test func withoutItTheCampaignSaysWhereItsContentIs() throws {
        let result = try RPCTestSupport.result(
            "validate", ["payload": Self.campaign, "format": "pinpoint-campaign"])
        let diagnostic = (result["diagnostics"]?.arrayValue ?? []).first {
            $0["code"] == "pinpoint-campaign.template.missing"
        }
        #expect(diagnostic?["path"] == "/TemplateConfiguration/PushTemplate")
    }

    @Test func theAndroidChannelOptionIsChecked() throws {
        let adm: JSONValue = ["data": ["m": "1"], "consolidationKey": "c"]
        let result = try RPCTestSupport.result(
            "convert", ["payload": adm, "from": "adm", "to": "pinpoint-message"])
        #expect(result["payload"]?["ADMMessage"]?["ConsolidationKey"] == "c")
        let gcm = try RPCTestSupport.result(
            "convert",
            ["payload": adm, "from": "adm", "to": "pinpoint-message", "options": ["pinpointAndroidChannel": "gcm"]])
        #expect(gcm["payload"]?["GCMMessage"]?["CollapseKey"] == "c")
        let error = try RPCTestSupport.error(
            "convert", ["payload": adm, "to": "pinpoint-message", "options": ["pinpointAndroidChannel": "fcm"]])
        #expect(error["code"] == -32602)
        #expect(error["data"]?["diagnostics"]?[0]?["path"] == "/options/pinpointAndroidChannel")
    }
}

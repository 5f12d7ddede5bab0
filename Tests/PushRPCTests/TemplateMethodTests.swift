import JSONCodec
import PushCore
import Testing

@testable import PushRPC

/// Templates over RPC (issue 23, item 2): `convert`'s, `normalise`'s, `validate`'s and `render`'s `substitutions`
/// render them (`validate` checks the rendered values), `variables` lists them.
@Suite struct TemplateMethodTests {
    static let template: JSONValue = [
        "GCM": [
            "Title": "Hello {{User.UserAttributes.FirstName}}",
            "Body": "{{#if Attributes.Gold}}Gold{{/if}} {{Attributes.Item}} for {{Attributes.Who}}",
        ],
        "DefaultSubstitutions": .string(#"{"User":{"UserAttributes":{"FirstName":"there"}},"Attributes.Item":"tea"}"#),
    ]

    static func androidNotification(_ result: JSONValue) -> JSONValue? {
        result["payload"]?["android"]?["notification"]
    }

    @Test func convertWithSubstitutionsRendersOverTheDefaults() throws {
        let result = try RPCTestSupport.result(
            "convert",
            [
                "payload": Self.template, "from": "pinpoint-template", "to": "fcm",
                "substitutions": ["Attributes.Item": ["coffee", "cake"]],
            ])
        #expect(Self.androidNotification(result)?["title"] == "Hello there")
        #expect(
            Self.androidNotification(result)?["body"]
                == "{{#if Attributes.Gold}}Gold{{/if}} coffee for {{Attributes.Who}}")
        let codes = (result["diagnostics"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
        #expect(codes.sorted() == ["core.template.helper-kept", "core.template.unrendered"])
    }

    @Test func convertWithoutSubstitutionsKeepsThePlaceholders() throws {
        let result = try RPCTestSupport.result(
            "convert", ["payload": Self.template, "from": "pinpoint-template", "to": "fcm"])
        #expect(Self.androidNotification(result)?["title"] == "Hello {{User.UserAttributes.FirstName}}")
        #expect(result["diagnostics"] == [])
    }

    @Test func badSubstitutionsAreInvalidParamsLocated() throws {
        let error = try RPCTestSupport.error(
            "convert", ["payload": Self.template, "to": "fcm", "substitutions": ["Attributes.Item": 3]])
        #expect(error["code"] == -32602)
        let diagnostic = error["data"]?["diagnostics"]?[0]
        #expect(diagnostic?["code"] == "core.template.substitutions-invalid")
        #expect(diagnostic?["path"] == "/substitutions/Attributes.Item")
    }

    static let mediaTemplate: JSONValue = [
        "APNS": ["Title": "Hi {{User.UserAttributes.FirstName}}", "Body": "b", "MediaUrl": "{{Attributes.Image}}"]
    ]

    static func findings(_ result: JSONValue) -> [[String?]] {
        (result["diagnostics"]?.arrayValue ?? []).map {
            [$0["severity"]?.stringValue, $0["code"]?.stringValue, $0["path"]?.stringValue]
        }
    }

    @Test func validateWithSubstitutionsChecksTheRenderedValues() throws {
        let plain = try RPCTestSupport.result(
            "validate", ["payload": Self.mediaTemplate, "format": "pinpoint-template"])
        #expect(plain["valid"] == true)
        let bad = try RPCTestSupport.result(
            "validate",
            [
                "payload": Self.mediaTemplate, "format": "pinpoint-template",
                "substitutions": ["Attributes.Image": "not a url"],
            ])
        #expect(bad["valid"] == false)
        #expect(Self.findings(bad).contains(["error", "media.url.invalid", "/APNS/MediaUrl"]), "\(bad)")
        #expect(Self.findings(bad).contains(["warning", "core.template.unrendered", "/APNS/Title"]), "\(bad)")
        let good = try RPCTestSupport.result(
            "validate",
            [
                "payload": Self.mediaTemplate, "format": "pinpoint-template",
                "substitutions": [
                    "Attributes.Image": "https://cdn.example.com/a.png", "User.UserAttributes.FirstName": ["Ana"],
                ],
            ])
        #expect(good["valid"] == true, "\(good)")
        // A canonical notification: rendered with the values alone, then checked.
        let notification = try RPCTestSupport.result(
            "validate",
            ["notification": ["media": [["url": "{{Img}}"]]], "substitutions": ["Img": "nope"]])
        #expect(notification["valid"] == false)
        #expect(Self.findings(notification).contains(["error", "media.url.invalid", "/media/0"]), "\(notification)")
    }

    @Test func normaliseAndRenderWithSubstitutions() throws {
        let normalised = try RPCTestSupport.result(
            "normalise",
            ["payload": Self.template, "format": "pinpoint-template", "substitutions": ["Attributes.Who": "you"]])
        #expect(normalised["notification"]?["android"]?["title"] == "Hello there")
        #expect(
            normalised["notification"]?["android"]?["body"] == "{{#if Attributes.Gold}}Gold{{/if}} tea for you")
        let kept = try RPCTestSupport.result("normalise", ["payload": Self.template, "format": "pinpoint-template"])
        #expect(kept["notification"]?["android"]?["title"] == "Hello {{User.UserAttributes.FirstName}}")
        let rendered = try RPCTestSupport.result(
            "render",
            ["notification": ["title": "Hi {{X}}", "body": "{{Y}}"], "format": "apns", "substitutions": ["X": "Ana"]])
        #expect(rendered["payload"]?["aps"]?["alert"] == ["title": "Hi Ana", "body": "{{Y}}"])
        #expect(Self.findings(rendered) == [["warning", "core.template.unrendered", "/body"]])
    }

    @Test func badSubstitutionsAreInvalidParamsForEveryMethod() throws {
        let bad: JSONValue = ["Attributes.Item": 3]
        let calls: [(String, JSONValue)] = [
            ("normalise", ["payload": Self.template, "substitutions": bad]),
            ("validate", ["payload": Self.template, "substitutions": bad]),
            ("render", ["notification": ["title": "t"], "format": "apns", "substitutions": bad]),
        ]
        for (method, params) in calls {
            let error = try RPCTestSupport.error(method, params)
            #expect(error["code"] == -32602, "\(method)")
            #expect(error["data"]?["diagnostics"]?[0]?["path"] == "/substitutions/Attributes.Item", "\(method)")
            #expect(error["data"]?["diagnostics"]?[0]?["code"] == "core.template.substitutions-invalid")
        }
        let catalogue = try RPCTestSupport.error("validate", ["catalogue": [:], "substitutions": [:]])
        #expect(catalogue["data"]?["diagnostics"]?[0]?["path"] == "/substitutions")
    }

    @Test func variablesListsThePlaceholdersWithTheirPaths() throws {
        let result = try RPCTestSupport.result("variables", ["payload": Self.template])
        let paths = (result["variables"]?.arrayValue ?? []).compactMap { $0["path"]?.stringValue }
        #expect(paths == ["/GCM/Title", "/GCM/Body", "/GCM/Body", "/GCM/Body", "/GCM/Body"])
        #expect(result["names"] == ["User.UserAttributes.FirstName", "Attributes.Item", "Attributes.Who"])
    }
}

import JSONCodec
import PushCore
import Testing

@testable import PushRPC

/// Templates over RPC (issue 23, item 2): `convert`'s `substitutions` renders them, `variables` lists them.
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

    @Test func variablesListsThePlaceholdersWithTheirPaths() throws {
        let result = try RPCTestSupport.result("variables", ["payload": Self.template])
        let paths = (result["variables"]?.arrayValue ?? []).compactMap { $0["path"]?.stringValue }
        #expect(paths == ["/GCM/Title", "/GCM/Body", "/GCM/Body", "/GCM/Body", "/GCM/Body"])
        #expect(result["names"] == ["User.UserAttributes.FirstName", "Attributes.Item", "Attributes.Who"])
    }
}

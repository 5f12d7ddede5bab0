import JSONCodec
import PushCore
import Testing

@testable import PushNormaliser

/// Rendering templates when converting (issue 23, item 2, "Placeholders are data"): `FormatOptions.substitutions`
/// fills the `{{…}}` variables of every text, from an address's `Substitutions` over the request's over the option's
/// over a template's `DefaultSubstitutions`; what is not rendered is kept verbatim and reported; without the option
/// nothing changes.
@Suite("Templates rendered with substitutions")
struct TemplateRenderingTests {
    /// A push template with defaults (dotted keys, string values), an Android URL and data-like placeholders.
    static let template: JSONValue = [
        "GCM": [
            "Title": "Hello {{User.UserAttributes.FirstName}}",
            "Body": "Your {{Attributes.Item}} is waiting, tap to check out.",
            "Action": "URL", "Url": "https://shop.example.com/cart/{{Attributes.CartId}}",
        ],
        "DefaultSubstitutions": .string(
            #"{"User.UserAttributes.FirstName":"there","Attributes":{"Item":"order","CartId":"default"}}"#),
    ]

    static func convert(
        _ payload: JSONValue, from: String = "pinpoint-template", to: String = "fcm",
        substitutions: TemplateSubstitutions?
    ) throws -> ConversionResult {
        var options = FormatOptions()
        options.substitutions = substitutions
        return try Normaliser().convert(payload, from: from, to: to, options: options)
    }

    static func androidNotification(_ result: ConversionResult) -> JSONValue? {
        result.payload["android"]?["notification"]
    }

    @Test("no substitutions option: the placeholders are kept verbatim, DefaultSubstitutions or not")
    func nothingRenderedWithoutTheOption() throws {
        let result = try Self.convert(Self.template, substitutions: nil)
        #expect(Self.androidNotification(result)?["title"] == "Hello {{User.UserAttributes.FirstName}}")
        #expect(Self.androidNotification(result)?["body"] == "Your {{Attributes.Item}} is waiting, tap to check out.")
        #expect(!result.diagnostics.contains { $0.code.rawValue.hasPrefix("core.template.") })
    }

    @Test("a template's DefaultSubstitutions, nested and dotted keys alike, render it converted to fcm")
    func defaultSubstitutionsRender() throws {
        let result = try Self.convert(Self.template, substitutions: TemplateSubstitutions())
        #expect(Self.androidNotification(result)?["title"] == "Hello there")
        #expect(Self.androidNotification(result)?["body"] == "Your order is waiting, tap to check out.")
        #expect(!result.diagnostics.contains { $0.code.rawValue.hasPrefix("core.template.") })
    }

    @Test("the option's values are over the template's defaults; a list gives its first value, [n] the nth")
    func optionOverridesDefaults() throws {
        var diagnostics: [Diagnostic] = []
        let file = TemplateSubstitutions(
            json: ["User.UserAttributes.FirstName": ["Ana", "Ann"], "Attributes.Item": "basket"],
            diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty)
        let result = try Self.convert(Self.template, substitutions: file)
        #expect(Self.androidNotification(result)?["title"] == "Hello Ana")
        #expect(Self.androidNotification(result)?["body"] == "Your basket is waiting, tap to check out.")
        let indexed: JSONValue = ["GCM": ["Title": "Hello {{User.UserAttributes.FirstName.[1]}}", "Body": "b"]]
        let second = try Self.convert(indexed, substitutions: file)
        #expect(Self.androidNotification(second)?["title"] == "Hello Ann")
    }

    @Test("a URL holding a placeholder is rendered too (into a target that carries it)")
    func urlRendered() throws {
        let result = try Self.convert(
            Self.template, to: "pinpoint-template", substitutions: TemplateSubstitutions(["Attributes.CartId": ["42"]]))
        #expect(result.payload["GCM"]?["Url"] == "https://shop.example.com/cart/42")
    }

    @Test("an unknown helper and a variable with no value are kept verbatim and reported, one finding per text")
    func helpersAndUnrenderedReported() throws {
        let payload: JSONValue = [
            "GCM": [
                "Title": "{{capitalize User.UserAttributes.FirstName}} {{#if Attributes.Gold}}gold{{/if}}",
                "Body": "Hi {{Attributes.Missing}} and {{Attributes.Other}}",
            ]
        ]
        let result = try Self.convert(payload, substitutions: TemplateSubstitutions(["Attributes.Gold": ["y"]]))
        #expect(
            Self.androidNotification(result)?["title"]
                == "{{capitalize User.UserAttributes.FirstName}} {{#if Attributes.Gold}}gold{{/if}}")
        #expect(Self.androidNotification(result)?["body"] == "Hi {{Attributes.Missing}} and {{Attributes.Other}}")
        let helpers = result.diagnostics.filter { $0.code == .templateHelperKept }
        #expect(helpers.count == 1)
        #expect(helpers.first?.severity == .warning)
        #expect(helpers.first?.message.contains("`{{capitalize User.UserAttributes.FirstName}}`") == true)
        let unrendered = result.diagnostics.filter { $0.code == .templateUnrendered }
        #expect(unrendered.count == 1)
        #expect(unrendered.first?.message.contains("`Attributes.Missing`, `Attributes.Other`") == true)
        // Located in the input (the section that supplied the text).
        #expect(unrendered.first.map { $0.path.resolve(in: payload) != nil } == true)
    }

    @Test(
        "a placeholder only in what extensions keep verbatim (a template's Default section) is reported, not rendered")
    func extensionPlaceholdersReported() throws {
        let payload: JSONValue = [
            "APNS": ["Title": "A", "Body": "b"], "GCM": ["Title": "G", "Body": "b"],
            "Default": ["Title": "{{Attributes.Item}}", "Body": "b"],
        ]
        let result = try Self.convert(
            payload, to: "pinpoint-template", substitutions: TemplateSubstitutions(["Attributes.Item": ["tea"]]))
        #expect(result.payload["Default"]?["Title"] == "{{Attributes.Item}}")
        let unrendered = result.diagnostics.filter { $0.code == .templateUnrendered }
        #expect(unrendered.count == 1)
        #expect(
            unrendered.first?.message
                == "`Attributes.Item` left verbatim: /extensions/amazon/pinpointTemplate/template/Default/Title is kept "
                + "as the source format wrote it and is not rendered")
    }

    @Test("a send request: an address's Substitutions over the request's over the option's")
    func sendRequestPrecedence() throws {
        let request: JSONValue = [
            "MessageRequest": [
                "Addresses": [
                    "token-1": ["ChannelType": "GCM"],
                    "token-2": ["ChannelType": "GCM", "Substitutions": ["FirstName": ["Ana"]]],
                ],
                "MessageConfiguration": [
                    "GCMMessage": [
                        "Title": "Hello {{FirstName}}", "Body": "{{Greeting}}, track it",
                        "Substitutions": ["Greeting": ["Hi"]],
                    ]
                ],
            ]
        ]
        var options = FormatOptions()
        options.substitutions = TemplateSubstitutions(["FirstName": ["customer"], "Greeting": ["Hey"]])
        let results = try Normaliser().convertMessages(request, from: "pinpoint-message", to: "fcm", options: options)
        let titles = results.map { $0.payload["android"]?["notification"]?["title"] }
        let bodies = results.map { $0.payload["android"]?["notification"]?["body"] }
        #expect(titles == ["Hello customer", "Hello Ana"])
        #expect(bodies == ["Hi, track it", "Hi, track it"])
        // Without the option, the request's own values only: the address without one keeps the placeholder.
        let plain = try Normaliser().convertMessages(request, from: "pinpoint-message", to: "fcm")
        #expect(plain.map { $0.payload["android"]?["notification"]?["title"] } == ["Hello {{FirstName}}", "Hello Ana"])
    }

    @Test("the variables a payload uses, with the JSON Pointer of each string")
    func variablesListed() {
        let variables = Normaliser().templateVariables(in: Self.template)
        #expect(variables.map(\.path.description) == ["/GCM/Title", "/GCM/Body", "/GCM/Url"])
        #expect(variables.map(\.variable) == ["User.UserAttributes.FirstName", "Attributes.Item", "Attributes.CartId"])
        let helper = Normaliser().templateVariables(in: ["a": ["{{#if x}}y{{/if}}"]])
        #expect(helper.map(\.placeholder) == ["{{#if x}}", "{{/if}}"])
        #expect(helper.map(\.variable) == [nil, nil])
        #expect(helper.map(\.path.description) == ["/a/0", "/a/0"])
    }

    @Test("substitutions that are not names and strings are located errors")
    func invalidSubstitutions() {
        var diagnostics: [Diagnostic] = []
        let read = TemplateSubstitutions(
            json: ["A": 1, "B": [], "C": ["D": ["x"]], "C.D": "twice", "E": ["ok"]], diagnostics: &diagnostics)
        #expect(read.values == ["C.D": ["x"], "E": ["ok"]])
        #expect(diagnostics.map(\.code) == Array(repeating: .templateSubstitutionsInvalid, count: 3))
        #expect(diagnostics.map(\.path.description) == ["/A", "/B", "/C.D"])
        var notObject: [Diagnostic] = []
        _ = TemplateSubstitutions(json: ["x"], diagnostics: &notObject)
        #expect(notObject.map(\.code) == [.templateSubstitutionsInvalid])
    }
}

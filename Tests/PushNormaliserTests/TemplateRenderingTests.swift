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

    /// A send request without recipients: each channel message has its own `Substitutions`, the default message
    /// its own.
    static let request: JSONValue = [
        "MessageRequest": [
            "MessageConfiguration": [
                "APNSMessage": [
                    "Title": "Hi {{Name}}", "Body": "{{Item}} for {{Who}}", "Substitutions": ["Item": ["APNs item"]],
                ],
                "GCMMessage": [
                    "Title": "Hey {{Name}}", "Body": "{{Item}} for {{Who}}", "Substitutions": ["Item": ["GCM item"]],
                ],
                "DefaultPushNotificationMessage": ["Substitutions": ["Item": ["default"], "Name": ["Default"]]],
            ]
        ]
    ]

    @Test("a send request without recipients: each message's Substitutions over the defaults' over the option's")
    func messageLevelSubstitutions() throws {
        let result = try Self.convert(
            Self.request, from: "pinpoint-message",
            substitutions: TemplateSubstitutions(["Name": ["option"], "Who": ["you"]]))
        #expect(result.payload["notification"]?["title"] == "Hi Default")
        #expect(result.payload["notification"]?["body"] == "APNs item for you")
        #expect(Self.androidNotification(result)?["title"] == "Hey Default")
        #expect(Self.androidNotification(result)?["body"] == "GCM item for you")
        // Consumed: neither the Substitutions nor the default message they emptied are reported lost.
        #expect(!result.lost.contains { $0.path.description.contains("Substitutions") }, "\(result.lost)")
        #expect(!result.lost.contains { $0.path.description.hasSuffix("DefaultPushNotificationMessage") })
        #expect(!result.diagnostics.contains { $0.code.rawValue.hasPrefix("core.template.") })
        // Back into pinpoint-message: rendered, the Substitutions used up.
        let back = try Self.convert(
            Self.request, from: "pinpoint-message", to: "pinpoint-message",
            substitutions: TemplateSubstitutions(["Who": ["you"]]))
        let configuration = back.payload["MessageRequest"]?["MessageConfiguration"]
        #expect(
            configuration?["GCMMessage"] == ["Title": "Hey Default", "Body": "GCM item for you"], "\(back.payload)")
        #expect(configuration?["APNSMessage"]?["Substitutions"] == nil)
        // Without the option nothing is rendered, and they are reported lost into fcm as before.
        let plain = try Self.convert(Self.request, from: "pinpoint-message", substitutions: nil)
        #expect(plain.payload["notification"]?["title"] == "Hi {{Name}}")
        #expect(plain.lost.contains { $0.path.description.hasSuffix("Substitutions/Item") })
    }

    @Test("a message whose Substitutions are not string arrays is left for the reader to report")
    func badMessageSubstitutions() throws {
        let request: JSONValue = [
            "APNSMessage": ["Title": "Hi {{Name}}", "Body": "b", "Substitutions": ["Name": "Ana"]]
        ]
        var options = FormatOptions()
        options.substitutions = TemplateSubstitutions()
        let result = Normaliser().validate(request, format: "pinpoint-message", options: options)
        #expect(result.valid == false)
        #expect(
            result.diagnostics.contains {
                $0.code == .wrongType && $0.path.description == "/APNSMessage/Substitutions/Name"
            })
        #expect(result.diagnostics.contains { $0.code == .templateUnrendered })
    }

    @Test("validate and convert check the rendered values, by the model's rules and the format's own")
    func renderedValuesChecked() throws {
        let fcm: JSONValue = ["message": ["token": "t", "notification": ["title": "t", "image": "{{Image}}"]]]
        var options = FormatOptions()
        #expect(Normaliser().validate(fcm, format: "fcm", options: options).valid)
        options.substitutions = TemplateSubstitutions(["Image": ["nope"]])
        let checked = Normaliser().validate(fcm, format: "fcm", options: options)
        #expect(!checked.valid)
        #expect(
            checked.diagnostics.contains {
                $0.code == .fcmImageInvalid && $0.path.description == "/message/notification/image"
            })
        options.substitutions = TemplateSubstitutions(["Image": ["https://cdn.example.com/a.png"]])
        #expect(Normaliser().validate(fcm, format: "fcm", options: options).valid)
        // convert agrees with validate: the template renders to a media URL that is not one.
        let template: JSONValue = ["APNS": ["Title": "t", "Body": "b", "MediaUrl": "{{Image}}"]]
        #expect(throws: NormalisationFailure.self) {
            try Self.convert(template, to: "apns", substitutions: TemplateSubstitutions(["Image": ["nope"]]))
        }
        let fine = try Self.convert(
            template, to: "apns", substitutions: TemplateSubstitutions(["Image": ["https://cdn.example.com/a.png"]]))
        #expect(fine.diagnostics.allSatisfy { $0.severity != .error })
    }

    @Test("normalise renders with the option; render renders a canonical notification's templates")
    func normaliseAndRender() throws {
        var options = FormatOptions()
        options.substitutions = TemplateSubstitutions(["Attributes.CartId": ["42"]])
        let normalised = try Normaliser().normalise(Self.template, format: "pinpoint-template", options: options)
        #expect(normalised.notification.android?.url == "https://shop.example.com/cart/42")
        #expect(normalised.notification.android?.title == "Hello there")
        let plain = try Normaliser().normalise(Self.template, format: "pinpoint-template")
        #expect(plain.notification.android?.title == "Hello {{User.UserAttributes.FirstName}}")
        var diagnostics: [Diagnostic] = []
        let notification = try #require(
            PushNotification(canonical: ["title": "Hi {{X}}", "body": "{{Y}}"], diagnostics: &diagnostics))
        options.substitutions = TemplateSubstitutions(["X": ["Ana"]])
        let rendered = try Normaliser().render(notification, format: "apns", options: options)
        #expect(rendered.payload["aps"]?["alert"] == ["title": "Hi Ana", "body": "{{Y}}"])
        #expect(rendered.diagnostics.map(\.code) == [.templateUnrendered])
        #expect(rendered.diagnostics.map(\.path.description) == ["/body"])
    }

    @Test("a Q in Connect template's defaultAttributes are its variables' defaults, under the option's values")
    func qconnectDefaultAttributes() throws {
        let template: JSONValue = [
            "name": "rewards", "channelSubtype": "PUSH",
            "content": [
                "push": [
                    "apns": [
                        "title": "Hi {{Attributes.Customer.FirstName}} ({{Attributes.firstName}})",
                        "body": ["content": "{{Attributes.tier}} for {{Attributes.Customer.Attributes.points}}"],
                    ]
                ]
            ],
            "defaultAttributes": [
                "customerProfileAttributes": ["firstName": "Friend", "custom": ["points": "some"]],
                "customAttributes": ["tier": "member"],
            ],
        ]
        var options = FormatOptions()
        options.substitutions = TemplateSubstitutions(["Attributes.tier": ["gold"]])
        let result = try Normaliser().convert(template, from: "qconnect-push-template", to: "apns", options: options)
        #expect(result.payload["aps"]?["alert"] == ["title": "Hi Friend (Friend)", "body": "gold for some"])
        #expect(!result.diagnostics.contains { $0.code.rawValue.hasPrefix("core.template.") }, "\(result.diagnostics)")
        // `connect` names only: the Amplify-style variable stays, and is said.
        options.qconnectAttributeNames = .connect
        let connect = try Normaliser().convert(template, from: "qconnect-push-template", to: "apns", options: options)
        #expect(connect.payload["aps"]?["alert"]?["title"] == "Hi Friend ({{Attributes.firstName}})")
        #expect(connect.diagnostics.map(\.code) == [.templateUnrendered])
        // Without the option nothing is rendered; into its own format the defaults are written back.
        let plain = try Normaliser().convert(template, from: "qconnect-push-template", to: "apns")
        #expect(
            plain.payload["aps"]?["alert"]?["title"]
                == "Hi {{Attributes.Customer.FirstName}} ({{Attributes.firstName}})")
        options.qconnectAttributeNames = .both
        let back = try Normaliser().convert(
            template, from: "qconnect-push-template", to: "qconnect-push-template", options: options)
        #expect(back.payload["defaultAttributes"] == template["defaultAttributes"])
        #expect(back.payload["content"]?["push"]?["apns"]?["title"] == "Hi Friend (Friend)")
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

import Foundation
import JSONCodec
import PushCore
import PushTestSupport
import Testing

@testable import PushNormaliser

/// A Pinpoint send request to several recipients (issue 23, item 4): one message per address, its channel's message,
/// its overrides and substitutions applied, its token the target's; endpoints and users likewise without a token;
/// recipients that get no message and placeholders left verbatim are said.
@Suite("Pinpoint send requests: one message per recipient")
struct PinpointRecipientsTests {
    /// Three addresses: one with a title override, one with a body override, one with its own substitutions.
    static let threeAddresses: JSONValue = [
        "ApplicationId": "4fb5e2d7a6c84a0ea2f0a6b5e1c1a0a1",
        "MessageRequest": [
            "Addresses": [
                "fcm-token-1": ["ChannelType": "GCM", "TitleOverride": "Just for you"],
                "fcm-token-2": ["ChannelType": "GCM", "BodyOverride": "Your parcel left the depot"],
                "fcm-token-3": ["ChannelType": "GCM", "Substitutions": ["FirstName": ["Ana", "Ann"]]],
            ],
            "MessageConfiguration": [
                "GCMMessage": [
                    "Title": "Your order", "Body": "Hello {{FirstName}}, track it here",
                    "Substitutions": ["FirstName": ["customer"]],
                ]
            ],
            "TraceId": "trace-1",
        ],
    ]

    static func messages(_ payload: JSONValue, to target: String) throws -> [ConversionResult] {
        try Normaliser().convertMessages(payload, from: "pinpoint-message", to: target)
    }

    @Test("three addresses with a title override, a body override and substitutions: three FCM v1 messages")
    func threeAddressesToFCM() throws {
        let results = try Self.messages(Self.threeAddresses, to: "fcm")
        #expect(results.count == 3)
        // FCM v1 as written without an envelope (the `message` of a send request).
        let messages: [JSONValue?] = results.map(\.payload)
        #expect(messages.map { $0?["token"] } == ["fcm-token-1", "fcm-token-2", "fcm-token-3"])
        let title = { (m: JSONValue?) in m?["android"]?["notification"]?["title"] ?? m?["notification"]?["title"] }
        let body = { (m: JSONValue?) in m?["android"]?["notification"]?["body"] ?? m?["notification"]?["body"] }
        #expect(messages.map(title) == ["Just for you", "Your order", "Your order"])
        #expect(
            messages.map(body) == [
                "Hello customer, track it here", "Your parcel left the depot", "Hello Ana, track it here",
            ])
        #expect(
            results.map { $0.recipient?.label } == [
                "address 1 of 3 (GCM)", "address 2 of 3 (GCM)", "address 3 of 3 (GCM)",
            ])
        #expect(results.map { $0.recipient?.tokens } == [["fcm-token-1"], ["fcm-token-2"], ["fcm-token-3"]])
        // The recipients are carried, and the substitutions consumed: neither is reported lost.
        for result in results {
            let lost = result.lost.map(\.path.description)
            #expect(!lost.contains { $0.contains("Addresses") || $0.contains("Substitutions") }, "\(lost)")
            #expect(lost.contains { $0.contains("TraceId") }, "what the request holds for all is still said: \(lost)")
            #expect(!result.diagnostics.contains { $0.code == .amazonVariableUnrendered })
        }
    }

    @Test("the golden request (an APNs and two GCM addresses) becomes three FCM v1 messages, one per address")
    func goldenRequestToFCM() throws {
        let folder = try #require(
            FormatFixtures.scenarios(of: "pinpoint-message").first {
                $0.hasSuffix("/send-messages-addresses-overrides")
            })
        let input = try #require(try Golden.load(folder + "/input.json"))
        let results = try Self.messages(input, to: "fcm")
        let text = { (m: JSONValue, key: String) in m["android"]?["notification"]?[key] ?? m["notification"]?[key] }
        #expect(
            results.map { $0.payload["token"] } == [
                "apns-device-token", "fcm-registration-token-1", "fcm-registration-token-2",
            ])
        #expect(results.map { text($0.payload, "title") } == ["Just for you", "Your order", "Your order"])
        #expect(
            results.map { text($0.payload, "body") } == [
                "Hello there, swipe to track it", "Your parcel left the depot", "Hello Ana, tap to track it",
            ])
        #expect(
            results.map { $0.recipient?.label } == [
                "address 1 of 3 (APNS)", "address 2 of 3 (GCM)", "address 3 of 3 (GCM)",
            ])
    }

    @Test(
        "each address's channel picks its message; SMS addresses and those without a channel get none, with a warning")
    func channelsPickTheMessage() throws {
        let payload: JSONValue = [
            "Addresses": [
                "apns-token": ["ChannelType": "APNS_SANDBOX"],
                "fcm-token": ["ChannelType": "GCM"],
                "adm-token": ["ChannelType": "ADM"],
                "+15550100": ["ChannelType": "SMS"],
                "no-channel": ["TitleOverride": "x"],
            ],
            "MessageConfiguration": [
                "ADMMessage": ["Title": "Fire OS title", "ConsolidationKey": "k"],
                "APNSMessage": ["Title": "iOS title", "Body": "iOS body", "Badge": 2],
                "GCMMessage": ["Title": "Android title", "Body": "Android body", "IconReference": "ic_box"],
            ],
        ]
        let results = try Self.messages(payload, to: "fcm")
        #expect(results.count == 3)
        let apple: JSONValue? = results[0].payload
        #expect(apple?["token"] == "apns-token")
        #expect(apple?["notification"]?["title"] == "iOS title")
        #expect(apple?["android"] == nil, "an iOS device gets no Android part")
        let android: JSONValue? = results[1].payload
        #expect(android?["token"] == "fcm-token")
        #expect(android?["android"]?["notification"]?["title"] == "Android title")
        #expect(android?["android"]?["notification"]?["icon"] == "ic_box")
        let fire: JSONValue? = results[2].payload
        #expect(fire?["token"] == "adm-token")
        #expect(fire?["android"]?["notification"]?["title"] == "Fire OS title")
        #expect(fire?["android"]?["collapse_key"] == "k")
        #expect(results[2].recipient?.label == "address 3 of 5 (ADM)")
        let skipped = results[0].diagnostics.filter { $0.code == .amazonRecipientSkipped }
        #expect(skipped.map(\.path.description) == ["/Addresses/+15550100", "/Addresses/no-channel"])
        #expect(skipped.allSatisfy { $0.severity == .warning })
    }

    @Test("an ADM address gets the ADMMessage (issue 23, item 3): into adm with its consolidation key and MD5")
    func admAddressToADM() throws {
        let folder = try #require(
            FormatFixtures.scenarios(of: "pinpoint-message").first { $0.hasSuffix("/send-messages-adm-address") })
        let input = try #require(try Golden.load(folder + "/input.json"))
        let results = try Self.messages(input, to: "adm")
        #expect(results.count == 1)
        let adm = try #require(results.first?.payload)
        #expect(adm["consolidationKey"] == "order-42")
        #expect(adm["expiresAfter"] == 86400)
        #expect(adm["md5"] == "XrY7u+Ae7tCTyyK7j1rNww==")
        #expect(results.first?.recipient?.tokens == ["adm-registration-id"])
    }

    @Test("a BAIDU address gets the BaiduMessage, an ADM address of a request without ADMMessage only the defaults")
    func baiduAddressAndDefaults() throws {
        let payload: JSONValue = [
            "Addresses": ["baidu-channel": ["ChannelType": "BAIDU"], "adm-token": ["ChannelType": "ADM"]],
            "MessageConfiguration": [
                "BaiduMessage": ["Title": "Baidu title", "TimeToLive": 600],
                "DefaultPushNotificationMessage": ["Body": "For everyone"],
            ],
        ]
        let results = try Self.messages(payload, to: "fcm")
        #expect(results.count == 2)
        #expect(results[0].payload["android"]?["notification"]?["title"] == "Baidu title")
        #expect(results[0].payload["android"]?["ttl"] == "600s")
        #expect(results[1].payload["token"] == "adm-token")
        #expect(results[1].payload["notification"]?["body"] == "For everyone")
    }

    @Test("into APNs each address's payload has its device token beside it")
    func addressesToAPNs() throws {
        let payload: JSONValue = [
            "Addresses": [
                "token-a": ["ChannelType": "APNS"], "token-b": ["ChannelType": "APNS", "BodyOverride": "B"],
            ],
            "MessageConfiguration": ["APNSMessage": ["Title": "T", "Body": "Everyone"]],
        ]
        let results = try Self.messages(payload, to: "apns")
        #expect(results.map { $0.payload["aps"]?["alert"]?["body"] } == ["Everyone", "B"])
        #expect(results.map { $0.recipient?.tokens } == [["token-a"], ["token-b"]])
        #expect(results.allSatisfy { $0.recipient?.besidePayload == true })
    }

    @Test("endpoints get the whole configuration with their overrides, and no token")
    func endpoints() throws {
        let payload: JSONValue = [
            "Endpoints": [
                "endpoint-1": ["TitleOverride": "One"],
                "endpoint-2": ["RawContent": #"{"aps":{"alert":"raw"}}"#],
            ],
            "MessageConfiguration": ["APNSMessage": ["Title": "T", "Body": "B"]],
        ]
        let results = try Self.messages(payload, to: "apns")
        #expect(results.map(\.recipient?.label) == ["endpoint 1 of 2", "endpoint 2 of 2"])
        #expect(results[0].payload["aps"]?["alert"]?["title"] == "One")
        #expect(results[0].payload["aps"]?["alert"]?["body"] == "B")
        #expect(results[1].payload["aps"]?["alert"] == "raw", "RawContent overrides the whole message")
        #expect(results.allSatisfy { $0.recipient?.tokens == [] })
        // An endpoint's channel is not known: its overrides apply to the messages the request has, and make no other.
        let fcm = try Self.messages(payload, to: "fcm")
        #expect(fcm[0].payload["android"] == nil, "\(fcm[0].payload.compactText)")
        #expect(fcm[0].payload["notification"]?["title"] == "One")
        // With only the default message, they apply to it.
        let defaultsOnly: JSONValue = [
            "Endpoints": ["endpoint-1": ["BodyOverride": "Yours"]],
            "MessageConfiguration": ["DefaultPushNotificationMessage": ["Title": "T", "Body": "For everyone"]],
        ]
        let fromDefaults = try Self.messages(defaultsOnly, to: "apns")
        #expect(fromDefaults.map { $0.payload["aps"]?["alert"]?["body"] } == ["Yours"])
    }

    @Test("a variable no substitution names and a helper stay verbatim, each said once per recipient")
    func unrenderedPlaceholders() throws {
        let payload: JSONValue = [
            "Addresses": ["t": ["ChannelType": "GCM", "Substitutions": ["Known": ["yes"]]]],
            "MessageConfiguration": [
                "GCMMessage": ["Title": "{{Known}} {{Unknown}}", "Body": "{{#if Known}}hi{{/if}} {{Unknown}}"]
            ],
        ]
        let result = try #require(try Self.messages(payload, to: "fcm").first)
        let message: JSONValue? = result.payload
        let title = message?["android"]?["notification"]?["title"] ?? message?["notification"]?["title"]
        #expect(title == "yes {{Unknown}}")
        let warnings = result.diagnostics.filter { $0.code == .amazonVariableUnrendered }
        #expect(warnings.count == 3, "\(warnings.map(\.message))")
        #expect(warnings.allSatisfy { $0.path.description == "/Addresses/t" })
        #expect(warnings.contains { $0.message.contains("`{{Unknown}}`") && $0.message.contains("names `Unknown`") })
        #expect(warnings.contains { $0.message.contains("`{{#if Known}}`") && $0.message.contains("helper") })
    }

    @Test("into a Pinpoint send format a request stays one request with its addresses")
    func sendFormatsKeepTheRecipients() throws {
        let results = try Self.messages(Self.threeAddresses, to: "pinpoint-message")
        #expect(results.count == 1)
        #expect(results[0].recipient == nil)
        #expect(results[0].payload == Self.threeAddresses)
        let gcm = try Normaliser().convertMessages(Self.threeAddresses, from: "pinpoint-gcm", to: "pinpoint-message")
        #expect(gcm.count == 1 && gcm[0].recipient == nil)
    }

    @Test("auto takes a request with only a GCMMessage for pinpoint-gcm, whose addresses are read the same way")
    func gcmOnlyRequestThroughAuto() throws {
        let results = try Normaliser().convertMessages(Self.threeAddresses, to: "fcm")
        #expect(results.count == 3)
        #expect(results.map(\.from) == ["pinpoint-gcm", "pinpoint-gcm", "pinpoint-gcm"])
        #expect(results.map { $0.payload["token"] } == ["fcm-token-1", "fcm-token-2", "fcm-token-3"])
        #expect(
            results.map { $0.payload["android"]?["notification"]?["body"] } == [
                "Hello customer, track it here", "Your parcel left the depot", "Hello Ana, track it here",
            ])
    }

    @Test(
        "recipients of a channel with nothing of their own share its message: each as it would be alone in the request")
    func sharedChannelMessages() throws {
        // Plain recipients of each channel (read once per channel) between recipients with their own settings (read
        // each), with a placeholder no substitution names, said at every recipient's own path.
        let addresses: [(String, JSONValue)] = [
            ("apns-1", ["ChannelType": "APNS"]), ("gcm-1", ["ChannelType": "GCM"]),
            ("apns-2", ["ChannelType": "APNS", "TitleOverride": "Own {{Name}}"]), ("gcm-2", ["ChannelType": "GCM"]),
            ("apns-3", ["ChannelType": "APNS"]), ("sandbox-1", ["ChannelType": "APNS_SANDBOX"]),
            ("gcm-3", ["ChannelType": "GCM", "Substitutions": ["Name": ["Ann"]]]), ("gcm-4", ["ChannelType": "GCM"]),
        ]
        func request(_ recipients: [(String, JSONValue)]) -> JSONValue {
            [
                "ApplicationId": "app",
                "MessageRequest": [
                    "Addresses": .object(JSONObject(uniqueKeysWithValues: recipients)),
                    "MessageConfiguration": [
                        "APNSMessage": ["Title": "Hi {{Name}}", "Body": "B", "Data": ["k": "v"]],
                        "GCMMessage": ["Title": "Hey {{Name}}", "Body": "G"],
                    ],
                ],
            ]
        }
        let all = try Self.messages(request(addresses), to: "fcm")
        #expect(all.count == addresses.count)
        for (index, (token, settings)) in addresses.enumerated() {
            let alone = try #require(try Self.messages(request([(token, settings)]), to: "fcm").first)
            let result = all[index]
            #expect(result.payload["token"] == .string(token))
            #expect(result.compactBytes == alone.compactBytes, "\(token)")
            #expect(result.lost == alone.lost, "\(token)")
            let path = "/MessageRequest/Addresses/\(token)"
            let own = { (r: ConversionResult) in r.diagnostics.filter { $0.path.description == path } }
            #expect(own(result) == own(alone), "\(token)")
            #expect(own(result).contains { $0.code == .amazonVariableUnrendered } == (token != "gcm-3"), "\(token)")
        }
    }

    @Test("a request without recipients is one message, as before")
    func noRecipients() throws {
        let payload: JSONValue = ["MessageConfiguration": ["GCMMessage": ["Title": "T", "Body": "B"]]]
        let results = try Self.messages(payload, to: "fcm")
        #expect(results.count == 1 && results[0].recipient == nil)
    }
}

/// `{{…}}` placeholders: which are variables, and how substitutions fill them.
@Suite("Template placeholders")
struct TemplatePlaceholderTests {
    @Test("variables, bracketed names, list indexes; helpers, blocks, partials and comments are not variables")
    func placeholders() {
        let found = TemplateValue.placeholders(
            in: "{{User.UserAttributes.FirstName}} {{Attributes.[Last Name]}} {{Attributes.Tier.[1]}} "
                + "{{capitalize User.UserId}} {{#if x}}{{/if}}{{else}}{{> partial}}{{! note}}{{{Raw}}} {{~ Trim ~}}")
        #expect(
            found.map(\.variable) == [
                "User.UserAttributes.FirstName", "Attributes.[Last Name]", "Attributes.Tier", nil, nil, nil, nil, nil,
                nil, "Raw", "Trim",
            ])
        #expect(found[2].index == 1)
        #expect(found[3].text == "{{capitalize User.UserId}}")
    }

    @Test("render fills named variables, keeps the rest verbatim, and leaves text without placeholders as it is")
    func render() {
        let values = ["A": ["x"], "B.[Two Words]": ["y"], "L": ["first", "second"]]
        let rendered = TemplateValue.render(
            "{{A}}-{{B.[Two Words]}}-{{L}}-{{L.[1]}}-{{L.[2]}}-{{Missing}}-{{upper A}}-é{", values: values)
        #expect(rendered.text == "x-y-first-second-{{L.[2]}}-{{Missing}}-{{upper A}}-é{")
        #expect(rendered.unrendered.map(\.text) == ["{{L.[2]}}", "{{Missing}}", "{{upper A}}"])
        #expect(TemplateValue.render("no placeholder {{ here", values: values).text == "no placeholder {{ here")
        #expect(TemplateValue.render("{{A}}", values: [:]).unrendered.count == 1)
    }

    @Test("a placeholder is a `{{` with a `}}` after it, anywhere in the text")
    func holdsPlaceholder() {
        for text in ["{{A}}", "{{}}", "{{{A}}}", "https://x/{{User.Id}}.png", "é{{A}}é", "{ {{A}}"] {
            #expect(TemplateValue.holdsPlaceholder(text), "\(text)")
        }
        for text in ["", "{", "{{", "{{}", "}}{{", "{A}}", "{{A}", "{ {A}}", "https://x/{a}/}}"] {
            #expect(!TemplateValue.holdsPlaceholder(text), "\(text)")
        }
    }
}

import JSONCodec
import PushCore
import Testing

@testable import PushNormaliser

/// A Pinpoint send request naming a push template (issue 23, "Leaving Pinpoint"): the template's content, given with
/// the `pinpointTemplates` option, fills the request's `MessageConfiguration` (the request's own values over it), and
/// the recipients fan out over it; without the template, a located warning.
@Suite("Pinpoint send requests: a push template named by TemplateConfiguration")
struct PinpointSendTemplateTests {
    /// A `get-push-template` output with a variable and its default.
    static let template: JSONValue = [
        "PushNotificationTemplateResponse": [
            "TemplateName": "welcome", "TemplateType": "PUSH", "Version": "1",
            "APNS": ["Title": "Hi {{FirstName}}", "Body": "Welcome aboard"],
            "GCM": [
                "Title": "Hi {{FirstName}}", "Body": "Welcome aboard (Android)", "ImageUrl": "https://e.com/a.png",
            ],
            "DefaultSubstitutions": #"{"FirstName": "there"}"#,
        ]
    ]

    static func request(_ addresses: JSONValue, configuration: JSONValue? = nil) -> JSONValue {
        var request = JSONObject()
        request["Addresses"] = addresses
        request["TemplateConfiguration"] = ["PushTemplate": ["Name": "welcome"]]
        if let configuration { request["MessageConfiguration"] = configuration }
        return ["ApplicationId": "a", "MessageRequest": .object(request)]
    }

    static var options: FormatOptions {
        var options = FormatOptions()
        options.pinpointTemplates = (["welcome": template] as JSONValue).objectValue
        return options
    }

    @Test("each address fans out over the template's content of its channel, the defaults filling its variables")
    func addressesFanOutOverTheTemplate() throws {
        let payload = Self.request(
            [
                "tok1": ["ChannelType": "GCM"],
                "tok2": ["ChannelType": "APNS", "Substitutions": ["FirstName": ["Ada"]]],
                "tok3": ["ChannelType": "APNS", "TitleOverride": "Just for you"],
            ])
        let results = try Normaliser().convertMessages(
            payload, from: "pinpoint-message", to: "fcm", options: Self.options)
        #expect(results.count == 3)
        let messages = results.map(\.payload)
        #expect(messages.map { $0["token"] } == ["tok1", "tok2", "tok3"])
        #expect(messages[0]["android"]?["notification"]?["title"] == "Hi there")
        #expect(messages[0]["android"]?["notification"]?["body"] == "Welcome aboard (Android)")
        #expect(messages[0]["android"]?["notification"]?["image"] == "https://e.com/a.png")
        #expect(messages[1]["notification"]?["title"] == "Hi Ada")
        #expect(messages[1]["notification"]?["body"] == "Welcome aboard")
        #expect(messages[2]["notification"]?["title"] == "Just for you")
        #expect(
            results.map { $0.recipient?.label } == [
                "address 1 of 3 (GCM)", "address 2 of 3 (APNS)", "address 3 of 3 (APNS)",
            ])
    }

    @Test("the request's own MessageConfiguration values are over the template's")
    func theRequestsValuesWin() throws {
        let payload = Self.request(
            ["tok1": ["ChannelType": "GCM"]], configuration: ["GCMMessage": ["Body": "The request's body"]])
        let results = try Normaliser().convertMessages(
            payload, from: "pinpoint-message", to: "fcm", options: Self.options)
        let notification = try #require(results.first?.payload["android"]?["notification"])
        #expect(notification["body"] == "The request's body")
        #expect(notification["title"] == "Hi there")
    }

    @Test("read as one message, the content is the template's, said at the PushTemplate")
    func readAsOneMessage() throws {
        let payload: JSONValue = [
            "MessageConfiguration": ["APNSMessage": ["Sound": "ping.caf"]],
            "TemplateConfiguration": ["PushTemplate": ["Name": "welcome"]],
        ]
        let result = try Normaliser().normalise(payload, format: "pinpoint-message", options: Self.options)
        #expect(result.notification.body == "Welcome aboard")
        #expect(result.notification.android?.body == "Welcome aboard (Android)")
        let read = result.diagnostics.filter { $0.code == .amazonTemplateRead }
        #expect(read.map(\.path.description) == ["/TemplateConfiguration/PushTemplate"])
        // Every finding is located in the input (the template's content has no path there).
        for diagnostic in result.diagnostics {
            #expect(diagnostic.path.resolve(in: payload) != nil, "\(diagnostic)")
        }
    }

    @Test("without the template given: a located warning naming it and how to give it, never a silent {}")
    func withoutTheTemplate() throws {
        let payload = Self.request(["tok1": ["ChannelType": "GCM"]])
        let result = try Normaliser().normalise(payload, format: "pinpoint-message")
        let missing = try #require(result.diagnostics.first { $0.code == .amazonTemplateMissing })
        #expect(missing.severity == .warning)
        #expect(missing.path.description == "/MessageRequest/TemplateConfiguration/PushTemplate")
        #expect(missing.message.contains("`welcome`") && missing.message.contains("--templates DIR"))
        // Given under another name: the warning says which it looked for.
        var options = FormatOptions()
        options.pinpointTemplates = (["other": Self.template] as JSONValue).objectValue
        let other = try Normaliser().normalise(payload, format: "pinpoint-message", options: options)
        #expect(other.diagnostics.contains { $0.code == .amazonTemplateMissing && $0.message.contains("`welcome`") })
    }
}

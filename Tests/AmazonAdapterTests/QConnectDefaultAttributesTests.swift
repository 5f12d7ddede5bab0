import JSONCodec
import PushCore
import Testing

@testable import AmazonAdapter

/// A Q in Connect template's `defaultAttributes` as the default values of its variables (`QConnectDefaultAttributes`):
/// the names each member fills under each `qconnectAttributeNames` choice, the later member over the earlier, and
/// what is not a string reported and left out.
@Suite struct QConnectDefaultAttributesTests {
    static let attributes: JSONValue = [
        "customerProfileAttributes": [
            "firstName": "Friend", "profileARN": "arn:x", "custom": ["tier": "gold", "firstName": "custom name"],
        ],
        "agentAttributes": ["firstName": "Sam"],
        "systemAttributes": ["name": "Outbound", "customerEndpoint": ["address": "+15550100"]],
        "customAttributes": ["orderId": "A-1"],
    ]

    static func values(_ naming: QConnectAttributeNaming) -> [String: [String]] {
        var diagnostics: [Diagnostic] = []
        let read = QConnectDefaultAttributes.substitutions(
            attributes.objectValue ?? JSONObject(), at: JSONPointer(tokens: ["defaultAttributes"]), naming: naming,
            diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return read.values
    }

    @Test func connectNames() {
        #expect(
            Self.values(.connect) == [
                "Attributes.Customer.FirstName": ["Friend"], "Attributes.Customer.ProfileARN": ["arn:x"],
                "Attributes.Customer.Attributes.tier": ["gold"],
                "Attributes.Customer.Attributes.firstName": ["custom name"],
                "Attributes.Agent.FirstName": ["Sam"], "Attributes.System.Name": ["Outbound"],
                "Attributes.System.CustomerEndpoint.Address": ["+15550100"], "Attributes.orderId": ["A-1"],
            ])
    }

    @Test func amplifyNames() {
        // A profile member over a custom attribute of the same name; no agent or system names.
        #expect(
            Self.values(.amplify) == [
                "Attributes.firstName": ["Friend"], "Attributes.profileARN": ["arn:x"], "Attributes.tier": ["gold"],
                "Attributes.orderId": ["A-1"],
            ])
    }

    @Test func bothIsTheUnionAndTheDefault() {
        let both = Self.values(.both)
        #expect(both == Self.values(.connect).merging(Self.values(.amplify)) { $1 })
        #expect(FormatOptions().qconnectAttributeNames == .both)
        var options = FormatOptions()
        options.qconnectAttributeNames = .amplify
        #expect(options.qconnectAttributeNames == .amplify)
    }

    @Test func aValueThatIsNotAStringIsReportedAndLeftOut() {
        var diagnostics: [Diagnostic] = []
        let attributes: JSONValue = [
            "customerProfileAttributes": ["firstName": 3, "lastName": "Doe"], "agentAttributes": "Sam",
        ]
        let read = QConnectDefaultAttributes.substitutions(
            attributes.objectValue ?? JSONObject(),
            at: JSONPointer(tokens: ["defaultAttributes"]), naming: .connect, diagnostics: &diagnostics)
        #expect(read.values == ["Attributes.Customer.LastName": ["Doe"]])
        #expect(diagnostics.map(\.code) == [.templateSubstitutionsInvalid, .templateSubstitutionsInvalid])
        #expect(
            diagnostics.map(\.path.description) == [
                "/defaultAttributes/customerProfileAttributes/firstName", "/defaultAttributes/agentAttributes",
            ])
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
    }
}

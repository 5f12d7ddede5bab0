public import PushCore

// The option `qconnect-push-template` reads, declared by it (``QConnectPushTemplateAdapter``'s descriptor lists it).

extension FormatOption {
    /// `qconnectAttributeNames`: the variable names a Q in Connect template's `defaultAttributes` give values to when
    /// templates are rendered: `both` (default), `connect` (Amazon Connect's `{{Attributes.Customer.FirstName}}`) or
    /// `amplify` (Amplify Gen 2's `{{Attributes.firstName}}`). AWS does not document the mapping: see
    /// ``QConnectDefaultAttributes``.
    package static let qconnectAttributeNames = FormatOption(
        "qconnectAttributeNames", kind: .string(allowed: QConnectAttributeNaming.allCases.map(\.rawValue)),
        default: .string(QConnectAttributeNaming.both.rawValue),
        summary:
            "the variables a Q in Connect template's `defaultAttributes` fill when rendering: `both`, `connect` "
            + "(`Attributes.Customer.FirstName`) or `amplify` (`Attributes.firstName`); AWS documents no mapping")
}

/// The variable names `defaultAttributes` values are given under (the `qconnectAttributeNames` option).
public enum QConnectAttributeNaming: String, Sendable, CaseIterable {
    /// Amazon Connect's and Amplify Gen 2's names, both.
    case both
    /// Amazon Connect's: `Attributes.Customer.FirstName`, `Attributes.Customer.Attributes.X`, `Attributes.Agent.…`.
    case connect
    /// Amplify Gen 2's: `Attributes.firstName`, `Attributes.X` (a profile's member or custom attribute).
    case amplify
}

extension FormatOptions {
    /// `qconnectAttributeNames`: the variable names a Q in Connect template's `defaultAttributes` give values to when
    /// templates are rendered (``QConnectAttributeNaming``); `both` by default.
    public var qconnectAttributeNames: QConnectAttributeNaming {
        get {
            guard !hasOnlyDefaults, let name = string(.qconnectAttributeNames) else { return .both }
            return QConnectAttributeNaming(rawValue: name) ?? .both
        }
        set { set(.qconnectAttributeNames, .string(newValue.rawValue)) }
    }
}

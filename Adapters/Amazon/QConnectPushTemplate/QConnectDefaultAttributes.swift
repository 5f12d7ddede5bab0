import PushCore

/// A Q in Connect template's `defaultAttributes` (botocore qconnect `MessageTemplateAttributes`: `systemAttributes`,
/// `agentAttributes`, `customerProfileAttributes`, `customAttributes`) as the default values of the template's
/// variables, under the values given to render with, as a Pinpoint template's `DefaultSubstitutions` are. AWS's
/// `RenderMessageTemplate` documents the behaviour: a variable takes the request's attribute value, else the
/// template's default attribute, else stays as it is.
///
/// AWS documents the attributes' shape, not the variable each member fills; the names come from the guides:
/// - `customerProfileAttributes.firstName` fills `Attributes.Customer.FirstName` (the Amazon Connect admin guide's
///   "Add personalized content to message templates" writes `{{Attributes.Customer.FirstName}}`); each member the same
///   way, its first letter upper-cased (inferred from that one example and Customer Profiles' attribute names).
/// - `customerProfileAttributes.custom.X` fills `Attributes.Customer.Attributes.X` (the Pinpoint migration guide:
///   `{{User.UserAttributes.PurchaseHistory}}` becomes `{{Attributes.Customer.Attributes.PurchaseHistory}}`).
/// - `agentAttributes.firstName` fills `Attributes.Agent.FirstName` (the admin guide's `{{Attributes.Agent.FirstName}}`).
/// - `systemAttributes` members fill `Attributes.System.…` the same way (`name` → `Attributes.System.Name`,
///   `customerEndpoint.address` → `Attributes.System.CustomerEndpoint.Address`): inferred, not documented.
/// - Amplify Gen 2's push templates write `{{Attributes.firstName}}`, "the target Customer Profile's fields, including
///   custom attributes": `customerProfileAttributes.firstName` and `custom.X` also fill `Attributes.firstName` and
///   `Attributes.X`.
/// - `customAttributes.X` fills `Attributes.X`, whatever the option (inferred: AWS says each key "defines a variable
///   or placeholder in the message template" and names no prefix).
///
/// The `qconnectAttributeNames` option picks the profile's names: `connect`, `amplify` or `both` (the default);
/// agent and system attributes have Amazon Connect's names only, except with `amplify` (none). A name two
/// members fill takes the later one's value, in this order: `customerProfileAttributes.custom`, the other
/// `customerProfileAttributes` members, `agentAttributes`, `systemAttributes`, `customAttributes`. A value that is not
/// a string (or an object of them where the shape nests) is a `core.template.substitutions-invalid` warning and is
/// not used.
enum QConnectDefaultAttributes {
    /// The default values `attributes` (at `path`) gives the template's variables.
    static func substitutions(
        _ attributes: JSONObject, at path: JSONPointer, naming: QConnectAttributeNaming,
        diagnostics: inout [Diagnostic]
    ) -> TemplateSubstitutions {
        let connect = naming != .amplify
        let amplify = naming != .connect
        var values: [String: [String]] = [:]
        func give(_ value: JSONValue, at: JSONPointer, names: [String]) {
            guard case .string(let text) = value else {
                diagnostics.warning(
                    .templateSubstitutionsInvalid, at: at,
                    "a default attribute must be a string, found \(value.typeName); not used to render")
                return
            }
            for name in names { values[name] = [text] }
        }
        func object(_ value: JSONValue, at: JSONPointer) -> JSONObject? {
            guard case .object(let object) = value else {
                diagnostics.warning(
                    .templateSubstitutionsInvalid, at: at,
                    "`\(at.tokens.last ?? "")` must be an object, found \(value.typeName); not used to render")
                return nil
            }
            return object
        }
        let profileKey = "customerProfileAttributes"
        let profilePath = path.appending(profileKey)
        let profile = attributes[profileKey].flatMap { object($0, at: profilePath) } ?? JSONObject()
        if let custom = profile["custom"], let members = object(custom, at: profilePath.appending("custom")) {
            for (key, value) in members {
                give(
                    value, at: profilePath.appending("custom").appending(key),
                    names: (connect ? ["Attributes.Customer.Attributes.\(key)"] : [])
                        + (amplify ? ["Attributes.\(key)"] : []))
            }
        }
        for (key, value) in profile where key != "custom" {
            give(
                value, at: profilePath.appending(key),
                names: (connect ? ["Attributes.Customer.\(capitalised(key))"] : [])
                    + (amplify ? ["Attributes.\(key)"] : []))
        }
        for (group, prefix) in [("agentAttributes", "Attributes.Agent"), ("systemAttributes", "Attributes.System")]
        where connect {
            guard let value = attributes[group], let members = object(value, at: path.appending(group)) else {
                continue
            }
            nested(members, at: path.appending(group), prefix: prefix, give: give, object: object)
        }
        if let value = attributes["customAttributes"],
            let members = object(value, at: path.appending("customAttributes"))
        {
            for (key, member) in members {
                give(member, at: path.appending("customAttributes").appending(key), names: ["Attributes.\(key)"])
            }
        }
        return TemplateSubstitutions(values)
    }

    /// Gives each string of `members` (and of the objects in it, `customerEndpoint.address`) to the variable of its
    /// path, each segment's first letter upper-cased, after `prefix`.
    private static func nested(
        _ members: JSONObject, at path: JSONPointer, prefix: String,
        give: (JSONValue, JSONPointer, [String]) -> Void, object: (JSONValue, JSONPointer) -> JSONObject?
    ) {
        for (key, value) in members {
            let name = "\(prefix).\(capitalised(key))"
            if case .object = value, let inner = object(value, path.appending(key)) {
                nested(inner, at: path.appending(key), prefix: name, give: give, object: object)
            } else {
                give(value, path.appending(key), [name])
            }
        }
    }

    /// `firstName` → `FirstName`.
    static func capitalised(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }
}

/// The keys of Amazon Pinpoint's push templates (format `pinpoint-template`), spelt once: botocore's
/// `PushNotificationTemplateRequest` / `PushNotificationTemplateResponse` (pinpoint 2016-12-01), CloudFormation's
/// `AWS::Pinpoint::PushTemplate` and the AWS CDK's `CfnPushTemplateProps` (camelCase).
package enum PinpointTemplateWire {
    /// The `extensions.amazon` key of what a template needs to render back.
    package static let memoryKey = "pinpointTemplate"

    /// The `extensions.amazon.pinpointTemplate` keys.
    package enum Memory {
        /// The form read: `request` (also CloudFormation's bare Properties), `response`, `resource`.
        package static let form = "form"
        /// `cdk` when the keys were spelt as the CDK spells them (camelCase).
        package static let spelling = "spelling"
        /// The envelope's other members (the response wrapper's siblings, the resource's `Type`, `DependsOn`, …).
        package static let envelope = "envelope"
        /// The template's top-level keys in input order (as spelt), so a rendering keeps the input's order.
        package static let order = "order"
        /// The template's keys other than the three read sections, verbatim (metadata, `ADM`, `Baidu`, unknown
        /// keys, values of the wrong type).
        package static let template = "template"
        /// The `Default` section verbatim: what it supplies to the platform sections.
        package static let defaults = "default"
        /// Per platform section (`APNS`, `GCM`), the keys it took from `Default`.
        package static let fromDefault = "fromDefault"
        /// The platform sections the input did not have (read from `Default` alone).
        package static let absent = "absent"
        /// Per section, its keys that are not members of the section's template shape, verbatim.
        package static let unknown = "unknown"
    }

    static let apns = "APNS"
    static let gcm = "GCM"
    static let adm = "ADM"
    static let baidu = "Baidu"
    static let defaultSection = "Default"
    static let defaultSubstitutions = "DefaultSubstitutions"
    static let templateName = "TemplateName"
    static let templateDescription = "TemplateDescription"
    static let recommenderID = "RecommenderId"
    static let tags = "tags"
    static let cloudFormationTags = "Tags"

    /// `{"PushNotificationTemplateResponse": {…}}`, what `aws pinpoint get-push-template` prints.
    static let responseWrapper = "PushNotificationTemplateResponse"
    /// A CloudFormation resource's keys.
    static let type = "Type"
    static let properties = "Properties"
    static let resourceType = "AWS::Pinpoint::PushTemplate"

    /// The sections read into the model, and the `MessageConfiguration` key `pinpoint-message` reads each as.
    static let apnsMessage = "APNSMessage"
    static let gcmMessage = "GCMMessage"

    /// The `MessageConfiguration` key a platform section is read as (`ADM` as `ADMMessage`, `Baidu` as
    /// `BaiduMessage`: ``PinpointAndroidChannel``).
    static func message(of section: String) -> String {
        switch section {
        case apns: return apnsMessage
        case adm: return PinpointAndroidChannel.adm.configurationKey
        case baidu: return PinpointAndroidChannel.baidu.configurationKey
        default: return gcmMessage
        }
    }

    /// The platform sections and the `MessageConfiguration` key each is read as.
    static let platformSections: [(section: String, message: String)] = [apns, gcm, adm, baidu].map {
        ($0, message(of: $0))
    }

    /// `APNSPushNotificationTemplate`'s members (no `ImageUrl`).
    static let apnsMembers: Set<String> = ["Action", "Body", "MediaUrl", "RawContent", "Sound", "Title", "Url"]
    /// `AndroidPushNotificationTemplate`'s members, for `GCM`, `ADM` and `Baidu` (no `MediaUrl`).
    static let androidMembers: Set<String> = [
        "Action", "Body", "ImageIconUrl", "ImageUrl", "RawContent", "SmallImageIconUrl", "Sound", "Title", "Url",
    ]
    /// `DefaultPushNotificationTemplate`'s members.
    static let defaultMembers: Set<String> = ["Action", "Body", "Sound", "Title", "Url"]
    /// Every member of any section (the CDK spells them camelCase).
    static let allMembers = apnsMembers.union(androidMembers)
    /// The members holding a URL (a placeholder there is a template value).
    static let urlMembers: Set<String> = ["Url", "MediaUrl", "ImageUrl", "ImageIconUrl", "SmallImageIconUrl"]
    /// `Action`'s values (botocore `Action` enum).
    static let actions: Set<String> = ["OPEN_APP", "DEEP_LINK", "URL"]

    /// The members of section `name`, nil for a key that is not a section.
    static func members(of name: String) -> Set<String>? {
        switch name {
        case apns: return apnsMembers
        case gcm, adm, baidu: return androidMembers
        case defaultSection: return defaultMembers
        default: return nil
        }
    }

    /// Where a misplaced member belongs (the naming traps), for a member that is not in `section`'s shape.
    static func home(of member: String, notIn section: String) -> String? {
        switch member {
        case "MediaUrl": return "APNS (an Android template's image is `ImageUrl`)"
        case "ImageUrl": return "GCM, ADM or Baidu (an APNs template's image is `MediaUrl`)"
        case "ImageIconUrl", "SmallImageIconUrl": return "GCM, ADM or Baidu (Android's icons)"
        case "ImageSmallIconUrl": return "no template: it is the campaign Message's spelling of `SmallImageIconUrl`"
        case "RawContent" where section == defaultSection: return "a platform section (Default has no RawContent)"
        default: return nil
        }
    }

    /// The template's own top-level keys (request, response metadata, CloudFormation properties).
    static let topLevelKeys: Set<String> = [
        adm, apns, baidu, defaultSection, defaultSubstitutions, gcm, recommenderID, tags, templateDescription,
        "Arn", "CreationDate", "LastModifiedDate", templateName, "TemplateType", "Version", cloudFormationTags,
    ]

    /// The CDK's camelCase spelling of the top-level keys (`CfnPushTemplateProps`); `tags` is the same.
    static let cdkTopLevel: [(cdk: String, wire: String)] = [
        ("adm", adm), ("apns", apns), ("baidu", baidu), ("default", defaultSection),
        ("defaultSubstitutions", defaultSubstitutions), ("gcm", gcm), ("templateName", templateName),
        ("templateDescription", templateDescription),
    ]

    /// The CDK's spelling of a section member: the member with its first letter lower-cased (`mediaUrl`).
    static func cdkMember(_ member: String) -> String {
        guard let first = member.first else { return member }
        return first.lowercased() + member.dropFirst()
    }

    /// The wire spelling of a CDK section member, nil for a key that is not one.
    static func wireMember(_ cdk: String) -> String? {
        guard let first = cdk.first, first.isLowercase else { return nil }
        let wire = first.uppercased() + cdk.dropFirst()
        return allMembers.contains(wire) ? wire : nil
    }

    /// The most characters of a template name: alphanumerics, `_` and `-` (Pinpoint user guide,
    /// message-templates-creating-push).
    static let nameLimit = 128
    /// The most characters of a (version) description (the same page).
    static let descriptionLimit = 500
}

/// The keys of Amazon Q in Connect push message templates (format `qconnect-push-template`), spelt once: botocore
/// qconnect 2020-10-19 `CreateMessageTemplateRequest`, `GetMessageTemplateResponse` (`ExtendedMessageTemplateData`),
/// `MessageTemplateContentProvider.push` (`PushMessageTemplateContent`) and its four platform shapes.
package enum QConnectPushTemplateWire {
    /// The `extensions.amazon` key of what a template needs to render back.
    package static let memoryKey = "qconnectPushTemplate"

    /// The `extensions.amazon.qconnectPushTemplate` keys.
    package enum Memory {
        /// The form read: `request` (CreateMessageTemplate, CLI input), `content` (the bare `content`, what
        /// `--content` takes) or `response` (GetMessageTemplate output).
        package static let form = "form"
        /// The document without the two sections read into the model (`apns`, `fcm`) and the objects this leaves
        /// empty: metadata, `adm`, `baidu`, `defaultAttributes`, unknown keys, values of the wrong type, verbatim.
        package static let document = "document"
        /// The keys of the `push` object in input order, so a rendering puts the sections back in place.
        package static let pushOrder = "pushOrder"
        /// The keys of each object on the way to `push` in input order (by its pointer), so a rendering puts
        /// `content` and `push` back in place.
        package static let containerOrder = "containerOrder"
        /// Per read section (`apns`, `fcm`), its keys in input order.
        package static let sectionOrder = "sectionOrder"
        /// Per read section, its keys that were not read (unknown, misplaced, a `body` not wrapped), verbatim; under
        /// a wrapper's name (`body`, `rawContent`), the wrapper's keys other than `content`.
        package static let unknown = "unknown"
    }

    static let push = "push"
    static let content = "content"
    static let messageTemplate = "messageTemplate"
    static let channelSubtype = "channelSubtype"
    static let pushSubtype = "PUSH"
    static let defaultAttributes = "defaultAttributes"
    static let tags = "tags"

    static let apns = "apns"
    static let fcm = "fcm"
    static let adm = "adm"
    static let baidu = "baidu"
    /// The platform sections, in botocore's order.
    static let sections = [adm, apns, baidu, fcm]

    /// The wrapped members: `{"content": …}` (`MessageTemplateBodyContentProvider`).
    static let body = "body"
    static let rawContent = "rawContent"
    static let wrappedContent = "content"

    /// `PushAPNSMessageTemplateContent`'s members.
    static let apnsMembers: Set<String> = ["title", "body", "action", "sound", "url", "mediaUrl", "rawContent"]
    /// `PushFCMMessageTemplateContent`'s members, and ADM's and Baidu's.
    static let androidMembers: Set<String> = [
        "title", "body", "action", "sound", "url", "imageUrl", "imageIconUrl", "smallImageIconUrl", "rawContent",
    ]
    /// The members in the order a section is written when its input order is unknown.
    static let writtenOrder = [
        "title", "body", "action", "url", "sound", "mediaUrl", "imageUrl", "imageIconUrl", "smallImageIconUrl",
        "rawContent",
    ]
    /// The members holding a URL (a placeholder there is a template value).
    static let urlMembers: Set<String> = ["url", "mediaUrl", "imageUrl", "imageIconUrl", "smallImageIconUrl"]

    /// The `MessageConfiguration` key `pinpoint-message` reads section `name` as (`fcm` as `GCMMessage`, `adm` as
    /// `ADMMessage`, `baidu` as `BaiduMessage`, `apns` as `APNSMessage`).
    static func message(of name: String) -> String {
        switch name {
        case apns: return PinpointTemplateWire.apnsMessage
        case adm: return PinpointAndroidChannel.adm.configurationKey
        case baidu: return PinpointAndroidChannel.baidu.configurationKey
        default: return PinpointTemplateWire.gcmMessage
        }
    }

    /// The members of section `name`, nil for a key that is not a section.
    static func members(of name: String) -> Set<String>? {
        switch name {
        case apns: return apnsMembers
        case fcm, adm, baidu: return androidMembers
        default: return nil
        }
    }

    /// Where a misplaced member belongs, for a member that is not in section `name`'s shape.
    static func home(of member: String) -> String? {
        switch member {
        case "mediaUrl": return "apns (an Android section's image is `imageUrl`)"
        case "imageUrl": return "fcm, adm or baidu (an APNs section's image is `mediaUrl`)"
        case "imageIconUrl", "smallImageIconUrl": return "fcm, adm or baidu (Android's icons)"
        default: return nil
        }
    }

    /// The Pinpoint template member (`PinpointTemplateWire`, as `pinpoint-message` reads it) of a Q in Connect member.
    static func pinpointMember(_ member: String) -> String {
        guard let first = member.first else { return member }
        return first.uppercased() + member.dropFirst()
    }

    /// The Q in Connect member of a Pinpoint template member (`Title` → `title`).
    static func qconnectMember(_ member: String) -> String {
        guard let first = member.first else { return member }
        return first.lowercased() + member.dropFirst()
    }

    /// `CreateMessageTemplateRequest`'s members (the URL's `knowledgeBaseId` too, as the CLI input holds it).
    static let requestKeys: Set<String> = [
        "knowledgeBaseId", "name", content, "description", channelSubtype, "language", "sourceConfiguration",
        defaultAttributes, "groupingConfiguration", "clientToken", tags,
    ]
    /// `ExtendedMessageTemplateData`'s members (GetMessageTemplate's `messageTemplate`).
    static let responseKeys: Set<String> = requestKeys.union([
        "messageTemplateArn", "messageTemplateId", "knowledgeBaseArn", "createdTime", "lastModifiedTime",
        "lastModifiedBy", "attributeTypes", "attachments", "isActive", "versionNumber", "messageTemplateContentSha256",
        "sourceConfigurationSummary",
    ])
    /// `MessageTemplateAttributes`' members.
    static let attributeGroups: Set<String> = [
        "systemAttributes", "agentAttributes", "customerProfileAttributes", "customAttributes",
    ]
}

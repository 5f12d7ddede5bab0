/// Amazon-family wire spellings (the `attachment-url` convention, Pinpoint, SNS): every key the
/// Amazon adapters read or write appears here and nowhere else.
package enum AmazonKeys {
    /// The custom-data object beside `aps` (Pusher convention, Pinpoint).
    package static let data = "data"

    /// Keys of a Pinpoint payload as delivered (`data.*`), per aws-amplify's `PinpointNotificationPayload`
    /// and aws-sdk-ios `AWSPinpointNotificationManager`.
    package enum Pinpoint {
        /// `data.media-url`: the media URL Amplify's `AUNotificationService` downloads.
        package static let mediaURL = "media-url"
        /// `data.pinpoint`: campaign/journey metadata and the deep link.
        package static let pinpoint = "pinpoint"
        /// `data.pinpoint.deeplink` (a URL string).
        package static let deeplink = "deeplink"
        /// `data.pinpoint.campaign` (an object).
        package static let campaign = "campaign"
        /// `data.pinpoint.journey` (an object).
        package static let journey = "journey"
        /// `data.pinpoint.jsonBody`: where Pinpoint puts an `APNSMessage.Data` map.
        package static let jsonBody = "jsonBody"
        /// `data.pinpoint.url`: the web page of `Action: URL` (read by Amazon's Android SDKs; no iOS SDK reads it).
        package static let url = "url"
        /// The keys of `data.pinpoint` that Amazon's SDKs read.
        package static let known: Set<String> = [deeplink, campaign, journey, jsonBody, url]
    }

    /// Pinpoint's (AWS End User Messaging Push's) `SendMessages` / `SendUsersMessages` request around the messages.
    package enum Request {
        /// `aws pinpoint send-messages --cli-input-json`: `{"ApplicationId", "MessageRequest": {…}}`.
        package static let applicationID = "ApplicationId"
        package static let messageRequest = "MessageRequest"
        package static let sendUsersMessageRequest = "SendUsersMessageRequest"
        /// The keys of a CLI input document.
        package static let inputKeys: Set<String> = [applicationID, messageRequest, sendUsersMessageRequest]

        package static let addresses = "Addresses"
        package static let endpoints = "Endpoints"
        package static let users = "Users"
        package static let context = "Context"
        package static let messageConfiguration = "MessageConfiguration"
        package static let templateConfiguration = "TemplateConfiguration"
        package static let traceID = "TraceId"
        /// `MessageRequest` (`SendMessages`) keys.
        package static let messageRequestKeys: Set<String> = [
            addresses, context, endpoints, messageConfiguration, templateConfiguration, traceID,
        ]
        /// `SendUsersMessageRequest` keys.
        package static let usersRequestKeys: Set<String> = [
            context, messageConfiguration, templateConfiguration, traceID, users,
        ]

        /// A recipient's settings: `AddressConfiguration` (an `Addresses` value) and `EndpointSendConfiguration`
        /// (an `Endpoints` or `Users` value, which has no `ChannelType`).
        package enum Recipient {
            package static let channelType = "ChannelType"
            package static let titleOverride = "TitleOverride"
            package static let bodyOverride = "BodyOverride"
            package static let rawContent = "RawContent"
            package static let substitutions = "Substitutions"
            package static let context = "Context"
            /// The `ChannelType`s whose message is `APNSMessage`.
            package static let appleChannels: Set<String> = ["APNS", "APNS_SANDBOX", "APNS_VOIP", "APNS_VOIP_SANDBOX"]
            /// The `ChannelType` whose message is `GCMMessage`.
            package static let gcmChannel = "GCM"
        }

        /// `DirectMessageConfiguration` keys: one message per channel and the two defaults.
        package static let defaultPushNotificationMessage = "DefaultPushNotificationMessage"
        package static let defaultMessage = "DefaultMessage"
        package static let gcmMessage = "GCMMessage"
        package static let configurationKeys: Set<String> = [
            "ADMMessage", Message.wrapper, "BaiduMessage", defaultMessage, defaultPushNotificationMessage,
            "EmailMessage", gcmMessage, "SMSMessage", "VoiceMessage",
        ]
        /// `DefaultPushNotificationMessage` fields (Pinpoint uses them where a channel message lacks them).
        package static let defaultPushNotificationFields: Set<String> = [
            Message.action, Message.body, Message.data, Message.silentPush, Message.substitutions, Message.title,
            Message.url,
        ]
        /// `DefaultMessage` fields.
        package static let defaultMessageFields: Set<String> = [Message.body, Message.substitutions]
    }

    /// Pinpoint's `APNSMessage` (send API) and the `MessageConfiguration` key that wraps it.
    package enum Message {
        package static let wrapper = "APNSMessage"
        package static let apnsPushType = "APNSPushType"
        package static let action = "Action"
        package static let badge = "Badge"
        package static let body = "Body"
        package static let category = "Category"
        package static let collapseID = "CollapseId"
        package static let data = "Data"
        package static let mediaURL = "MediaUrl"
        package static let preferredAuthenticationMethod = "PreferredAuthenticationMethod"
        package static let priority = "Priority"
        package static let rawContent = "RawContent"
        package static let silentPush = "SilentPush"
        package static let sound = "Sound"
        package static let substitutions = "Substitutions"
        package static let threadID = "ThreadId"
        package static let timeToLive = "TimeToLive"
        package static let title = "Title"
        package static let url = "Url"

        /// Every `APNSMessage` field, in the AWS documentation's (alphabetical) order.
        package static let all: [String] = [
            apnsPushType, action, badge, body, category, collapseID, data, mediaURL, preferredAuthenticationMethod,
            priority, rawContent, silentPush, sound, substitutions, threadID, timeToLive, title, url,
        ]

        /// ``all`` as a set.
        package static let allSet = Set(all)

        /// Fields that make up the payload, which Pinpoint ignores when `RawContent` is given. The header
        /// fields (`APNSPushType`, `Priority`, `CollapseId`, `TimeToLive`, `PreferredAuthenticationMethod`)
        /// still apply: AWS documents that `APNSPushType` is chosen "based on … SilentPush or RawContent".
        package static let contentFields: Set<String> = [
            action, badge, body, category, data, mediaURL, silentPush, sound, substitutions, threadID, title, url,
        ]

        /// `Action` values.
        package static let actions: Set<String> = ["OPEN_APP", "DEEP_LINK", "URL"]
        /// `PreferredAuthenticationMethod` values.
        package static let authenticationMethods: Set<String> = ["CERTIFICATE", "TOKEN"]
    }

    /// Amazon SNS `MessageStructure=json` keys.
    package enum SNS {
        package static let apns = "APNS"
        package static let apnsSandbox = "APNS_SANDBOX"
        package static let apnsVoIP = "APNS_VOIP"
        package static let apnsVoIPSandbox = "APNS_VOIP_SANDBOX"
        package static let macOS = "MACOS"
        package static let macOSSandbox = "MACOS_SANDBOX"
        package static let `default` = "default"
        /// The string SNS sends to Android (FCM) endpoints: a legacy FCM body or `{"fcmV1Message": …}`.
        package static let gcm = "GCM"
        /// The GCM string's key of an FCM v1 `SendMessageRequest` (`{"validate_only"?, "message": {…}}`).
        package static let fcmV1Message = "fcmV1Message"
        /// The string SNS sends to Amazon Device Messaging (Fire OS) endpoints: an `adm` message.
        package static let adm = "ADM"
        /// The string SNS sends to Baidu Cloud Push endpoints: `{"title", "description", …}`.
        package static let baidu = "BAIDU"
        /// The keys whose string is an APNs payload, in the order they are looked for.
        package static let apnsPlatforms = [apns, apnsSandbox, apnsVoIP, apnsVoIPSandbox, macOS, macOSSandbox]
        /// The VoIP keys: SNS sends their payload with `apns-push-type: voip`.
        package static let voIPPlatforms: Set<String> = [apnsVoIP, apnsVoIPSandbox]
        /// Every key SNS defines for a `MessageStructure=json` message (mobile platforms and the other protocols).
        package static let known: Set<String> = Set(apnsPlatforms).union([
            `default`, gcm, adm, baidu, "MPNS", "WNS", "email", "email-json", "sqs", "lambda", "http", "https",
            "sms", "firehose", "application",
        ])
    }

    /// Keys of `extensions.amazon`, where what the model cannot hold is kept to render back in place.
    package enum Extension {
        package static let namespace = "amazon"
        /// `amazon`, `sns`: the placement (`top`, `data`, `aps`) each media item was read from, in media order.
        package static let mediaPlacements = "mediaPlacements"
        /// `pinpoint`: the `data.pinpoint` object, verbatim.
        package static let pinpoint = "pinpoint"
        /// `pinpoint-message`: what the send form needs to render back (see ``PinpointMessage``).
        package static let pinpointMessage = "pinpointMessage"
        /// `sns`: every SNS key but the one the APNs payload was read from (`default`, `GCM`, …), verbatim.
        package static let sns = "sns"
        /// `sns`: the key the APNs payload was read from (`APNS` or `APNS_SANDBOX`).
        package static let snsPlatform = "snsPlatform"
        /// `sns`: what the `GCM` string needs to render back beside the Android part (see ``SNSGCM``).
        package static let snsGCM = "snsGCM"

        /// Keys of `extensions.amazon.snsGCM`.
        package enum SNSGCM {
            /// Layout memory (never content): `alone`, `absent`, `dataInMessage`.
            package static let layout = "layout"
            /// Layout: true when the message had no APNs key (the GCM string is the whole notification).
            package static let alone = "alone"
            /// Layout: the shared fields (`title`, `body`, `image`, `sound`, the localised keys, `data`) that the
            /// GCM message did not say although the APNs payload did.
            package static let absent = "absent"
            /// Layout: Android's own data came from the message's `data`, not `android.data`.
            package static let dataInMessage = "dataInMessage"
            /// The FCM v1 message's `apns` block (for iOS apps registered with FCM), verbatim, beside the `APNS`
            /// payload; for a legacy body, its iOS-only options as SNS maps them.
            package static let apns = "apns"
            /// The GCM object's keys beside `fcmV1Message`, verbatim.
            package static let others = "others"
            /// The message's `data` when `android.data` was given too and the two differ from the shared data.
            package static let messageData = "messageData"
        }

        /// Keys of `extensions.amazon.pinpointMessage`.
        package enum PinpointMessage {
            /// True when the message was read from the `{"APNSMessage": {…}}` wrapper.
            package static let wrapped = "wrapped"
            /// The wrapper's other keys (`GCMMessage`, `DefaultMessage`, …), verbatim.
            package static let configuration = "configuration"
            /// True when the payload came from `RawContent`.
            package static let rawContent = "rawContent"
            /// The request around `MessageConfiguration` (`Addresses`/`Endpoints`/`Users`, `Context`, `TraceId`,
            /// `TemplateConfiguration`), verbatim: present when the input was a whole request.
            package static let request = "request"
            /// The CLI input document's other keys (`ApplicationId`), verbatim.
            package static let input = "input"
            /// The CLI input document's key holding the request (`MessageRequest` or `SendUsersMessageRequest`).
            package static let inputKey = "inputKey"
            /// Canonical fields taken from `DefaultPushNotificationMessage` / `DefaultMessage` (written back there).
            package static let defaulted = "defaulted"
            /// True when the `MessageConfiguration` had no `APNSMessage` (its content came from the defaults).
            package static let noMessage = "noAPNSMessage"
            /// True when `APNSMessage` held a raw APNs payload (the Pinpoint console's raw message form).
            package static let console = "console"
            /// `APNSMessage` keys with no canonical field (`Action`, `Url`, `TimeToLive`, …, unknown keys,
            /// wrong types, and the content fields `RawContent` overrides), verbatim.
            package static let fields = "fields"
        }
    }
}

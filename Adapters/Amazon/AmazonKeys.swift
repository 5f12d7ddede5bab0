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
        package static let `default` = "default"
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

        /// Keys of `extensions.amazon.pinpointMessage`.
        package enum PinpointMessage {
            /// True when the message was read from the `{"APNSMessage": {…}}` wrapper.
            package static let wrapped = "wrapped"
            /// The wrapper's other keys (`GCMMessage`, `DefaultMessage`, …), verbatim.
            package static let configuration = "configuration"
            /// True when the payload came from `RawContent`.
            package static let rawContent = "rawContent"
            /// `APNSMessage` keys with no canonical field (`Action`, `Url`, `TimeToLive`, …, unknown keys,
            /// wrong types, and the content fields `RawContent` overrides), verbatim.
            package static let fields = "fields"
        }
    }
}

/// ZEGO wire spellings: every ZEGO key appears here and nowhere else.
///
/// Sources (vendor-notes §3): the ZIM iOS SDK header `ZIMPushConfig`, ZEGO's offline-push pages
/// (`get-payload-field`, `notify-with-photo-attachment`) and the ZIM server API pages
/// (`push-message-to-all-users`, `messagebody-introduction`).
package enum ZegoKeys {
    /// The pass-through string at the top level of the delivered APNs userInfo.
    package static let payload = "payload"
    /// What ZIM before 2.5.0 called `ZIMPushConfig.payload`.
    package static let legacyPayload = "extendedData"

    /// `ZIMPushConfig` (client SDK), camelCase.
    package enum PushConfig {
        package static let title = "title"
        package static let content = "content"
        package static let payload = "payload"
        package static let resourcesID = "resourcesID"
        package static let enableBadge = "enableBadge"
        package static let badgeIncrement = "badgeIncrement"
        package static let voIPConfig = "voIPConfig"
    }

    /// `ZIMVoIPConfig`.
    package enum VoIPConfig {
        package static let handleType = "iOSVoIPHandleType"
        package static let handleValue = "iOSVoIPHandleValue"
        package static let hasVideo = "iOSVoIPHasVideo"
    }

    /// The server API's request and `MessageBody` wrappers around `OfflinePush`.
    package enum Server {
        package static let messageBody = "MessageBody"
        package static let message = "Message"
        package static let fromUserID = "FromUserId"
        package static let offlinePush = "OfflinePush"
        package static let pushType = "PushType"
    }

    /// The server API's `OfflinePush` object, PascalCase.
    package enum OfflinePush {
        package static let enable = "Enable"
        package static let title = "Title"
        package static let content = "Content"
        package static let payload = "Payload"
        package static let pushStrategyID = "PushStrategyId"
        package static let enableBadge = "EnableBadge"
        package static let badgeIncrement = "BadgeIncrement"
        package static let pushImageInfo = "PushImageInfo"
    }

    /// `OfflinePush.PushImageInfo`.
    package enum PushImageInfo {
        package static let apns = "Apns"
        package static let android = "Android"
        package static let huawei = "HuaWei"
        package static let fcm = "FCM"
        package static let image = "Image"
        package static let icon = "Icon"
    }

    /// Keys of `extensions.zego`: what the model cannot hold, kept to render back in place.
    /// Shared by the three ZEGO formats where the meaning is the same.
    package enum Extension {
        package static let namespace = "zego"
        /// The payload string's JSON object without the media key (an object), or the string verbatim
        /// when it is not a JSON object.
        package static let payload = "payload"
        /// `resourcesID` (ZIMPushConfig) or `PushStrategyId` (OfflinePush): the same push strategy.
        package static let resourcesID = "resourcesID"
        /// `enableBadge` / `EnableBadge`.
        package static let enableBadge = "enableBadge"
        /// `badgeIncrement` / `BadgeIncrement`: an increment, never an absolute badge.
        package static let badgeIncrement = "badgeIncrement"
        /// `voIPConfig`, verbatim.
        package static let voIPConfig = "voIPConfig"
        /// `OfflinePush.Enable` when it is not 1 (an absent `Enable` is ZEGO's default 0).
        package static let enable = "enable"
        /// `PushImageInfo` without `Apns.Image` (which is media): the Android images, verbatim.
        package static let pushImageInfo = "pushImageInfo"
        /// Keys of a `ZIMPushConfig` the model does not hold (unknown, or of the wrong type).
        package static let pushConfig = "pushConfig"
        /// Keys of an `OfflinePush` the model does not hold (unknown, or of the wrong type).
        package static let offlinePush = "offlinePush"
        /// The `MessageBody` around `OfflinePush` (its other keys; `{}` for a bare `{"OfflinePush": …}`).
        package static let messageBody = "messageBody"
        /// The request around `MessageBody` (its other keys), when the input was a whole request.
        package static let request = "request"
        /// `zego-offline-push`: true when the `MessageBody` had no `OfflinePush` (its `Message` is the body).
        package static let noOfflinePush = "noOfflinePush"
    }

    /// resourcesID's documented maximum length, in characters.
    package static let resourcesIDMaximumLength = 32
    /// BadgeIncrement's documented range; above it ZEGO uses 99.
    package static let badgeIncrementRange: ClosedRange<Int64> = 0...99
}

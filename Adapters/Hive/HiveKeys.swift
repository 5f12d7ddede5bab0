/// Hive wire spellings: every Hive key appears here and nowhere else.
///
/// The remote-push keys (`groupId`, the media URL key) are options (``FormatOptions/hiveGroupKey``,
/// ``FormatOptions/hiveMediaKey``) because Hive does not publish the delivered userInfo layout.
package enum HiveKeys {
    /// The `extensions` namespace of Hive values (`extensions.hive`).
    package static let namespace = "hive"

    /// Keys of Hive's `LocalPush` object (Hive Unity plugin `Push.cs`, SDK v4).
    package enum LocalPush {
        /// `noticeId`: the spelling of the property and of `LocalPush(JSONObject)` (parse side).
        package static let noticeID = "noticeId"
        /// `noticeID`: the spelling `LocalPush.toJson()` writes.
        package static let noticeIDSerialised = "noticeID"
        package static let title = "title"
        /// `msg`: the body.
        package static let message = "msg"
        /// `after`: seconds from registration to display.
        package static let after = "after"
        package static let groupID = "groupId"
        package static let bigPicture = "bigpicture"
        package static let bigMessage = "bigmsg"
        package static let ticker = "ticker"
        package static let type = "type"
        package static let icon = "icon"
        package static let sound = "sound"
        package static let active = "active"
        package static let broadcastAction = "broadcastAction"
        package static let bucketType = "buckettype"
        package static let bucketSize = "bucketsize"
        package static let iconColor = "icon_color"

        /// Android-only string fields.
        package static let androidStrings: Set<String> = [
            bigPicture, bigMessage, ticker, type, icon, sound, active, broadcastAction,
        ]
        /// Android-only integer fields.
        package static let androidIntegers: Set<String> = [bucketType, bucketSize]
        /// Both spellings of the notice id, property spelling first.
        package static let noticeIDSpellings = [noticeID, noticeIDSerialised]
    }

    /// Keys of `hive_push_actions.json`.
    package enum Actions {
        package static let actions = "actions"
        package static let categories = "categories"
        /// Per-language titles of an action (this library's schema; Hive does not publish one).
        package static let title = "title"
        /// `UNNotificationActionOptions.foreground`.
        package static let foreground = "foreground"
        /// `UNNotificationActionOptions.destructive`.
        package static let destructive = "destructive"
        /// `UNNotificationActionOptions.authenticationRequired`.
        package static let authenticationRequired = "authenticationRequired"
    }

    /// The default language of action titles.
    package static let defaultLanguage = "en"
    /// At most this many buttons per category.
    package static let maximumButtons = 3
    /// At most this many title languages in one file.
    package static let maximumLanguages = 16
    /// The media file extensions Hive documents for HIVEExtensions: JPG, GIF (images) and MP4 (video).
    package static let mediaExtensions: Set<String> = ["jpg", "jpeg", "gif", "mp4"]
}

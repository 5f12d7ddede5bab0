package import PushCore

/// HMS's values the model maps (priority ↔ urgency, the click-action types, the badge, the targets) and the members
/// of its small objects, each spelt once.
package enum HMSValues {
    // MARK: - click_action

    package static let type = "type"
    package static let intent = "intent"
    package static let action = "action"
    package static let url = "url"
    package static let richResource = "rich_resource"
    /// Type 1: open a page of the app by `intent` or `action`.
    package static let typeIntent: Int64 = 1
    /// Type 2: open `url`.
    package static let typeURL: Int64 = 2
    /// Type 3: open the app.
    package static let typeApp: Int64 = 3
    /// Type 4: open a rich resource (`rich_resource`).
    package static let typeRichResource: Int64 = 4

    // MARK: - badge

    package static let addNum = "add_num"
    package static let setNum = "set_num"
    package static let badgeClass = "class"

    // MARK: - Enums (Huawei Push Kit server API v1 reference)

    package static let urgencies = ["HIGH", "NORMAL"]
    package static let importances = ["LOW", "NORMAL", "HIGH"]
    package static let visibilities = ["VISIBILITY_UNSPECIFIED", "PRIVATE", "PUBLIC", "SECRET"]
    /// `style`: 0 default, 1 big text, 3 inbox (2, big picture, was removed from the reference).
    package static let styles: [Int64] = [0, 1, 3]

    /// The canonical priority (`high` | `normal`) of an `urgency`, nil for a value HMS does not define.
    package static func priority(urgency: String) -> String? {
        switch urgency {
        case "HIGH": return "high"
        case "NORMAL": return "normal"
        default: return nil
        }
    }

    /// The `urgency` of a canonical priority.
    package static func urgency(priority: String) -> String? {
        switch priority.lowercased() {
        case "high": return "HIGH"
        case "normal": return "NORMAL"
        default: return nil
        }
    }

    /// The `token` array for `target`: its tokens, else its one token.
    package static func tokens(of target: PushNotification.Target?) -> [String]? {
        if let tokens = target?.tokens { return tokens }
        return target?.token.map { [$0] }
    }

    /// The image `notification.image` shows: the first media URL, when it is not a video or sound (or when it came
    /// from an HMS message, which is written back as it came).
    package static func image(of n: PushNotification) -> String? {
        guard let media = n.media.first, takesImage(media, of: n) else { return nil }
        return media.url
    }

    /// True when `media` (the first of `n`) is written to `notification.image`.
    package static func takesImage(_ media: PushNotification.Media, of n: PushNotification) -> Bool {
        n.source == HMSAdapter.formatName || showsAsImage(media)
    }

    /// True when `media` can go into an image field.
    package static func showsAsImage(_ media: PushNotification.Media) -> Bool {
        switch media.kind ?? PushNotification.MediaKind(url: media.url) {
        case .video?, .audio?: return false
        default: return true
        }
    }

    /// The `click_action` for `n`: type 2 for a URL, type 1 for a deep link (`intent`) or intent action, else what
    /// was kept; the kept members (`rich_resource`, unknown keys) follow.
    package static func clickAction(of n: PushNotification, kept: JSONObject?) -> JSONObject? {
        var object = JSONObject()
        if let url = n.android?.url {
            object.appendUnchecked(type, .integer(typeURL))
            object.appendUnchecked(Self.url, .string(url))
        } else if n.android?.deepLink != nil || n.android?.clickAction != nil {
            object.appendUnchecked(type, .integer(typeIntent))
            if let intent = n.android?.deepLink { object.appendUnchecked(Self.intent, .string(intent)) }
            if let action = n.android?.clickAction { object.appendUnchecked(Self.action, .string(action)) }
        } else {
            return kept
        }
        for (key, value) in kept ?? JSONObject() where object[key] == nil { object.appendUnchecked(key, value) }
        return object
    }

    /// The `badge` object: the kept members with `set_num` (the app-icon badge) after `add_num`, or first.
    package static func badge(_ number: Int64?, kept: JSONObject) -> JSONObject {
        guard let number else { return kept }
        var object = JSONObject()
        var placed = false
        if kept[addNum] == nil {
            object.appendUnchecked(setNum, .integer(number))
            placed = true
        }
        for (key, value) in kept where key != setNum {
            object.appendUnchecked(key, value)
            if key == addNum, !placed {
                object.appendUnchecked(setNum, .integer(number))
                placed = true
            }
        }
        return object
    }

    /// The name of the HMS object at `path` (relative to the message), for findings.
    package static func objectName(_ path: JSONPointer) -> String {
        let tokens = path.tokens.drop { $0 == HMSKeys.Request.message }
        switch Array(tokens) {
        case []: return "Message"
        case ["notification"]: return "Notification"
        case ["android"]: return "AndroidConfig"
        case ["android", "notification"]: return "AndroidNotification"
        default: return "message"
        }
    }
}

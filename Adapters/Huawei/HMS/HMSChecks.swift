import JSONCodec
package import PushCore
import WireTables

/// HMS's documented rules on a message (bare or in its send request), each a stable code with the JSON Pointer of
/// the value: the targets, `data`, the AndroidConfig and AndroidNotification enums and ranges, the click-action types,
/// the badge, the size, and the keys Huawei's own demos put in the wrong place. Sources: the catalogue
/// (`HMSDiagnostics+Catalogue.swift`).
package enum HMSChecks {
    /// Every finding on `payload`, in document order.
    package static func check(_ payload: JSONValue) -> [Diagnostic] {
        guard case .object(let root) = payload else { return [] }
        var d: [Diagnostic] = []
        var message = root
        var path = JSONPointer.root
        if HMSMessageReader.isRequest(JSONValueSource(), payload),
            let inner = root[HMSKeys.Request.message]?.objectValue
        {
            message = inner
            path = path.appending(HMSKeys.Request.message)
        }
        checkTargets(message, at: path, &d)
        checkData(message, at: path, &d)
        if let image = message["notification"]?.objectValue?["image"]?.stringValue {
            checkHTTPS(image, at: path.appending("notification").appending("image"), "`notification.image`", &d)
        }
        if let android = message["android"]?.objectValue {
            checkAndroid(android, at: path.appending("android"), &d)
        }
        if let apns = message["apns"]?.objectValue { checkAPNs(apns, at: path.appending("apns"), &d) }
        checkSize(message, at: path, &d)
        return d
    }

    // MARK: - Message

    static let targets = ["token", "topic", "condition"]

    static func checkTargets(_ message: JSONObject, at path: JSONPointer, _ d: inout [Diagnostic]) {
        let present = targets.filter { message[$0] != nil }
        if present.count != 1 {
            d.error(
                .hmsTargetCount, at: present.count > 1 ? path.appending(present[1]) : path,
                present.isEmpty
                    ? "an HMS message needs one of token, topic or condition; found none"
                    : "an HMS message takes one of token, topic or condition; found \(present.joined(separator: ", "))")
        }
        // A token string (FCM's shape) is reported by the reader (`hms.token.not-array`).
        switch message["token"] {
        case .array(let tokens)?:
            if tokens.isEmpty {
                d.error(.hmsTargetEmpty, at: path.appending("token"), "`token` is an empty array: it sends to no one")
            } else if tokens.count > HMSAdapter.tokenCapacity {
                d.error(
                    .hmsTargetTooManyTokens, at: path.appending("token"),
                    "\(tokens.count) tokens; HMS takes at most \(HMSAdapter.tokenCapacity) in one message")
            }
            for (index, token) in tokens.enumerated() where token.stringValue?.isEmpty == true {
                d.error(.hmsTargetEmpty, at: path.appending("token").appending(String(index)), "an empty token")
            }
        default: break
        }
        for key in ["topic", "condition"] where message[key]?.stringValue?.isEmpty == true {
            d.error(.hmsTargetEmpty, at: path.appending(key), "`\(key)` is empty")
        }
    }

    static func checkData(_ message: JSONObject, at path: JSONPointer, _ d: inout [Diagnostic]) {
        // A data map (FCM's shape) is reported by the reader (`hms.data.not-string`).
        switch message["data"] {
        case .string(let text)?:
            let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" }
            if trimmed.first == "{" || trimmed.first == "[", (try? JSONParser().parse(text)) == nil {
                d.warning(
                    .hmsDataNotJSON, at: path.appending("data"),
                    "`data` looks like JSON but does not parse (keys and strings need double quotes); kept as a "
                        + "plain string, which the app receives as it is")
            }
        default: break
        }
        let hasData = message["data"].map { $0.stringValue?.isEmpty != true } ?? false
        let android = message["android"]?.objectValue
        let shown =
            message["notification"] != nil || android?["notification"] != nil || android?["data"] != nil
            || message["apns"] != nil || message["webpush"] != nil
        if !hasData, !shown {
            d.error(
                .hmsMessageEmpty, at: path,
                "an HMS message needs data or a notification (or an apns / webpush block); found neither")
        }
    }

    static func checkSize(_ message: JSONObject, at path: JSONPointer, _ d: inout [Diagnostic]) {
        var counted = message
        _ = counted.removeValue(forKey: "token")
        let size = JSONWriter.compactSize(of: .object(counted))
        if size > maximumBytes {
            d.error(
                .hmsMessageTooLarge, at: path,
                "the message is \(size) bytes without its tokens; HMS takes at most \(maximumBytes)")
        }
    }

    /// HMS's limit on a message, tokens not counted.
    static let maximumBytes = 4_096

    // MARK: - AndroidConfig

    static func checkAndroid(_ android: JSONObject, at path: JSONPointer, _ d: inout [Diagnostic]) {
        if let value = android["collapse_key"] {
            if case .integer(let key) = value, (-1...100).contains(key) {
            } else {
                d.error(
                    .hmsCollapseKeyRange, at: path.appending("collapse_key"),
                    "`collapse_key` must be an integer from -1 to 100, found \(value.compactDescription)")
            }
        }
        checkEnum(android["urgency"], HMSValues.urgencies, "urgency", at: path, &d)
        if android["priority"] != nil {
            d.error(
                .hmsKeyMisplaced, at: path.appending("priority"),
                "`priority` is FCM's key: HMS's message priority is `urgency` (HIGH or NORMAL)")
        }
        if let ttl = android["ttl"] {
            if !(ttl.stringValue.map(isDuration) ?? false) {
                d.error(
                    .hmsTTLInvalid, at: path.appending("ttl"),
                    "`ttl` must be seconds as a string (\"86400s\", \"3.5\"), found \(ttl.compactDescription)")
            }
        }
        if let target = android["fast_app_target"] {
            if case .integer(let value) = target, value == 1 || value == 2 {
            } else {
                d.error(
                    .hmsEnumInvalid, at: path.appending("fast_app_target"),
                    "`fast_app_target` must be 1 (development) or 2 (production), found \(target.compactDescription)")
            }
        }
        if let notification = android["notification"]?.objectValue {
            checkNotification(notification, at: path.appending("notification"), &d)
        }
    }

    /// Seconds with up to nine decimals and an optional `s` (the validator of Huawei's Node.js demo).
    static func isDuration(_ text: String) -> Bool {
        var body = Substring(text)
        if body.last == "s" { body = body.dropLast() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty,
            whole.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return false }
        guard parts.count == 2 else { return true }
        let fraction = parts[1]
        return (1...9).contains(fraction.count) && fraction.allSatisfy { $0.isASCII && $0.isNumber }
    }

    // MARK: - AndroidNotification

    static func checkNotification(_ notification: JSONObject, at path: JSONPointer, _ d: inout [Diagnostic]) {
        checkClickAction(notification["click_action"], at: path, &d)
        if let image = notification["image"]?.stringValue {
            checkHTTPS(image, at: path.appending("image"), "`image`", &d)
        }
        checkEnum(notification["importance"], HMSValues.importances, "importance", at: path, &d)
        checkEnum(notification["visibility"], HMSValues.visibilities, "visibility", at: path, &d)
        checkStyle(notification, at: path, &d)
        if let badge = notification["badge"]?.objectValue { checkBadge(badge, at: path.appending("badge"), &d) }
        if notification["notification_count"] != nil {
            d.error(
                .hmsKeyMisplaced, at: path.appending("notification_count"),
                "`notification_count` is FCM's key: HMS sets the badge with `badge {set_num, add_num, class}`")
        }
        if let lights = notification["light_settings"]?.objectValue {
            for (key, _) in lights where !lightSettingsKeys.contains(key) && HMSWire.declaredKeys.contains(key) {
                d.error(
                    .hmsKeyMisplaced, at: path.appending("light_settings").appending(key),
                    "`\(key)` belongs in `android.notification`, not inside `light_settings` (which holds only "
                        + "color, light_on_duration and light_off_duration)")
            }
        }
    }

    static let lightSettingsKeys: Set<String> = ["color", "light_on_duration", "light_off_duration"]

    static func checkClickAction(_ value: JSONValue?, at parent: JSONPointer, _ d: inout [Diagnostic]) {
        let path = parent.appending("click_action")
        switch value {
        case nil:
            d.warning(
                .hmsClickActionMissing, at: parent,
                "an HMS Android notification needs `click_action` (type 3 opens the app)")
        case .object(let action)?:
            guard case .integer(let type)? = action[HMSValues.type], (1...4).contains(type) else {
                d.error(
                    .hmsClickActionInvalid, at: path.appending(HMSValues.type),
                    "`click_action.type` must be 1 (intent or action), 2 (URL), 3 (open the app) or 4 (rich "
                        + "resource), found \(action[HMSValues.type]?.compactDescription ?? "none")")
                return
            }
            switch type {
            case HMSValues.typeIntent where action[HMSValues.intent] == nil && action[HMSValues.action] == nil:
                d.error(.hmsClickActionInvalid, at: path, "click-action type 1 needs `intent` or `action`")
            case HMSValues.typeURL:
                if let url = action[HMSValues.url]?.stringValue {
                    checkHTTPS(url, at: path.appending(HMSValues.url), "click-action `url`", &d)
                } else {
                    d.error(.hmsClickActionInvalid, at: path, "click-action type 2 needs `url`")
                }
            case HMSValues.typeRichResource:
                if let url = action[HMSValues.richResource]?.stringValue {
                    checkHTTPS(url, at: path.appending(HMSValues.richResource), "`rich_resource`", &d)
                } else {
                    d.error(.hmsClickActionInvalid, at: path, "click-action type 4 needs `rich_resource`")
                }
            default: break
            }
        default:
            // A string (FCM's intent action) is reported by the reader; another type is a wrong type.
            break
        }
    }

    static func checkStyle(_ notification: JSONObject, at path: JSONPointer, _ d: inout [Diagnostic]) {
        guard let value = notification["style"] else { return }
        guard case .integer(let style) = value, HMSValues.styles.contains(style) else {
            d.error(
                .hmsEnumInvalid, at: path.appending("style"),
                "`style` must be 0 (default), 1 (big text) or 3 (inbox), found \(value.compactDescription)")
            return
        }
        if style == 1, notification["big_title"] == nil || notification["big_body"] == nil {
            d.error(.hmsStyleIncomplete, at: path.appending("style"), "style 1 (big text) needs big_title and big_body")
        }
        if style == 3 {
            let lines = notification["inbox_content"]?.arrayValue?.count ?? 0
            if !(1...5).contains(lines) {
                d.error(
                    .hmsStyleIncomplete, at: path.appending("style"),
                    "style 3 (inbox) needs inbox_content of 1 to 5 lines, found \(lines)")
            }
        }
    }

    static func checkBadge(_ badge: JSONObject, at path: JSONPointer, _ d: inout [Diagnostic]) {
        if let value = badge[HMSValues.setNum] {
            if case .integer(let number) = value, (0...100).contains(number) {
            } else {
                d.error(
                    .hmsBadgeInvalid, at: path.appending(HMSValues.setNum),
                    "`set_num` must be an integer from 0 to 100, found \(value.compactDescription)")
            }
        }
        if let value = badge[HMSValues.addNum] {
            if case .integer(let number) = value, (1...99).contains(number) {
            } else {
                d.error(
                    .hmsBadgeInvalid, at: path.appending(HMSValues.addNum),
                    "`add_num` must be an integer from 1 to 99, found \(value.compactDescription)")
            }
        }
        if badge["clazz"] != nil {
            d.error(.hmsKeyMisplaced, at: path.appending("clazz"), "HMS spells the launcher class `class`, not `clazz`")
        } else if badge[HMSValues.badgeClass] == nil {
            d.error(
                .hmsBadgeInvalid, at: path,
                "a badge needs `class`, the app's entry Activity class (`com.example.MainActivity`)")
        }
    }

    // MARK: - ApnsConfig

    /// Apple's kebab-case `aps` keys HMS's Node.js demo spells with underscores.
    static let apsKeys = [
        "content_available", "mutable_content", "thread_id", "target_content_id", "interruption_level",
        "relevance_score", "filter_criteria", "stale_date", "content_state", "dismissal_date", "attributes_type",
    ]
    static let alertKeys = [
        "launch_image", "title_loc_key", "title_loc_args", "subtitle_loc_key", "subtitle_loc_args", "loc_key",
        "loc_args", "action_loc_key",
    ]

    static func checkAPNs(_ apns: JSONObject, at path: JSONPointer, _ d: inout [Diagnostic]) {
        if let options = apns["hms_options"]?.objectValue, let value = options["target_user_type"] {
            if case .integer(let type) = value, (1...3).contains(type) {
            } else {
                d.error(
                    .hmsEnumInvalid, at: path.appending("hms_options").appending("target_user_type"),
                    "`target_user_type` must be 1 (test), 2 (formal) or 3 (VoIP), found \(value.compactDescription)")
            }
        }
        guard let aps = apns["payload"]?.objectValue?["aps"]?.objectValue else { return }
        let apsPath = path.appending("payload").appending("aps")
        misplacedSnakeCase(aps, apsKeys, at: apsPath, &d)
        if let alert = aps["alert"]?.objectValue {
            misplacedSnakeCase(alert, alertKeys, at: apsPath.appending("alert"), &d)
        }
    }

    static func misplacedSnakeCase(
        _ object: JSONObject, _ keys: [String], at path: JSONPointer, _ d: inout [Diagnostic]
    ) {
        for (key, value) in object where keys.contains(key) {
            let apple = String(key.map { $0 == "_" ? "-" : $0 })
            let flag = (key == "content_available" || key == "mutable_content") && value.boolValue != nil
            d.error(
                .hmsKeyMisplaced, at: path.appending(key),
                "APNs spells it `\(apple)`\(flag ? ", and takes 1, not a boolean" : ""); iOS ignores `\(key)`")
        }
    }

    // MARK: - Shared

    static func checkEnum(
        _ value: JSONValue?, _ allowed: [String], _ key: String, at path: JSONPointer, _ d: inout [Diagnostic]
    ) {
        guard let value else { return }
        if let text = value.stringValue, allowed.contains(text) { return }
        d.error(
            .hmsEnumInvalid, at: path.appending(key),
            "`\(key)` must be one of \(allowed.joined(separator: ", ")), found \(value.compactDescription)")
    }

    static func checkHTTPS(_ url: String, at path: JSONPointer, _ what: String, _ d: inout [Diagnostic]) {
        guard !url.lowercased().hasPrefix("https://"), !TemplateValue.holdsPlaceholder(url) else { return }
        d.error(.hmsURLNotHTTPS, at: path, "\(what) must be an https URL, found \"\(url.prefix(60))\"")
    }
}

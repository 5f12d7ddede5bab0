import JSONCodec
package import PushCore

/// FCM's own rules, as the Firebase Admin SDKs check them before sending (and FCM on receipt), run on the input:
/// exactly one target, topic names, string maps, reserved data keys, durations and the 28-day ttl, the enums,
/// colours, analytics labels, image URLs and links, localisation arguments, and the 4096-byte limit. Apple's rules on
/// `apns.payload` are the APNs format's (`NotificationChecks`), run by `validate` beside these.
package enum FCMChecks {
    /// FCM's limit on a message, in bytes.
    package static let maximumMessageBytes = 4096
    /// The longest `ttl`: 28 days.
    package static let maximumTTLSeconds: Int64 = 2_419_200

    /// The message of `payload` (a bare Message or a send request) and its path.
    package static func message(of payload: JSONValue) -> (JSONObject, JSONPointer)? {
        guard case .object(let root) = payload else { return nil }
        if FCMMessageReader.isRequest(root), let message = root[FCMKeys.Request.message]?.objectValue {
            return (message, JSONPointer(tokens: [FCMKeys.Request.message]))
        }
        return (root, .root)
    }

    /// The object `snake` names in `object`, in either spelling, with its path.
    static func object(_ object: JSONObject, _ snake: String, at path: JSONPointer) -> (JSONObject, JSONPointer)? {
        guard let found = Object(JSONValueSource(), .object(object), at: path)?.object(snake),
            case .object(let inner) = found.node
        else { return nil }
        return (inner, found.path)
    }

    /// One object of the checked message, over the parsed document or a ``JSONValue``: its keys (read once), values
    /// and input path. A member's path is built only when it is looked up.
    struct Object<S: WireSource> {
        let source: S
        let node: S.Node
        let path: JSONPointer
        /// The members' keys and values, in input order.
        let keys: [String]
        let values: [S.Node]

        init?(_ source: S, _ node: S.Node, at path: JSONPointer) {
            guard source.isObject(node) else { return nil }
            self.source = source
            self.node = node
            self.path = path
            var keys: [String] = []
            var values: [S.Node] = []
            keys.reserveCapacity(source.childCount(node))
            values.reserveCapacity(source.childCount(node))
            for member in source.members(node) {
                keys.append(source.keyString(member.key))
                values.append(member.value)
            }
            self.keys = keys
            self.values = values
        }

        /// The value of `snake` in either spelling (the snake_case one first, the first member of that name), with
        /// its path.
        func value(_ snake: String) -> (S.Node, JSONPointer)? {
            if let index = keys.firstIndex(of: snake) { return (values[index], path.appending(snake)) }
            guard snake.utf8.contains(UInt8(ascii: "_")) else { return nil }
            let camel = FCMKeys.camel(snake)
            guard let index = keys.firstIndex(of: camel) else { return nil }
            return (values[index], path.appending(camel))
        }

        /// The object `snake` names, in either spelling.
        func object(_ snake: String) -> Object? {
            guard let (value, at) = value(snake) else { return nil }
            return Object(source, value, at: at)
        }

        /// The string `snake` names, in either spelling, with its path.
        func string(_ snake: String) -> (String, JSONPointer)? {
            guard let (value, at) = value(snake), let text = source.string(value) else { return nil }
            return (text, at)
        }

        /// The value of exactly `key` (one spelling).
        func exactly(_ key: String) -> S.Node? {
            keys.firstIndex(of: key).map { values[$0] }
        }

        /// `node`'s compact JSON, for a message.
        func text(_ node: S.Node) -> String { source.jsonValue(node).compactText }
    }

    /// Every rule, on a Message or send request.
    package static func check(_ payload: JSONValue) -> [Diagnostic] {
        check(JSONValueSource(), payload)
    }

    /// Every rule, on a Message or send request `root` of `source` (the parsed document: no ``JSONValue`` is built
    /// but for the text of a finding).
    @_specialize(where S == BorrowedDocument)
    @_specialize(where S == JSONValueSource)
    static func check<S: WireSource>(_ source: S, _ root: S.Node) -> [Diagnostic] {
        guard var message = Object(source, root, at: .root) else { return [] }
        if FCMMessageReader.isRequest(source, root), let inner = message.object(FCMKeys.Request.message) {
            message = inner
        }
        var out: [Diagnostic] = []
        checkTargets(message, into: &out)
        if let data = message.object(FCMKeys.Message.data) {
            checkStringMap(data, name: "data", into: &out)
            checkReservedKeys(data, into: &out)
        }
        if let notification = message.object(FCMKeys.Message.notification),
            let (image, imageAt) = notification.string("image")
        {
            checkImage(image, at: imageAt, into: &out)
        }
        if let android = message.object(FCMKeys.Message.android) {
            checkAndroid(android, into: &out)
        }
        if let apns = message.object(FCMKeys.Message.apns) {
            if let headers = apns.object("headers") {
                checkStringMap(headers, name: "apns.headers", into: &out)
            }
            if let options = apns.object("fcm_options") {
                checkAnalyticsLabel(options, into: &out)
                if let (image, imageAt) = options.string("image") {
                    checkImage(image, at: imageAt, into: &out)
                }
            }
        }
        if let webpush = message.object(FCMKeys.Message.webpush) {
            for key in ["data", "headers"] {
                if let map = webpush.object(key) {
                    checkStringMap(map, name: "webpush.\(key)", into: &out)
                }
            }
            if let notification = webpush.object("notification"),
                let (direction, directionAt) = notification.string("dir"),
                !["ltr", "rtl", "auto"].contains(direction)
            {
                out.error(
                    .fcmEnumInvalid, at: directionAt,
                    "webpush.notification.dir must be \"ltr\", \"rtl\" or \"auto\", found \"\(direction)\"")
            }
            if let options = webpush.object("fcm_options") {
                checkAnalyticsLabel(options, into: &out)
                if let (link, linkAt) = options.string("link"), !TemplateValue.holdsPlaceholder(link),
                    !link.lowercased().hasPrefix("https://")
                        || !isAbsoluteURL(link)
                {
                    out.error(
                        .fcmLinkInvalid, at: linkAt, "webpush.fcm_options.link must be an https URL, found \"\(link)\"")
                }
            }
        }
        if let options = message.object(FCMKeys.Message.fcmOptions) {
            checkAnalyticsLabel(options, into: &out)
        }
        let size = source.compactSize(message.node)
        if size > maximumMessageBytes {
            out.error(
                .fcmMessageTooLarge, at: message.path,
                "the message is \(size) bytes, \(size - maximumMessageBytes) over FCM's limit of \(maximumMessageBytes)"
            )
        }
        return out
    }

    static func checkTargets<S>(_ message: Object<S>, into out: inout [Diagnostic]) {
        var present: [String] = []
        for key in [FCMKeys.Message.token, FCMKeys.Message.topic, FCMKeys.Message.condition, FCMKeys.Message.fid] {
            guard let (value, at) = message.value(key) else { continue }
            present.append(key)
            guard let text = message.source.string(value) else { continue }
            if text.isEmpty {
                out.error(.fcmTargetEmpty, at: at, "`\(key)` must not be empty")
            } else if key == FCMKeys.Message.topic {
                checkTopic(text, at: at, into: &out)
            } else if key == FCMKeys.Message.condition {
                checkCondition(text, at: at, into: &out)
            }
        }
        if present.count != 1 {
            out.error(
                .fcmTargetCount, at: message.path,
                present.isEmpty
                    ? "exactly one of token, topic, condition or fid must be set; found none"
                    : "exactly one of token, topic, condition or fid must be set; found \(present.joined(separator: ", "))"
            )
        }
    }

    /// `[a-zA-Z0-9-_.~%]+`, without the `/topics/` prefix.
    package static func checkTopic(_ topic: String, at path: JSONPointer, into out: inout [Diagnostic]) {
        if topic.hasPrefix("/topics/") {
            out.error(.fcmTopicInvalid, at: path, "the v1 API takes the topic name without `/topics/`: \"\(topic)\"")
            return
        }
        if !isTopicName(topic) {
            out.error(.fcmTopicInvalid, at: path, "topic \"\(topic)\" has characters outside [a-zA-Z0-9-_.~%]")
        }
    }

    /// FCM's limit on the topics one `condition` names ("You can include up to five topics in your conditional
    /// expression": the v1 API reference of `Message.condition`).
    package static let maximumConditionTopics = 5

    /// A condition (`'TopicA' in topics && ('TopicB' in topics || !('TopicC' in topics))`) names at most five
    /// topics, each a valid topic name. The rest of its grammar is FCM's to judge.
    package static func checkCondition(_ condition: String, at path: JSONPointer, into out: inout [Diagnostic]) {
        let topics = conditionTopics(condition)
        if topics.count > maximumConditionTopics {
            out.error(
                .fcmConditionInvalid, at: path,
                "the condition names \(topics.count) topics; FCM takes up to \(maximumConditionTopics)")
        }
        for topic in topics where !isTopicName(topic) {
            out.error(
                .fcmConditionInvalid, at: path,
                "the condition's topic \"\(topic)\" is empty or has characters outside [a-zA-Z0-9-_.~%]")
        }
    }

    /// The quoted names of a condition that are followed by `in topics`, in order (a name named twice counts twice,
    /// as each is a term of the expression).
    package static func conditionTopics(_ condition: String) -> [String] {
        let bytes = Array(condition.utf8)
        var topics: [String] = []
        var index = 0
        while index < bytes.count {
            let quote = bytes[index]
            guard quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            guard let close = bytes[(index + 1)...].firstIndex(of: quote) else { break }
            var next = close + 1
            while next < bytes.count, bytes[next] == UInt8(ascii: " ") { next += 1 }
            let rest = bytes[next...]
            if rest.starts(with: Array("in".utf8)) {
                var after = next + 2
                var spaced = false
                while after < bytes.count, bytes[after] == UInt8(ascii: " ") {
                    after += 1
                    spaced = true
                }
                if spaced, bytes[after...].starts(with: Array("topics".utf8)) {
                    topics.append(String(decoding: bytes[(index + 1)..<close], as: UTF8.self))
                }
            }
            index = close + 1
        }
        return topics
    }

    package static func isTopicName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { isLabelByte($0) }
    }

    static func isLabelByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "~"), UInt8(ascii: "%"):
            return true
        default: return false
        }
    }

    package static func checkStringMap(
        _ map: JSONObject, at path: JSONPointer, name: String, into out: inout [Diagnostic]
    ) {
        guard let map = Object(JSONValueSource(), .object(map), at: path) else { return }
        checkStringMap(map, name: name, into: &out)
    }

    static func checkStringMap<S>(_ map: Object<S>, name: String, into out: inout [Diagnostic]) {
        for (key, value) in zip(map.keys, map.values) where map.source.string(value) == nil {
            out.error(
                .fcmMapNotString, at: map.path.appending(key),
                "`\(name)` maps strings to strings; `\(key)` is \(map.source.typeName(value)) (send \(map.text(value)) as a string)"
            )
        }
    }

    /// `from`, `message_type`, and keys starting `google` or `gcm`.
    package static func checkReservedKeys(_ map: JSONObject, at path: JSONPointer, into out: inout [Diagnostic]) {
        guard let map = Object(JSONValueSource(), .object(map), at: path) else { return }
        checkReservedKeys(map, into: &out)
    }

    static func checkReservedKeys<S>(_ map: Object<S>, into out: inout [Diagnostic]) {
        for key in map.keys where isReservedKey(key) {
            out.error(
                .fcmDataReservedKey, at: map.path.appending(key),
                "`\(key)` is reserved by FCM (from, message_type, google…, gcm…)")
        }
    }

    /// `from`, `message_type`, or a key starting `google` or `gcm`: a data key FCM reserves.
    static func isReservedKey(_ key: String) -> Bool {
        key == "from" || key == "message_type" || key.hasPrefix("google") || key.hasPrefix("gcm")
    }

    // MARK: - Android

    /// `android.priority`: `normal` or `high`, in any case (the REST enum spells them `NORMAL`, `HIGH`).
    static func isAndroidPriority(_ priority: String) -> Bool { ["normal", "high"].contains(priority.lowercased()) }

    /// True when a `ttl` of `seconds` is over ``maximumTTLSeconds``.
    static func isOverMaximumTTL(_ seconds: (whole: Int64, hasFraction: Bool)) -> Bool {
        seconds.whole > maximumTTLSeconds || (seconds.whole == maximumTTLSeconds && seconds.hasFraction)
    }

    /// `android.notification.notification_priority`'s values.
    static let notificationPriorities = [
        "PRIORITY_UNSPECIFIED", "PRIORITY_MIN", "PRIORITY_LOW", "PRIORITY_DEFAULT", "PRIORITY_HIGH", "PRIORITY_MAX",
    ]
    /// `android.notification.visibility`'s values.
    static let visibilities = ["VISIBILITY_UNSPECIFIED", "PRIVATE", "PUBLIC", "SECRET"]
    /// `android.notification.proxy`'s values.
    static let proxies = ["PROXY_UNSPECIFIED", "ALLOW", "DENY", "IF_PRIORITY_LOWERED"]

    static func checkAndroid<S>(_ android: Object<S>, into out: inout [Diagnostic]) {
        let source = android.source
        if let (priority, at) = android.string("priority"), !isAndroidPriority(priority) {
            out.error(.fcmEnumInvalid, at: at, "android.priority must be \"normal\" or \"high\", found \"\(priority)\"")
        }
        if let (ttl, at) = android.string("ttl") {
            if let seconds = durationSeconds(ttl) {
                if isOverMaximumTTL(seconds) {
                    out.error(
                        .fcmTTLRange, at: at, "ttl \(ttl) is over FCM's maximum of 28 days (\(maximumTTLSeconds)s)")
                }
            } else {
                out.error(.fcmDurationInvalid, at: at, durationMessage("ttl", ttl))
            }
        }
        if let data = android.object("data") {
            checkStringMap(data, name: "android.data", into: &out)
            checkReservedKeys(data, into: &out)
        }
        if let options = android.object("fcm_options") {
            checkAnalyticsLabel(options, into: &out)
        }
        guard let notification = android.object("notification") else { return }
        if let (color, colorAt) = notification.string("color"), !isColour(color) {
            out.error(.fcmColorInvalid, at: colorAt, "android.notification.color must be #rrggbb, found \"\(color)\"")
        }
        for (key, allowed) in [
            ("notification_priority", notificationPriorities), ("visibility", visibilities), ("proxy", proxies),
        ] {
            if let (value, valueAt) = notification.string(key), !allowed.contains(value) {
                out.error(
                    .fcmEnumInvalid, at: valueAt,
                    "android.notification.\(key) must be one of \(allowed.joined(separator: ", ")), found \"\(value)\"")
            }
        }
        if let (count, countAt) = notification.value("notification_count"), let number = source.int64(count),
            number < 0
        {
            out.error(.fcmNotificationCountNegative, at: countAt, "notification_count \(number) is negative")
        }
        for prefix in ["title", "body"] {
            if let (_, args) = notification.value("\(prefix)_loc_args"), notification.value("\(prefix)_loc_key") == nil
            {
                out.error(
                    .fcmLocArgsWithoutKey, at: args, "\(prefix)_loc_args needs \(prefix)_loc_key, which it fills in")
            }
        }
        if let (time, timeAt) = notification.string("event_time"), !isRFC3339UTC(time) {
            out.error(
                .fcmEventTimeInvalid, at: timeAt,
                "event_time must be an RFC 3339 UTC timestamp such as 2026-01-02T03:04:05.123Z, found \"\(time)\"")
        }
        if let (timings, timingsAt) = notification.value("vibrate_timings"), source.isArray(timings) {
            for (index, item) in source.elements(timings).enumerated() {
                if let text = source.string(item), durationSeconds(text) != nil { continue }
                out.error(
                    .fcmDurationInvalid, at: timingsAt.appending(index: index),
                    durationMessage("vibrate_timings", source.string(item) ?? notification.text(item)))
            }
        }
        if let light = notification.object("light_settings") {
            if let (color, colorAt) = light.value("color") {
                // A google.type.Color: each channel present a number from 0 to 1 (not an object: invalid).
                let valid =
                    Object(source, color, at: colorAt).map { object in
                        ["red", "green", "blue", "alpha"].allSatisfy { channel in
                            guard let value = object.exactly(channel) else { return true }
                            return source.number(value).map { (0...1).contains($0) } ?? false
                        }
                    } ?? false
                if !valid {
                    out.error(
                        .fcmColorInvalid, at: colorAt,
                        "light_settings.color must be a google.type.Color object ({red, green, blue, alpha?}, each 0 to 1), found \(light.text(color))"
                    )
                }
            }
            for key in ["light_on_duration", "light_off_duration"] {
                if let (text, textAt) = light.string(key), durationSeconds(text) == nil {
                    out.error(.fcmDurationInvalid, at: textAt, durationMessage(key, text))
                }
            }
        }
        if let (image, imageAt) = notification.string("image") {
            checkImage(image, at: imageAt, into: &out)
        }
    }

    /// True when ``checkAndroid(_:into:)`` finds nothing in `android` written as FCM's `android`
    /// (``FCMAndroidWire/config``): the same rules on the model's values, without writing them. Android's `data` is
    /// the one value that may be anything; every other value has its line's type.
    static func passesAndroidChecks(_ android: PushNotification.Android) -> Bool {
        if let priority = android.priority, !isAndroidPriority(priority) { return false }
        if let ttl = android.ttl {
            guard let seconds = durationSeconds(ttl), !isOverMaximumTTL(seconds) else { return false }
        }
        if let data = android.data {
            for (key, value) in data where value.stringValue == nil || isReservedKey(key) { return false }
        }
        if let color = android.color, !isColour(color) { return false }
        if let priority = android.notificationPriority, !notificationPriorities.contains(priority) { return false }
        if let visibility = android.visibility, !visibilities.contains(visibility) { return false }
        if let count = android.notificationCount, count < 0 { return false }
        if android.titleLocArgs != nil && android.titleLocKey == nil { return false }
        if android.bodyLocArgs != nil && android.bodyLocKey == nil { return false }
        if let image = android.image, !isAbsoluteURL(image) && !TemplateValue.holdsPlaceholder(image) { return false }
        return true
    }

    static func durationMessage(_ name: String, _ text: String) -> String {
        "\(name) must be a non-negative number of seconds with up to nine decimals and an `s` (\"3.5s\"), found \"\(text)\""
    }

    /// The whole seconds of a protobuf JSON duration (`"3s"`, `"3.000000001s"`), nil when it is not one or is negative.
    package static func durationSeconds(_ text: String) -> (whole: Int64, hasFraction: Bool)? {
        guard text.hasSuffix("s") else { return nil }
        let number = text.dropLast()
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let wholeText = parts.first, !wholeText.isEmpty, wholeText.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let whole = Int64(wholeText)
        else { return nil }
        if parts.count == 2 {
            let fraction = parts[1]
            guard (1...9).contains(fraction.count), fraction.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                return nil
            }
            return (whole, fraction.contains { $0 != "0" })
        }
        return (whole, false)
    }

    /// `#rrggbb`.
    package static func isColour(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#") && bytes[1...].allSatisfy { isHexDigit($0) }
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }

    /// `analytics_label` in `object`: `[a-zA-Z0-9-_.~%]{1,50}`.
    static func checkAnalyticsLabel<S>(_ object: Object<S>, into out: inout [Diagnostic]) {
        guard let (label, at) = object.string("analytics_label") else { return }
        if label.isEmpty || label.utf8.count > 50 || !label.utf8.allSatisfy({ isLabelByte($0) }) {
            out.error(
                .fcmAnalyticsLabelInvalid, at: at,
                "analytics_label must be 1 to 50 characters of [a-zA-Z0-9-_.~%], found \"\(label)\"")
        }
    }

    static func checkImage(_ url: String, at path: JSONPointer, into out: inout [Diagnostic]) {
        // A template's placeholder URL is checked once rendered.
        if !isAbsoluteURL(url) && !TemplateValue.holdsPlaceholder(url) {
            out.error(.fcmImageInvalid, at: path, "the image must be an absolute URL, found \"\(url)\"")
        }
    }

    /// `scheme://host…`.
    static func isAbsoluteURL(_ url: String) -> Bool {
        let bytes = Array(url.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, bytes.count > colon + 2,
            bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else { return false }
        for (index, byte) in bytes[..<colon].enumerated() {
            let isLetter = (65...90).contains(byte) || (97...122).contains(byte)
            let isOther =
                (48...57).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
            if !(isLetter || (index > 0 && isOther)) { return false }
        }
        let rest = bytes[(colon + 3)...]
        let host = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        return !host.isEmpty && !bytes.contains(UInt8(ascii: " "))
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z`.
    static func isRFC3339UTC(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return false }
        let pattern = Array("dddd-dd-ddTdd:dd:dd".utf8)
        for (index, expected) in pattern.enumerated() {
            let byte = bytes[index]
            if expected == UInt8(ascii: "d") {
                guard (48...57).contains(byte) else { return false }
            } else if byte != expected {
                return false
            }
        }
        let tail = bytes[19..<(bytes.count - 1)]
        if tail.isEmpty { return true }
        return tail.first == UInt8(ascii: ".") && tail.count > 1
            && tail.dropFirst().allSatisfy { (48...57).contains($0) }
    }
}

/// The duration parser, for tests.
public enum FCMChecksProbe {
    /// The whole seconds of a protobuf JSON duration, nil when it is not one.
    public static func duration(_ text: String) -> Int64? { FCMChecks.durationSeconds(text)?.whole }
}

import JSONCodec
package import PushCore
import WireTables

/// FCM's own rules, as the Firebase Admin SDKs check them before sending (and FCM on receipt), run on the input:
/// exactly one target, topic names, string maps, reserved data keys, durations and the 28-day ttl, the enums,
/// colours, analytics labels, image URLs and links, localisation arguments, and the 4096-byte limit. Apple's rules on
/// `apns.payload` are the APNs format's (`NotificationChecks`), run by `validate` beside these.
package enum FCMChecks {
    /// FCM's limit on a message, in bytes.
    package static let maximumMessageBytes = 4096
    /// The longest `ttl`: 28 days.
    package static let maximumTTLSeconds: Int64 = 2_419_200

    private typealias W = FCMV1Wire
    private typealias A = FCMAndroidWire

    /// The message of `payload` (a bare Message or a send request) and its path.
    package static func message(of payload: JSONValue) -> (JSONObject, JSONPointer)? {
        guard case .object(let root) = payload else { return nil }
        if FCMMessageReader.isRequest(root), let message = root[FCMKeys.Request.message]?.objectValue {
            return (message, JSONPointer(tokens: [FCMKeys.Request.message]))
        }
        return (root, .root)
    }

    /// The object `key` names in `object`, in either spelling, with its path.
    static func object(_ object: JSONObject, _ key: WireKey, at path: JSONPointer) -> (JSONObject, JSONPointer)? {
        guard let found = Self.object(.object(object), at: path)?.object(key),
            case .object(let inner) = found.node
        else { return nil }
        return (inner, found.location)
    }

    /// The object `node` of a ``JSONValue`` at `path`.
    static func object(_ node: JSONValue, at path: JSONPointer) -> Object<JSONValueSource>? {
        Object(JSONValueSource(), node, location: path)
    }

    /// A value of the checked message and where it is.
    struct Found<S: FCMCheckedSource> {
        let node: S.Node
        let location: S.Location
    }

    /// One object of the checked message, over the parsed document or a ``JSONValue``: its members are looked up by
    /// comparing key bytes, and a location becomes a path only when a finding names it.
    struct Object<S: FCMCheckedSource> {
        let source: S
        let node: S.Node
        let location: S.Location
        /// The lengths of the members' keys (``WireTables/WireKey/lengthBit(_:)``): a key of none of them is absent,
        /// told without a member scan.
        let keyLengths: UInt64

        init?(_ source: S, _ node: S.Node, location: S.Location) {
            guard source.isObject(node) else { return nil }
            self.source = source
            self.node = node
            self.location = location
            var keyLengths: UInt64 = 0
            for member in source.members(node) { keyLengths |= WireKey.lengthBit(source.keyLength(member.key)) }
            self.keyLengths = keyLengths
        }

        /// The checked root `node`.
        init?(_ source: S, root node: S.Node) {
            self.init(source, node, location: source.location(ofRoot: node))
        }

        /// The object's path.
        var path: JSONPointer { source.pointer(location) }

        /// The value of `key` in either spelling (the snake_case one first, the first member of that name).
        func value(_ key: WireKey) -> Found<S>? {
            guard key.mayBeIn(keyLengths) else { return nil }
            var declared: (key: S.Node, value: S.Node)?
            for member in source.members(node) {
                switch key.spelling(of: source, member.key) {
                case .snakeCase?:
                    return Found(
                        node: member.value, location: source.location(location, key: member.key, value: member.value))
                case .declared?:
                    guard key.hasSnakeSpelling else {
                        return Found(
                            node: member.value,
                            location: source.location(location, key: member.key, value: member.value))
                    }
                    if declared == nil { declared = member }
                case nil: continue
                }
            }
            guard let declared else { return nil }
            return Found(
                node: declared.value, location: source.location(location, key: declared.key, value: declared.value))
        }

        /// The object `key` names, in either spelling.
        func object(_ key: WireKey) -> Object? {
            guard let found = value(key) else { return nil }
            return Object(source, found.node, location: found.location)
        }

        /// The string `key` names, in either spelling (nil for a value of another type).
        func string(_ key: WireKey) -> Found<S>? {
            guard let found = value(key), source.withStringBytes(found.node, { _ in () }) != nil else { return nil }
            return found
        }

        /// The value of exactly `key` (one spelling).
        func exactly(_ key: StaticString) -> S.Node? {
            for member in source.members(node) where source.key(member.key, is: key) { return member.value }
            return nil
        }

        /// True when a string `found` (see ``string(_:)``) passes `rule`, applied to its bytes.
        func holds(_ found: Found<S>, _ rule: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
            source.withStringBytes(found.node, rule) ?? false
        }

        /// A string value's text, for a finding.
        func text(of found: Found<S>) -> String { source.string(found.node) ?? "" }

        /// Where `found` is, for a finding.
        func pointer(_ found: Found<S>) -> JSONPointer { source.pointer(found.location) }

        /// `node`'s compact JSON, for a message.
        func text(_ node: S.Node) -> String { source.jsonValue(node).compactText }
    }

    /// Every rule, on a Message or send request.
    package static func check(_ payload: JSONValue) -> [Diagnostic] {
        check(JSONValueSource(), payload)
    }

    /// Every rule, on a Message or send request `root` of `source` (the parsed document: no ``JSONValue`` and no
    /// path is built but for a finding).
    @_specialize(where S == BorrowedDocument)
    @_specialize(where S == JSONValueSource)
    static func check<S: FCMCheckedSource>(_ source: S, _ root: S.Node) -> [Diagnostic] {
        guard var message = Object(source, root: root) else { return [] }
        if FCMMessageReader.isRequest(source, root), let inner = message.object(W.message) {
            message = inner
        }
        var out: [Diagnostic] = []
        checkTargets(message, into: &out)
        if let data = message.object(W.data) {
            checkStringMap(data, name: "data", into: &out)
            checkReservedKeys(data, into: &out)
        }
        if let notification = message.object(W.notification), let image = notification.string(W.image) {
            checkImage(notification, image, into: &out)
        }
        if let android = message.object(W.android) {
            checkAndroid(android, into: &out)
        }
        if let apns = message.object(W.apns) {
            if let headers = apns.object(W.headers) {
                checkStringMap(headers, name: "apns.headers", into: &out)
            }
            if let options = apns.object(W.fcmOptions) {
                checkAnalyticsLabel(options, into: &out)
                if let image = options.string(W.image) {
                    checkImage(options, image, into: &out)
                }
            }
        }
        if let webpush = message.object(W.webpush) {
            for (key, name) in [(W.data, "data"), (W.headers, "headers")] {
                if let map = webpush.object(key) {
                    checkStringMap(map, name: "webpush.\(name)", into: &out)
                }
            }
            if let notification = webpush.object(W.notification), let direction = notification.string(W.direction),
                !notification.holds(direction, { isOneOf($0, ["ltr", "rtl", "auto"]) })
            {
                out.error(
                    .fcmEnumInvalid, at: notification.pointer(direction),
                    "webpush.notification.dir must be \"ltr\", \"rtl\" or \"auto\", found \"\(notification.text(of: direction))\""
                )
            }
            if let options = webpush.object(W.fcmOptions) {
                checkAnalyticsLabel(options, into: &out)
                if let found = options.string(W.link), case let link = options.text(of: found),
                    !TemplateValue.holdsPlaceholder(link),
                    !link.lowercased().hasPrefix("https://")
                        || !isAbsoluteURL(link)
                {
                    out.error(
                        .fcmLinkInvalid, at: options.pointer(found),
                        "webpush.fcm_options.link must be an https URL, found \"\(link)\"")
                }
            }
        }
        if let options = message.object(W.fcmOptions) {
            checkAnalyticsLabel(options, into: &out)
        }
        if let size = source.compactSize(message.node, ifOver: maximumMessageBytes) {
            out.error(
                .fcmMessageTooLarge, at: message.path,
                "the message is \(size) bytes, \(size - maximumMessageBytes) over FCM's limit of \(maximumMessageBytes)"
            )
        }
        return out
    }

    /// True when `bytes` spell one of `texts`.
    static func isOneOf(_ bytes: UnsafeBufferPointer<UInt8>, _ texts: [StaticString]) -> Bool {
        texts.contains { BorrowedDocument.equal(bytes, $0) }
    }

    /// The targets, with the names findings give them; exactly one must be set.
    static let targets: [(key: WireKey, name: StaticString)] = [
        (W.token, "token"), (W.topic, "topic"), (W.condition, "condition"), (W.fid, "fid"),
    ]
    /// ``targets``' indices of the topic and the condition.
    static let topicTarget = 1
    static let conditionTarget = 2

    static func checkTargets<S>(_ message: Object<S>, into out: inout [Diagnostic]) {
        var present: UInt8 = 0
        for index in targets.indices {
            guard let found = message.value(targets[index].key) else { continue }
            present |= 1 << index
            guard let isEmpty = message.source.withStringBytes(found.node, { $0.isEmpty }) else { continue }
            if isEmpty {
                out.error(.fcmTargetEmpty, at: message.pointer(found), "`\(targets[index].name)` must not be empty")
            } else if index == topicTarget {
                checkTopic(message.text(of: found), at: message.pointer(found), into: &out)
            } else if index == conditionTarget {
                checkCondition(message.text(of: found), at: message.pointer(found), into: &out)
            }
        }
        if present.nonzeroBitCount != 1 {
            let names = targets.indices.filter { present & (1 << $0) != 0 }.map { targets[$0].name.description }
            out.error(
                .fcmTargetCount, at: message.path,
                names.isEmpty
                    ? "exactly one of token, topic, condition or fid must be set; found none"
                    : "exactly one of token, topic, condition or fid must be set; found \(names.joined(separator: ", "))"
            )
        }
    }

    /// True when ``checkTargets(_:into:)`` finds nothing in a message whose targets are `target`'s token, topic and
    /// condition (its `tokens` are not a v1 target): exactly one of them, not empty, a valid topic name
    /// (``isTopicName(_:)``, which a `/topics/` prefix fails), a condition ``checkCondition(_:at:into:)`` passes. The
    /// same rules on the model's strings, without building a message.
    static func passesTargetChecks(_ target: PushNotification.Target) -> Bool {
        var present = 0
        if let token = target.token {
            guard !token.isEmpty else { return false }
            present += 1
        }
        if let topic = target.topic {
            guard isTopicName(topic) else { return false }
            present += 1
        }
        if let condition = target.condition {
            guard !condition.isEmpty, passesConditionChecks(condition) else { return false }
            present += 1
        }
        return present == 1
    }

    /// True when ``checkCondition(_:at:into:)`` finds nothing in `condition`.
    static func passesConditionChecks(_ condition: String) -> Bool {
        let topics = conditionTopics(condition)
        return topics.count <= maximumConditionTopics && topics.allSatisfy(isTopicName)
    }

    /// `[a-zA-Z0-9-_.~%]+`, without the `/topics/` prefix.
    package static func checkTopic(
        _ topic: String, at path: @autoclosure () -> JSONPointer, into out: inout [Diagnostic]
    ) {
        if topic.hasPrefix("/topics/") {
            out.error(.fcmTopicInvalid, at: path(), "the v1 API takes the topic name without `/topics/`: \"\(topic)\"")
            return
        }
        if !isTopicName(topic) {
            out.error(.fcmTopicInvalid, at: path(), "topic \"\(topic)\" has characters outside [a-zA-Z0-9-_.~%]")
        }
    }

    /// FCM's limit on the topics one `condition` names ("You can include up to five topics in your conditional
    /// expression": the v1 API reference of `Message.condition`).
    package static let maximumConditionTopics = 5

    /// A condition (`'TopicA' in topics && ('TopicB' in topics || !('TopicC' in topics))`) names at most five
    /// topics, each a valid topic name. The rest of its grammar is FCM's to judge.
    package static func checkCondition(
        _ condition: String, at path: @autoclosure () -> JSONPointer, into out: inout [Diagnostic]
    ) {
        let topics = conditionTopics(condition)
        if topics.count > maximumConditionTopics {
            out.error(
                .fcmConditionInvalid, at: path(),
                "the condition names \(topics.count) topics; FCM takes up to \(maximumConditionTopics)")
        }
        for topic in topics where !isTopicName(topic) {
            out.error(
                .fcmConditionInvalid, at: path(),
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
        guard let map = Self.object(.object(map), at: path) else { return }
        checkStringMap(map, name: name, into: &out)
    }

    static func checkStringMap<S>(_ map: Object<S>, name: String, into out: inout [Diagnostic]) {
        let source = map.source
        for member in source.members(map.node) where source.withStringBytes(member.value, { _ in () }) == nil {
            let key = source.keyString(member.key)
            out.error(
                .fcmMapNotString,
                at: source.pointer(source.location(map.location, key: member.key, value: member.value)),
                "`\(name)` maps strings to strings; `\(key)` is \(source.typeName(member.value)) (send \(map.text(member.value)) as a string)"
            )
        }
    }

    /// `from`, `message_type`, and keys starting `google` or `gcm`.
    package static func checkReservedKeys(_ map: JSONObject, at path: JSONPointer, into out: inout [Diagnostic]) {
        guard let map = Self.object(.object(map), at: path) else { return }
        checkReservedKeys(map, into: &out)
    }

    static func checkReservedKeys<S>(_ map: Object<S>, into out: inout [Diagnostic]) {
        let source = map.source
        for member in source.members(map.node) where source.withKeyBytes(member.key, isReservedKey) {
            let key = source.keyString(member.key)
            out.error(
                .fcmDataReservedKey,
                at: source.pointer(source.location(map.location, key: member.key, value: member.value)),
                "`\(key)` is reserved by FCM (from, message_type, google…, gcm…)")
        }
    }

    /// `from`, `message_type`, or a key starting `google` or `gcm`: a data key FCM reserves.
    static func isReservedKey(_ key: String) -> Bool {
        var key = key
        return key.withUTF8(isReservedKey)
    }

    /// ``isReservedKey(_:)`` over a key's UTF-8 bytes.
    static func isReservedKey(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        BorrowedDocument.equal(key, "from") || BorrowedDocument.equal(key, "message_type")
            || hasPrefix(key, "google") || hasPrefix(key, "gcm")
    }

    /// True when `bytes` start with `prefix`.
    static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        return BorrowedDocument.equal(UnsafeBufferPointer(rebasing: bytes[..<count]), prefix)
    }

    // MARK: - Android

    /// `android.priority`: `normal` or `high`, in any case (the REST enum spells them `NORMAL`, `HIGH`).
    static func isAndroidPriority(_ priority: String) -> Bool {
        var priority = priority
        return priority.withUTF8(isAndroidPriority)
    }

    /// ``isAndroidPriority(_:)`` over UTF-8 bytes (an ASCII letter is the only one that lowercases to `normal`'s
    /// and `high`'s).
    static func isAndroidPriority(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        equalIgnoringASCIICase(bytes, "normal") || equalIgnoringASCIICase(bytes, "high")
    }

    /// True when `bytes` spell `lowercase` (lowercase ASCII letters) in any case.
    static func equalIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let letters = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        return zip(bytes, letters).allSatisfy { $0 | 0x20 == $1 }
    }

    /// True when a `ttl` of `seconds` is over ``maximumTTLSeconds``.
    static func isOverMaximumTTL(_ seconds: (whole: Int64, hasFraction: Bool)) -> Bool {
        seconds.whole > maximumTTLSeconds || (seconds.whole == maximumTTLSeconds && seconds.hasFraction)
    }

    /// `android.notification.notification_priority`'s values.
    static let notificationPriorities: [StaticString] = [
        "PRIORITY_UNSPECIFIED", "PRIORITY_MIN", "PRIORITY_LOW", "PRIORITY_DEFAULT", "PRIORITY_HIGH", "PRIORITY_MAX",
    ]
    /// `android.notification.visibility`'s values.
    static let visibilities: [StaticString] = ["VISIBILITY_UNSPECIFIED", "PRIVATE", "PUBLIC", "SECRET"]
    /// `android.notification.proxy`'s values.
    static let proxies: [StaticString] = ["PROXY_UNSPECIFIED", "ALLOW", "DENY", "IF_PRIORITY_LOWERED"]

    /// True when `text` is one of `values`.
    static func isOneOf(_ text: String, _ values: [StaticString]) -> Bool {
        var text = text
        return text.withUTF8 { isOneOf($0, values) }
    }

    /// `android.notification`'s enumerations and their values.
    static let enumerations = [
        (A.notificationPriority.key, notificationPriorities), (A.visibility.key, visibilities), (A.proxy, proxies),
    ]
    /// `android.notification`'s localisation arguments and the keys they fill in.
    static let localisations = [
        ("title", A.titleLocArgs.key, A.titleLocKey.key), ("body", A.bodyLocArgs.key, A.bodyLocKey.key),
    ]
    /// A `google.type.Color`'s channels.
    static let colorChannels: [StaticString] = ["red", "green", "blue", "alpha"]

    static func checkAndroid<S>(_ android: Object<S>, into out: inout [Diagnostic]) {
        let source = android.source
        if let priority = android.string(A.priority.key), !android.holds(priority, isAndroidPriority) {
            out.error(
                .fcmEnumInvalid, at: android.pointer(priority),
                "android.priority must be \"normal\" or \"high\", found \"\(android.text(of: priority))\"")
        }
        if let found = android.string(A.ttl.key) {
            if let seconds = source.withStringBytes(found.node, durationSeconds) ?? nil {
                if isOverMaximumTTL(seconds) {
                    out.error(
                        .fcmTTLRange, at: android.pointer(found),
                        "ttl \(android.text(of: found)) is over FCM's maximum of 28 days (\(maximumTTLSeconds)s)")
                }
            } else {
                out.error(
                    .fcmDurationInvalid, at: android.pointer(found), durationMessage("ttl", android.text(of: found)))
            }
        }
        if let data = android.object(W.data) {
            checkStringMap(data, name: "android.data", into: &out)
            checkReservedKeys(data, into: &out)
        }
        if let options = android.object(A.fcmOptions) {
            checkAnalyticsLabel(options, into: &out)
        }
        guard let notification = android.object(W.notification) else { return }
        if let color = notification.string(A.color.key), !notification.holds(color, isColour) {
            out.error(
                .fcmColorInvalid, at: notification.pointer(color),
                "android.notification.color must be #rrggbb, found \"\(notification.text(of: color))\"")
        }
        for (key, allowed) in enumerations {
            if let found = notification.string(key), !notification.holds(found, { isOneOf($0, allowed) }) {
                let name = key.name(.snakeCase)
                let values = allowed.map(\.description).joined(separator: ", ")
                out.error(
                    .fcmEnumInvalid, at: notification.pointer(found),
                    "android.notification.\(name) must be one of \(values), found \"\(notification.text(of: found))\"")
            }
        }
        if let count = notification.value(A.notificationCount.key), let number = source.int64(count.node), number < 0 {
            out.error(
                .fcmNotificationCountNegative, at: notification.pointer(count),
                "notification_count \(number) is negative"
            )
        }
        for (prefix, args, key) in localisations {
            if let found = notification.value(args), notification.value(key) == nil {
                out.error(
                    .fcmLocArgsWithoutKey, at: notification.pointer(found),
                    "\(prefix)_loc_args needs \(prefix)_loc_key, which it fills in")
            }
        }
        if let time = notification.string(A.eventTime), !notification.holds(time, isRFC3339UTC) {
            out.error(
                .fcmEventTimeInvalid, at: notification.pointer(time),
                "event_time must be an RFC 3339 UTC timestamp such as 2026-01-02T03:04:05.123Z, found \"\(notification.text(of: time))\""
            )
        }
        if let timings = notification.value(A.vibrateTimings), source.isArray(timings.node) {
            for (index, item) in source.elements(timings.node).enumerated() {
                if source.withStringBytes(item, { durationSeconds($0) != nil }) == true { continue }
                out.error(
                    .fcmDurationInvalid, at: notification.pointer(timings).appending(index: index),
                    durationMessage("vibrate_timings", source.string(item) ?? notification.text(item)))
            }
        }
        if let light = notification.object(A.lightSettings) {
            if let color = light.value(A.lightColor) {
                // A google.type.Color: each channel present a number from 0 to 1 (not an object: invalid).
                let valid =
                    Object(source, color.node, location: color.location).map { object in
                        colorChannels.allSatisfy { channel in
                            guard let value = object.exactly(channel) else { return true }
                            return source.number(value).map { (0...1).contains($0) } ?? false
                        }
                    } ?? false
                if !valid {
                    out.error(
                        .fcmColorInvalid, at: light.pointer(color),
                        "light_settings.color must be a google.type.Color object ({red, green, blue, alpha?}, each 0 to 1), found \(light.text(color.node))"
                    )
                }
            }
            for key in [A.lightOnDuration, A.lightOffDuration] {
                if let found = light.string(key), !light.holds(found, { durationSeconds($0) != nil }) {
                    out.error(
                        .fcmDurationInvalid, at: light.pointer(found),
                        durationMessage(key.name(.snakeCase), light.text(of: found)))
                }
            }
        }
        if let image = notification.string(W.image) {
            checkImage(notification, image, into: &out)
        }
    }

    /// True when ``checkAndroid(_:into:)`` finds nothing in `android` written as FCM's `android`
    /// (``FCMAndroidWire/config``): the same rules on the model's values, without writing them. Android's `data` is
    /// the one value that may be anything; every other value has its line's type. `inherited` holds the shared
    /// values `android` shows where its own are nil (``FCMAndroidInherited``): a localised key filled in by the
    /// shared one.
    static func passesAndroidChecks(
        _ android: PushNotification.Android, inheriting inherited: FCMAndroidInherited? = nil
    ) -> Bool {
        if let priority = android.priority, !isAndroidPriority(priority) { return false }
        if let ttl = android.ttl {
            guard let seconds = durationSeconds(ttl), !isOverMaximumTTL(seconds) else { return false }
        }
        if let data = android.data {
            for (key, value) in data where value.stringValue == nil || isReservedKey(key) { return false }
        }
        if let color = android.color, !isColour(color) { return false }
        if let priority = android.notificationPriority, !isOneOf(priority, notificationPriorities) { return false }
        if let visibility = android.visibility, !isOneOf(visibility, visibilities) { return false }
        if let count = android.notificationCount, count < 0 { return false }
        if (android.titleLocArgs != nil || inherited?.titleLocArgs != nil)
            && android.titleLocKey == nil && inherited?.titleLocKey == nil
        {
            return false
        }
        if (android.bodyLocArgs != nil || inherited?.bodyLocArgs != nil)
            && android.bodyLocKey == nil && inherited?.bodyLocKey == nil
        {
            return false
        }
        if let image = android.image, !isAbsoluteURL(image) && !TemplateValue.holdsPlaceholder(image) { return false }
        return true
    }

    static func durationMessage(_ name: String, _ text: String) -> String {
        "\(name) must be a non-negative number of seconds with up to nine decimals and an `s` (\"3.5s\"), found \"\(text)\""
    }

    /// The whole seconds of a protobuf JSON duration (`"3s"`, `"3.000000001s"`), nil when it is not one or is negative.
    package static func durationSeconds(_ text: String) -> (whole: Int64, hasFraction: Bool)? {
        var text = text
        return text.withUTF8(durationSeconds)
    }

    /// ``durationSeconds(_:)`` over UTF-8 bytes.
    static func durationSeconds(_ bytes: UnsafeBufferPointer<UInt8>) -> (whole: Int64, hasFraction: Bool)? {
        guard let last = bytes.last, last == UInt8(ascii: "s") else { return nil }
        let number = bytes[..<(bytes.count - 1)]
        let dot = number.firstIndex(of: UInt8(ascii: "."))
        let wholeDigits = number[..<(dot ?? number.endIndex)]
        guard !wholeDigits.isEmpty else { return nil }
        var whole: Int64 = 0
        for byte in wholeDigits {
            guard isDigit(byte) else { return nil }
            let (times, overflowTimes) = whole.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowSum else { return nil }
            whole = sum
        }
        guard let dot else { return (whole, false) }
        let fraction = number[(dot + 1)...]
        guard (1...9).contains(fraction.count), fraction.allSatisfy(isDigit) else { return nil }
        return (whole, fraction.contains { $0 != UInt8(ascii: "0") })
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    /// `#rrggbb`.
    package static func isColour(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isColour)
    }

    /// ``isColour(_:)`` over UTF-8 bytes.
    static func isColour(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count == 7 && bytes[0] == UInt8(ascii: "#") && bytes[1...].allSatisfy { isHexDigit($0) }
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }

    /// `analytics_label` in `object`: `[a-zA-Z0-9-_.~%]{1,50}`.
    static func checkAnalyticsLabel<S>(_ object: Object<S>, into out: inout [Diagnostic]) {
        guard let found = object.string(W.analyticsLabel) else { return }
        let valid = object.holds(found) { label in
            !label.isEmpty && label.count <= 50 && label.allSatisfy { isLabelByte($0) }
        }
        if !valid {
            out.error(
                .fcmAnalyticsLabelInvalid, at: object.pointer(found),
                "analytics_label must be 1 to 50 characters of [a-zA-Z0-9-_.~%], found \"\(object.text(of: found))\"")
        }
    }

    /// The string `found` of `object` is an absolute URL (or a template's placeholder, checked once rendered).
    static func checkImage<S>(_ object: Object<S>, _ found: Found<S>, into out: inout [Diagnostic]) {
        guard !object.holds(found, isAbsoluteURL) else { return }
        let url = object.text(of: found)
        if !TemplateValue.holdsPlaceholder(url) {
            out.error(
                .fcmImageInvalid, at: object.pointer(found), "the image must be an absolute URL, found \"\(url)\"")
        }
    }

    /// `scheme://host…`.
    static func isAbsoluteURL(_ url: String) -> Bool {
        var url = url
        return url.withUTF8(isAbsoluteURL)
    }

    /// ``isAbsoluteURL(_:)`` over UTF-8 bytes, in one pass: the scheme (a letter, then letters, digits, `+`, `-`,
    /// `.`) up to the first colon, `//`, a host that does not start with `/`, `?` or `#`, and no space anywhere.
    static func isAbsoluteURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, isSchemeLetter(first) else { return false }
        var colon = 1
        while colon < bytes.count, bytes[colon] != UInt8(ascii: ":") {
            let byte = bytes[colon]
            guard
                isSchemeLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ".")
            else { return false }
            colon += 1
        }
        let host = colon + 3
        guard host < bytes.count, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") else {
            return false
        }
        let start = bytes[host]
        guard start != UInt8(ascii: "/"), start != UInt8(ascii: "?"), start != UInt8(ascii: "#") else { return false }
        // The scheme and `://` hold no space.
        for byte in bytes[host...] where byte == UInt8(ascii: " ") { return false }
        return true
    }

    /// An ASCII letter.
    private static func isSchemeLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z`.
    static func isRFC3339UTC(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isRFC3339UTC)
    }

    /// ``isRFC3339UTC(_:)`` over UTF-8 bytes.
    static func isRFC3339UTC(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return false }
        let pattern: StaticString = "dddd-dd-ddTdd:dd:dd"
        for index in 0..<pattern.utf8CodeUnitCount {
            let expected = pattern.utf8Start[index]
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

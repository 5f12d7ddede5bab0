/// A canonical field (or extension value) the target format could not express.
public struct LostField: Sendable, Hashable, Codable {
    /// JSON Pointer into the canonical model (`/badge`, `/extensions/zego/resourcesID`).
    public var path: JSONPointer
    /// Why it was lost.
    public var reason: String

    public init(path: JSONPointer, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `{"path", "reason"}`.
    public var jsonValue: JSONValue {
        .object(
            JSONObject(uncheckedMembers: [
                .init(key: "path", value: .string(path.description)), .init(key: "reason", value: .string(reason)),
            ]))
    }
}

extension PushNotification {
    /// The fields of `self` that `roundTripped` (this notification rendered and read back) does not
    /// hold with the same value, as canonical JSON Pointers. `source` and `schemaVersion` are ignored;
    /// fields the round trip added are not losses. Objects (`sound`, `liveActivity`, `delivery`, `data`,
    /// `extensions` and JSON values inside them) are compared key by key down to their leaves; arrays and
    /// scalars as a whole, numbers by value. Works on the typed model: no canonical JSON is built.
    public func lostFields(comparedWith other: PushNotification) -> [JSONPointer] {
        typealias K = CanonicalKeys
        var lost: [JSONPointer] = []
        func check<T: Equatable>(_ key: String, _ mine: T?, _ theirs: T?) {
            if let mine, mine != theirs { lost.append(JSONPointer(tokens: [key])) }
        }
        func check<T: Equatable>(_ parent: String, _ key: String, _ mine: T?, _ theirs: T?) {
            if let mine, mine != theirs { lost.append(JSONPointer(tokens: [parent, key])) }
        }
        func checkJSON(_ tokens: [String], _ mine: JSONValue?, _ theirs: JSONValue?) {
            guard let mine else { return }
            var path = tokens
            Self.diff(mine, theirs, tokens: &path, into: &lost)
        }
        check(K.title, title, other.title)
        check(K.subtitle, subtitle, other.subtitle)
        check(K.body, body, other.body)
        check(K.titleLocKey, titleLocKey, other.titleLocKey)
        check(K.titleLocArgs, titleLocArgs, other.titleLocArgs)
        check(K.subtitleLocKey, subtitleLocKey, other.subtitleLocKey)
        check(K.subtitleLocArgs, subtitleLocArgs, other.subtitleLocArgs)
        check(K.bodyLocKey, bodyLocKey, other.bodyLocKey)
        check(K.bodyLocArgs, bodyLocArgs, other.bodyLocArgs)
        check(K.launchImage, launchImage, other.launchImage)
        check(K.badge, badge, other.badge)
        if let sound {
            check(K.sound, K.Sound.name, sound.name, other.sound?.name)
            check(K.sound, K.Sound.critical, sound.critical, other.sound?.critical)
            check(K.sound, K.Sound.volume, sound.volume, other.sound?.volume)
        }
        check(K.group, group, other.group)
        check(K.category, category, other.category)
        check(K.mutableContent, mutableContent, other.mutableContent)
        check(K.contentAvailable, contentAvailable, other.contentAvailable)
        check(K.interruptionLevel, interruptionLevel, other.interruptionLevel)
        check(K.relevanceScore, relevanceScore, other.relevanceScore)
        check(K.targetContentID, targetContentID, other.targetContentID)
        check(K.filterCriteria, filterCriteria, other.filterCriteria)
        if let live = liveActivity, live != other.liveActivity {
            let theirs = other.liveActivity
            let p = K.liveActivity
            check(p, K.LiveActivity.event, live.event, theirs?.event)
            check(p, K.LiveActivity.timestamp, live.timestamp, theirs?.timestamp)
            checkJSON([p, K.LiveActivity.contentState], live.contentState, theirs?.contentState)
            check(p, K.LiveActivity.staleDate, live.staleDate, theirs?.staleDate)
            check(p, K.LiveActivity.dismissalDate, live.dismissalDate, theirs?.dismissalDate)
            check(p, K.LiveActivity.attributesType, live.attributesType, theirs?.attributesType)
            checkJSON([p, K.LiveActivity.attributes], live.attributes, theirs?.attributes)
        }
        if !media.isEmpty && media != other.media { lost.append(JSONPointer(tokens: [K.media])) }
        if let delivery, delivery != other.delivery {
            let theirs = other.delivery
            let p = K.delivery
            check(p, K.Delivery.pushType, delivery.pushType, theirs?.pushType)
            check(p, K.Delivery.priority, delivery.priority, theirs?.priority)
            check(p, K.Delivery.expiration, delivery.expiration, theirs?.expiration)
            check(p, K.Delivery.collapseID, delivery.collapseID, theirs?.collapseID)
            check(p, K.Delivery.topic, delivery.topic, theirs?.topic)
            check(p, K.Delivery.id, delivery.id, theirs?.id)
        }
        if let android, android != other.android {
            checkJSON([K.android], .object(android.canonicalObject), other.android.map { .object($0.canonicalObject) })
        }
        if let target, target != other.target {
            checkJSON([K.target], .object(target.canonicalObject), other.target.map { .object($0.canonicalObject) })
        }
        if !data.isEmpty && data != other.data { checkJSON([K.data], .object(data), .object(other.data)) }
        if !extensions.isEmpty && extensions != other.extensions {
            checkJSON([K.extensions], .object(extensions), .object(other.extensions))
        }
        return lost
    }

    /// Appends the leaves of `before` that `after` lacks or holds differently. `tokens` is the path of
    /// `before`, extended and restored in place so that a pointer is only built for a lost field.
    private static func diff(
        _ before: JSONValue, _ after: JSONValue?, tokens: inout [String], into lost: inout [JSONPointer]
    ) {
        guard case .object(let a) = before, !a.isEmpty else {
            if let after, before.isNumericallyEqual(to: after) { return }
            lost.append(JSONPointer(tokens: tokens))
            return
        }
        guard case .object(let b)? = after else {
            // Missing or no longer an object: every leaf below is lost.
            for (key, value) in a {
                tokens.append(key)
                diff(value, nil, tokens: &tokens, into: &lost)
                tokens.removeLast()
            }
            return
        }
        for (key, value) in a {
            tokens.append(key)
            diff(value, b[key], tokens: &tokens, into: &lost)
            tokens.removeLast()
        }
    }
}

package import PushCore

private typealias A = APNsKeys.APS
private typealias L = APNsKeys.Alert
private typealias X = APNsKeys.Extension

/// Writes the model as an APNs payload: the substrate every vendor renderer writes with.
package enum APNsPayloadWriter {
    /// The `aps` dictionary, with `extensions.apns` merged back in place.
    package static func aps(for n: PushNotification) -> JSONValue {
        let ext = n.extensionObject(X.namespace)
        var aps = JSONObject()
        let alert = alertValue(for: n, extra: ext[X.alert]?.objectValue)
        if let alert { aps.appendUnchecked(A.alert, alert) }
        if let badge = n.badge { aps.appendUnchecked(A.badge, .integer(badge)) }
        if let sound = n.sound {
            var extra = ext[X.sound]?.objectValue ?? JSONObject()
            if sound.critical == nil && sound.volume == nil && extra.isEmpty {
                aps.appendUnchecked(A.sound, .string(sound.name))
            } else {
                var dict = JSONObject()
                if let critical = sound.critical {
                    dict.appendUnchecked(APNsKeys.Sound.critical, .integer(critical ? 1 : 0))
                }
                dict.appendUnchecked(APNsKeys.Sound.name, .string(sound.name))
                if let volume = sound.volume { dict.appendUnchecked(APNsKeys.Sound.volume, number(volume)) }
                for (key, value) in extra where dict[key] == nil { dict.appendUnchecked(key, value) }
                extra = JSONObject()
                aps.appendUnchecked(A.sound, .object(dict))
            }
        }
        if let v = n.group { aps.appendUnchecked(A.threadID, .string(v)) }
        if let v = n.category { aps.appendUnchecked(A.category, .string(v)) }
        if let v = n.contentAvailable { aps.appendUnchecked(A.contentAvailable, .integer(v ? 1 : 0)) }
        if let v = n.mutableContent { aps.appendUnchecked(A.mutableContent, .integer(v ? 1 : 0)) }
        if let v = n.targetContentID { aps.appendUnchecked(A.targetContentID, .string(v)) }
        if let v = n.interruptionLevel { aps.appendUnchecked(A.interruptionLevel, .string(v)) }
        if let v = n.relevanceScore { aps.appendUnchecked(A.relevanceScore, number(v)) }
        if let v = n.filterCriteria { aps.appendUnchecked(A.filterCriteria, .string(v)) }
        if let live = n.liveActivity {
            if let v = live.event { aps.appendUnchecked(A.event, .string(v)) }
            if let v = live.timestamp { aps.appendUnchecked(A.timestamp, .integer(v)) }
            if let v = live.contentState { aps.appendUnchecked(A.contentState, v) }
            if let v = live.staleDate { aps.appendUnchecked(A.staleDate, .integer(v)) }
            if let v = live.dismissalDate { aps.appendUnchecked(A.dismissalDate, .integer(v)) }
            if let v = live.attributesType { aps.appendUnchecked(A.attributesType, .string(v)) }
            if let v = live.attributes { aps.appendUnchecked(A.attributes, v) }
        }
        if let extra = ext[X.aps]?.objectValue {
            for (key, value) in extra where aps[key] == nil { aps.appendUnchecked(key, value) }
        }
        if aps.isEmpty, let invalid = ext[X.invalidAps] { return invalid }
        return .object(aps)
    }

    /// Appends `aps` to `root`, unless the payload read had none and there is still nothing to put in it.
    package static func appendAps(for n: PushNotification, to root: inout JSONObject) {
        let aps = aps(for: n)
        if aps == .object(JSONObject()), n.extensionObject(X.namespace)[X.apsMissing] == .bool(true) { return }
        root.appendUnchecked(APNsKeys.aps, aps)
    }

    /// A whole APNs payload: `aps` first, then `data`'s keys at the root.
    package static func payload(for n: PushNotification) -> JSONObject {
        var root = JSONObject()
        appendAps(for: n, to: &root)
        for (key, value) in n.data where root[key] == nil { root.appendUnchecked(key, value) }
        return root
    }

    /// The alert: a string when only `body` is set, else a dictionary; nil when there is no alert.
    package static func alertValue(for n: PushNotification, extra: JSONObject?) -> JSONValue? {
        let kept = extra != nil  // an alert dictionary was read (possibly empty): write one back
        let extra = extra ?? JSONObject()
        if let body = n.body, extra.isEmpty, n.title == nil, n.subtitle == nil, n.launchImage == nil,
            n.titleLocKey == nil, n.titleLocArgs == nil, n.subtitleLocKey == nil, n.subtitleLocArgs == nil,
            n.bodyLocKey == nil, n.bodyLocArgs == nil
        {
            return .string(body)
        }
        var alert = JSONObject()
        func put(_ key: String, _ value: String?) { if let value { alert.appendUnchecked(key, .string(value)) } }
        func put(_ key: String, _ value: [String]?) {
            if let value { alert.appendUnchecked(key, .array(value.map(JSONValue.string))) }
        }
        put(L.title, n.title)
        put(L.subtitle, n.subtitle)
        put(L.body, n.body)
        put(L.launchImage, n.launchImage)
        put(L.titleLocKey, n.titleLocKey)
        put(L.titleLocArgs, n.titleLocArgs)
        put(L.subtitleLocKey, n.subtitleLocKey)
        put(L.subtitleLocArgs, n.subtitleLocArgs)
        put(L.locKey, n.bodyLocKey)
        put(L.locArgs, n.bodyLocArgs)
        for (key, value) in extra where alert[key] == nil { alert.appendUnchecked(key, value) }
        return alert.isEmpty && !kept ? nil : .object(alert)
    }

    /// An integral real as an integer (`1.0` → `1`), else the real.
    package static func number(_ value: Double) -> JSONValue {
        if abs(value) < 9.0e15, let integer = Int64(exactly: value) { return .integer(integer) }
        return .double(value)
    }
}

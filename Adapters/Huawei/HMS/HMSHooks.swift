package import JSONCodec
package import PushCore
import WireTables

private typealias X = HMSKeys.Extension

/// HMS's hook lines (``HMSWire/Hook``), read and written over any source and into any output. Reading reports only
/// what stops a value being read (a wrong JSON type); HMS's rules are ``HMSChecks``.
package struct HMSHooks: WireTableHooks {
    package typealias Hook = HMSWire.Hook

    /// The parser of data strings (a JSON object in a string is the data map). Also the hooks' storage: a conformer
    /// must hold some (``WireTableHooks``).
    let parser = JSONParser()

    package init() {}

    // MARK: - Reading

    /// Every hook reads only a member that is there.
    package static func readsAbsent(_ hook: Hook) -> Bool { false }

    package mutating func read<S: WireSource>(
        _ hook: Hook, _ source: S, _ value: S.Node?, key: String, at path: JSONPointer, into n: inout PushNotification,
        ext: inout JSONObject, context: inout NormaliseContext
    ) -> Bool {
        guard let value else { return false }
        let at = path.appending(key)
        let json = source.jsonValue(value)
        switch hook {
        case .token:
            var target = n.target ?? PushNotification.Target()
            switch json {
            case .array(let elements):
                let tokens = elements.compactMap(\.stringValue)
                guard tokens.count == elements.count else {
                    wrongType(key, "an array of strings", json, at: path, &context)
                    return false
                }
                // Like fcm-legacy's `to` / `registration_ids`: one recipient is `token`, several are `tokens`.
                if tokens.count == 1 { target.token = tokens[0] } else { target.tokens = tokens }
            case .string(let token):
                // FCM's single token: read, written back as HMS's array.
                context.diagnostics.error(
                    .hmsTokenNotArray, at: at,
                    "HMS's `token` is an array of tokens (FCM v1 sends one string); read, and written as an array")
                target.token = token
            default:
                wrongType(key, "an array of strings", json, at: path, &context)
                return false
            }
            n.target = target
            context.record("target", from: at)
            return true
        case .topic, .condition:
            guard case .string(let text) = json else {
                wrongType(key, "a string", json, at: path, &context)
                return false
            }
            var target = n.target ?? PushNotification.Target()
            if hook == .topic { target.topic = text } else { target.condition = text }
            n.target = target
            context.record("target", from: at)
            return true
        case .androidData:
            guard case .string(let text) = json else {
                wrongType(key, "a string", json, at: path, &context)
                return false
            }
            if let map = Self.dataMap(text, parser: parser) {
                var android = n.androidPart
                android.data = map
                n.setAndroid(android)
            } else {
                ext[X.androidData] = json
            }
            return true
        case .data:
            switch json {
            case .string(let text):
                if let map = Self.dataMap(text, parser: parser) {
                    n.data = map
                    context.record("data", from: at)
                } else {
                    ext[X.data] = json
                }
                return true
            case .object(let map):
                // FCM's data map: read, written back as HMS's string.
                context.diagnostics.error(
                    .hmsDataNotString, at: at,
                    "HMS's `data` is a string (FCM v1 sends a map); read, and written as the map's JSON text")
                n.data = map
                if !map.isEmpty { context.record("data", from: at) }
                return true
            default:
                wrongType(key, "a string", json, at: path, &context)
                return false
            }
        case .image:
            guard case .string(let url) = json else {
                wrongType(key, "a string", json, at: path, &context)
                return false
            }
            n.media = [PushNotification.Media(url: url)]
            context.record("media", from: at)
            return true
        case .urgency:
            guard case .string(let text) = json else {
                wrongType(key, "a string", json, at: path, &context)
                return false
            }
            guard let priority = HMSValues.priority(urgency: text) else { return false }
            var android = n.androidPart
            android.priority = priority
            n.setAndroid(android)
            return true
        case .clickAction:
            return readClickAction(json, key: key, at: path, into: &n, ext: &ext, context: &context)
        case .badge:
            guard case .object(let object) = json else {
                wrongType(key, "an object", json, at: path, &context)
                return false
            }
            var rest = object
            if case .integer(let number)? = object[HMSValues.setNum] {
                n.badge = number
                _ = rest.removeValue(forKey: HMSValues.setNum)
                context.record("badge", from: at.appending(HMSValues.setNum))
            }
            if !rest.isEmpty || object.isEmpty { ext[X.badge] = .object(rest) }
            return true
        }
    }

    /// The data map a data string holds: a non-empty JSON object (anything else, `{}` included, whose empty map
    /// would write no data, stays the string it is).
    static func dataMap(_ text: String, parser: JSONParser = JSONParser()) -> JSONObject? {
        guard case .object(let map)? = try? parser.parse(text), !map.isEmpty else { return nil }
        return map
    }

    /// `click_action`: type 1 `intent` → `android.deepLink`, `action` → `android.clickAction`; type 2 `url` →
    /// `android.url`; the type those imply is not kept, anything else is (`extensions.hms.clickAction`).
    private func readClickAction(
        _ json: JSONValue, key: String, at path: JSONPointer, into n: inout PushNotification, ext: inout JSONObject,
        context: inout NormaliseContext
    ) -> Bool {
        var android = n.androidPart
        switch json {
        case .string(let action):
            // FCM's intent action: read, written back as type 1.
            context.diagnostics.error(
                .hmsClickActionInvalid, at: path.appending(key),
                "`click_action` is an object in HMS (FCM sends an intent-action string); read as the intent action, "
                    + "written as {\"type\": 1, \"action\": …}")
            android.clickAction = action
        case .object(let object):
            var rest = object
            switch object[HMSValues.type] {
            case .integer(HMSValues.typeIntent)?:
                if case .string(let intent)? = object[HMSValues.intent] {
                    android.deepLink = intent
                    _ = rest.removeValue(forKey: HMSValues.intent)
                }
                if case .string(let action)? = object[HMSValues.action] {
                    android.clickAction = action
                    _ = rest.removeValue(forKey: HMSValues.action)
                }
            case .integer(HMSValues.typeURL)?:
                if case .string(let url)? = object[HMSValues.url] {
                    android.url = url
                    _ = rest.removeValue(forKey: HMSValues.url)
                }
            default:
                break
            }
            // The type is implied by what the model holds; kept only when nothing was read.
            if rest.count < object.count { _ = rest.removeValue(forKey: HMSValues.type) }
            if !rest.isEmpty || object.isEmpty { ext[X.clickAction] = .object(rest) }
        default:
            wrongType(key, "an object", json, at: path, &context)
            return false
        }
        n.setAndroid(android)
        context.record("android", from: path.appending(key))
        return true
    }

    private func wrongType(
        _ key: String, _ expected: String, _ value: JSONValue, at path: JSONPointer, _ context: inout NormaliseContext
    ) {
        WireTable<Hook>.reportWrongType(key, expected: expected, value.typeName, at: path, &context)
    }

    package func check(
        _ hook: Hook, _ value: JSONValue, ext: JSONObject, at path: JSONPointer, context: inout NormaliseContext
    ) {}

    /// Unknown keys (not in any HMS table) are warnings; FCM's keys HMS spells otherwise (``HMSWire/misplacedKeys``)
    /// are ``HMSChecks``' `hms.key.misplaced`, and a declared key left unread (a value HMS does not define,
    /// such as `urgency: "high"`) is reported by ``HMSChecks``.
    package func reportUnmodelled(_ rest: JSONObject, at path: JSONPointer, context: inout NormaliseContext) {
        for (key, _) in rest where !HMSWire.declaredKeys.contains(key) && !HMSWire.misplacedKeys.contains(key) {
            context.diagnostics.warning(
                .hmsKeyUnknown, at: path.appending(key),
                "`\(key)` is not a key of HMS's \(HMSValues.objectName(path)); kept and written back")
        }
    }

    // MARK: - Writing

    package mutating func write<O: WireOutput>(
        _ hook: Hook, key: String, _ n: PushNotification, ext: JSONObject, unmodelled: JSONObject,
        context: inout RenderContext, to out: inout O
    ) -> Bool {
        switch hook {
        case .token:
            guard let tokens = HMSValues.tokens(of: n.target) else { return false }
            out.key(key)
            out.strings(tokens)
        case .topic, .condition:
            guard let text = hook == .topic ? n.target?.topic : n.target?.condition else { return false }
            out.key(key)
            out.string(text)
        case .data:
            if !n.data.isEmpty {
                out.key(key)
                out.string(JSONValue.object(n.data).compactText)
            } else if let text = ext[X.data] {
                out.key(key)
                out.value(text)
            } else {
                return false
            }
        case .androidData:
            if let map = n.android?.data, !map.isEmpty {
                out.key(key)
                out.string(JSONValue.object(map).compactText)
            } else if let text = ext[X.androidData] {
                out.key(key)
                out.value(text)
            } else {
                return false
            }
        case .image:
            guard let url = HMSValues.image(of: n) else { return false }
            out.key(key)
            out.string(url)
        case .urgency:
            guard let urgency = n.android?.priority.flatMap(HMSValues.urgency(priority:)) else { return false }
            out.key(key)
            out.string(urgency)
        case .clickAction:
            guard let object = HMSValues.clickAction(of: n, kept: ext[X.clickAction]?.objectValue) else {
                return false
            }
            out.key(key)
            out.value(.object(object))
        case .badge:
            let kept = ext[X.badge]?.objectValue
            guard n.badge != nil || kept != nil else { return false }
            var members = kept ?? JSONObject()
            if n.badge != nil, members[HMSValues.badgeClass] == nil, let launcher = context.options.hmsBadgeClass {
                members.appendUnchecked(HMSValues.badgeClass, .string(launcher))
            }
            out.key(key)
            out.value(.object(HMSValues.badge(n.badge, kept: members)))
        }
        return true
    }
}

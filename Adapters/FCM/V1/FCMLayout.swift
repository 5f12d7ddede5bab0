import PushCore

/// How an FCM message placed the values the canonical model holds once (layout memory, `extensions.fcm.layout`):
/// which of `notification`, the `apns.payload` alert and `android.notification` named the title, body and image,
/// whether there was an `apns.payload` (and an `aps` in it), where each data key was, and the request wrapper. It
/// lets a message render back exactly; it is not content, means nothing to other formats and is never reported lost.
package struct FCMLayout: Equatable {
    /// `title`, `body`, `image` present in `notification`.
    var notification: [String] = []
    /// `title`, `body` present in the `apns.payload` alert; `image` for `apns.fcm_options.image`.
    var apple: [String] = []
    /// `title`, `body`, `image`, `sound` present in `android.notification`.
    var android: [String] = []
    /// The message had an `apns.payload`.
    var apnsPayload = false
    /// Its `apns.payload` had an `aps`.
    var aps = false
    /// Data keys read from `apns.payload` (beside `aps`).
    var dataApns: [String] = []
    /// Data keys read from `message.data`.
    var dataMessage: [String] = []
    /// The message came in a send request (`{"message": …}`).
    var wrapped = false
    /// Keys read in their lowerCamelCase spelling, as pointers into the message (or the request, for its own keys).
    var camel: [String] = []
    /// `android.priority` as written when it was the REST enum's spelling (`HIGH`, `NORMAL`); the model holds it
    /// lowercased, as the SDKs send it and every other format takes it.
    var prioritySpelling: String?

    init() {}

    /// The canonical pointer of the layout memory.
    static let pointer = JSONPointer(tokens: ["extensions", FCMKeys.namespace, FCMKeys.Extension.layout])

    var json: JSONValue {
        // The members in one array, sized once.
        var members: [JSONObject.Member] = []
        members.reserveCapacity(10)
        func list(_ key: String, _ value: [String]) {
            members.append(JSONObject.Member(key: key, value: .array(value.map(JSONValue.string))))
        }
        list("notification", notification)
        list("apple", apple)
        list("android", android)
        members.append(JSONObject.Member(key: "apnsPayload", value: .bool(apnsPayload)))
        members.append(JSONObject.Member(key: "aps", value: .bool(aps)))
        list("dataApns", dataApns)
        list("dataMessage", dataMessage)
        members.append(JSONObject.Member(key: "wrapped", value: .bool(wrapped)))
        if !camel.isEmpty { list("camel", camel) }
        if let prioritySpelling { members.append(JSONObject.Member(key: "priority", value: .string(prioritySpelling))) }
        return .object(JSONObject(uncheckedMembers: members))
    }

    /// Reads the layout memory of `n`; nil when it has none (a notification from another format), or when it is
    /// not one this writer wrote (then the defaults apply).
    init?(_ n: PushNotification) {
        guard case .object(let o)? = n.extensionObject(FCMKeys.namespace)[FCMKeys.Extension.layout] else { return nil }
        func list(_ key: String) -> [String] { o[key]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        notification = list("notification")
        apple = list("apple")
        android = list("android")
        apnsPayload = o["apnsPayload"]?.boolValue ?? false
        aps = o["aps"]?.boolValue ?? false
        dataApns = list("dataApns")
        dataMessage = list("dataMessage")
        wrapped = o["wrapped"]?.boolValue ?? false
        camel = list("camel")
        prioritySpelling = o["priority"]?.stringValue
    }

    /// `lowerCamelCase` → `lower_camel_case`.
    static func snake(_ camel: String) -> String {
        var out = ""
        for character in camel {
            if character.isUppercase {
                out += "_" + character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// Renames, in `value` (written in snake_case), each key of ``camel`` back to its lowerCamelCase spelling;
    /// deepest first, so a parent is still found by its snake_case name.
    func respell(_ value: JSONValue) -> JSONValue {
        guard !camel.isEmpty else { return value }
        var out = value
        let pointers = camel.compactMap { JSONPointer(parsing: $0) }.sorted { $0.tokens.count > $1.tokens.count }
        for pointer in pointers {
            out = Self.rename(out, tokens: pointer.tokens[...])
        }
        return out
    }

    private static func rename(_ value: JSONValue, tokens: ArraySlice<String>) -> JSONValue {
        guard let first = tokens.first, case .object(let object) = value else { return value }
        var members: [(String, JSONValue)] = []
        if tokens.count == 1 {
            let snakeKey = snake(first)
            guard object[snakeKey] != nil, object[first] == nil else { return value }
            for (key, member) in object { members.append((key == snakeKey ? first : key, member)) }
        } else {
            let parent = object[snake(first)] != nil ? snake(first) : first
            for (key, member) in object {
                members.append((key, key == parent ? rename(member, tokens: tokens.dropFirst()) : member))
            }
        }
        var renamed = JSONObject()
        for (key, member) in members { renamed.appendUnchecked(key, member) }
        return .object(renamed)
    }
}

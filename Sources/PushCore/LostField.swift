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
    /// hold with the same value. `source` and `schemaVersion` are ignored; fields the round trip added
    /// are not losses. Objects are compared key by key down to their leaves, arrays and scalars as a whole (numbers by value).
    public func lostFields(comparedWith roundTripped: PushNotification) -> [JSONPointer] {
        var lost: [JSONPointer] = []
        // Equal parts produce no difference: leave the two largest (`data`, `extensions`) out of the
        // walk when they are equal (`==` implies no numeric difference either).
        var mine = self, theirs = roundTripped
        if mine.data == theirs.data {
            mine.data = JSONObject()
            theirs.data = JSONObject()
        }
        if mine.extensions == theirs.extensions {
            mine.extensions = JSONObject()
            theirs.extensions = JSONObject()
        }
        guard case .object(var before) = mine.canonicalJSON, case .object(let after) = theirs.canonicalJSON else {
            return lost
        }
        before.removeValue(forKey: CanonicalKeys.source)
        before.removeValue(forKey: CanonicalKeys.schemaVersion)
        var tokens: [String] = []
        Self.diff(before, after, tokens: &tokens, into: &lost)
        return lost
    }

    /// `tokens` is the path of `before`, extended and restored in place so that a pointer is only
    /// built for a lost field.
    private static func diff(
        _ before: JSONObject, _ after: JSONObject, tokens: inout [String], into lost: inout [JSONPointer]
    ) {
        for (key, value) in before {
            tokens.append(key)
            defer { tokens.removeLast() }
            guard let other = after[key] else {
                if case .object(let a) = value, !a.isEmpty {
                    diff(a, JSONObject(), tokens: &tokens, into: &lost)
                } else {
                    lost.append(JSONPointer(tokens: tokens))
                }
                continue
            }
            if case .object(let a) = value, case .object(let b) = other {
                diff(a, b, tokens: &tokens, into: &lost)
            } else if !value.isNumericallyEqual(to: other) {
                lost.append(JSONPointer(tokens: tokens))
            }
        }
    }
}

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
        guard case .object(var before) = canonicalJSON, case .object(let after) = roundTripped.canonicalJSON else {
            return lost
        }
        before.removeValue(forKey: CanonicalKeys.source)
        before.removeValue(forKey: CanonicalKeys.schemaVersion)
        Self.diff(before, after, at: .root, into: &lost)
        return lost
    }

    private static func diff(_ before: JSONObject, _ after: JSONObject, at path: JSONPointer, into lost: inout [JSONPointer]) {
        for (key, value) in before {
            let childPath = path.appending(key)
            guard let other = after[key] else {
                if case .object(let a) = value, !a.isEmpty {
                    diff(a, JSONObject(), at: childPath, into: &lost)
                } else {
                    lost.append(childPath)
                }
                continue
            }
            if case .object(let a) = value, case .object(let b) = other {
                diff(a, b, at: childPath, into: &lost)
            } else if !value.isNumericallyEqual(to: other) {
                lost.append(childPath)
            }
        }
    }
}

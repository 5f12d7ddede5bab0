/// A canonical field (or extension value) the target format could not express.
public struct LostField: Sendable, Hashable, Codable {
    /// JSON Pointer into the canonical model (`/badge`, `/extensions/zego/resourcesID`).
    public var path: JSONPointer
    /// Why it was lost.
    public var reason: String

    /// A field lost at `path` (a JSON Pointer into the canonical model), for `reason`.
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
        withUnsafePointer(to: self) { mine in
            withUnsafePointer(to: other) { theirs in
                var comparer = FieldComparer(mine: mine, theirs: theirs, tokens: [])
                Self.declareFields(&comparer)
                return comparer.lost
            }
        }
    }

    /// True when ``lostFields(comparedWith:)`` holds a pointer `isLoss` accepts, told without comparing the fields
    /// that come after the first top-level field holding one (`extensions`, last, is often the largest and often
    /// only layout memory).
    package func hasLostField(comparedWith other: PushNotification, where isLoss: (JSONPointer) -> Bool) -> Bool {
        withUnsafePointer(to: self) { mine in
            withUnsafePointer(to: other) { theirs in
                withoutActuallyEscaping(isLoss) { isLoss in
                    var comparer = FieldComparer(mine: mine, theirs: theirs, tokens: [])
                    comparer.stopsAt = isLoss
                    Self.declareFields(&comparer)
                    return comparer.stopped
                }
            }
        }
    }
}

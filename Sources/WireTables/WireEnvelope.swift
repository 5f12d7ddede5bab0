package import JSONCodec
package import PushCore

/// Optional wrappers around a format's object, outermost first: Pinpoint's CLI input (`MessageRequest`) → request
/// (`MessageConfiguration`) → configuration (`APNSMessage`, `GCMMessage`); ZEGO's request → `MessageBody`.
///
/// Unlike ``WireTable/envelope`` (members that are always there), a level is entered only when the object holds one
/// of its keys. The member's value may be of any type (the format reports one that is not an object), and the level's
/// other members are the format's to keep (Pinpoint keeps them in its memory and writes them back around the message).
/// A format declares its levels once, and every reader of that envelope (over any ``WireSource``) walks it through
/// ``entry(_:in:_:at:)``.
package struct WireEnvelope: Sendable {
    /// One level: the keys that wrap the next object, in the order they are looked for.
    package struct Level: Sendable {
        package let keys: [WireKey]

        package init(_ keys: [WireKey]) { self.keys = keys }

        /// True when `key` is one of the level's keys.
        package func holds(_ key: String) -> Bool { keys.contains { $0.matches(key) } }
    }

    /// A level found in an object.
    package struct Entry<S: WireSource> {
        /// The key that wraps the next object (the first of the level's keys the object holds).
        package let key: WireKey
        /// Its value (of any type).
        package let value: S.Node
        /// The location of the value.
        package let path: JSONPointer
        /// The object's other members, in input order.
        package let siblings: [(key: S.Node, value: S.Node)]
    }

    package let levels: [Level]

    package init(_ levels: [Level]) { self.levels = levels }

    /// ``entry(_:in:_:at:)`` of a ``JSONValue`` object: called with a concrete source here, so the generic walk is
    /// specialised in this module (a reader in another module calling the generic one gets it unspecialised, several
    /// times slower).
    package func entry(_ level: Int, in object: JSONObject, at path: JSONPointer) -> Entry<JSONValueSource>? {
        entry(level, in: JSONValueSource(), .object(object), at: path)
    }

    /// A level found in a ``JSONObject``, its other members kept as an object.
    package struct ObjectEntry {
        /// The key that wraps the next object (the first of the level's keys the object holds).
        package let key: WireKey
        /// Its value (of any type).
        package let value: JSONValue
        /// The location of the value.
        package let path: JSONPointer
        /// The object's other members, in input order.
        package let siblings: JSONObject
    }

    /// ``entry(_:in:at:)`` for a reader that keeps the level's other members as an object (Pinpoint's memory): the
    /// object less the member, with no pair built per member and no object rebuilt from them.
    package func objectEntry(_ level: Int, in object: JSONObject, at path: JSONPointer) -> ObjectEntry? {
        guard levels.indices.contains(level) else { return nil }
        for key in levels[level].keys {
            guard let member = object.members.first(where: { key.matches($0.key) }) else { continue }
            var siblings = object
            siblings.removeValue(forKey: member.key)
            // The member's own key is the declared spelling unless the key has another (no bytes decoded again).
            let name = key.snake == nil ? member.key : key.description
            return ObjectEntry(key: key, value: member.value, path: path.appending(name), siblings: siblings)
        }
        return nil
    }

    /// Level `level` of the object `node` (located at `path`): the first of the level's keys the object holds, its
    /// value and the object's other members; nil when `node` is not an object or holds none of the keys.
    package func entry<S: WireSource>(_ level: Int, in source: S, _ node: S.Node, at path: JSONPointer) -> Entry<S>? {
        guard levels.indices.contains(level), source.isObject(node) else { return nil }
        let members = Array(source.members(node))
        for key in levels[level].keys {
            guard let index = members.firstIndex(where: { key.matches(source, $0.key) }) else { continue }
            var siblings = members
            siblings.remove(at: index)
            return Entry(
                key: key, value: members[index].value, path: path.appending(key.description), siblings: siblings)
        }
        return nil
    }
}

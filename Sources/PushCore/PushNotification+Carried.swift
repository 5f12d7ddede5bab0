/// A format's ``FormatDescriptor/carries`` compiled for `PushNotification.keeping(_:)`: a bit per top-level
/// canonical field, and the vendor namespaces (whole, or some of their keys).
public struct CarriedFields: Sendable, Hashable {
    /// The top-level canonical fields, in model order (``PushNotification/topLevelFieldNames``).
    static var fieldNames: [String] { PushNotification.topLevelFieldNames }

    /// Bit `i` set when `fieldNames[i]` is carried.
    var fields: UInt32 = 0
    /// Carried vendor namespaces, by name: nil keys for the whole namespace, else the carried keys. A format carries
    /// one or two: scanned (comparing a name costs less than hashing it), kept in name order so that equal sets
    /// compare equal.
    var namespaces: [CarriedNamespace] = []

    /// One carried vendor namespace.
    struct CarriedNamespace: Sendable, Hashable {
        var name: String
        /// Nil for the whole namespace, else the carried keys.
        var keys: [String]?
    }

    /// The carried namespace `name`: `.some(nil)` when it is carried whole, `.some(keys)` for some of its keys, nil when
    /// none of it is.
    func namespace(_ name: String) -> [String]?? {
        for entry in namespaces where entry.name == name { return .some(entry.keys) }
        return nil
    }

    /// Compiles a `carries` list (canonical keys, and `extensions.<ns>` keys).
    public init(_ carries: [String]) {
        for field in carries {
            if let index = Self.fieldNames.firstIndex(of: field) {
                fields |= 1 << UInt32(index)
                continue
            }
            let parts = field.split(separator: ".", maxSplits: 2).map(String.init)
            guard parts.count >= 2, parts[0] == "extensions" else { continue }
            guard let index = namespaces.firstIndex(where: { $0.name == parts[1] }) else {
                namespaces.append(CarriedNamespace(name: parts[1], keys: parts.count == 2 ? nil : [parts[2]]))
                continue
            }
            // The whole namespace stays whole; else a key is added.
            if parts.count == 2 {
                namespaces[index].keys = nil
            } else if namespaces[index].keys != nil {
                namespaces[index].keys?.append(parts[2])
            }
        }
        namespaces.sort { $0.name < $1.name }
    }

    /// True when every top-level field `present` (``PushNotification/presentFields``) is carried.
    package func carriesAll(of present: UInt32) -> Bool { present & ~fields == 0 }

    /// The top-level fields of `present` (``PushNotification/presentFields``) that are not carried, a bit each.
    package func uncarried(of present: UInt32) -> UInt32 { present & ~fields }

    /// The bit of the top-level field `name` (``PushNotification/presentFields`` order); 0 for another name.
    package static func bit(of name: String) -> UInt32 {
        fieldNames.firstIndex(of: name).map { 1 << UInt32($0) } ?? 0
    }

    @inline(__always) func has(_ index: Int) -> Bool { fields & (1 << UInt32(index)) != 0 }

    /// True when the top-level canonical field `name` is carried.
    package func carries(field name: String) -> Bool { Self.fieldNames.firstIndex(of: name).map(has) ?? false }

    /// True when the format carries anything of `extensions.<namespace>` (the whole namespace, or some of its keys).
    package func carriesAny(of namespace: String) -> Bool { self.namespace(namespace) != nil }

    /// True when `extensions.<namespace>.<key>` is carried (the whole namespace, or that key).
    public func carries(namespace: String, key: String) -> Bool {
        guard let entry = self.namespace(namespace) else { return false }
        guard let keys = entry else { return true }
        return keys.contains(key)
    }
}

extension PushNotification {
    /// A bit per top-level field that holds a value (``CarriedFields/fieldNames`` order).
    package var presentFields: UInt32 {
        withUnsafePointer(to: self) { notification in
            var presence = FieldPresence(notification: notification)
            Self.declareFields(&presence)
            return presence.bits
        }
    }

    /// True when one of the top-level fields whose bit `fields` sets (``presentFields`` order) holds a leaf: a
    /// pointer ``lostFields(comparedWith:)`` reports when the other notification lacks the field.
    package func holdsLeaf(inFields fields: UInt32) -> Bool {
        withUnsafePointer(to: self) { notification in
            var finder = LeafFinder(notification: notification, fields: fields)
            Self.declareFields(&finder)
            return finder.found
        }
    }

    /// The part of this notification that a format declaring `carries` (``FormatDescriptor/carries``)
    /// holds: top-level canonical keys (`title`, `media`, `data`, …), whole vendor namespaces
    /// (`extensions.zego`) and single vendor keys (`extensions.zego.payload`). Everything else is cleared.
    ///
    /// This is the generic half of a format's declared losses (``PayloadAdapter/carriedPart(of:options:)``):
    /// what is not in the result is lost, with no rendering read back.
    public func keeping(_ carries: [String]) -> PushNotification { keeping(CarriedFields(carries)) }

    /// ``keeping(_:)-([String])`` with the fields compiled once (``FormatDescriptor/carriedFields``).
    public func keeping(_ carried: CarriedFields) -> PushNotification {
        // Everything present is carried: the notification itself (no copy field by field).
        if extensions.isEmpty && presentFields & ~carried.fields == 0 { return self }
        var out = withUnsafePointer(to: self) { notification in
            var keeper = FieldKeeper(notification: notification, carried: carried.fields)
            Self.declareFields(&keeper)
            return keeper.kept
        }
        guard !carried.namespaces.isEmpty, !extensions.isEmpty else { return out }
        for (namespace, value) in extensions {
            guard let entry = carried.namespace(namespace) else { continue }
            guard let keys = entry else {
                out.extensions.appendUnchecked(namespace, value)
                continue
            }
            guard case .object(let object) = value else { continue }
            var kept = JSONObject()
            for (key, inner) in object where keys.contains(key) { kept.appendUnchecked(key, inner) }
            if !kept.isEmpty { out.extensions.appendUnchecked(namespace, .object(kept)) }
        }
        return out
    }
}

extension PushNotification {
    /// This notification without the values at `paths` (canonical pointers, as a renderer names them in
    /// ``RenderContext/explainLoss(at:_:)``). A path into `media` removes every media item (media are carried or
    /// lost as a whole); a path into `data`, `extensions` or a JSON value of `liveActivity` removes that member.
    public func removing(_ paths: some Sequence<JSONPointer>) -> PushNotification {
        var out = self
        // Leaves inside `data` and `extensions` (a payload of thousands of unknown keys loses them all) are
        // grouped by parent and removed in one pass each: one at a time copied the object per path (issue 22).
        var leaves: [ArraySlice<String>: Set<String>] = [:]
        var others: [JSONPointer] = []
        for path in paths {
            let tokens = path.tokens
            guard let first = tokens.first else { return PushNotification() }
            if (first == "data" && tokens.count >= 2) || (first == "extensions" && tokens.count >= 3) {
                leaves[tokens.dropLast(), default: []].insert(tokens[tokens.count - 1])
            } else {
                others.append(path)
            }
        }
        for (parent, names) in leaves {
            if parent.first == "data" {
                out.data.removeLeaves(names, under: parent.dropFirst())
            } else {
                out.extensions.removeLeaves(names, under: parent.dropFirst())
            }
        }
        if !others.isEmpty {
            // One visit of the fields for all of them (``FieldsRemover``), not one per path.
            withUnsafeMutablePointer(to: &out) { target in
                var remover = FieldsRemover(target, others.lazy.map { $0.tokens[...] })
                Self.declareFields(&remover)
            }
        }
        return out
    }
}

extension PayloadAdapter {
    /// The declared carried part of `notification` after ``render(_:context:)`` wrote it with `context`:
    /// ``carriedPart(of:options:)`` less every path the renderer explained as lost
    /// (``RenderContext/lossReasons``). The facade reports the rest of the notification as lost.
    public func declaredPart(of notification: PushNotification, renderedWith context: RenderContext) -> PushNotification
    {
        let carried = carriedPart(of: notification, options: context.options)
        return context.lossReasons.isEmpty ? carried : carried.removing(context.lossReasons.keys)
    }
}

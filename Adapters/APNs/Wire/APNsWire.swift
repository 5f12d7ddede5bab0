package import JSONCodec
package import PushCore

/// The `aps` dictionary as a wire table: one line per key (wire key ↔ canonical field and its JSON type), and the
/// one generic reader and writer that interpret it, for every format that delivers through APNs (`apns`, `hive`,
/// `amazon`, `zego`, `sns`, `pinpoint`).
///
/// The reader runs over any ``WireSource``: over the parser's borrowed document it is *strict* (the conversion
/// path: the first finding, or anything that would have to be kept in `extensions.apns`, abandons the read and the
/// caller reads the payload again in full); over a ``JSONValue`` it is *full* (every finding reported, unknown
/// and invalid keys kept in `extensions.apns`). Both interpret the same lines, so they cannot disagree. The writer
/// writes into any ``WireOutput``: compact bytes, or a ``JSONValue`` for the public `render`.
package enum APNsWire {
    /// What a key holds: a canonical field of some JSON type, or a nested shape with its own rules.
    package enum Value: Sendable {
        /// A string `body`, or a dictionary read with ``alert``.
        case alert
        /// A string name, or a sound dictionary (`critical`, `name`, `volume`).
        case sound
        case text(PushNotification.TextField)
        case strings(PushNotification.StringsField)
        case integer(PushNotification.IntegerField)
        case number(PushNotification.NumberField)
        /// `1`/`0`; `true`/`false`/`"1"`/`"0"` are read with a warning (`apns.<key>.coerced`).
        case flag(PushNotification.FlagField)
        /// Any JSON value, kept as it is.
        case value(PushNotification.ValueField)
    }

    /// One line of a table: the wire key and what it holds.
    package struct Line: Sendable {
        package let key: StaticString
        package let value: Value

        init(_ key: StaticString, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// `aps`: in the order keys are read (findings come in this order) and written.
    package static let aps: [Line] = [
        Line("alert", .alert),
        Line("badge", .integer(.badge)),
        Line("sound", .sound),
        Line("thread-id", .text(.group)),
        Line("category", .text(.category)),
        Line("content-available", .flag(.contentAvailable)),
        Line("mutable-content", .flag(.mutableContent)),
        Line("target-content-id", .text(.targetContentID)),
        Line("interruption-level", .text(.interruptionLevel)),
        Line("relevance-score", .number(.relevanceScore)),
        Line("filter-criteria", .text(.filterCriteria)),
        // Live Activities.
        Line("event", .text(.liveEvent)),
        Line("timestamp", .integer(.liveTimestamp)),
        Line("content-state", .value(.liveContentState)),
        Line("stale-date", .integer(.liveStaleDate)),
        Line("dismissal-date", .integer(.liveDismissalDate)),
        Line("attributes-type", .text(.liveAttributesType)),
        Line("attributes", .value(.liveAttributes)),
    ]

    /// Where the Live Activity keys start in ``aps`` (they are last).
    static let liveStart = aps.firstIndex { $0.isLive } ?? aps.count

    /// `aps.alert` as a dictionary, in read and write order.
    package static let alert: [Line] = [
        Line("title", .text(.title)),
        Line("subtitle", .text(.subtitle)),
        Line("body", .text(.body)),
        Line("launch-image", .text(.launchImage)),
        Line("title-loc-key", .text(.titleLocKey)),
        Line("title-loc-args", .strings(.titleLocArgs)),
        Line("subtitle-loc-key", .text(.subtitleLocKey)),
        Line("subtitle-loc-args", .strings(.subtitleLocArgs)),
        Line("loc-key", .text(.bodyLocKey)),
        Line("loc-args", .strings(.bodyLocArgs)),
    ]

    /// Keys of a sound dictionary.
    private enum SoundKey {
        static let name: StaticString = "name"
        static let critical: StaticString = "critical"
        static let volume: StaticString = "volume"
    }

    /// `aps` keys that are sometimes put at the root by mistake: warned about, kept as custom data.
    package static let misplaced: [StaticString] = ["mutable-content", "content-available", "badge", "thread-id"]

    private typealias X = APNsKeys.Extension

    @inline(__always) static func lineIndex<S: WireSource>(_ source: S, _ key: S.Node, in table: [Line]) -> Int? {
        let length = source.keyLength(key)
        for index in table.indices
        where table[index].key.utf8CodeUnitCount == length && source.key(key, is: table[index].key) {
            return index
        }
        return nil
    }
}

// MARK: - Reading

extension APNsWire {
    /// What reading one key did.
    enum Outcome {
        /// Read into the model.
        case taken
        /// Not read (a finding was reported): kept where it was.
        case kept
        /// Strict reading gives up.
        case abandon
    }

    /// Reads the `aps` object `node` (located at `path`) into `n`, keeping what the model cannot hold in
    /// `extensions.apns`. `claimed` is a key some format reads itself (Amazon's media key): left alone. Strict: false
    /// at the first finding or kept value, and nothing recorded.
    @_specialize(exported: true, where S == BorrowedDocument)
    @_specialize(exported: true, where S == JSONValueSource)
    package static func readAps<S: WireSource>(
        _ source: S, _ node: S.Node, at path: JSONPointer, claimed: String? = nil, into n: inout PushNotification,
        context: inout NormaliseContext, strict: Bool
    ) -> Bool {
        var ext = JSONObject()
        if strict {
            // Member order: each key once, findings abandon, so the order does not matter.
            for member in source.members(node) {
                guard let index = lineIndex(source, member.key, in: aps),
                    read(
                        aps[index], source, member.value, at: path, into: &n, ext: &ext, context: &context,
                        strict: true) == .taken
                else { return false }
            }
            return true
        }
        ext = n.extensionObject(X.namespace)
        // Keys are read in the table's order (findings come in that order); each member is matched once.
        let (members, lines) = matched(source, node, aps)
        var taken: UInt32 = 0
        var readLive = false
        for (index, line) in aps.enumerated() {
            guard let position = lines.firstIndex(of: index) else { continue }
            let value = members[position].value
            if read(line, source, value, at: path, into: &n, ext: &ext, context: &context, strict: false) == .taken {
                taken |= 1 << index
                if line.isLive { readLive = true }
            }
        }
        if readLive { context.record("liveActivity", from: path) }
        var rest = JSONObject()
        var named = context.diagnostics.keysNamed(under: path)
        for (position, member) in members.enumerated() {
            if let claimed, source.key(member.key, isString: claimed) { continue }
            if lines[position] >= 0, taken & (1 << lines[position]) != 0 { continue }
            let key = source.keyString(member.key)
            if named.insert(key).inserted {
                context.diagnostics.info(
                    .apnsUnknownKey, at: path.appending(key), "`aps.\(key)` is not modelled; kept and rendered back in place")
            }
            rest.appendUnchecked(key, source.jsonValue(member.value))
        }
        if !rest.isEmpty { ext[X.aps] = .object(rest) }
        n.setExtension(X.namespace, ext)
        return true
    }

    /// The members of `node`, each with the index of its line in `table` (-1 for a key the table does not have).
    static func matched<S: WireSource>(_ source: S, _ node: S.Node, _ table: [Line]) -> (
        members: [(key: S.Node, value: S.Node)], lines: [Int]
    ) {
        let members = Array(source.members(node))
        return (members, members.map { lineIndex(source, $0.key, in: table) ?? -1 })
    }

    /// The value of `key` in object `node`.
    @_specialize(exported: true, where S == BorrowedDocument)
    @_specialize(exported: true, where S == JSONValueSource)
    package static func member<S: WireSource>(_ source: S, _ node: S.Node, _ key: StaticString) -> S.Node? {
        for member in source.members(node) where source.key(member.key, is: key) { return member.value }
        return nil
    }

    /// The value of `key` in object `node`.
    @_specialize(exported: true, where S == BorrowedDocument)
    @_specialize(exported: true, where S == JSONValueSource)
    package static func member<S: WireSource>(_ source: S, _ node: S.Node, named key: String) -> S.Node? {
        for member in source.members(node) where source.key(member.key, isString: key) { return member.value }
        return nil
    }

    /// Reads one key's value into `n`.
    @inline(__always) static func read<S: WireSource>(
        _ line: Line, _ source: S, _ node: S.Node, at container: JSONPointer, into n: inout PushNotification,
        ext: inout JSONObject, context: inout NormaliseContext, strict: Bool
    ) -> Outcome {
        switch line.value {
        case .text(let field):
            guard let text = source.string(node) else {
                return wrongType(line, "a string", source, node, at: container, context: &context, strict: strict)
            }
            n[text: field] = text
            if !strict && !field.isLive { context.record(field.canonicalName, from: container.appending(line.name)) }
        case .integer(let field):
            guard let value = source.int64(node) else {
                let code: DiagnosticCode = field == .badge ? .apnsBadgeNotInteger : .wrongType
                return wrongType(
                    line, "an integer", source, node, at: container, code: code, context: &context, strict: strict)
            }
            n[integer: field] = value
            if !strict && field == .badge { context.record(field.canonicalName, from: container.appending(line.name)) }
        case .number(let field):
            guard let value = source.number(node) else {
                return wrongType(line, "a number", source, node, at: container, context: &context, strict: strict)
            }
            n[number: field] = value
            if !strict { context.record(field.canonicalName, from: container.appending(line.name)) }
        case .strings(let field):
            guard source.isArray(node) else {
                return wrongType(
                    line, "an array of strings", source, node, at: container, context: &context, strict: strict)
            }
            let elements = source.elements(node)
            var strings: [String] = []
            strings.reserveCapacity(elements.count)
            for element in elements {
                guard let string = source.string(element) else {
                    return wrongType(
                        line, "an array of strings", source, node, at: container, context: &context, strict: strict)
                }
                strings.append(string)
            }
            n[strings: field] = strings
            if !strict { context.record(field.canonicalName, from: container.appending(line.name)) }
        case .value(let field):
            n[value: field] = source.jsonValue(node)
        case .flag(let field):
            let coerced: DiagnosticCode =
                field == .contentAvailable ? .apnsContentAvailableCoerced : .apnsMutableContentCoerced
            return readFlag(line, field, coerced: coerced, source, node, at: container, into: &n, context: &context, strict: strict)
        case .alert:
            let path = strict ? container : container.appending(line.name)
            return readAlert(source, node, at: path, into: &n, ext: &ext, context: &context, strict: strict)
        case .sound:
            let path = strict ? container : container.appending(line.name)
            return readSound(source, node, at: path, into: &n, ext: &ext, context: &context, strict: strict)
        }
        return .taken
    }

    /// Reports a value of the wrong type (`` `key` must be …, found …; kept as it was``).
    private static func wrongType<S: WireSource>(
        _ line: Line, _ expected: String, _ source: S, _ node: S.Node, at container: JSONPointer,
        code: DiagnosticCode = .wrongType, context: inout NormaliseContext, strict: Bool
    ) -> Outcome {
        if strict { return .abandon }
        let key = line.name
        context.diagnostics.error(
            code, at: container.appending(key),
            "`\(key)` must be \(expected), found \(source.typeName(node)); kept as it was")
        return .kept
    }

    /// A 0/1 flag. `1`/`0` are canonical; `true`/`false`/`"1"`/`"0"` are accepted with a warning.
    private static func readFlag<S: WireSource>(
        _ line: Line, _ field: PushNotification.FlagField, coerced: DiagnosticCode, _ source: S, _ node: S.Node,
        at container: JSONPointer, into n: inout PushNotification, context: inout NormaliseContext, strict: Bool
    ) -> Outcome {
        if let value = source.int64(node), value == 0 || value == 1 {
            n[flag: field] = value == 1
        } else {
            if strict { return .abandon }
            let key = line.name
            let path = container.appending(key)
            if let bool = source.bool(node) {
                n[flag: field] = bool
                context.diagnostics.warning(
                    coerced, at: path, "`\(key)` should be the number \(bool ? 1 : 0), found \(bool); normalised")
            } else if let string = source.string(node), string == "1" || string == "0" {
                n[flag: field] = string == "1"
                context.diagnostics.warning(
                    coerced, at: path,
                    "`\(key)` should be a number, found the string \(source.jsonValue(node).compactDescription); normalised")
            } else {
                context.diagnostics.error(
                    .apnsFlagInvalid, at: path,
                    "`\(key)` must be 1 (or 0), found \(source.jsonValue(node).compactDescription); kept as it was")
                return .kept
            }
        }
        if !strict { context.record(field.canonicalName, from: container.appending(line.name)) }
        return .taken
    }

    /// `aps.alert`: a string body, or a dictionary read with ``alert`` (its unknown keys kept in
    /// `extensions.apns.alert`; an empty dictionary kept there too, to render back).
    private static func readAlert<S: WireSource>(
        _ source: S, _ node: S.Node, at path: JSONPointer, into n: inout PushNotification, ext: inout JSONObject,
        context: inout NormaliseContext, strict: Bool
    ) -> Outcome {
        if let body = source.string(node) {
            n.body = body
            if !strict { context.record("body", from: path) }
            return .taken
        }
        guard source.isObject(node) else {
            if strict { return .abandon }
            context.diagnostics.error(
                .wrongType, at: path,
                "`alert` must be a string or an object, found \(source.typeName(node)); kept as it was")
            return .kept
        }
        if strict {
            guard source.childCount(node) > 0 else { return .abandon }
            for member in source.members(node) {
                guard let index = lineIndex(source, member.key, in: alert),
                    read(alert[index], source, member.value, at: path, into: &n, ext: &ext, context: &context, strict: true)
                        == .taken
                else { return .abandon }
            }
            return .taken
        }
        if source.childCount(node) == 0 { ext[X.alert] = .object(JSONObject()) }
        let (members, lines) = matched(source, node, alert)
        var taken: UInt32 = 0
        for (index, line) in alert.enumerated() {
            guard let position = lines.firstIndex(of: index) else { continue }
            let value = members[position].value
            if read(line, source, value, at: path, into: &n, ext: &ext, context: &context, strict: false) == .taken {
                taken |= 1 << index
            }
        }
        var rest = JSONObject()
        var named = context.diagnostics.keysNamed(under: path)
        for (position, member) in members.enumerated() {
            if lines[position] >= 0, taken & (1 << lines[position]) != 0 { continue }
            let key = source.keyString(member.key)
            if named.insert(key).inserted {
                context.diagnostics.info(
                    .apnsUnknownKey, at: path.appending(key),
                    "`aps.alert.\(key)` is not modelled; kept and rendered back in place")
            }
            rest.appendUnchecked(key, source.jsonValue(member.value))
        }
        if !rest.isEmpty { ext[X.alert] = .object(rest) }
        return .taken
    }

    /// `aps.sound`: a name, or a dictionary (`name` required; `critical` 0/1, `volume`; other keys kept in
    /// `extensions.apns.sound`).
    private static func readSound<S: WireSource>(
        _ source: S, _ node: S.Node, at path: JSONPointer, into n: inout PushNotification, ext: inout JSONObject,
        context: inout NormaliseContext, strict: Bool
    ) -> Outcome {
        if let name = source.string(node) {
            n.sound = PushNotification.Sound(name: name)
            if !strict { context.record("sound", from: path) }
            return .taken
        }
        guard source.isObject(node) else {
            if strict { return .abandon }
            context.diagnostics.error(
                .wrongType, at: path,
                "`sound` must be a string or an object, found \(source.typeName(node)); kept as it was")
            return .kept
        }
        guard let nameNode = member(source, node, SoundKey.name), let name = source.string(nameNode) else {
            if strict { return .abandon }
            context.diagnostics.error(
                .apnsSoundMissingName, at: path, "a sound dictionary needs a string `name`; kept as it was")
            return .kept
        }
        var sound = PushNotification.Sound(name: name)
        var criticalTaken = false
        if let critical = member(source, node, SoundKey.critical) {
            if let value = source.int64(critical), value == 0 || value == 1 {
                sound.critical = value == 1
                criticalTaken = true
            } else if strict {
                return .abandon
            } else if let value = source.bool(critical) {
                sound.critical = value
                criticalTaken = true
                context.diagnostics.warning(
                    .apnsFlagInvalid, at: path.appending("critical"),
                    "`critical` should be 0 or 1, found \(value); normalised to \(value ? 1 : 0)")
            } else {
                context.diagnostics.error(
                    .wrongType, at: path.appending("critical"),
                    "`critical` must be 0 or 1, found \(source.jsonValue(critical).compactDescription); kept as it was")
            }
        }
        var volumeTaken = false
        if let volume = member(source, node, SoundKey.volume) {
            if let value = source.number(volume) {
                sound.volume = value
                volumeTaken = true
            } else if strict {
                return .abandon
            } else {
                context.diagnostics.error(
                    .wrongType, at: path.appending("volume"),
                    "`volume` must be a number, found \(source.typeName(volume)); kept as it was")
            }
        }
        var rest = JSONObject()
        for member in source.members(node) {
            if source.key(member.key, is: SoundKey.name) || (criticalTaken && source.key(member.key, is: SoundKey.critical))
                || (volumeTaken && source.key(member.key, is: SoundKey.volume))
            {
                continue
            }
            if strict { return .abandon }
            rest.appendUnchecked(source.keyString(member.key), source.jsonValue(member.value))
        }
        if !rest.isEmpty { ext[X.sound] = .object(rest) }
        n.sound = sound
        if !strict { context.record("sound", from: path) }
        return .taken
    }

    /// Reads an APNs-shaped root: `aps` (required) through the table; every other member is returned, in order,
    /// for the format to claim its own keys from; what it leaves is custom data (see ``finishRoot(_:data:context:strict:)``).
    /// Nil when strict reading gives up.
    @_specialize(exported: true, where S == BorrowedDocument)
    @_specialize(exported: true, where S == JSONValueSource)
    package static func readRoot<S: WireSource>(
        _ source: S, _ root: S.Node, claimedInAps: String? = nil, into n: inout PushNotification,
        context: inout NormaliseContext, strict: Bool
    ) -> [(key: S.Node, value: S.Node)]? {
        var apsNode: S.Node?
        var data: [(key: S.Node, value: S.Node)] = []
        data.reserveCapacity(source.childCount(root))
        for member in source.members(root) {
            if apsNode == nil, source.key(member.key, is: "aps") { apsNode = member.value } else { data.append(member) }
        }
        guard readApsMember(source, apsNode, root: .root, claimed: claimedInAps, into: &n, context: &context, strict: strict)
        else { return nil }
        return data
    }

    /// Reads the `aps` member of a root located at `root`: through the table when it is an object; a missing `aps`
    /// (an error, remembered in `extensions.apns.apsMissing`) or one that is not an object (an error, kept in
    /// `extensions.apns.invalidAps`) otherwise. False when strict reading gives up.
    @_specialize(exported: true, where S == BorrowedDocument)
    @_specialize(exported: true, where S == JSONValueSource)
    package static func readApsMember<S: WireSource>(
        _ source: S, _ apsNode: S.Node?, root: JSONPointer, claimed: String? = nil, into n: inout PushNotification,
        context: inout NormaliseContext, strict: Bool
    ) -> Bool {
        guard let apsNode else {
            if strict { return false }
            context.diagnostics.error(.apnsMissingAps, at: root, "an APNs payload needs an `aps` object")
            var ext = n.extensionObject(X.namespace)
            ext[X.apsMissing] = .bool(true)
            n.setExtension(X.namespace, ext)
            return true
        }
        guard source.isObject(apsNode) else {
            if strict { return false }
            context.diagnostics.error(
                .apnsApsNotObject, at: root.appending(APNsKeys.aps),
                "`aps` must be an object, found \(source.typeName(apsNode)); kept as it was")
            var ext = n.extensionObject(X.namespace)
            ext[X.invalidAps] = source.jsonValue(apsNode)
            n.setExtension(X.namespace, ext)
            return true
        }
        let path = strict ? root : root.appending(APNsKeys.aps)
        return readAps(source, apsNode, at: path, claimed: claimed, into: &n, context: &context, strict: strict)
    }

    /// After the format claimed its keys: warns about `aps` keys left at the root (strict: gives up). False when
    /// strict reading gives up.
    @_specialize(exported: true, where S == BorrowedDocument)
    @_specialize(exported: true, where S == JSONValueSource)
    package static func finishRoot<S: WireSource>(
        _ source: S, data: [(key: S.Node, value: S.Node)], context: inout NormaliseContext, strict: Bool
    ) -> Bool {
        for key in misplaced
        where data.contains(where: {
            source.keyLength($0.key) == key.utf8CodeUnitCount && source.key($0.key, is: key)
        }) {
            if strict { return false }
            let name = key.description
            context.diagnostics.warning(
                .apnsMisplacedKey, at: JSONPointer(tokens: [name]),
                "`\(name)` belongs inside `aps`; at the top level APNs ignores it (kept as custom data)")
        }
        return true
    }

    /// The custom data left after reading a ``JSONValue`` root, recorded as read from the root.
    package static func customData(
        _ data: [(key: JSONValue, value: JSONValue)], context: inout NormaliseContext
    ) -> JSONObject {
        guard !data.isEmpty else { return JSONObject() }
        context.record("data", from: .root)
        return JSONObject(uncheckedMembers: data.map { JSONObject.Member(key: $0.key.stringValue ?? "", value: $0.value) })
    }
}

extension APNsWire.Line {
    /// The key as a `String`, for messages and paths.
    package var name: String { key.description }

    /// True for a Live Activity key (recorded once, as `liveActivity`).
    var isLive: Bool {
        switch value {
        case .text(let field): return field.isLive
        case .integer(let field): return field != .badge
        case .value: return true
        default: return false
        }
    }
}

extension PushNotification.TextField {
    var isLive: Bool { self == .liveEvent || self == .liveAttributesType }
}

// MARK: - Writing

extension APNsWire {
    /// Writes `"aps": {…}` for `n` with `extensions.apns` merged back in place; nothing when the payload read had
    /// no `aps` and there is still nothing to put in it. An `aps` read as a non-object is written back as it was
    /// while nothing else would go in it.
    /// `adding` is a string member some format puts in `aps` (Amazon's media URL): it replaces a kept key of
    /// the same name in place, else comes last.
    @_specialize(exported: true, where O == CompactOutput)
    @_specialize(exported: true, where O == JSONValueOutput)
    package static func writeAps<O: WireOutput>(
        _ n: PushNotification, adding: (key: String, value: String)? = nil, to out: inout O
    ) {
        let ext = n.extensions.isEmpty ? nil : n.extensions[X.namespace]?.objectValue
        let extraAps = ext?[X.aps]?.objectValue
        if adding == nil, !hasContent(n, ext: ext, extraAps: extraAps) {
            if let invalid = ext?[X.invalidAps] {
                out.key("aps")
                out.value(invalid)
                return
            }
            if ext?[X.apsMissing] == .bool(true) { return }
        }
        out.key("aps")
        out.beginObject()
        var written: UInt32 = 0
        // The Live Activity keys come last: skipped at once without a Live Activity.
        let end = n.liveActivity == nil ? liveStart : aps.count
        for index in 0..<end where write(aps[index], n, ext: ext, to: &out) { written |= 1 << index }
        var added = adding == nil
        if let extraAps {
            for (key, value) in extraAps {
                if let index = aps.firstIndex(where: { $0.name == key }), written & (1 << index) != 0 { continue }
                out.key(key)
                if let adding, !added, adding.key == key {
                    out.string(adding.value)
                    added = true
                } else {
                    out.value(value)
                }
            }
        }
        if let adding, !added {
            out.key(adding.key)
            out.string(adding.value)
        }
        out.endObject()
    }

    /// What ``writeAps(_:adding:to:)`` writes for a notification.
    package enum ApsShape {
        /// An object.
        case object
        /// The non-object `aps` that was read, verbatim.
        case verbatim
        /// Nothing: the payload read had no `aps`, and there is nothing to put in it.
        case absent
    }

    /// What ``writeAps(_:adding:to:)`` writes for `n` (with nothing added).
    package static func apsShape(_ n: PushNotification) -> ApsShape {
        let ext = n.extensions.isEmpty ? nil : n.extensions[X.namespace]?.objectValue
        if hasContent(n, ext: ext, extraAps: ext?[X.aps]?.objectValue) { return .object }
        if ext?[X.invalidAps] != nil { return .verbatim }
        return ext?[X.apsMissing] == .bool(true) ? .absent : .object
    }

    /// True when `aps` has something to hold.
    private static func hasContent(_ n: PushNotification, ext: JSONObject?, extraAps: JSONObject?) -> Bool {
        n.badge != nil || n.sound != nil || n.group != nil || n.category != nil || n.contentAvailable != nil
            || n.mutableContent != nil || n.targetContentID != nil || n.interruptionLevel != nil
            || n.relevanceScore != nil || n.filterCriteria != nil || n.liveActivity != nil || hasAlert(n)
            || ext?[X.alert]?.objectValue != nil || !(extraAps?.isEmpty ?? true)
    }

    private static func hasAlert(_ n: PushNotification) -> Bool {
        n.body != nil || !onlyBody(n)
    }

    /// True when no alert field but `body` is set.
    private static func onlyBody(_ n: PushNotification) -> Bool {
        n.title == nil && n.subtitle == nil && n.launchImage == nil && n.titleLocKey == nil && n.titleLocArgs == nil
            && n.subtitleLocKey == nil && n.subtitleLocArgs == nil && n.bodyLocKey == nil && n.bodyLocArgs == nil
    }

    /// Writes one line's key and value when `n` has it; true when written.
    @inline(__always) private static func write<O: WireOutput>(_ line: Line, _ n: PushNotification, ext: JSONObject?, to out: inout O)
        -> Bool
    {
        switch line.value {
        case .text(let field):
            guard let value = n[text: field] else { return false }
            out.key(line.key)
            out.string(value)
        case .strings(let field):
            guard let value = n[strings: field] else { return false }
            out.key(line.key)
            out.strings(value)
        case .integer(let field):
            guard let value = n[integer: field] else { return false }
            out.key(line.key)
            out.integer(value)
        case .number(let field):
            guard let value = n[number: field] else { return false }
            out.key(line.key)
            out.number(value)
        case .flag(let field):
            guard let value = n[flag: field] else { return false }
            out.key(line.key)
            out.integer(value ? 1 : 0)
        case .value(let field):
            guard let value = n[value: field] else { return false }
            out.key(line.key)
            out.value(value)
        case .alert:
            return writeAlert(n, extra: ext?[X.alert]?.objectValue, key: line.key, to: &out)
        case .sound:
            guard let sound = n.sound else { return false }
            out.key(line.key)
            writeSound(sound, extra: ext?[X.sound]?.objectValue, to: &out)
        }
        return true
    }

    /// The alert: a string when only `body` is set (and no kept key), else a dictionary; nothing when there is no
    /// alert and none was read.
    private static func writeAlert<O: WireOutput>(
        _ n: PushNotification, extra: JSONObject?, key: StaticString, to out: inout O
    ) -> Bool {
        let onlyBody = onlyBody(n)
        if let body = n.body, onlyBody, extra?.isEmpty ?? true {
            out.key(key)
            out.string(body)
            return true
        }
        // A dictionary read (possibly empty) is written back.
        guard !onlyBody || n.body != nil || extra != nil else { return false }
        out.key(key)
        out.beginObject()
        var written: UInt32 = 0
        for (index, line) in alert.enumerated() where write(line, n, ext: nil, to: &out) { written |= 1 << index }
        if let extra {
            for (key, value) in extra {
                if let index = alert.firstIndex(where: { $0.name == key }), written & (1 << index) != 0 { continue }
                out.key(key)
                out.value(value)
            }
        }
        out.endObject()
        return true
    }

    /// A sound: its name, or a dictionary when it has `critical`, `volume` or kept keys.
    private static func writeSound<O: WireOutput>(
        _ sound: PushNotification.Sound, extra: JSONObject?, to out: inout O
    ) {
        if sound.critical == nil && sound.volume == nil && extra?.isEmpty ?? true {
            out.string(sound.name)
            return
        }
        out.beginObject()
        if let critical = sound.critical {
            out.key(SoundKey.critical)
            out.integer(critical ? 1 : 0)
        }
        out.key(SoundKey.name)
        out.string(sound.name)
        if let volume = sound.volume {
            out.key(SoundKey.volume)
            out.number(volume)
        }
        if let extra {
            for (key, value) in extra {
                if key == "name" || (key == "critical" && sound.critical != nil)
                    || (key == "volume" && sound.volume != nil)
                {
                    continue
                }
                out.key(key)
                out.value(value)
            }
        }
        out.endObject()
    }
}

extension JSONValue {
    /// A short human rendering for messages.
    package var compactDescription: String {
        switch self {
        case .string(let s): return "\"\(s)\""
        case .integer(let i): return String(i)
        case .unsignedInteger(let u): return String(u)
        case .double(let d): return String(d)
        case .bool(let b): return String(b)
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

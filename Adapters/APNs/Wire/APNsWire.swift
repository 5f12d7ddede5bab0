package import JSONCodec
package import PushCore
package import WireTables

/// The `aps` dictionary as wire tables of the one table type (``WireTable``): one line per key (wire key ↔
/// canonical field and its JSON type), and the reader and writer that interpret them (scalar lines through the
/// engine's, `alert`'s string form and the sound through APNs' own), for every format that delivers through APNs
/// (`apns`, `hive`, `amazon`, `zego`, `sns`, `pinpoint`).
///
/// The reader runs over any ``WireSource``: over the parser's borrowed document it is *strict* (the conversion
/// path: the first finding, or anything that would have to be kept in `extensions.apns`, abandons the read and the
/// caller reads the payload again in full); over a ``JSONValue`` it is *full* (every finding reported, unknown
/// and invalid keys kept in `extensions.apns`). Both interpret the same lines, so they cannot disagree. The writer
/// writes into any ``WireOutput``: compact bytes, or a ``JSONValue`` for the public `render`.
package enum APNsWire {
    /// What only APNs reads and writes itself.
    package enum Hook: Sendable {
        /// A string name, or a sound dictionary (`critical`, `name`, `volume`).
        case sound
    }

    /// A line of the APNs tables.
    package typealias Line = WireTable<Hook>.Line

    /// `aps`: in the order keys are read (findings come in this order) and written. Its unknown keys are kept in
    /// `extensions.apns.aps`.
    package static let apsTable = WireTable<Hook>(
        namespace: X.namespace,
        lines: [
            .object("alert", alertTable),
            .integer("badge", .badge, wrongType: .apnsBadgeNotInteger),
            .hook("sound", .sound, carries: ["sound"]),
            .text("thread-id", .group),
            .text("category", .category),
            .flag(
                "content-available", .contentAvailable, coerced: .apnsContentAvailableCoerced, invalid: .apnsFlagInvalid
            ),
            .flag("mutable-content", .mutableContent, coerced: .apnsMutableContentCoerced, invalid: .apnsFlagInvalid),
            .text("target-content-id", .targetContentID),
            .text("interruption-level", .interruptionLevel),
            .number("relevance-score", .relevanceScore),
            .text("filter-criteria", .filterCriteria),
            // Live Activities.
            .text("event", .liveEvent),
            .integer("timestamp", .liveTimestamp),
            .value("content-state", .liveContentState),
            .integer("stale-date", .liveStaleDate),
            .integer("dismissal-date", .liveDismissalDate),
            .text("attributes-type", .liveAttributesType),
            .value("attributes", .liveAttributes),
        ],
        unmodelled: X.aps, unmodelledOthersLose: "these are `aps` keys the model does not know")

    /// `aps.alert` as a dictionary, in read and write order. Its unknown keys are kept in `extensions.apns.alert`.
    package static let alertTable = WireTable<Hook>(
        namespace: X.namespace,
        lines: [
            .text("title", .title),
            .text("subtitle", .subtitle),
            .text("body", .body),
            .text("launch-image", .launchImage),
            .text("title-loc-key", .titleLocKey),
            .strings("title-loc-args", .titleLocArgs),
            .text("subtitle-loc-key", .subtitleLocKey),
            .strings("subtitle-loc-args", .subtitleLocArgs),
            .text("loc-key", .bodyLocKey),
            .strings("loc-args", .bodyLocArgs),
        ],
        unmodelled: X.alert, unmodelledOthersLose: "these are `aps.alert` keys the model does not know")

    /// The lines of ``apsTable``.
    package static let aps = apsTable.lines
    /// The lines of ``alertTable``.
    package static let alert = alertTable.lines

    /// Where the Live Activity keys start in ``aps`` (they are last).
    static let liveStart = aps.firstIndex { $0.isLive } ?? aps.count

    /// Keys of a sound dictionary.
    private enum SoundKey {
        static let name: StaticString = "name"
        static let critical: StaticString = "critical"
        static let volume: StaticString = "volume"
    }

    /// The key of `aps`'s `category` line (Hive reads its action buttons by it).
    package static let categoryKey =
        aps.first { line in
            if case .text(.category) = line.value { return true }
            return false
        }.map(\.name) ?? ""

    /// `aps` keys that are sometimes put at the root by mistake: warned about, kept as custom data.
    package static let misplaced: [StaticString] = ["mutable-content", "content-available", "badge", "thread-id"]

    private typealias X = APNsKeys.Extension

    @inline(__always) static func lineIndex<S: WireSource>(_ source: S, _ key: S.Node, in table: [Line]) -> Int? {
        let length = source.keyLength(key)
        for index in table.indices where table[index].key.matches(source, key, length: length) { return index }
        return nil
    }
}

// MARK: - Reading

extension APNsWire {
    typealias Outcome = WireReadOutcome

    /// Reads the `aps` object `node` (located at `path`) into `n`, keeping what the model cannot hold in
    /// `extensions.apns`. `claimed` is a key some format reads itself (Amazon's media key): left alone. Strict: false
    /// at the first finding or kept value, and nothing recorded.
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    package static func readAps<S: WireSource>(
        _ source: S, _ node: S.Node, at path: JSONPointer, claimed: String? = nil, into n: inout PushNotification,
        context: inout NormaliseContext, strict: Bool
    ) -> Bool {
        var ext = JSONObject()
        if strict {
            // Member order: each key once, findings abandon, so the order does not matter. The claimed key is the
            // format's (as below).
            for member in source.members(node) {
                if let claimed, source.key(member.key, isString: claimed) { continue }
                guard let index = lineIndex(source, member.key, in: aps),
                    read(
                        aps, index, source, member.value, at: path, into: &n, ext: &ext, context: &context,
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
        // By index: a line (generic over the hook) is not copied for each line the payload lacks.
        for index in aps.indices {
            guard let position = lines.firstIndex(of: index) else { continue }
            let value = members[position].value
            if read(aps, index, source, value, at: path, into: &n, ext: &ext, context: &context, strict: false)
                == .taken
            {
                taken |= 1 << index
                if aps[index].isLive { readLive = true }
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
                    .apnsUnknownKey, at: path.appending(key),
                    "`aps.\(key)` is not modelled; kept and rendered back in place")
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
    @inline(__always) package static func member<S: WireSource>(_ source: S, _ node: S.Node, _ key: StaticString)
        -> S.Node?
    {
        WireMembers.member(source, node, key)
    }

    /// The value of `key` in object `node`.
    @inline(__always) package static func member<S: WireSource>(_ source: S, _ node: S.Node, named key: String)
        -> S.Node?
    {
        WireMembers.member(source, node, named: key)
    }

    /// Reads one key's value into `n` by `table[index]` (the line is read in place, not copied).
    @inline(__always) static func read<S: WireSource>(
        _ table: [Line], _ index: Int, _ source: S, _ node: S.Node, at container: JSONPointer,
        into n: inout PushNotification, ext: inout JSONObject, context: inout NormaliseContext, strict: Bool
    ) -> Outcome {
        if let outcome = table[index].scalar?.read(
            source, node, at: container, into: &n, context: &context, strict: strict, codes: table[index].codes)
        {
            return outcome
        }
        switch table[index].value {
        case .object:
            let path = strict ? container : container.appending(table[index].name)
            return readAlert(source, node, at: path, into: &n, ext: &ext, context: &context, strict: strict)
        case .hook(.sound):
            let path = strict ? container : container.appending(table[index].name)
            return readSound(source, node, at: path, into: &n, ext: &ext, context: &context, strict: strict)
        case .kept, .embedded, .text, .integer, .number, .flag, .bool, .value, .strings:
            // The APNs tables have no such lines beyond the scalars read above.
            return .kept
        }
    }

    /// `aps.alert`: a string body, or a dictionary read with ``alert`` (its unknown keys kept in
    /// `extensions.apns.alert`; an empty dictionary kept there too, to render back).
    private static func readAlert<S: WireSource>(
        _ source: S, _ node: S.Node, at path: JSONPointer, into n: inout PushNotification, ext: inout JSONObject,
        context: inout NormaliseContext, strict: Bool
    ) -> Outcome {
        if let body = source.text(node) {
            n.bodyText = body
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
                    read(
                        alert, index, source, member.value, at: path, into: &n, ext: &ext, context: &context,
                        strict: true)
                        == .taken
                else { return .abandon }
            }
            return .taken
        }
        if source.childCount(node) == 0 { ext[X.alert] = .object(JSONObject()) }
        let (members, lines) = matched(source, node, alert)
        var taken: UInt32 = 0
        for index in alert.indices {
            guard let position = lines.firstIndex(of: index) else { continue }
            let value = members[position].value
            if read(alert, index, source, value, at: path, into: &n, ext: &ext, context: &context, strict: false)
                == .taken
            {
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
            if source.key(member.key, is: SoundKey.name)
                || (criticalTaken && source.key(member.key, is: SoundKey.critical))
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
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    package static func readRoot<S: WireSource>(
        _ source: S, _ root: S.Node, claimedInAps: String? = nil, into n: inout PushNotification,
        context: inout NormaliseContext, strict: Bool
    ) -> [(key: S.Node, value: S.Node)]? {
        var data: [(key: S.Node, value: S.Node)] = []
        guard
            readRoot(
                source, root, claimedInAps: claimedInAps, into: &n, context: &context, strict: strict, members: &data)
        else { return nil }
        return data
    }

    /// ``readRoot(_:_:claimedInAps:into:context:strict:)`` appending the other members to `data` (an array the
    /// caller reuses: cleared first, keeping its capacity). False when strict reading gives up.
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    package static func readRoot<S: WireSource>(
        _ source: S, _ root: S.Node, claimedInAps: String? = nil, into n: inout PushNotification,
        context: inout NormaliseContext, strict: Bool, members data: inout [(key: S.Node, value: S.Node)]
    ) -> Bool {
        var apsNode: S.Node?
        while !data.isEmpty { data.removeLast() }
        data.reserveCapacity(source.childCount(root))
        for member in source.members(root) {
            if apsNode == nil, source.key(member.key, is: APNsKeys.apsLiteral) {
                apsNode = member.value
            } else {
                data.append(member)
            }
        }
        return readApsMember(
            source, apsNode, root: .root, claimed: claimedInAps, into: &n, context: &context, strict: strict)
    }

    /// Reads the `aps` member of a root located at `root`: through the table when it is an object; a missing `aps`
    /// (an error, remembered in `extensions.apns.apsMissing`) or one that is not an object (an error, kept in
    /// `extensions.apns.invalidAps`) otherwise. False when strict reading gives up.
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
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
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
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
        return JSONObject(
            uncheckedMembers: data.map { JSONObject.Member(key: $0.key.stringValue ?? "", value: $0.value) })
    }
}

// MARK: - Writing

extension APNsWire {
    /// Writes `"aps": {…}` for `n` with `extensions.apns` merged back in place; nothing when the payload read had
    /// no `aps` and there is still nothing to put in it. An `aps` read as a non-object is written back as it was
    /// while nothing else would go in it.
    /// `adding` is a string member some format puts in `aps` (Amazon's media URL): it replaces a kept key of
    /// the same name in place, else comes last.
    @_specialize(exported:true,where O == CompactOutput)
    @_specialize(exported:true,where O == JSONValueOutput)
    package static func writeAps<O: WireOutput>(
        _ n: PushNotification, adding: (key: String, value: PushNotification.Text)? = nil, to out: inout O
    ) {
        writeAps(n, present: n.presentFields, adding: adding, to: &out)
    }

    /// ``writeAps(_:adding:to:)`` with `n`'s ``PushCore/PushNotification/presentFields`` (`present`) worked out by
    /// the caller, which has asked ``apsHasContent(_:present:)`` with them.
    @_specialize(exported:true,where O == CompactOutput)
    @_specialize(exported:true,where O == JSONValueOutput)
    package static func writeAps<O: WireOutput>(
        _ n: PushNotification, present: UInt32, adding: (key: String, value: PushNotification.Text)? = nil,
        to out: inout O
    ) {
        let ext = n.extensions.isEmpty ? nil : n.extensions[X.namespace]?.objectValue
        let extraAps = ext?[X.aps]?.objectValue
        let fields = WriteFields.shared
        if adding == nil, !hasContent(present, fields, ext: ext, extraAps: extraAps) {
            if let invalid = ext?[X.invalidAps] {
                out.key(APNsKeys.apsLiteral)
                out.value(invalid)
                return
            }
            if ext?[X.apsMissing] == .bool(true) { return }
        }
        out.key(APNsKeys.apsLiteral)
        out.beginObject()
        var written: UInt32 = 0
        // The Live Activity keys come last: skipped at once without a Live Activity. A line whose field `n` does
        // not hold is passed over without asking for its value.
        let lines = fields.apsLines
        let end = present & fields.live == 0 ? fields.liveStart : lines.count
        let asked = present | WriteFields.always
        for index in 0..<end where fields.aps[index] & asked != 0 {
            if write(lines, index, n, present: present, fields: fields, ext: ext, to: &out) { written |= 1 << index }
        }
        var added = adding == nil
        if let extraAps {
            for (key, value) in extraAps {
                if let index = lines.firstIndex(where: { $0.name == key }), written & (1 << index) != 0 { continue }
                out.key(key)
                if let adding, !added, adding.key == key {
                    out.text(adding.value)
                    added = true
                } else {
                    out.value(value)
                }
            }
        }
        if let adding, !added {
            out.key(adding.key)
            out.text(adding.value)
        }
        out.endObject()
    }

    /// The top-level fields (``PushCore/PushNotification/presentFields`` bits) each line of ``aps`` and ``alert``
    /// writes from, derived once from the tables: the writer tells an absent line from one mask, without asking
    /// the notification for the line's value.
    final class WriteFields: Sendable {
        /// Per line of ``aps``: the fields it writes from (``always`` for `alert`, written from kept keys too, and
        /// for a line that names no top-level field).
        let aps: [UInt32]
        /// Per line of ``alert``: the field it writes from.
        let alert: [UInt32]
        /// The fields of ``alert``'s lines.
        let anyAlert: UInt32
        /// The fields of ``alert``'s lines but `body`.
        let alertButBody: UInt32
        /// The fields of every line of ``aps`` and ``alert``: `aps` has content when the notification holds one.
        let anyAps: UInt32
        /// `liveActivity`.
        let live: UInt32
        /// ``aps``, held here so that a write looks up one static value.
        let apsLines: [Line]
        /// ``alert``.
        let alertLines: [Line]
        /// ``liveStart``.
        let liveStart: Int

        /// The fields of ``apsTable`` and ``alertTable``.
        static let shared = WriteFields()

        private init() {
            alert = APNsWire.alert.map { Self.asked(Self.fields(of: $0)) }
            anyAlert = APNsWire.alert.reduce(0) { $0 | Self.fields(of: $1) }
            alertButBody = anyAlert & ~CarriedFields.bit(of: "body")
            aps = APNsWire.aps.map { line in
                if case .object = line.value { return Self.always }
                return Self.asked(Self.fields(of: line))
            }
            anyAps = APNsWire.aps.reduce(anyAlert) { $0 | Self.fields(of: $1) }
            live = CarriedFields.bit(of: "liveActivity")
            apsLines = APNsWire.aps
            alertLines = APNsWire.alert
            liveStart = APNsWire.liveStart
        }

        /// The top-level fields `line` writes from: its scalar's, or those its hook carries (none for another line).
        private static func fields(of line: Line) -> UInt32 {
            if let scalar = line.scalar { return CarriedFields.bit(of: scalar.canonicalName) }
            return line.hookCarries.reduce(0) { $0 | CarriedFields.bit(of: $1) }
        }

        /// The bit of a line asked always, set in the mask a write asks with (beside the fields the notification
        /// holds). Should a top-level field ever have this bit too, its line is merely asked when it need not be:
        /// a line writes only what the notification holds.
        static let always: UInt32 = 1 << 31

        /// The mask a line is asked under: its fields, or ``always`` when it names none.
        private static func asked(_ fields: UInt32) -> UInt32 { fields == 0 ? always : fields }
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
        if hasContent(n.presentFields, .shared, ext: ext, extraAps: ext?[X.aps]?.objectValue) { return .object }
        if ext?[X.invalidAps] != nil { return .verbatim }
        return ext?[X.apsMissing] == .bool(true) ? .absent : .object
    }

    /// True when ``writeAps(_:adding:to:)`` writes an `aps` with something in it for `n` (with nothing added).
    package static func apsHasContent(_ n: PushNotification) -> Bool {
        apsHasContent(n, present: n.presentFields)
    }

    /// ``apsHasContent(_:)`` with `n`'s ``PushCore/PushNotification/presentFields`` (`present`) worked out by the
    /// caller, which hands them on to ``writeAps(_:present:adding:to:)``.
    package static func apsHasContent(_ n: PushNotification, present: UInt32) -> Bool {
        let ext = n.extensions.isEmpty ? nil : n.extensions[X.namespace]?.objectValue
        return hasContent(present, .shared, ext: ext, extraAps: ext?[X.aps]?.objectValue)
    }

    /// True when `aps` has something to hold: a field one of its lines writes (`present`, the notification's
    /// ``PushCore/PushNotification/presentFields``), a kept `alert` dictionary or kept `aps` keys.
    private static func hasContent(_ present: UInt32, _ fields: WriteFields, ext: JSONObject?, extraAps: JSONObject?)
        -> Bool
    {
        present & fields.anyAps != 0 || ext?[X.alert]?.objectValue != nil || !(extraAps?.isEmpty ?? true)
    }

    /// Writes one line's key and value when `n` has it; true when written.
    @inline(__always) private static func write<O: WireOutput>(
        _ table: [Line], _ index: Int, _ n: PushNotification, present: UInt32, fields: WriteFields, ext: JSONObject?,
        to out: inout O
    ) -> Bool {
        if let written = table[index].scalar?.write(n, to: &out) { return written }
        switch table[index].value {
        case .object:
            return writeAlert(
                n, present: present, fields: fields, extra: ext?[X.alert]?.objectValue, key: table[index].key,
                to: &out)
        case .hook(.sound):
            guard let sound = n.sound else { return false }
            table[index].key.write(to: &out)
            writeSound(sound, extra: ext?[X.sound]?.objectValue, to: &out)
            return true
        case .kept, .embedded, .text, .integer, .number, .flag, .bool, .value, .strings:
            return false
        }
    }

    /// The alert: a string when only `body` is set (and no kept key), else a dictionary; nothing when there is no
    /// alert and none was read.
    private static func writeAlert<O: WireOutput>(
        _ n: PushNotification, present: UInt32, fields: WriteFields, extra: JSONObject?, key: WireKey,
        to out: inout O
    ) -> Bool {
        let onlyBody = present & fields.alertButBody == 0
        if onlyBody, extra?.isEmpty ?? true, let body = n.bodyText {
            key.write(to: &out)
            out.text(body)
            return true
        }
        // A dictionary read (possibly empty) is written back.
        guard present & fields.anyAlert != 0 || extra != nil else { return false }
        key.write(to: &out)
        out.beginObject()
        var written: UInt32 = 0
        let lines = fields.alertLines
        let asked = present | WriteFields.always
        for index in lines.indices where fields.alert[index] & asked != 0 {
            if write(lines, index, n, present: present, fields: fields, ext: nil, to: &out) { written |= 1 << index }
        }
        if let extra {
            for (key, value) in extra {
                if let index = lines.firstIndex(where: { $0.name == key }), written & (1 << index) != 0 { continue }
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

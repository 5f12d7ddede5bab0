public import JSONCodec
public import PushCore

/// What reading one line did.
@usableFromInline package enum WireReadOutcome: Sendable {
    /// Read into the model.
    case taken
    /// Not read (a finding was reported): kept where it was.
    case kept
    /// Strict reading gives up.
    case abandon
}

extension WireTable.Line {
    /// The key as declared, as a `String` (for findings and paths).
    package var name: String { key.description }

    /// True for a Live Activity field (recorded once, as `liveActivity`, by the format).
    package var isLive: Bool { scalar?.isLive ?? false }

    /// Reads a scalar or array line's value `node` (the member of the object at `container`) into `n`; nil for a
    /// kept, nested or hook line (``WireScalar/read(_:_:at:into:context:strict:)``).
    @inlinable package func readScalar<S: WireSource>(
        _ source: S, _ node: S.Node, at container: JSONPointer, into n: inout PushNotification,
        context: inout NormaliseContext, strict: Bool
    ) -> WireReadOutcome? {
        scalar?.read(source, node, at: container, into: &n, context: &context, strict: strict, codes: codes)
    }
}

extension WireTable {
    // MARK: - The generic reader

    /// Reads the object `node` (located at `path`) into `n` and `ext` (the `extensions.<namespace>` object), in
    /// full: every finding reported, what the table does not model kept in `ext[unmodelled]`.
    @inlinable package func read<S: WireSource, H: WireTableHooks>(
        _ source: S, _ node: S.Node, at path: JSONPointer, into n: inout PushNotification, ext: inout JSONObject,
        hooks: inout H, context: inout NormaliseContext
    ) where H.Hook == Hook {
        // The members, on the stack (no array per object read).
        let capacity = source.childCount(node)
        withUnsafeTemporaryAllocation(of: (key: S.Node, value: S.Node).self, capacity: capacity) { storage in
            var filled = 0
            for member in source.members(node) where filled < storage.count {
                storage.initializeElement(at: filled, to: member)
                filled += 1
            }
            let members = UnsafeMutableBufferPointer(rebasing: storage[0..<filled])
            defer { _ = members.deinitialize() }
            read(
                source, members: UnsafeBufferPointer(members), at: path, into: &n, ext: &ext, hooks: &hooks,
                context: &context)
        }
    }

    /// ``read(_:_:at:into:ext:hooks:context:)`` of an object's `members`.
    @inlinable package func read<S: WireSource, H: WireTableHooks>(
        _ source: S, members: UnsafeBufferPointer<(key: S.Node, value: S.Node)>, at path: JSONPointer,
        into n: inout PushNotification, ext: inout JSONObject, hooks: inout H, context: inout NormaliseContext
    ) where H.Hook == Hook {
        let count = lines.count
        // Each line's member position, then whether each member was taken: scratch on the stack (a table is read
        // for every object of every record).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: count + members.count) { scratch in
            let positions = UnsafeMutableBufferPointer(rebasing: scratch[0..<count])
            let taken = UnsafeMutableBufferPointer(rebasing: scratch[count...])
            positions.initialize(repeating: -1)
            taken.initialize(repeating: 0)
            // The first member each line spells, found in one pass over the members, each compared only with the
            // lines that have a spelling of its length (``lengthIndex``). Lines are looked at in place (a line copied
            // per member, or per line read, cost more than reading the value), and each key is named by the table's
            // ``names`` (never decoded per record).
            for index in 0..<members.count {
                let key = members[index].key
                let length = source.keyLength(key)
                for slot in lengthIndex.slots(ofLength: length) {
                    let number = lengthIndex.positions[slot]
                    if positions[number] < 0 && lines[number].key.spells(source, key, length: length) {
                        positions[number] = index
                    }
                }
            }
            for number in 0..<count {
                // A line without a member is passed over before its value is looked at (most of a table's lines are
                // absent from any one object): only a hook that reads an absent member is asked about it.
                if positions[number] < 0 {
                    guard lines[number].isHook, case .hook(let hook) = lines[number].value, H.readsAbsent(hook)
                    else { continue }
                }
                let position = positions[number] < 0 ? nil : positions[number]
                let value = position.map { members[$0].value }
                let took: Bool
                switch lines[number].value {
                case .kept(let name, let type):
                    guard let value else { continue }
                    let json = source.jsonValue(value)
                    if let kept = type.accept(json) {
                        if let check = lines[number].check {
                            hooks.check(check, kept, ext: ext, at: path.appending(names[number]), context: &context)
                        }
                        ext[name] = kept
                        took = true
                    } else {
                        Self.reportWrongType(names[number], expected: type.expected, json.typeName, at: path, &context)
                        took = false
                    }
                case .hook(let hook):
                    took = hooks.read(
                        hook, source, value, key: names[number], at: path, into: &n, ext: &ext, context: &context)
                case .object(let table):
                    guard let value else { continue }
                    guard source.isObject(value) else {
                        Self.reportWrongType(
                            names[number], expected: "an object", source.typeName(value), at: path, &context)
                        continue
                    }
                    table.read(
                        source, value, at: path.appending(names[number]), into: &n, ext: &ext, hooks: &hooks,
                        context: &context)
                    took = true
                case .embedded(let table):
                    guard let value else { continue }
                    guard let text = source.string(value), case .object(let object)? = try? JSONParser().parse(text)
                    else {
                        Self.reportWrongType(
                            names[number], expected: "a string holding a JSON object", source.typeName(value), at: path,
                            &context)
                        continue
                    }
                    table.read(
                        JSONValueSource(), .object(object), at: path.appending(names[number]), into: &n, ext: &ext,
                        hooks: &hooks, context: &context)
                    took = true
                default:
                    // The scalar and its codes taken from the line in place (the line itself is not copied).
                    guard let value, let scalar = lines[number].scalar else { continue }
                    took =
                        scalar.read(
                            source, value, at: path, into: &n, context: &context, strict: false,
                            codes: lines[number].codes) == .taken
                }
                if took, let position { taken[position] = 1 }
            }
            var rest = JSONObject()
            for position in 0..<members.count where taken[position] == 0 {
                rest.appendUnchecked(source.keyString(members[position].key), source.jsonValue(members[position].value))
            }
            if !rest.isEmpty {
                hooks.reportUnmodelled(rest, at: path, context: &context)
                ext[unmodelled] = .object(rest)
            }
        }
    }

    /// Reports a value of the wrong type, kept as it was (`` `key` must be …, found …; kept as it was``).
    @usableFromInline package static func reportWrongType(
        _ key: String, expected: String, _ found: String, at path: JSONPointer, _ context: inout NormaliseContext
    ) {
        context.diagnostics.error(
            .wrongType, at: path.appending(key), "`\(key)` must be \(expected), found \(found); kept as it was")
    }

    // MARK: - Envelopes

    /// The table's object inside `root`, through the ``envelope`` members, with its location; nil when a member
    /// of the envelope is missing or not an object.
    @inlinable package func enter<S: WireSource>(_ source: S, _ root: S.Node) -> (node: S.Node, path: JSONPointer)? {
        var node = root
        var path = JSONPointer.root
        for key in envelope {
            guard source.isObject(node), let inner = Self.member(source, node, key) else { return nil }
            node = inner
            path = path.appending(key.description)
        }
        return source.isObject(node) ? (node, path) : nil
    }

    // MARK: - Members

    /// The value of `key` in object `node`.
    @inlinable @inline(__always) package static func member<S: WireSource>(_ source: S, _ node: S.Node, _ key: WireKey)
        -> S.Node?
    {
        for member in source.members(node) where key.matches(source, member.key) { return member.value }
        return nil
    }
}

/// Finding how a member of an object is found, for formats reading their own shapes around a table.
@usableFromInline package enum WireMembers {
    /// The value of `key` in object `node`.
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    @inlinable package static func member<S: WireSource>(_ source: S, _ node: S.Node, _ key: StaticString) -> S.Node? {
        for member in source.members(node) where source.key(member.key, is: key) { return member.value }
        return nil
    }

    /// The value of `key` in object `node`.
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    @inlinable package static func member<S: WireSource>(_ source: S, _ node: S.Node, named key: String) -> S.Node? {
        for member in source.members(node) where source.key(member.key, isString: key) { return member.value }
        return nil
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

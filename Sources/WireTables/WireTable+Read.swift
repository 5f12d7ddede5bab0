package import JSONCodec
package import PushCore

/// What reading one line did.
package enum WireReadOutcome: Sendable {
    /// Read into the model.
    case taken
    /// Not read (a finding was reported): kept where it was.
    case kept
    /// Strict reading gives up.
    case abandon
}

extension WireTable.Line {
    /// The key as declared, as a `String` (for findings and paths).
    @inlinable package var name: String { key.description }

    /// True for a Live Activity field (recorded once, as `liveActivity`, by the format).
    @inlinable package var isLive: Bool {
        switch value {
        case .text(let field): return field == .liveEvent || field == .liveAttributesType
        case .integer(let field): return field != .badge
        case .value: return true
        default: return false
        }
    }

    /// Reads a scalar or array line's value `node` (the member of the object at `container`) into `n`; nil for a
    /// kept, nested or hook line. Strict: gives up at the first finding (nothing recorded); else reports it.
    @inlinable @inline(__always) package func readScalar<S: WireSource>(
        _ source: S, _ node: S.Node, at container: JSONPointer, into n: inout PushNotification,
        context: inout NormaliseContext, strict: Bool
    ) -> WireReadOutcome? {
        switch value {
        case .text(let field):
            guard let text = source.string(node) else {
                return wrongType("a string", source, node, at: container, context: &context, strict: strict)
            }
            n[text: field] = text
        case .integer(let field):
            guard let value = source.int64(node) else {
                return wrongType("an integer", source, node, at: container, context: &context, strict: strict)
            }
            n[integer: field] = value
        case .number(let field):
            guard let value = source.number(node) else {
                return wrongType("a number", source, node, at: container, context: &context, strict: strict)
            }
            n[number: field] = value
        case .bool(let field):
            guard let value = source.bool(node) else {
                return wrongType("a boolean", source, node, at: container, context: &context, strict: strict)
            }
            n[flag: field] = value
        case .strings(let field):
            guard source.isArray(node) else {
                return wrongType("an array of strings", source, node, at: container, context: &context, strict: strict)
            }
            let elements = source.elements(node)
            var strings: [String] = []
            strings.reserveCapacity(elements.count)
            for element in elements {
                guard let string = source.string(element) else {
                    return wrongType(
                        "an array of strings", source, node, at: container, context: &context, strict: strict)
                }
                strings.append(string)
            }
            n[strings: field] = strings
        case .value(let field):
            n[value: field] = source.jsonValue(node)
            return .taken
        case .flag(let field):
            return readFlag(field, source, node, at: container, into: &n, context: &context, strict: strict)
        case .kept, .object, .embedded, .hook:
            return nil
        }
        if !strict && !isLive, let name = canonicalName {
            context.record(name, from: container.appending(key.description))
        }
        return .taken
    }

    /// Reports a value of the wrong type (`` `key` must be …, found …; kept as it was``).
    package func wrongType<S: WireSource>(
        _ expected: String, _ source: S, _ node: S.Node, at container: JSONPointer, context: inout NormaliseContext,
        strict: Bool
    ) -> WireReadOutcome {
        if strict { return .abandon }
        let name = key.description
        context.diagnostics.error(
            wrongTypeCode, at: container.appending(name),
            "`\(name)` must be \(expected), found \(source.typeName(node)); kept as it was")
        return .kept
    }

    /// A 0/1 flag. `1`/`0` are canonical; `true`/`false`/`"1"`/`"0"` are accepted with the line's warning.
    @inlinable func readFlag<S: WireSource>(
        _ field: PushNotification.FlagField, _ source: S, _ node: S.Node, at container: JSONPointer,
        into n: inout PushNotification, context: inout NormaliseContext, strict: Bool
    ) -> WireReadOutcome {
        if let value = source.int64(node), value == 0 || value == 1 {
            n[flag: field] = value == 1
        } else {
            if strict { return .abandon }
            let name = key.description
            let path = container.appending(name)
            let coerced = coercedCode ?? wrongTypeCode
            if let bool = source.bool(node) {
                n[flag: field] = bool
                context.diagnostics.warning(
                    coerced, at: path, "`\(name)` should be the number \(bool ? 1 : 0), found \(bool); normalised")
            } else if let string = source.string(node), string == "1" || string == "0" {
                n[flag: field] = string == "1"
                context.diagnostics.warning(
                    coerced, at: path,
                    "`\(name)` should be a number, found the string "
                        + "\(source.jsonValue(node).compactDescription); normalised")
            } else {
                context.diagnostics.error(
                    wrongTypeCode, at: path,
                    "`\(name)` must be 1 (or 0), found \(source.jsonValue(node).compactDescription); kept as it was")
                return .kept
            }
        }
        if !strict { context.record(field.canonicalName, from: container.appending(key.description)) }
        return .taken
    }
}

extension WireTable {
    // MARK: - The generic reader

    /// Reads the object `node` (located at `path`) into `n` and `ext` (the `extensions.<namespace>` object), in
    /// full: every finding reported, what the table does not model kept in `ext[unmodelled]`.
    package func read<S: WireSource, H: WireTableHooks>(
        _ source: S, _ node: S.Node, at path: JSONPointer, into n: inout PushNotification, ext: inout JSONObject,
        hooks: inout H, context: inout NormaliseContext
    ) where H.Hook == Hook {
        let members = Array(source.members(node))
        var taken = [Bool](repeating: false, count: members.count)
        for line in lines {
            let position = members.firstIndex { line.key.matches(source, $0.key) }
            let value = position.map { members[$0].value }
            let took: Bool
            switch line.value {
            case .kept(let name, let type):
                guard let value else { continue }
                let json = source.jsonValue(value)
                if let kept = type.accept(json) {
                    if let check = line.check {
                        hooks.check(check, kept, ext: ext, at: path.appending(line.key.description), context: &context)
                    }
                    ext[name] = kept
                    took = true
                } else {
                    Self.reportWrongType(
                        line.key.description, expected: type.expected, json.typeName, at: path, &context)
                    took = false
                }
            case .hook(let hook):
                took = hooks.read(
                    hook, source, value, key: line.key.description, at: path, into: &n, ext: &ext, context: &context)
            case .object(let table):
                guard let value else { continue }
                guard source.isObject(value) else {
                    Self.reportWrongType(
                        line.key.description, expected: "an object", source.typeName(value), at: path, &context)
                    continue
                }
                table.read(
                    source, value, at: path.appending(line.key.description), into: &n, ext: &ext, hooks: &hooks,
                    context: &context)
                took = true
            case .embedded(let table):
                guard let value else { continue }
                guard let text = source.string(value), case .object(let object)? = try? JSONParser().parse(text) else {
                    Self.reportWrongType(
                        line.key.description, expected: "a string holding a JSON object", source.typeName(value),
                        at: path, &context)
                    continue
                }
                table.read(
                    JSONValueSource(), .object(object), at: path.appending(line.key.description), into: &n, ext: &ext,
                    hooks: &hooks, context: &context)
                took = true
            default:
                guard let value else { continue }
                took = line.readScalar(source, value, at: path, into: &n, context: &context, strict: false) == .taken
            }
            if took, let position { taken[position] = true }
        }
        var rest = JSONObject()
        for (position, member) in members.enumerated() where !taken[position] {
            rest.appendUnchecked(source.keyString(member.key), source.jsonValue(member.value))
        }
        if !rest.isEmpty {
            hooks.reportUnmodelled(rest, at: path, context: &context)
            ext[unmodelled] = .object(rest)
        }
    }

    /// Reports a value of the wrong type, kept as it was (`` `key` must be …, found …; kept as it was``).
    package static func reportWrongType(
        _ key: String, expected: String, _ found: String, at path: JSONPointer, _ context: inout NormaliseContext
    ) {
        context.diagnostics.error(
            .wrongType, at: path.appending(key), "`\(key)` must be \(expected), found \(found); kept as it was")
    }

    // MARK: - Envelopes

    /// The table's object inside `root`, through the ``envelope`` members, with its location; nil when a member
    /// of the envelope is missing or not an object.
    package func enter<S: WireSource>(_ source: S, _ root: S.Node) -> (node: S.Node, path: JSONPointer)? {
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
    @inline(__always) package static func member<S: WireSource>(_ source: S, _ node: S.Node, _ key: WireKey) -> S.Node?
    {
        for member in source.members(node) where key.matches(source, member.key) { return member.value }
        return nil
    }
}

/// Finding how a member of an object is found, for formats reading their own shapes around a table.
package enum WireMembers {
    /// The value of `key` in object `node`.
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    package static func member<S: WireSource>(_ source: S, _ node: S.Node, _ key: StaticString) -> S.Node? {
        for member in source.members(node) where source.key(member.key, is: key) { return member.value }
        return nil
    }

    /// The value of `key` in object `node`.
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    package static func member<S: WireSource>(_ source: S, _ node: S.Node, named key: String) -> S.Node? {
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

package import JSONCodec
package import PushCore

/// A flat JSON object of a vendor's form as a wire table (ZEGO's `ZIMPushConfig` and `OfflinePush`): one line per
/// wire key, naming the canonical field or the `extensions.<namespace>` key it holds and its JSON type, in the order
/// the keys are read (findings come in this order) and written; the canonical fields the form has no place for, each
/// with its reason. One generic reader (over any ``WireSource``) and one generic writer (into any ``WireOutput``)
/// interpret every table; what is truly special (an embedded JSON string, a key whose absence means something, a
/// nested image object) is a hook the format implements (``FieldTableHooks``).
///
/// What the table declares is also what the format carries (``carries``) and why it loses the rest
/// (``explainLosses(_:carried:context:)``): the declared losses come from the same lines the reader and writer use.
package struct FieldTable<Hook: Sendable>: Sendable {
    /// What a wire key holds.
    package enum Value: Sendable {
        /// A canonical string field.
        case text(PushNotification.TextField)
        /// A vendor value kept as `extensions.<namespace>.<key>`, of a JSON type.
        case kept(String, KeptType)
        /// The format's own logic (``FieldTableHooks``).
        case hook(Hook)
    }

    /// The JSON type of a kept value: anything else is reported (`wrong-type`) and kept with the unmodelled keys.
    package enum KeptType: Sendable {
        case string, integer, bool, object

        /// The value as kept, or nil when it has another type.
        func accept(_ value: JSONValue) -> JSONValue? {
            switch (self, value) {
            case (.string, .string), (.integer, .integer), (.bool, .bool), (.object, .object): return value
            default: return nil
            }
        }

        var expected: String {
            switch self {
            case .string: return "a string"
            case .integer: return "an integer"
            case .bool: return "a boolean"
            case .object: return "an object"
            }
        }
    }

    /// One line: the wire key and what it holds.
    package struct Line: Sendable {
        package let key: String
        package let value: Value
        /// The canonical fields and `extensions.<namespace>` keys a hook line carries (a text or kept line names its
        /// own).
        package let hookCarries: [String]
        /// A kept string written from this option when the notification has none (and no unmodelled key of the
        /// same name).
        package let fallback: FormatOption?
        /// A kept value checked by the format once read (``FieldTableHooks/check(_:_:ext:at:context:)``).
        package let check: Hook?
        /// Why a format that does not carry this kept value loses it.
        package let othersLose: String?

        /// A canonical string field.
        package static func text(_ key: String, _ field: PushNotification.TextField) -> Line {
            Line(key: key, value: .text(field), hookCarries: [], fallback: nil, check: nil, othersLose: nil)
        }

        /// A vendor value kept as `extensions.<namespace>.<name>`.
        package static func kept(
            _ key: String, as name: String, _ type: KeptType, check: Hook? = nil, fallback: FormatOption? = nil,
            othersLose: String
        ) -> Line {
            Line(
                key: key, value: .kept(name, type), hookCarries: [], fallback: fallback, check: check,
                othersLose: othersLose)
        }

        /// A key the format reads and writes itself, carrying `carries`.
        package static func hook(_ key: String, _ hook: Hook, carries: [String], othersLose: String? = nil) -> Line {
            Line(key: key, value: .hook(hook), hookCarries: carries, fallback: nil, check: nil, othersLose: othersLose)
        }
    }

    /// A canonical field the form has no place for, and why.
    package struct Loss: Sendable {
        package let field: String
        package let reason: String
        let fields: CarriedFields

        package init(_ field: String, _ reason: String) {
            self.field = field
            self.reason = reason
            self.fields = CarriedFields([field])
        }
    }

    /// The vendor namespace of kept values.
    package let namespace: String
    package let lines: [Line]
    /// The `extensions.<namespace>` key holding the object's keys the table does not model (unknown, or of the
    /// wrong type), in input order.
    package let unmodelled: String
    /// Why another format loses the unmodelled keys.
    package let unmodelledOthersLose: String
    package let losses: [Loss]
    /// Why another format loses `extensions.<namespace>.<key>`, by key: built once from the lines (the first line
    /// that keeps a key gives its reason), so a lost value's reason is one lookup on the conversion path.
    private let othersLoseByKey: [String: String?]

    package init(
        namespace: String, lines: [Line], unmodelled: String, unmodelledOthersLose: String, losses: [Loss]
    ) {
        self.namespace = namespace
        self.lines = lines
        self.unmodelled = unmodelled
        self.unmodelledOthersLose = unmodelledOthersLose
        self.losses = losses
        var reasons: [String: String?] = [unmodelled: unmodelledOthersLose]
        let prefix = "extensions.\(namespace)."
        for line in lines {
            switch line.value {
            case .kept(let name, _):
                if reasons.index(forKey: name) == nil { reasons[name] = .some(line.othersLose) }
            case .hook:
                for carried in line.hookCarries where carried.hasPrefix(prefix) {
                    let key = String(carried.dropFirst(prefix.count))
                    if reasons.index(forKey: key) == nil { reasons[key] = .some(line.othersLose) }
                }
            case .text: continue
            }
        }
        self.othersLoseByKey = reasons
    }

    /// What the table carries: its canonical fields in line order, then its `extensions.<namespace>` keys in the
    /// order `namespaceOrder` lists them.
    package func carries(namespaceOrder: [String]) -> [String] {
        var fields: [String] = []
        var keys: [String] = [unmodelled]
        let prefix = "extensions.\(namespace)."
        for line in lines {
            switch line.value {
            case .text(let field): fields.append(field.canonicalName)
            case .kept(let name, _): keys.append(name)
            case .hook:
                for carried in line.hookCarries {
                    if carried.hasPrefix(prefix) {
                        keys.append(String(carried.dropFirst(prefix.count)))
                    } else if !fields.contains(carried) {
                        fields.append(carried)
                    }
                }
            }
        }
        let ordered = namespaceOrder.filter(keys.contains) + keys.filter { !namespaceOrder.contains($0) }
        return fields + ordered.map { prefix + $0 }
    }

    /// Why another format loses `extensions.<namespace>.<key>`, as the line that keeps it says.
    /// The keys ``othersLose(_:)`` has an answer for (the unmodelled key, every kept key).
    package var explainedKeys: [String] { Array(othersLoseByKey.keys) }

    package func othersLose(_ key: String) -> String? {
        othersLoseByKey[key] ?? nil
    }
}

/// A format's logic for the ``FieldTable/Value/hook(_:)`` lines of its table.
package protocol FieldTableHooks {
    associatedtype Hook: Sendable

    /// Reads a hook line's `value` (nil when the object has no such key) from the object at `path`. True when taken;
    /// false leaves the member with the unmodelled keys (after reporting why, for a value of the wrong type).
    mutating func read<S: WireSource>(
        _ hook: Hook, _ source: S, _ value: S.Node?, key: String, at path: JSONPointer, into n: inout PushNotification,
        ext: inout JSONObject, context: inout NormaliseContext
    ) -> Bool

    /// Checks a kept value once read (`ext` holds what was kept before it).
    func check(_ hook: Hook, _ value: JSONValue, ext: JSONObject, at path: JSONPointer, context: inout NormaliseContext)

    /// Writes a hook line (its key and value) when the notification has something for it; true when written.
    mutating func write<O: WireOutput>(
        _ hook: Hook, key: String, _ n: PushNotification, ext: JSONObject, unmodelled: JSONObject,
        context: inout RenderContext, to out: inout O
    ) -> Bool

    /// Reports the keys the table does not model (kept in `extensions.<namespace>.<unmodelled>`).
    func reportUnmodelled(_ rest: JSONObject, at path: JSONPointer, context: inout NormaliseContext)
}

extension FieldTable {
    // MARK: - Reading

    /// Reads the object `node` (located at `path`) into `n` and `ext` (the `extensions.<namespace>` object).
    package func read<S: WireSource, H: FieldTableHooks>(
        _ source: S, _ node: S.Node, at path: JSONPointer, into n: inout PushNotification, ext: inout JSONObject,
        hooks: inout H, context: inout NormaliseContext
    ) where H.Hook == Hook {
        let members = Array(source.members(node))
        var taken = [Bool](repeating: false, count: members.count)
        for line in lines {
            let position = members.firstIndex { source.key($0.key, isString: line.key) }
            let value = position.map { members[$0].value }
            let took: Bool
            switch line.value {
            case .text(let field):
                guard let value else { continue }
                if let text = source.string(value) {
                    n[text: field] = text
                    context.record(field.canonicalName, from: path.appending(line.key))
                    took = true
                } else {
                    Self.reportWrongType(line.key, expected: "a string", source.typeName(value), at: path, &context)
                    took = false
                }
            case .kept(let name, let type):
                guard let value else { continue }
                let json = source.jsonValue(value)
                if let kept = type.accept(json) {
                    if let check = line.check { hooks.check(check, kept, ext: ext, at: path.appending(line.key), context: &context) }
                    ext[name] = kept
                    took = true
                } else {
                    Self.reportWrongType(line.key, expected: type.expected, json.typeName, at: path, &context)
                    took = false
                }
            case .hook(let hook):
                took = hooks.read(
                    hook, source, value, key: line.key, at: path, into: &n, ext: &ext, context: &context)
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

    // MARK: - Writing

    /// Writes the object for `n` (`ext`: its `extensions.<namespace>` object): each line the notification has a value
    /// for, in table order, then the unmodelled keys that were kept (those no line wrote).
    package func write<O: WireOutput, H: FieldTableHooks>(
        _ n: PushNotification, ext: JSONObject, hooks: inout H, context: inout RenderContext, to out: inout O
    ) where H.Hook == Hook {
        let rest = ext[unmodelled]?.objectValue ?? JSONObject()
        out.beginObject()
        var written: Set<String> = []
        for line in lines {
            switch line.value {
            case .text(let field):
                guard let text = n[text: field] else { continue }
                out.key(line.key)
                out.string(text)
            case .kept:
                guard let value = keptValue(line, ext: ext, unmodelled: rest, options: context.options) else { continue }
                out.key(line.key)
                out.value(value)
            case .hook(let hook):
                guard hooks.write(hook, key: line.key, n, ext: ext, unmodelled: rest, context: &context, to: &out)
                else { continue }
            }
            written.insert(line.key)
        }
        for (key, value) in rest where !written.contains(key) {
            out.key(key)
            out.value(value)
        }
        out.endObject()
    }

    /// The value a kept line writes: the kept one, else (with no unmodelled key of that name) its option's.
    package func keptValue(_ line: Line, ext: JSONObject, unmodelled rest: JSONObject, options: FormatOptions)
        -> JSONValue?
    {
        guard case .kept(let name, _) = line.value else { return nil }
        if let value = ext[name] { return value }
        guard rest[line.key] == nil, let option = line.fallback, let text = options.string(option) else { return nil }
        return .string(text)
    }

    /// The value the line keeping `name` writes (see ``keptValue(_:ext:unmodelled:options:)``).
    package func keptValue(named name: String, ext: JSONObject, options: FormatOptions) -> JSONValue? {
        for line in lines {
            guard case .kept(let kept, _) = line.value, kept == name else { continue }
            return keptValue(line, ext: ext, unmodelled: ext[unmodelled]?.objectValue ?? JSONObject(), options: options)
        }
        return nil
    }

    // MARK: - Declared losses

    /// Explains every canonical field of `n` the form has no place for, and every `extensions.<namespace>` key the
    /// format does not carry (`carried`), with the reason `othersLose` gives (else `fallback`).
    package func explainLosses(
        _ n: PushNotification, carried: CarriedFields, othersLose: (String) -> String?, fallback: String,
        context: inout RenderContext
    ) {
        for loss in losses where n.holdsAny(of: loss.fields) {
            context.explainLoss(at: JSONPointer(tokens: [loss.field]), loss.reason)
        }
        for (key, _) in n.extensionObject(namespace) where !carried.carries(namespace: namespace, key: key) {
            context.explainLoss(at: JSONPointer(tokens: ["extensions", namespace, key]), othersLose(key) ?? fallback)
        }
    }
}

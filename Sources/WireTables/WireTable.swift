public import JSONCodec
public import PushCore

/// A vendor's JSON object as a wire table: one line per wire key, naming the canonical field or the
/// `extensions.<namespace>` key it holds and its JSON type, in the order the keys are read (findings come in this
/// order) and written; the canonical fields the object has no place for, each with its reason. Every format's
/// mapping is a declaration of this one type (`APNsWire`'s `aps` and `alert`, ZEGO's send forms, Pinpoint's
/// `APNSMessage`, Hive's `LocalPush`), interpreted by one generic reader (over any ``WireSource``) and one generic
/// writer (into any ``WireOutput``). What is truly special (a key whose absence means something, a sound that is a
/// name or a dictionary) is a hook the format implements (``WireTableHooks``).
///
/// A line holds a scalar field, an array of strings, a vendor value kept verbatim, a nested object read through
/// its own table (APNs `alert`, FCM `android.notification`), a JSON object carried inside a string (ZEGO `payload`,
/// SNS `APNS`/`GCM`, Pinpoint `RawContent`), or a hook. A table may sit inside an envelope (FCM `{"message":…}`,
/// Pinpoint's CLI input → request → `MessageConfiguration`), spells its keys one way (``spelling``), and says for
/// each kept value why a format that cannot carry it loses it (``Line/othersLose``).
///
/// What the table declares is also what the format carries (``carries(namespaceOrder:)``) and why it loses the rest
/// (``explainLosses(_:carried:othersLose:fallback:context:)``): the declared losses come from the same lines the
/// reader and writer use.
@usableFromInline package struct WireTable<Hook: Sendable>: Sendable {
    /// What a wire key holds.
    @usableFromInline package enum Value: Sendable {
        /// A canonical string field.
        case text(PushNotification.TextField)
        /// A canonical integer field (`badge`: a wrong type is reported with the line's ``Line/wrongTypeCode``).
        case integer(PushNotification.IntegerField)
        /// A canonical real-number field.
        case number(PushNotification.NumberField)
        /// A canonical flag written as the number `1`/`0`; `true`/`false`/`"1"`/`"0"` are read with the line's
        /// ``Line/coercedCode`` warning.
        case flag(PushNotification.FlagField)
        /// A canonical flag written as a JSON boolean (Pinpoint's `SilentPush`).
        case bool(PushNotification.FlagField)
        /// A canonical field holding any JSON value, kept as it is.
        case value(PushNotification.ValueField)
        /// A canonical array of strings.
        case strings(PushNotification.StringsField)
        /// A vendor value kept as `extensions.<namespace>.<key>`, of a JSON type.
        case kept(String, KeptType)
        /// A nested object read and written through its own table (its unmodelled keys kept under the nested
        /// table's ``WireTable/unmodelled`` key). Boxed, so copying the line retains one reference.
        indirect case object(WireTable<Hook>)
        /// A JSON object carried inside a string, read and written through its own table.
        indirect case embedded(WireTable<Hook>)
        /// The format's own logic (``WireTableHooks``).
        case hook(Hook)
    }

    /// The JSON type of a kept value: anything else is reported (`wrong-type`) and kept with the unmodelled keys.
    @usableFromInline package enum KeptType: Sendable {
        case string, integer, bool, object
        /// An array (HMS's `inbox_content`, `buttons`).
        case array
        /// An integer counting seconds.
        case seconds
        /// An object, or its JSON text in a string (Hive's `icon_color`).
        case objectOrJSONText

        /// The value as kept, or nil when it has another type.
        @usableFromInline package func accept(_ value: JSONValue) -> JSONValue? {
            switch (self, value) {
            case (.string, .string), (.integer, .integer), (.seconds, .integer), (.bool, .bool), (.object, .object),
                (.array, .array), (.objectOrJSONText, .object), (.objectOrJSONText, .string):
                return value
            default: return nil
            }
        }

        /// How a finding names the expected type.
        @usableFromInline package var expected: String {
            switch self {
            case .string: return "a string"
            case .integer: return "an integer"
            case .seconds: return "an integer (seconds)"
            case .bool: return "a boolean"
            case .object: return "an object"
            case .array: return "an array"
            case .objectOrJSONText: return "an object (or its JSON text)"
            }
        }
    }

    /// One line: the wire key and what it holds. A line is copied on the conversion path, so it holds only its key,
    /// its value and, for the few lines that have any, a reference to the rest (``Details``): a plain scalar line is
    /// copied without a reference count.
    @usableFromInline package struct Line: Sendable {
        @usableFromInline package let key: WireKey
        @usableFromInline package let value: Value
        /// The key, field and codes of a scalar or array line, read and written without hooks (nil for a kept,
        /// nested or hook line). Derived from ``key`` and ``value``.
        @usableFromInline package let scalar: WireScalar?
        /// The codes the scalar's findings use.
        @usableFromInline package let codes: WireScalar.Codes
        /// What only some lines have (nil for a plain scalar line).
        @usableFromInline let details: Details?
        /// True for a hook line: the format's hook is asked even when the object has no member for it (it may
        /// answer from what it read before). Every other line without a member is passed over unread.
        @usableFromInline let isHook: Bool

        /// What only some lines have: read for findings, loss reasons and `carries`, never per field on the hot path.
        @usableFromInline final class Details: Sendable {
            @usableFromInline let hookCarries: [String]
            @usableFromInline let fallback: FormatOption?
            @usableFromInline let check: Hook?
            @usableFromInline let othersLose: String?
            @usableFromInline let androidOnly: Bool

            init(hookCarries: [String], fallback: FormatOption?, check: Hook?, othersLose: String?, androidOnly: Bool) {
                self.hookCarries = hookCarries
                self.fallback = fallback
                self.check = check
                self.othersLose = othersLose
                self.androidOnly = androidOnly
            }
        }

        /// The canonical fields and `extensions.<namespace>` keys a hook line carries (any other line names its
        /// own).
        package var hookCarries: [String] { details?.hookCarries ?? [] }
        /// A kept string written from this option when the notification has none (and no unmodelled key of the
        /// same name).
        @inlinable package var fallback: FormatOption? { details?.fallback }
        /// A kept value checked by the format once read (``WireTableHooks/check(_:_:ext:at:context:)``).
        @inlinable package var check: Hook? { details?.check }
        /// Why a format that does not carry this line's value loses it.
        package var othersLose: String? { details?.othersLose }
        /// The code of a value of the wrong type.
        package var wrongTypeCode: DiagnosticCode { codes.wrongType ?? .wrongType }
        /// The warning for a flag read from another spelling of 0/1.
        package var coercedCode: DiagnosticCode? { codes.coerced }
        /// True for a value only Android shows (a finding says so where the format reads it).
        package var androidOnly: Bool { details?.androidOnly ?? false }

        init(
            _ key: WireKey, _ value: Value, hookCarries: [String] = [], fallback: FormatOption? = nil,
            check: Hook? = nil, othersLose: String? = nil, wrongTypeCode: DiagnosticCode = .wrongType,
            coercedCode: DiagnosticCode? = nil, androidOnly: Bool = false
        ) {
            self.key = key
            self.value = value
            if case .hook = value { isHook = true } else { isHook = false }
            let code = wrongTypeCode == .wrongType ? nil : wrongTypeCode
            let field: WireScalar.Field? =
                switch value {
                case .text(let field): .text(field)
                case .integer(let field): .integer(field)
                case .number(let field): .number(field)
                case .flag(let field): .flag(field)
                case .bool(let field): .bool(field)
                case .value(let field): .value(field)
                case .strings(let field): .strings(field)
                case .kept, .object, .embedded, .hook: nil
                }
            self.scalar = field.map { WireScalar(key: key, field: $0) }
            self.codes = WireScalar.Codes(wrongType: code, coerced: coercedCode)
            let plain = hookCarries.isEmpty && fallback == nil && check == nil && othersLose == nil && !androidOnly
            self.details =
                plain
                ? nil
                : Details(
                    hookCarries: hookCarries, fallback: fallback, check: check, othersLose: othersLose,
                    androidOnly: androidOnly)
        }

        /// A canonical string field.
        package static func text(_ key: WireKey, _ field: PushNotification.TextField) -> Line {
            Line(key, .text(field))
        }

        /// A canonical array of strings.
        package static func strings(_ key: WireKey, _ field: PushNotification.StringsField) -> Line {
            Line(key, .strings(field))
        }

        /// A canonical integer field; a value of another type is reported as `wrongType`.
        package static func integer(
            _ key: WireKey, _ field: PushNotification.IntegerField, wrongType: DiagnosticCode = .wrongType
        ) -> Line {
            Line(key, .integer(field), wrongTypeCode: wrongType)
        }

        /// A canonical real number.
        package static func number(_ key: WireKey, _ field: PushNotification.NumberField) -> Line {
            Line(key, .number(field))
        }

        /// A 0/1 flag: another spelling of 0/1 is read with the `coerced` warning, anything else is `invalid`.
        package static func flag(
            _ key: WireKey, _ field: PushNotification.FlagField, coerced: DiagnosticCode, invalid: DiagnosticCode
        ) -> Line {
            Line(key, .flag(field), wrongTypeCode: invalid, coercedCode: coerced)
        }

        /// A flag as a JSON boolean.
        package static func bool(_ key: WireKey, _ field: PushNotification.FlagField) -> Line {
            Line(key, .bool(field))
        }

        /// A canonical field holding any JSON value.
        package static func value(_ key: WireKey, _ field: PushNotification.ValueField) -> Line {
            Line(key, .value(field))
        }

        /// A vendor value kept as `extensions.<namespace>.<name>`.
        package static func kept(
            _ key: WireKey, as name: String, _ type: KeptType, check: Hook? = nil, fallback: FormatOption? = nil,
            androidOnly: Bool = false, othersLose: String? = nil
        ) -> Line {
            Line(
                key, .kept(name, type), fallback: fallback, check: check, othersLose: othersLose,
                androidOnly: androidOnly)
        }

        /// A nested object read and written through `table`.
        package static func object(_ key: WireKey, _ table: WireTable<Hook>) -> Line { Line(key, .object(table)) }

        /// A JSON object carried inside a string, read and written through `table`.
        package static func embedded(_ key: WireKey, _ table: WireTable<Hook>) -> Line {
            Line(key, .embedded(table))
        }

        /// A key the format reads and writes itself, carrying `carries`.
        package static func hook(_ key: WireKey, _ hook: Hook, carries: [String], othersLose: String? = nil) -> Line {
            Line(key, .hook(hook), hookCarries: carries, othersLose: othersLose)
        }

        /// The canonical field a scalar or array line holds (nil for kept, nested and hook lines).
        package var canonicalName: String? {
            switch value {
            case .text(let field): return field.canonicalName
            case .integer(let field): return field.canonicalName
            case .number(let field): return field.canonicalName
            case .flag(let field), .bool(let field): return field.canonicalName
            case .value(let field): return field.canonicalName
            case .strings(let field): return field.canonicalName
            case .kept, .object, .embedded, .hook: return nil
            }
        }
    }

    /// A canonical field the object has no place for, and why.
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
    @usableFromInline package let namespace: String
    @usableFromInline package let lines: [Line]
    /// Each line's key as declared, as a `String` (a hook's `key`, paths and findings), built once with the table:
    /// the reader hands it over without decoding the key's bytes per line and per record.
    @usableFromInline package let names: [String]
    /// The lines grouped by the length of their keys' spellings, built once with the table: the reader compares a
    /// member's key only with the lines that may spell it.
    @usableFromInline let lengthIndex: WireLengthIndex
    /// The `extensions.<namespace>` key holding the object's keys the table does not model (unknown, or of the
    /// wrong type), in input order; empty for an object whose unknown keys are kept under their own names (Hive's
    /// `LocalPush`, read by its format).
    @usableFromInline package let unmodelled: String
    /// Why another format loses the unmodelled keys.
    package let unmodelledOthersLose: String
    package let losses: [Loss]
    /// The members the object sits inside, outermost first (FCM's `message`); empty for a root object.
    @usableFromInline package let envelope: [WireKey]
    /// Which spelling of its keys the table writes (it reads either).
    @usableFromInline package let spelling: WireTableSpelling
    /// Why another format loses `extensions.<namespace>.<key>`, by key: built once from the lines (the first line
    /// that keeps a key gives its reason), so a lost value's reason is one lookup on the conversion path.
    private let othersLoseByKey: [String: String?]

    package init(
        namespace: String, lines: [Line], unmodelled: String, unmodelledOthersLose: String, losses: [Loss] = [],
        envelope: [WireKey] = [], spelling: WireTableSpelling = .declared
    ) {
        self.namespace = namespace
        self.lines = lines
        self.names = lines.map(\.key.description)
        self.lengthIndex = WireLengthIndex(lines.map(\.key))
        self.unmodelled = unmodelled
        self.unmodelledOthersLose = unmodelledOthersLose
        self.losses = losses
        self.envelope = envelope
        self.spelling = spelling
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
            case .object(let table), .embedded(let table):
                for key in table.explainedKeys where reasons.index(forKey: key) == nil {
                    reasons[key] = .some(table.othersLose(key))
                }
            default: continue
            }
        }
        self.othersLoseByKey = reasons
    }

    /// What the table carries: its canonical fields in line order (nested tables' in place), then its
    /// `extensions.<namespace>` keys in the order `namespaceOrder` lists them.
    package func carries(namespaceOrder: [String]) -> [String] {
        var fields: [String] = []
        var keys: [String] = []
        collectCarried(fields: &fields, keys: &keys)
        let ordered = namespaceOrder.filter(keys.contains) + keys.filter { !namespaceOrder.contains($0) }
        let prefix = "extensions.\(namespace)."
        return fields + ordered.map { prefix + $0 }
    }

    private func collectCarried(fields: inout [String], keys: inout [String]) {
        if !keys.contains(unmodelled) { keys.append(unmodelled) }
        let prefix = "extensions.\(namespace)."
        for line in lines {
            switch line.value {
            case .kept(let name, _):
                keys.append(name)
            case .hook:
                for carried in line.hookCarries {
                    if carried.hasPrefix(prefix) {
                        keys.append(String(carried.dropFirst(prefix.count)))
                    } else if !fields.contains(carried) {
                        fields.append(carried)
                    }
                }
            case .object(let table), .embedded(let table):
                table.collectCarried(fields: &fields, keys: &keys)
            default:
                if let name = line.canonicalName, !fields.contains(name) { fields.append(name) }
            }
        }
    }

    /// The keys ``othersLose(_:)`` has an answer for (the unmodelled key, every kept key).
    package var explainedKeys: [String] { Array(othersLoseByKey.keys) }

    /// Why another format loses `extensions.<namespace>.<key>`, as the line that keeps it says.
    package func othersLose(_ key: String) -> String? {
        othersLoseByKey[key] ?? nil
    }

    /// The index of the line whose key `key` (a key node of `source`) spells, if any.
    @inlinable @inline(__always) package func lineIndex<S: WireSource>(_ source: S, _ key: S.Node) -> Int? {
        let length = source.keyLength(key)
        for index in lines.indices where lines[index].key.matches(source, key, length: length) { return index }
        return nil
    }

    /// The members of `node`, each with the index of its line (-1 for a key the table does not have).
    @inlinable package func matched<S: WireSource>(_ source: S, _ node: S.Node) -> (
        members: [(key: S.Node, value: S.Node)], lines: [Int]
    ) {
        let members = Array(source.members(node))
        return (members, members.map { lineIndex(source, $0.key) ?? -1 })
    }
}

/// A format's logic for the ``WireTable/Value/hook(_:)`` lines of its table, written once over any source and any
/// output.
///
/// A conformer holds storage (at least one stored property). The engine takes the hooks `inout`, and Swift passes an
/// undefined address for a value with no storage; under ThreadSanitizer the unspecialised engine's accesses then name
/// whatever that address is (an empty Pinpoint hooks type got the engine's shared type metadata), reported as a race
/// between threads reading records.
@usableFromInline package protocol WireTableHooks {
    associatedtype Hook: Sendable

    /// True when ``read(_:_:_:key:at:into:ext:context:)`` must be asked about `hook` when the object has no member
    /// for it (a default to record, or an answer from what was read before); false lets the reader pass the line over.
    /// Default: true.
    static func readsAbsent(_ hook: Hook) -> Bool

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

extension WireTableHooks {
    @inlinable package static func readsAbsent(_ hook: Hook) -> Bool { true }
}

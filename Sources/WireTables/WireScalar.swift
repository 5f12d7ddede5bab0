public import JSONCodec
public import PushCore

/// The part of a table line that needs no hook: its key, the scalar or array field it holds and its codes, derived
/// from the line once (``WireTable/Line/scalar``). It is not generic over the table's hooks, so its reader and writer
/// are specialised here, once, for the parser's document and the compact output, and every format calls those
/// specialisations without generic metadata (an `@inlinable package` body is not inlined across modules).
@usableFromInline package struct WireScalar: Sendable {
    /// The canonical field a scalar or array line holds.
    @usableFromInline package enum Field: Sendable {
        case text(PushNotification.TextField)
        case integer(PushNotification.IntegerField)
        case number(PushNotification.NumberField)
        /// The number 1/0 (other spellings read with ``coercedCode``).
        case flag(PushNotification.FlagField)
        /// A JSON boolean.
        case bool(PushNotification.FlagField)
        case value(PushNotification.ValueField)
        case strings(PushNotification.StringsField)
    }

    /// The codes a line reports its findings with, when they are not the generic ones. Kept by the line beside its
    /// scalar, which stays trivially copied (two words of key, one of field); the codes themselves are one reference
    /// (none for the generic ones), so a line walked on the conversion path is copied with at most one retain, not
    /// its strings.
    @usableFromInline package struct Codes: Sendable {
        /// The codes, when either is not the generic one.
        @usableFromInline let storage: Storage?

        /// The codes of a line that has any of its own.
        @usableFromInline final class Storage: Sendable {
            @usableFromInline let wrongType: DiagnosticCode?
            @usableFromInline let coerced: DiagnosticCode?

            init(wrongType: DiagnosticCode?, coerced: DiagnosticCode?) {
                self.wrongType = wrongType
                self.coerced = coerced
            }
        }

        /// The codes `wrongType` and `coerced` (nil: the generic one).
        package init(wrongType: DiagnosticCode?, coerced: DiagnosticCode?) {
            storage =
                wrongType == nil && coerced == nil ? nil : Storage(wrongType: wrongType, coerced: coerced)
        }

        /// The code of a value of the wrong type (nil: `wrongType`).
        @inlinable package var wrongType: DiagnosticCode? { storage?.wrongType }
        /// The warning for a flag read from another spelling of 0/1.
        @inlinable package var coerced: DiagnosticCode? { storage?.coerced }

        @usableFromInline package static let generic = Codes(wrongType: nil, coerced: nil)
    }

    @usableFromInline package let key: WireKey
    @usableFromInline package let field: Field

    /// True for a Live Activity field (recorded once, as `liveActivity`, by the format).
    @usableFromInline package var isLive: Bool {
        switch field {
        case .text(let field): return field == .liveEvent || field == .liveAttributesType
        case .integer(let field): return field.isLive
        case .value: return true
        default: return false
        }
    }

    /// The canonical field provenance is recorded under.
    @usableFromInline package var canonicalName: String {
        switch field {
        case .text(let field): return field.canonicalName
        case .integer(let field): return field.canonicalName
        case .number(let field): return field.canonicalName
        case .flag(let field), .bool(let field): return field.canonicalName
        case .value(let field): return field.canonicalName
        case .strings(let field): return field.canonicalName
        }
    }

    // MARK: - Reading

    /// Reads the value `node` (the member of the object at `container`) into `n`. Strict: gives up at the first
    /// finding (nothing recorded); else reports it.
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    @inlinable package func read<S: WireSource>(
        _ source: S, _ node: S.Node, at container: JSONPointer, into n: inout PushNotification,
        context: inout NormaliseContext, strict: Bool, codes: Codes = .generic
    ) -> WireReadOutcome {
        switch field {
        case .text(let field):
            guard let text = source.text(node) else {
                return wrongType(
                    "a string", source, node, at: container, context: &context, strict: strict, codes: codes)
            }
            n[storedText: field] = text
        case .integer(let field):
            guard let value = source.int64(node) else {
                return wrongType(
                    "an integer", source, node, at: container, context: &context, strict: strict, codes: codes)
            }
            n[integer: field] = value
        case .number(let field):
            guard let value = source.number(node) else {
                return wrongType(
                    "a number", source, node, at: container, context: &context, strict: strict, codes: codes)
            }
            n[number: field] = value
        case .bool(let field):
            guard let value = source.bool(node) else {
                return wrongType(
                    "a boolean", source, node, at: container, context: &context, strict: strict, codes: codes)
            }
            n[flag: field] = value
        case .strings(let field):
            guard let strings = Self.strings(source, node) else {
                return wrongType(
                    "an array of strings", source, node, at: container, context: &context, strict: strict, codes: codes)
            }
            n[strings: field] = strings
        case .value(let field):
            n[value: field] = source.jsonValue(node)
            return .taken
        case .flag(let field):
            return readFlag(
                field, source, node, at: container, into: &n, context: &context, strict: strict, codes: codes)
        }
        // The location is built only for a context that records it.
        if !strict && !isLive && context.recordsProvenance {
            context.record(canonicalName, from: container.appending(key.description))
        }
        return .taken
    }

    /// Reports a value of the wrong type (`` `key` must be …, found …; kept as it was``).
    @usableFromInline package func wrongType<S: WireSource>(
        _ expected: String, _ source: S, _ node: S.Node, at container: JSONPointer, context: inout NormaliseContext,
        strict: Bool, codes: Codes
    ) -> WireReadOutcome {
        if strict { return .abandon }
        let name = key.description
        context.diagnostics.error(
            codes.wrongType ?? .wrongType, at: container.appending(name),
            "`\(name)` must be \(expected), found \(source.typeName(node)); kept as it was")
        return .kept
    }

    /// A 0/1 flag. `1`/`0` are canonical; `true`/`false`/`"1"`/`"0"` are accepted with the line's warning.
    @usableFromInline func readFlag<S: WireSource>(
        _ field: PushNotification.FlagField, _ source: S, _ node: S.Node, at container: JSONPointer,
        into n: inout PushNotification, context: inout NormaliseContext, strict: Bool, codes: Codes
    ) -> WireReadOutcome {
        if let value = source.int64(node), value == 0 || value == 1 {
            n[flag: field] = value == 1
        } else {
            if strict { return .abandon }
            let name = key.description
            let path = container.appending(name)
            let invalid = codes.wrongType ?? .wrongType
            let coerced = codes.coerced ?? invalid
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
                    invalid, at: path,
                    "`\(name)` must be 1 (or 0), found \(source.jsonValue(node).compactDescription); kept as it was")
                return .kept
            }
        }
        if !strict && context.recordsProvenance {
            context.record(field.canonicalName, from: container.appending(key.description))
        }
        return .taken
    }

    /// The strings of the array `node`; nil when it is not an array of strings.
    @inlinable static func strings<S: WireSource>(_ source: S, _ node: S.Node) -> [String]? {
        guard source.isArray(node) else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(source.childCount(node))
        for element in source.elements(node) {
            guard let string = source.string(element) else { return nil }
            strings.append(string)
        }
        return strings
    }

    /// True when `n` has a value for the field.
    @_specialize(exported:true,where H == PushNotification)
    @_specialize(exported:true,where H == PushNotification.Android)
    @inlinable package func isHeld<H: ScalarFields>(by n: H) -> Bool {
        switch field {
        case .text(let field): return n[storedText: field] != nil
        case .strings(let field): return n[strings: field] != nil
        case .integer(let field): return n[integer: field] != nil
        case .number(let field): return n[number: field] != nil
        case .flag(let field), .bool(let field): return n[flag: field] != nil
        case .value(let field): return n[value: field] != nil
        }
    }

    // MARK: - Writing

    /// Writes the key and value when `n` (a notification, or its Android part alone) has it; false when it has
    /// nothing for it.
    @_specialize(exported:true,where H == PushNotification, O == CompactOutput)
    @_specialize(exported:true,where H == PushNotification, O == JSONValueOutput)
    @_specialize(exported:true,where H == PushNotification.Android, O == CompactOutput)
    @inlinable package func write<H: ScalarFields, O: WireOutput>(
        _ n: H, spelling: WireTableSpelling = .declared, to out: inout O
    ) -> Bool {
        writeInlined(n, spelling: spelling, to: &out)
    }

    /// ``write(_:spelling:to:)`` inlined into its caller: for a writer walking many lines of one part, most of them
    /// not held, where a call per line (and the spelling's test) cost more than looking at the line's field.
    @inlinable @inline(__always) package func writeInlined<H: ScalarFields, O: WireOutput>(
        _ n: H, spelling: WireTableSpelling, to out: inout O
    ) -> Bool {
        switch field {
        case .text(let field):
            guard let value = n[storedText: field] else { return false }
            key.write(to: &out, spelling: spelling)
            out.text(value)
        case .strings(let field):
            guard let value = n[strings: field] else { return false }
            key.write(to: &out, spelling: spelling)
            out.strings(value)
        case .integer(let field):
            guard let value = n[integer: field] else { return false }
            key.write(to: &out, spelling: spelling)
            out.integer(value)
        case .number(let field):
            guard let value = n[number: field] else { return false }
            key.write(to: &out, spelling: spelling)
            out.number(value)
        case .flag(let field):
            guard let value = n[flag: field] else { return false }
            key.write(to: &out, spelling: spelling)
            out.integer(value ? 1 : 0)
        case .bool(let field):
            guard let value = n[flag: field] else { return false }
            key.write(to: &out, spelling: spelling)
            out.bool(value)
        case .value(let field):
            guard let value = n[value: field] else { return false }
            key.write(to: &out, spelling: spelling)
            out.value(value)
        }
        return true
    }
}

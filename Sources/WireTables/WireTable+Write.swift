public import JSONCodec
public import PushCore

extension WireTable.Line {
    /// Writes a scalar or array line's key and value when `n` has it: true when written, false when `n` has
    /// nothing for it, nil for a kept, nested or hook line (``WireScalar/write(_:spelling:to:)``).
    @inlinable package func writeScalar<O: WireOutput>(
        _ n: PushNotification, spelling: WireTableSpelling = .declared, to out: inout O
    ) -> Bool? {
        scalar?.write(n, spelling: spelling, to: &out)
    }
}

extension WireTable {
    // MARK: - The generic writer

    /// Writes the object for `n` (`ext`: its `extensions.<namespace>` object): each line the notification has a value
    /// for, in table order, then the unmodelled keys that were kept (those no line wrote).
    @inlinable package func write<O: WireOutput, H: WireTableHooks>(
        _ n: PushNotification, ext: JSONObject, hooks: inout H, context: inout RenderContext, to out: inout O
    ) where H.Hook == Hook {
        out.beginObject()
        writeMembers(n, ext: ext, hooks: &hooks, context: &context, to: &out)
        out.endObject()
    }

    /// ``write(_:ext:hooks:context:to:)``'s members, into an object the caller has opened (and closes): for a
    /// format that writes members of its own around the table's (Pinpoint's `APNSPushType` before them).
    @inlinable package func writeMembers<O: WireOutput, H: WireTableHooks>(
        _ n: PushNotification, ext: JSONObject, hooks: inout H, context: inout RenderContext, to out: inout O
    ) where H.Hook == Hook {
        let rest = ext[unmodelled]?.objectValue ?? JSONObject()
        // The keys written, so an unmodelled key of the same name is not written twice: only tracked when there are
        // unmodelled keys. Lines are looked at in place, keys named by ``names`` (never decoded per record).
        var written: Set<String> = []
        let tracksWritten = !rest.isEmpty
        for number in 0..<lines.count {
            switch lines[number].value {
            case .kept:
                guard let value = keptValue(lines[number], ext: ext, unmodelled: rest, options: context.options) else {
                    continue
                }
                lines[number].key.write(to: &out, spelling: spelling)
                out.value(value)
            case .hook(let hook):
                guard
                    hooks.write(
                        hook, key: name(number), n, ext: ext, unmodelled: rest, context: &context, to: &out)
                else { continue }
            case .object(let table):
                var nested = JSONValueOutput()
                table.write(n, ext: ext, hooks: &hooks, context: &context, to: &nested)
                guard case .object(let object) = nested.result, !object.isEmpty else { continue }
                lines[number].key.write(to: &out, spelling: spelling)
                out.value(nested.result)
            case .embedded(let table):
                var bytes: [UInt8] = []
                CompactOutput.appending(to: &bytes) {
                    table.write(n, ext: ext, hooks: &hooks, context: &context, to: &$0)
                }
                guard bytes.count > 2 else { continue }
                lines[number].key.write(to: &out, spelling: spelling)
                out.string(String(decoding: bytes, as: UTF8.self))
            default:
                guard lines[number].writeScalar(n, spelling: spelling, to: &out) == true else { continue }
            }
            if tracksWritten { written.insert(name(number)) }
        }
        for (key, value) in rest where !written.contains(key) {
            out.key(key)
            out.value(value)
        }
    }

    /// The key of line `number` in the spelling the table writes.
    @inlinable package func name(_ number: Int) -> String {
        spelling == .snakeCase && lines[number].key.snake != nil ? lines[number].key.name(spelling) : names[number]
    }

    /// The value a kept line writes: the kept one, else (with no unmodelled key of that name) its option's.
    @usableFromInline package func keptValue(
        _ line: Line, ext: JSONObject, unmodelled rest: JSONObject, options: FormatOptions
    )
        -> JSONValue?
    {
        guard case .kept(let name, _) = line.value else { return nil }
        if let value = ext[name] { return value }
        guard rest[line.key.description] == nil, let option = line.fallback, let text = options.string(option) else {
            return nil
        }
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

    /// Opens the ``envelope`` around the table's object (call ``closeEnvelope(_:)`` after writing it).
    @inlinable package func openEnvelope<O: WireOutput>(_ out: inout O) {
        for key in envelope {
            out.beginObject()
            key.write(to: &out, spelling: spelling)
        }
    }

    /// Closes what ``openEnvelope(_:)`` opened.
    @inlinable package func closeEnvelope<O: WireOutput>(_ out: inout O) {
        for _ in envelope { out.endObject() }
    }

    // MARK: - Declared losses

    /// Explains every canonical field of `n` the object has no place for, and every `extensions.<namespace>` key
    /// the format does not carry (`carried`), with the reason `othersLose` gives (else `fallback`).
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

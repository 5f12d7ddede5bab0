import WireTables
package import JSONCodec
package import PushCore

extension Normaliser {
    /// Converts through the formats' wire tables over a borrowed document: no ``JSONValue``, no read-back, the
    /// output written once into one buffer. Nil whenever either format needs its adapter (the source has a finding
    /// or a shape the table does not model, the target cannot write it exactly, custom data collides with the
    /// target's keys) or the bytes do not parse: the caller then converts through the adapters, which give the
    /// same result (`WireEngineTests`) and every finding.
    package func wireConvert(
        _ bytes: some Collection<UInt8>, from: String, to: String, options: FormatOptions
    ) -> ConversionResult? {
        var result: ConversionResult?
        _ = bytes.withContiguousStorageIfAvailable { buffer in
            parser.withBorrowedDocument(buffer) { document in
                result = wireConvert(
                    document, root: document.root, from: from, to: to, options: options, capacity: buffer.count)
            }
        }
        return result
    }

    /// ``wireConvert(_:from:to:options:)`` of the payload at `root` in a borrowed document (the document itself,
    /// or the `payload` of an RPC request).
    package func wireConvert(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, from: String, to: String, options: FormatOptions,
        capacity: Int = 2048
    ) -> ConversionResult? {
        guard from != "auto", let source = registry.wireFormat(named: from),
            let target = registry.wireFormat(named: to)
        else { return nil }
        var result: ConversionResult?
        let read = source.format.withWireRead(document, root: root, options: options) { wire in
            result = convert(&wire, source: source, target: target, options: options, capacity: capacity)
        }
        return read ? result : nil
    }

    /// Writes a notification read through the source's table with the target's: nil when the model fails its
    /// checks, custom data collides with the target's keys, or the target cannot write it exactly.
    private func convert(
        _ wire: inout WireNotification, source: WireEntry, target: WireEntry, options: FormatOptions, capacity: Int
    ) -> ConversionResult? {
        guard passesModelChecks(wire.model, size: capacity, format: source),
            !target.format.wireDataCollides(wire, options: options)
        else { return nil }
        var context = RenderContext(options: options)
        var out: [UInt8] = []
        out.reserveCapacity(capacity + 128)
        guard target.format.wireWrite(wire, into: &out, context: &context) else { return nil }
        let lost = wireLosses(wire, target: target, context: context)
        let diagnostics = context.diagnostics.map { diagnostic in
            Diagnostic(
                diagnostic.severity, diagnostic.code, at: wire.inputPath(for: diagnostic.path), diagnostic.message)
        }
        return ConversionResult(
            rendered: .bytes(out), headers: wire.model.delivery?.headers ?? JSONObject(), size: out.count,
            from: source.descriptor.name, lost: lost, diagnostics: diagnostics)
    }

    /// Declared losses of a wire notification: the model's as ``render(_:format:options:)`` declares them, then
    /// the leaves of every kept vendor object the target does not carry.
    private func wireLosses(_ wire: WireNotification, target: WireEntry, context: RenderContext) -> [LostField] {
        var paths: [JSONPointer] = []
        let n = wire.model
        let fields = target.descriptor.carriedFields
        // Nothing explained and every field carried: the declared part is the model itself (a wire writer declines
        // whatever its format's `carriedPart` hook would narrow, such as Amazon's several media).
        if !context.lossReasons.isEmpty || !n.extensions.isEmpty || !fields.carriesAll(of: n.presentFields) {
            var carried = target.format.declaredPart(of: n, renderedWith: context)
            carried.source = n.source
            if carried != n { paths = n.lostFields(comparedWith: carried) }
        }
        for kept in wire.kept where !fields.carries(namespace: kept.namespace, key: kept.key) {
            var tokens: [String] = []
            tokens.reserveCapacity(8)
            tokens.append("extensions")
            tokens.append(kept.namespace)
            tokens.append(kept.key)
            paths.reserveCapacity(paths.count + max(kept.members.count, 1))
            if kept.members.isEmpty {
                paths.append(JSONPointer(tokens: tokens))
                continue
            }
            for member in kept.members {
                kept.document.leaves(member, tokens: &tokens, into: &paths)
            }
        }
        return paths.isEmpty
            ? []
            : lostFields(
                paths, descriptor: target.descriptor, defaultReason: target.defaultLossReason,
                reasons: context.lossReasons)
    }
}

extension WireNotification {
    /// The input location of a canonical path: a recorded provenance, else the obvious one for a field read from
    /// `aps` (findings on the wire path are about media, which are recorded).
    func inputPath(for canonical: JSONPointer) -> JSONPointer {
        guard let first = canonical.tokens.first else { return .root }
        for entry in provenance where entry.field == first { return entry.input }
        return .root
    }
}

extension BorrowedDocument {
    /// Appends the pointer of every leaf under `member` (a non-empty object is descended into; anything else is a
    /// leaf), as ``PushNotification/lostFields(comparedWith:)`` reports a value that is gone.
    func leaves(_ member: (key: Node, value: Node), tokens: inout [String], into paths: inout [JSONPointer]) {
        tokens.append(String(decoding: stringBytes(member.key), as: UTF8.self))
        defer { tokens.removeLast() }
        if kind(member.value) == .object, childCount(member.value) > 0 {
            for child in members(member.value) { leaves(child, tokens: &tokens, into: &paths) }
        } else {
            paths.append(JSONPointer(tokens: tokens))
        }
    }
}

extension FormatRegistry {
    /// The format named `name` when it reads and writes through a wire table.
    func wireFormat(named name: String) -> WireEntry? { wireFormatsByName[name] }
}

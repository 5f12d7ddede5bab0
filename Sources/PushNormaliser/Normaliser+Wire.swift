import WireTables
package import JSONCodec
package import PushCore

extension Normaliser {
    /// Converts through the formats' wire tables over a borrowed document: no ``JSONValue``, no read-back, the
    /// output written once into one buffer. Nil whenever either format needs its adapter (the source has a finding
    /// or a shape the table does not model, the target cannot write it exactly, custom data collides with the
    /// target's keys) or the bytes do not parse: the caller then converts through the adapters, which give the
    /// same result (`WireEngineTests`) and every finding.
    ///
    /// `lostFields` false: the result's lost fields are not built, only ``ConversionResult/lossy``.
    package func wireConvert(
        _ bytes: some Collection<UInt8>, from: String, to: String, options: FormatOptions, lostFields: Bool = true
    ) -> ConversionResult? {
        var result: ConversionResult?
        _ = bytes.withContiguousStorageIfAvailable { buffer in
            var out: [UInt8] = []
            out.reserveCapacity(buffer.count + 128)
            guard
                let converted = wireConvert(
                    buffer, from: from, to: to, options: options, lostFields: lostFields, into: &out)
            else { return }
            result = ConversionResult(converted, bytes: out)
        }
        return result
    }

    /// ``wireConvert(_:from:to:options:)`` of the payload at `root` in a borrowed document (the document itself,
    /// or the `payload` of an RPC request).
    package func wireConvert(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, from: String, to: String, options: FormatOptions,
        capacity: Int = 2048
    ) -> ConversionResult? {
        var out: [UInt8] = []
        out.reserveCapacity(capacity + 128)
        guard
            let converted = wireConvert(
                document, root: root, from: from, to: to, options: options, lostFields: true, into: &out)
        else { return nil }
        return ConversionResult(converted, bytes: out)
    }

    /// What a conversion through the wire engine wrote at the end of the caller's buffer, and what it found.
    package struct WireConversion: Sendable {
        /// Bytes of the converted payload (the end of the caller's buffer).
        package var size: Int
        /// True when the target does not carry everything the source held: told without building any lost path.
        package var lossy: Bool
        /// The fields the target could not carry, with their reasons, when the caller asked for them (else empty,
        /// whatever `lossy` says): paths and reasons are built only for `--report-loss`, a summary or the RPC
        /// `lost` array.
        package var lost: [LostField]
        /// Findings from reading and writing.
        package var diagnostics: [Diagnostic]
        /// Findings about the conversion rather than the payload (``Normaliser/runNotices``), as the adapter path
        /// gives them in ``ConversionResult/notices``.
        package var notices: [Diagnostic] = []
        /// APNs request headers derived from `delivery`.
        package var headers: JSONObject
        /// The source format.
        package var from: String
    }

    /// Converts `bytes` through the wire tables and appends the payload's compact bytes to `out` (the caller's
    /// buffer: a batch chunk's output, an RPC reply), with no buffer of its own. `lostFields`: build the lost
    /// fields (paths and reasons); without it only ``WireConversion/lossy`` says whether anything was lost. Nil
    /// (with `out` as it was) whenever ``wireConvert(_:from:to:options:)`` is.
    package func wireConvert(
        _ bytes: UnsafeBufferPointer<UInt8>, from: String, to: String, options: FormatOptions, lostFields: Bool,
        into out: inout [UInt8]
    ) -> WireConversion? {
        guard let pair = wirePair(from: from, to: to, options: options) else { return nil }
        return wireConvert(bytes, pair: pair, options: options, lostFields: lostFields, into: &out)
    }

    /// A source and a target that convert through the wire tables, looked up once for a batch of records.
    struct WirePair: Sendable {
        let source: WireEntry
        let target: WireEntry
    }

    /// The pair that converts `from` → `to` through the wire tables with `options`; nil when the adapters must.
    func wirePair(from: String, to: String, options: FormatOptions) -> WirePair? {
        // Rendering templates (`substitutions`) works on the model: the adapters' path.
        guard from != "auto", options.substitutions == nil, let source = registry.wireFormat(named: from),
            source.format.readsThroughWire, let target = registry.wireFormat(named: to)
        else { return nil }
        return WirePair(source: source, target: target)
    }

    /// ``wireConvert(_:from:to:options:lostFields:into:)`` through a pair looked up before.
    func wireConvert(
        _ bytes: UnsafeBufferPointer<UInt8>, pair: WirePair, options: FormatOptions, lostFields: Bool,
        into out: inout [UInt8]
    ) -> WireConversion? {
        var result: WireConversion?
        _ = parser.withBorrowedDocument(bytes) { document in
            result = wireConvert(
                document, root: document.root, pair: pair, options: options, lostFields: lostFields, into: &out,
                capacity: bytes.count)
        }
        return result
    }

    /// ``wireConvert(_:from:to:options:lostFields:into:)`` of the payload at `root` in a borrowed document.
    package func wireConvert(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, from: String, to: String, options: FormatOptions,
        lostFields: Bool, into out: inout [UInt8], capacity: Int = 2048
    ) -> WireConversion? {
        guard let pair = wirePair(from: from, to: to, options: options) else { return nil }
        return wireConvert(
            document, root: root, pair: pair, options: options, lostFields: lostFields, into: &out, capacity: capacity)
    }

    private func wireConvert(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, pair: WirePair, options: FormatOptions,
        lostFields: Bool, into out: inout [UInt8], capacity: Int
    ) -> WireConversion? {
        var result: WireConversion?
        let read = pair.source.format.withWireRead(document, root: root, options: options) { wire in
            result = convert(
                &wire, source: pair.source, target: pair.target, options: options, capacity: capacity,
                lostFields: lostFields, into: &out)
            wire.recycle()
        }
        return read ? result : nil
    }

    /// Writes a notification read through the source's table with the target's at the end of `out`: nil (with
    /// `out` as it was) when the model fails its checks, custom data collides with the target's keys, or the target
    /// cannot write it exactly.
    private func convert(
        _ wire: inout WireNotification, source: WireEntry, target: WireEntry, options: FormatOptions, capacity: Int,
        lostFields: Bool, into out: inout [UInt8]
    ) -> WireConversion? {
        guard passesModelChecks(wire.model, size: capacity, format: source),
            !target.format.wireDataCollides(wire, options: options),
            // One message per recipient (`convertMessages`) is the adapters' work.
            !wire.model.fansOut(for: target.descriptor.recipients)
        else { return nil }
        var context = RenderContext(options: options)
        let start = out.count
        guard target.format.wireWrite(wire, into: &out, context: &context) else {
            out.removeSubrange(start...)
            return nil
        }
        // A loss explained inside a custom data member: the adapter says which part of the member is gone.
        if context.lossReasons.keys.contains(where: { $0.tokens.count > 2 && $0.tokens[0] == "data" }) {
            out.removeSubrange(start...)
            return nil
        }
        let lost = lostFields ? wireLosses(wire, target: target, context: context) : []
        let lossy = lostFields ? !lost.isEmpty : wireIsLossy(wire, target: target, context: context)
        var diagnostics = wire.diagnostics
        var notices: [Diagnostic] = []
        for diagnostic in context.diagnostics {
            if Self.runNotices.contains(diagnostic.code) {
                notices.append(diagnostic)
            } else {
                diagnostics.append(
                    Diagnostic(
                        diagnostic.severity, diagnostic.code, at: wire.inputPath(for: diagnostic.path),
                        diagnostic.message))
            }
        }
        return WireConversion(
            size: out.count - start, lossy: lossy, lost: lost, diagnostics: diagnostics, notices: notices,
            headers: wire.model.delivery?.headers ?? JSONObject(), from: source.descriptor.name)
    }

    /// True when ``wireLosses(_:target:context:)`` is not empty, told without building a lost path in the usual
    /// case: a kept vendor object the target does not carry loses at least one leaf (a non-empty object has a
    /// leaf under each member), unless a layout path covers it. Only when the model itself is narrowed, or a layout
    /// path lies inside a kept object, are the paths built and counted.
    private func wireIsLossy(_ wire: WireNotification, target: WireEntry, context: RenderContext) -> Bool {
        // A custom data member the writer explained as lost (Pinpoint's keys other than `data`): lost, whatever else.
        if !wire.data.isEmpty {
            for pointer in context.lossReasons.keys where pointer.tokens.first == "data" {
                let tokens = pointer.tokens
                if tokens.count == 1 || tokens.count == 2 && wire.dataHas(tokens[1]) { return true }
            }
        }
        if !wire.data.isEmpty && (!target.carriesData || context.lossReasons[Self.dataPointer] != nil) { return true }
        let n = wire.model
        let fields = target.descriptor.carriedFields
        let present = n.presentFields
        if !context.lossReasons.isEmpty || !n.extensions.isEmpty || !fields.carriesAll(of: present) {
            let delivered = target.descriptor.isDelivered
            // What the target does not carry at all, told without building its declared part.
            if target.format.carriedPartOnlyNarrows(context.options),
                losesUncarried(n, present: present, fields: fields, delivered: delivered)
            {
                return true
            }
            // A lost field outside `delivery` (for a delivered target) and every layout path: the pointers
            // ``lostFields(_:descriptor:defaultReason:reasons:)`` keeps.
            let isLoss = { (pointer: JSONPointer) -> Bool in
                guard let first = pointer.tokens.first else { return true }
                return !(delivered && first == "delivery" || registry.isLayout(pointer.tokens))
            }
            // The model's declared losses, as ``wireLosses(_:target:context:)`` finds them, up to the first one
            // ``lostFields(_:descriptor:defaultReason:reasons:)`` keeps (often before `extensions`, which is compared
            // last and is often only layout memory).
            var carried = target.format.declaredPart(of: n, renderedWith: context)
            carried.source = n.source
            // A vendor value the declared part does not hold at all: told without comparing the model field by field.
            if dropsVendorValue(n, carried: carried) { return true }
            if carried != n, n.hasLostField(comparedWith: carried, where: isLoss) { return true }
        }
        for kept in wire.kept where !fields.carries(namespace: kept.namespace, key: kept.key) {
            switch registry.layoutCovers(extensionsOf: kept.namespace, key: kept.key) {
            case true?: continue
            case false?: return true
            case nil: return !wireLosses(wire, target: target, context: context).isEmpty
            }
        }
        return false
    }

    /// True when `n` certainly has a declared loss for a target whose declared part only narrows what `fields` keep
    /// (``WireFormat/carriedPartOnlyNarrows(_:)``): a key of a vendor namespace the target does not carry, under no
    /// layout path, or a leaf under a top-level field (of `present`) the target does not carry, outside `delivery`
    /// for a `delivered` target, when no layout path lies outside `extensions`. The declared part holds neither, so
    /// each is a lost field the full comparison finds. False says nothing.
    private func losesUncarried(
        _ n: PushNotification, present: UInt32, fields: CarriedFields, delivered: Bool
    ) -> Bool {
        for (namespace, value) in n.extensions {
            guard case .object(let mine) = value, !mine.isEmpty else { continue }
            for (key, _) in mine where !fields.carries(namespace: namespace, key: key) {
                if registry.layoutCovers(extensionsOf: namespace, key: key) == false { return true }
            }
        }
        var uncarried = fields.uncarried(of: present)
        if delivered { uncarried &= ~Self.deliveryBit }
        return uncarried != 0 && !registry.layoutTouchesFields && n.holdsLeaf(inFields: uncarried)
    }

    /// True when `n` certainly has a declared loss against its declared part `carried`: a key of one of its vendor
    /// namespaces (`extensions.<namespace>.<key>`) that `carried` does not hold at all, under no layout path. Every
    /// JSON value has at least one leaf, and each leaf of a value the other side lacks is a lost field
    /// (``PushNotification/lostFields(comparedWith:)``), outside `delivery` and, here, outside every layout path: the
    /// answer ``PushNotification/hasLostField(comparedWith:where:)`` gives, without its walk through every field
    /// before `extensions`. False says nothing.
    private func dropsVendorValue(_ n: PushNotification, carried: PushNotification) -> Bool {
        for (namespace, value) in n.extensions {
            guard case .object(let mine) = value, !mine.isEmpty else { continue }
            let theirs = carried.extensions[namespace]?.objectValue
            for (key, _) in mine where theirs?[key] == nil {
                if registry.layoutCovers(extensionsOf: namespace, key: key) == false { return true }
            }
        }
        return false
    }

    /// Declared losses of a wire notification: the model's as ``render(_:format:options:)`` declares them, then
    /// the leaves of every kept vendor object the target does not carry.
    private func wireLosses(_ wire: WireNotification, target: WireEntry, context: RenderContext) -> [LostField] {
        var paths = WireNotification.scratchPointers()
        defer { WireNotification.recyclePointers(paths) }
        let n = wire.model
        let fields = target.descriptor.carriedFields
        // Nothing explained and every field carried: the declared part is the model itself (a wire writer declines
        // whatever its format's `carriedPart` hook would narrow, such as Amazon's several media).
        if !context.lossReasons.isEmpty || !n.extensions.isEmpty || !fields.carriesAll(of: n.presentFields) {
            var carried = target.format.declaredPart(of: n, renderedWith: context)
            carried.source = n.source
            if carried != n { paths = n.lostFields(comparedWith: carried) }
        }
        if !wire.data.isEmpty {
            // Custom data is the model's `data` (which comes before `extensions`): the leaves of each member the
            // target does not carry, or whose loss the writer explained (`/data`, `/data/<key>`: deeper ones are
            // declined in ``convert(_:source:target:options:capacity:lostFields:into:)``).
            let all = !target.carriesData || context.lossReasons[Self.dataPointer] != nil
            let explained = context.lossReasons.keys.compactMap { pointer -> String? in
                let tokens = pointer.tokens
                return tokens.count == 2 && tokens[0] == "data" ? tokens[1] : nil
            }
            if all || !explained.isEmpty {
                let at = paths.firstIndex { $0.tokens.first == "extensions" } ?? paths.count
                var leaves: [JSONPointer] = []
                var tokens = ["data"]
                for member in wire.data {
                    let key = wire.document.stringBytes(member.key)
                    guard
                        all
                            || explained.contains(where: { name in
                                var name = name
                                return name.withUTF8 { BorrowedDocument.equal(key, $0) }
                            })
                    else { continue }
                    wire.document.leaves(member, tokens: &tokens, into: &leaves)
                }
                paths.insert(contentsOf: leaves, at: at)
            }
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

extension Normaliser {
    /// `/data`.
    static let dataPointer = JSONPointer(tokens: ["data"])
    /// The bit of `delivery` in ``PushCore/PushNotification/presentFields``.
    static let deliveryBit = CarriedFields.bit(of: "delivery")
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

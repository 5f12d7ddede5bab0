import APNsAdapter
package import JSONCodec
package import PushCore
import WireTables

private typealias X = AmazonKeys.Extension

/// The `attachment-url` convention over ``APNsWire`` (formats `amazon` and `sns`): one reader and one writer for
/// both the borrowed document and ``JSONValue``; the three placements are the hook.
///
/// The media key (option `amazonMediaKey`) is looked for in all three placements; every string found becomes one
/// media item, in document order, and the placements are remembered in `extensions.amazon.mediaPlacements` so the
/// payload renders back where it came from. Everything else is read as `apns` reads it: other root keys go to
/// `data`, and a `data` object keeps its other keys (as `data.data`).
package enum AmazonWire {
    /// Reads the payload at `root` into `n`. Returns the root members left as custom data, and whether the media URL
    /// was taken out of the `data` member (which the caller then writes back without it); nil when strict reading
    /// gives up (any media URL is a finding: the placement it was read from). `allowsMedia`: strict reading reads a
    /// media URL in one placement (its info finding recorded, as SNS's wire read reproduces it) and gives up at
    /// anything else.
    package static func read<S: WireSource>(
        _ source: S, _ root: S.Node, into n: inout PushNotification, context: inout NormaliseContext, strict: Bool,
        allowsMedia: Bool = false
    ) -> (data: [(key: S.Node, value: S.Node)], tookFromData: Bool)? {
        let key = context.options.amazonMediaKey
        var found: [(placement: AmazonMediaPlacement, url: PushNotification.Text)] = []
        for member in source.members(root) {
            let placement: AmazonMediaPlacement
            if source.key(member.key, is: APNsKeys.apsLiteral) {
                placement = .aps
            } else if source.key(member.key, is: "data") {
                placement = .data
            } else if source.key(member.key, isString: key) {
                placement = .top
            } else {
                continue
            }
            var value = member.value
            if placement != .top {
                guard source.isObject(member.value), let inner = WireMembers.member(source, member.value, named: key)
                else { continue }
                value = inner
            }
            if strict && !allowsMedia { return nil }
            guard let url = source.text(value) else {
                if strict { return nil }
                let container =
                    placement == .top ? JSONPointer.root : JSONPointer(tokens: [source.keyString(member.key)])
                context.diagnostics.error(
                    .wrongType, at: container.appending(key),
                    "`\(key)` must be a string, found \(source.typeName(value)); kept as it was")
                continue
            }
            found.append((placement, url))
            var message = "media URL read from `"
            message.reserveCapacity(64 + key.utf8.count)
            message += placement.display(key: key)
            message += "` (placement `"
            message += placement.rawValue
            message += "`)"
            context.diagnostics.info(.amazonMediaFound, at: placement.pointer(key: key), message)
        }
        if found.count > 1 {
            if strict { return nil }
            let names = found.map { "`\($0.placement.display(key: key))`" }.joined(separator: ", ")
            context.diagnostics.warning(
                .amazonMediaMultiple, at: found[1].placement.pointer(key: key),
                "media URLs in \(found.count) placements (\(names)); all are read in document order, but an "
                    + "extension usually reads only one")
        }
        let tookFromAps = found.contains { $0.placement == .aps }
        guard
            var data = APNsWire.readRoot(
                source, root, claimedInAps: tookFromAps ? key : nil, into: &n, context: &context, strict: strict)
        else { return nil }
        if found.contains(where: { $0.placement == .top }) { data.removeAll { source.key($0.key, isString: key) } }
        guard APNsWire.finishRoot(source, data: data, context: &context, strict: strict) else { return nil }
        for (index, item) in found.enumerated() {
            n.media.append(PushNotification.Media(urlText: item.url))
            // Recorded only for a context that records provenance (as `record` does).
            if context.recordsProvenance {
                context.record(
                    path: JSONPointer(tokens: ["media", String(index)]), from: item.placement.pointer(key: key))
            }
        }
        if let first = found.first { context.record("media", from: first.placement.pointer(key: key)) }
        if !found.isEmpty {
            n.modifyExtension(X.namespace) { ext in
                ext[X.mediaPlacements] = .array(found.map { .string($0.placement.rawValue) })
            }
        }
        return (data, found.contains { $0.placement == .data })
    }

    /// Reads a ``JSONValue`` root in full: the model with its custom data (the `data` member without the media URL
    /// taken from it; gone when that emptied it).
    package static func read(_ root: JSONValue, into n: inout PushNotification, context: inout NormaliseContext) {
        guard let (members, tookFromData) = read(JSONValueSource(), root, into: &n, context: &context, strict: false)
        else { return }
        var data = JSONObject(
            uncheckedMembers: members.map { JSONObject.Member(key: $0.key.stringValue ?? "", value: $0.value) })
        if tookFromData, case .object(var inner)? = data[AmazonKeys.data] {
            inner.removeValue(forKey: context.options.amazonMediaKey)
            data[AmazonKeys.data] = inner.isEmpty ? nil : .object(inner)
        }
        if !data.isEmpty { context.record("data", from: .root) }
        n.data = data
    }

    // MARK: - Writing

    /// Writes the payload: `aps` (through ``APNsWire``), custom data, and each media URL at its placement: the one
    /// remembered in `extensions.amazon.mediaPlacements`, else the `amazonMediaPlacement` option. One URL per
    /// placement; a URL goes in place of a member of the same name, else last; media that find no free placement
    /// are lost (and explained). `mutable-content` is never added: what the model says is what is written.
    ///
    /// `data` is the custom data looked into for placements (the notification's; empty on the conversion path, where
    /// custom data never holds the format's keys), `writeData` writes custom data not in `data`.
    /// `mediaFromURLs`: every media item was read from a URL alone (the conversion path), so none has a kind or an
    /// identifier to explain.
    package static func write<O: WireOutput>(
        _ n: PushNotification, data: JSONObject, writeData: (inout O) -> Void = { _ in }, mediaFromURLs: Bool = false,
        context: inout RenderContext, to out: inout O
    ) {
        let key = context.options.amazonMediaKey
        let shape = APNsWire.apsShape(n)
        let placed =
            n.media.isEmpty
            ? MediaPlacements(count: 0) : placements(n, data: data, aps: shape, options: context.options)
        // The URL as the model holds it: written from its bytes (a `String` made only to put it into a kept object).
        func url(at placement: AmazonMediaPlacement) -> PushNotification.Text? {
            guard let index = placed.firstIndex(of: placement) else { return nil }
            return n.media[index].urlText
        }
        out.beginObject()
        // Placements written in place (bits of `AmazonMediaPlacement.bit`).
        var done: UInt8 = 0
        switch shape {
        case .object:
            APNsWire.writeAps(n, adding: placed.isEmpty ? nil : url(at: .aps).map { (key, $0) }, to: &out)
            done |= AmazonMediaPlacement.aps.bit
        case .verbatim: APNsWire.writeAps(n, to: &out)
        case .absent: break
        }
        for (name, value) in data {
            if name == APNsKeys.aps && shape != .absent { continue }
            out.key(name)
            if !placed.isEmpty, name == key, done & AmazonMediaPlacement.top.bit == 0, let url = url(at: .top) {
                out.text(url)
                done |= AmazonMediaPlacement.top.bit
            } else if !placed.isEmpty, name == AmazonKeys.data, done & AmazonMediaPlacement.data.bit == 0,
                let url = url(at: .data), case .object(var inner) = value
            {
                inner[key] = .string(url.string)
                out.value(.object(inner))
                done |= AmazonMediaPlacement.data.bit
            } else if !placed.isEmpty, name == APNsKeys.aps, done & AmazonMediaPlacement.aps.bit == 0,
                let url = url(at: .aps), case .object(var inner) = value
            {
                inner[key] = .string(url.string)
                out.value(.object(inner))
                done |= AmazonMediaPlacement.aps.bit
            } else {
                out.value(value)
            }
        }
        writeData(&out)
        var unplaced: [String] = []
        for (index, placement) in placed.enumerated() {
            guard let placement else {
                unplaced.append(n.media[index].url)
                continue
            }
            guard done & placement.bit == 0 else { continue }
            done |= placement.bit
            let url = n.media[index].urlText
            switch placement {
            case .top:
                out.key(key)
                out.text(url)
            case .data, .aps:
                out.key(placement == .data ? AmazonKeys.data : APNsKeys.aps)
                out.beginObject()
                out.key(key)
                out.text(url)
                out.endObject()
            }
        }
        out.endObject()
        guard !n.media.isEmpty else { return }
        if !unplaced.isEmpty {
            context.explainLoss(
                at: JSONPointer(tokens: ["media"]),
                "the attachment-url convention carries one URL per placement (top, data, aps); no free placement "
                    + "for \(unplaced.joined(separator: ", "))")
            note(n, context: &context)
        } else if mediaFromURLs {
            note(n, context: &context)
        } else {
            explainAndNote(n, context: &context)
        }
    }

    /// The placement of each media item (nil when it finds none free).
    static func placements(
        _ n: PushNotification, data: JSONObject, aps: APNsWire.ApsShape, options: FormatOptions
    ) -> MediaPlacements {
        let remembered =
            n.extensions.isEmpty ? [] : n.extensionObject(X.namespace)[X.mediaPlacements]?.arrayValue ?? []
        let fallback = AmazonMediaPlacement(option: options.amazonMediaPlacement)
        var used: UInt8 = 0
        var result = MediaPlacements(count: n.media.count)
        for index in n.media.indices {
            var placement = fallback
            if index < remembered.count, let name = remembered[index].stringValue,
                let known = AmazonMediaPlacement(rawValue: name)
            {
                placement = known
            }
            let free: Bool
            switch placement {
            case .top: free = true
            case .data: free = data.isEmpty || data[AmazonKeys.data].map { $0.objectValue != nil } ?? true
            case .aps:
                switch aps {
                case .object: free = true
                case .verbatim: free = false
                case .absent: free = data.isEmpty || data[APNsKeys.aps].map { $0.objectValue != nil } ?? true
                }
            }
            guard used & placement.bit == 0, free else { continue }
            used |= placement.bit
            result.place(index, at: placement)
        }
        return result
    }

    /// Where each of a notification's media items goes (nil: it finds no place). Each placement holds one item at
    /// most, so the three indices are kept inline: no array per conversion.
    struct MediaPlacements {
        /// How many media items there are.
        let count: Int
        private var top = -1, data = -1, aps = -1

        init(count: Int) { self.count = count }

        var isEmpty: Bool { count == 0 }

        /// The placement of the media item at `index`.
        subscript(index: Int) -> AmazonMediaPlacement? {
            index == top ? .top : index == data ? .data : index == aps ? .aps : nil
        }

        /// The index of the media item at `placement`.
        func firstIndex(of placement: AmazonMediaPlacement) -> Int? {
            let index: Int
            switch placement {
            case .top: index = top
            case .data: index = data
            case .aps: index = aps
            }
            return index >= 0 ? index : nil
        }

        /// Each media item's index and placement, in order.
        func enumerated() -> LazyMapSequence<Range<Int>, (offset: Int, element: AmazonMediaPlacement?)> {
            (0..<count).lazy.map { (offset: $0, element: self[$0]) }
        }

        mutating func place(_ index: Int, at placement: AmazonMediaPlacement) {
            switch placement {
            case .top: top = index
            case .data: data = index
            case .aps: aps = index
            }
        }
    }

    /// With every media URL placed: explains a kind or identifier the convention cannot carry, and notes a missing
    /// `mutable-content`.
    package static func explainAndNote(_ n: PushNotification, context: inout RenderContext) {
        if n.media.contains(where: { !$0.holdsOnlyURL }) {
            context.explainLoss(
                at: JSONPointer(tokens: ["media"]),
                "the attachment-url convention carries only the URL; the kind comes from its extension and there is "
                    + "no identifier")
        }
        note(n, context: &context)
    }

    /// Notes media rendered without `mutable-content: 1`.
    package static func note(_ n: PushNotification, context: inout RenderContext) {
        if n.mutableContent != true {
            context.diagnostics.info(
                .amazonMediaWithoutMutableContent, at: JSONPointer(tokens: ["media"]),
                "media rendered without `mutable-content: 1` (not added): no Notification Service Extension will run "
                    + "to fetch it; set mutableContent to true")
        }
    }

    /// True when custom data, or an unknown `aps` key kept in `extensions.apns`, holds a key this convention reads
    /// itself: `aps`, or the media key at the root, inside a `data` object or inside `aps`.
    package static func dataCollides(_ n: PushNotification, options: FormatOptions) -> Bool {
        let key = options.amazonMediaKey
        if n.data[key] != nil || n.data[APNsKeys.aps] != nil { return true }
        if case .object(let inner)? = n.data[AmazonKeys.data], inner[key] != nil { return true }
        if case .object(let aps)? = n.extensionObject(APNsKeys.Extension.namespace)[APNsKeys.Extension.aps],
            aps[key] != nil
        {
            return true
        }
        return false
    }

    /// The carried part for `attachment-url` formats: the generic one, except with several media, whose
    /// placements (remembered, else the option; one URL each, in the rendered payload's key order) are decided
    /// by reading the rendering back with `adapter`.
    package static func carriedPart(
        of n: PushNotification, options: FormatOptions, adapter: some PayloadAdapter
    ) -> PushNotification {
        guard n.media.count > 1 else { return n.keeping(adapter.descriptor.carriedFields) }
        var render = RenderContext(options: options)
        var read = NormaliseContext(options: options)
        read.recordsProvenance = false
        let back = adapter.normalise(adapter.render(n, context: &render), context: &read) ?? PushNotification()
        return n.keeping(adapter.descriptor.carriedFields).removing(n.lostFields(comparedWith: back))
    }
}

/// ``AmazonWire`` for formats that hold the payload as a ``JSONObject`` (SNS's `APNS` string).
package enum AmazonPayloadReader {
    /// Reads `root` (located at the input's root) into `n`.
    package static func read(_ root: JSONObject, into n: inout PushNotification, context: inout NormaliseContext) {
        AmazonWire.read(.object(root), into: &n, context: &context)
    }
}

/// ``AmazonWire`` for formats that write the payload as a ``JSONObject``.
package enum AmazonPayloadWriter {
    /// The payload, as ``AmazonWire/write(_:data:writeData:context:to:)`` writes it.
    package static func payload(for n: PushNotification, context: inout RenderContext) -> JSONObject {
        var out = JSONValueOutput()
        AmazonWire.write(n, data: n.data, context: &context, to: &out)
        return out.result.objectValue ?? JSONObject()
    }

    package static func carriedPart(
        of n: PushNotification, options: FormatOptions, adapter: some PayloadAdapter
    ) -> PushNotification { AmazonWire.carriedPart(of: n, options: options, adapter: adapter) }

    package static func dataCollides(_ n: PushNotification, options: FormatOptions) -> Bool {
        AmazonWire.dataCollides(n, options: options)
    }
}

import APNsAdapter
import FCMAdapter
package import JSONCodec
package import PushCore
package import WireTables

private typealias S = AmazonKeys.SNS
private typealias G = AmazonKeys.Extension.SNSGCM

extension SNSAdapter: WireFormat {
    /// The common message, `default` and the APNs payload's string (under the `snsPlatform` option's key), with or
    /// without a `GCM` string holding `{"fcmV1Message": …}`, read as ``normalise`` reads it: the APNs string through
    /// ``AmazonWire`` in a nested borrow that lasts while `body` runs (its custom data stays nodes of that document),
    /// the GCM string with the `fcm` reader and merged as the Android side by the adapter's own steps. Anything else
    /// is left to the adapter: any finding but the info that a media URL was read (which is reproduced), another key
    /// (kept platform keys, `ADM`, `BAIDU`), a legacy GCM body, a GCM message with an `apns` block or a target.
    package func withWireRead(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, options: FormatOptions,
        _ body: (inout WireNotification) -> Void
    ) -> Bool {
        guard document.isObject(root) else { return false }
        let platform = S.apnsPlatforms.contains(options.snsPlatform) ? options.snsPlatform : S.apns
        var apple: BorrowedDocument.Node?
        var gcm: BorrowedDocument.Node?
        var defaultText: BorrowedDocument.Node?
        for member in document.members(root) {
            let slot: BorrowedDocument.Node?
            if document.key(member.key, is: "default") {
                slot = defaultText
                defaultText = member.value
            } else if document.key(member.key, isString: platform) {
                slot = apple
                apple = member.value
            } else if document.key(member.key, is: "GCM") {
                slot = gcm
                gcm = member.value
            } else {
                return false
            }
            guard slot == nil, document.kind(member.value) == .string else { return false }
        }
        guard let apple, let defaultText, let text = document.string(defaultText) else { return false }
        var android: PushNotification?
        if let gcm {
            guard readGCM(document.stringBytes(gcm), options: options, into: &android) else { return false }
        }
        var done = false
        _ = JSONParser().withBorrowedDocument(document.stringBytes(apple)) { inner in
            guard inner.isObject(inner.root) else { return }
            var n = PushNotification()
            n.source = descriptor.name
            var context = NormaliseContext(options: options)
            context.recordsProvenance = false
            // Strictly, but for a media URL (whose info finding is reproduced): any other finding, or a value kept
            // in `extensions.apns`, leaves the payload to the adapter.
            guard
                let (data, tookFromData) = AmazonWire.read(
                    inner, inner.root, into: &n, context: &context, strict: true, allowsMedia: true),
                context.diagnostics.allSatisfy({ $0.code == .amazonMediaFound })
            else { return }
            var wire = WireNotification(document: inner)
            // This thread's arrays for `kept` and `provenance`, handed back by the facade's `recycle()` of the last.
            wire.reuseScratch()
            if !context.diagnostics.isEmpty {
                var located = NormaliseContext(options: options)
                located.recordsProvenance = false
                context.provenance = [:]
                EmbeddedJSON.relocate(context, to: JSONPointer(tokens: [platform]), name: platform, into: &located)
                wire.diagnostics = located.diagnostics
            }
            if !n.media.isEmpty { wire.provenance.append(("media", JSONPointer(tokens: [platform]))) }
            if Self.isVoIP(platform) {
                wire.provenance.append(("delivery", JSONPointer(tokens: [platform])))
            }
            var kept = JSONObject()
            kept.appendUnchecked(S.default, .string(text))
            func lend(_ wire: inout WireNotification) {
                // Moved out, not copied (the notification is lent once): swapped out of the captured variable,
                // then consumed.
                var taken: PushNotification?
                swap(&taken, &android)
                var gcmMemory: JSONObject?
                if var g = consume taken {
                    var memory = JSONObject()
                    var layout = JSONObject()
                    let shared = Self.stringData(wire.data, of: wire.document)
                    merge(&g, into: &n, shared: shared, memory: &memory, layout: &layout)
                    memory.appendUnchecked(G.layout, .object(layout))  // the merge never writes this key
                    gcmMemory = consume memory
                    wire.provenance.append(("android", Self.gcmPointer))
                }
                Self.remember(platform: platform, kept: kept, gcm: gcmMemory, in: &n)
                swap(&wire.model, &n)  // moved, not copied
                body(&wire)
                done = true
            }
            // The media URL read from the `data` member: custom data keeps that member without it (and drops it when
            // that empties it), written out so and lent from a borrowed document of its own.
            let rebuilt = tookFromData ? Self.customData(data, of: inner, withoutMediaKey: options.amazonMediaKey) : []
            guard rebuilt.count > 2 else {
                wire.data = tookFromData ? [] : data
                lend(&wire)
                return
            }
            _ = rebuilt.withUnsafeBufferPointer { buffer in
                JSONParser().withBorrowedDocument(buffer) { custom in
                    wire.document = custom
                    wire.data = Array(custom.members(custom.root))
                    lend(&wire)
                }
            }
        }
        return done
    }

    /// Where the Android side read from `GCM` comes from.
    private static let gcmPointer = JSONPointer(tokens: [S.gcm])

    /// The `fcm` format's name, the source the GCM message is read as (its descriptor built once).
    private static let fcmFormat = FCMAdapter().descriptor.name

    /// The GCM string `{"fcmV1Message": …}` read into `android` as ``readGCM(_:apple:into:kept:context:)`` reads it
    /// beside an APNs payload (before the merge, whose memory starts empty): the message by the `fcm` reader. False
    /// (and `android` left nil) for what only the adapter reads exactly: another key beside `fcmV1Message`, an `apns`
    /// block (kept verbatim in the memory), a target (a warning), any finding.
    private func readGCM(
        _ bytes: UnsafeBufferPointer<UInt8>, options: FormatOptions, into android: inout PushNotification?
    ) -> Bool {
        var read = false  // told apart so, not by comparing `android` with nil (which copies the notification)
        _ = JSONParser().withBorrowedDocument(bytes) { g in
            guard g.isObject(g.root), g.childCount(g.root) == 1,
                let v1 = WireMembers.member(g, g.root, "fcmV1Message"), g.isObject(v1)
            else { return }
            if WireMembers.member(g, v1, "apns") != nil { return }
            if FCMMessageReader.isRequest(in: g, v1) {
                guard let message = WireMembers.member(g, v1, "message"), g.isObject(message),
                    WireMembers.member(g, message, "apns") == nil
                else { return }
            }
            var context = NormaliseContext(options: options)
            context.recordsProvenance = false
            // Without FCM's layout memory: the merge drops it (it described the GCM message alone).
            guard
                let message = FCMMessageReader.read(
                    in: g, v1, format: Self.fcmFormat, context: &context, layoutMemory: false),
                context.diagnostics.isEmpty, message.target == nil
            else { return }
            android = message
            read = true
        }
        return read
    }

    /// Custom data `data` as a compact JSON object, the media key left out of its `data` member (and that member
    /// left out when nothing else is in it), as ``AmazonWire/read(_:into:context:)`` keeps it.
    private static func customData(
        _ data: [(key: BorrowedDocument.Node, value: BorrowedDocument.Node)], of document: BorrowedDocument,
        withoutMediaKey key: String
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(Self.customDataCapacity)
        out.append(UInt8(ascii: "{"))
        var first = true
        func separate() {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
        }
        for member in data {
            guard document.key(member.key, is: "data"), document.isObject(member.value) else {
                separate()
                JSONWriter.writeString(bytes: document.stringBytes(member.key), into: &out)
                out.append(UInt8(ascii: ":"))
                document.writeCompact(member.value, into: &out)
                continue
            }
            // The `data` member's own members but the media key, written as they come (none: the member is left
            // out); its key and opening brace are written before the first.
            var keptAny = false
            for inner in document.members(member.value) where !document.key(inner.key, isString: key) {
                if keptAny {
                    out.append(UInt8(ascii: ","))
                } else {
                    separate()
                    JSONWriter.writeString(bytes: document.stringBytes(member.key), into: &out)
                    out.append(UInt8(ascii: ":"))
                    out.append(UInt8(ascii: "{"))
                    keptAny = true
                }
                JSONWriter.writeString(bytes: document.stringBytes(inner.key), into: &out)
                out.append(UInt8(ascii: ":"))
                document.writeCompact(inner.value, into: &out)
            }
            if keptAny { out.append(UInt8(ascii: "}")) }
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// The bytes reserved for rebuilt custom data (most fit; a larger one grows as an array does).
    private static var customDataCapacity: Int { 256 }

    /// The string members of custom data (what ``stringData(_:)`` keeps of the model's).
    private static func stringData(
        _ data: [(key: BorrowedDocument.Node, value: BorrowedDocument.Node)], of document: BorrowedDocument
    ) -> JSONObject {
        var out = JSONObject()
        for member in data {
            if let value = document.string(member.value) {
                out.appendUnchecked(document.keyString(member.key), .string(value))
            }
        }
        return out
    }

    /// Custom data named `aps`, `data` or the media key needs the adapter (as for `amazon`).
    package func wireDataCollides(_ wire: WireNotification, options: FormatOptions) -> Bool {
        wire.dataHas(APNsKeys.aps) || wire.dataHas(options.amazonMediaKey) || wire.dataHas(AmazonKeys.data)
    }

    /// SNS is written by its adapter (each platform's payload is a string).
    package func wireWrite(_ wire: WireNotification, into out: inout [UInt8], context: inout RenderContext) -> Bool {
        false
    }
}

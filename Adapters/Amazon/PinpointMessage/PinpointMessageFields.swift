import JSONCodec
package import PushCore
package import WireTables

private typealias M = AmazonKeys.Message

/// The content fields of Pinpoint's `APNSMessage`, declared once: wire key ↔ canonical field, JSON type, in the order
/// ``PinpointMessageWriter`` writes them. One generic reader and one generic writer interpret the table; hooks cover
/// what is special (one media URL, a sound that is only a name, `SilentPush` implying the background push type).
/// `Data` and `Action` + `Url` (delivered under `data.pinpoint`), the header fields and `RawContent` are read and
/// written by ``PinpointMessageReader`` / ``PinpointMessageWriter`` around it.
package enum PinpointMessageFields {
    /// What only Pinpoint reads and writes itself.
    package enum Hook: Sendable {
        /// `MediaUrl`: the first media item's URL.
        case mediaURL
        /// `Sound`: `sound.name`.
        case soundName
    }

    /// The `APNSMessage` content fields. Keys the table does not model are kept by ``PinpointMessageReader`` in
    /// `extensions.amazon.pinpointMessage.fields`.
    package static let table = WireTable<Hook>(
        namespace: AmazonKeys.Extension.namespace,
        lines: [
            .text(WireKey(M.title), .title),
            .text(WireKey(M.body), .body),
            .hook(WireKey(M.mediaURL), .mediaURL, carries: ["media"]),
            .integer(WireKey(M.badge), .badge),
            .hook(WireKey(M.sound), .soundName, carries: ["sound"]),
            .text(WireKey(M.threadID), .group),
            .text(WireKey(M.category), .category),
            .bool(WireKey(M.silentPush), .contentAvailable),
        ],
        unmodelled: AmazonKeys.Extension.PinpointMessage.fields,
        unmodelledOthersLose: "these are APNSMessage keys the model does not know")

    // MARK: - Reading

    /// Reads every table field out of `rest` into `n` through the generic reader (a wrong type is reported and left
    /// in `rest`, with the keys the table does not model, in input order).
    package static func read(
        from rest: inout JSONObject, at base: JSONPointer, into n: inout PushNotification,
        context: inout NormaliseContext
    ) {
        rest = read(JSONValueSource(), .object(rest), at: base, into: &n, context: &context)
    }

    /// Reads every table field of the object `message` of `source` into `n`; returns what the table left (keys it
    /// does not model and values of the wrong type), in input order.
    static func read<S: WireSource>(
        _ source: S, _ message: S.Node, at base: JSONPointer, into n: inout PushNotification,
        context: inout NormaliseContext
    ) -> JSONObject {
        var hooks = PinpointMessageHooks()
        var kept = JSONObject()
        table.read(source, message, at: base, into: &n, ext: &kept, hooks: &hooks, context: &context)
        return kept[table.unmodelled]?.objectValue ?? JSONObject()
    }

    // MARK: - Writing

    /// Writes every table field `n` holds into `m` through the generic writer, in table order, explaining what a
    /// field carries only in part.
    package static func write(_ n: PushNotification, into m: inout JSONObject, context: inout RenderContext) {
        var hooks = PinpointMessageHooks()
        var out = JSONValueOutput()
        table.write(n, ext: JSONObject(), hooks: &hooks, context: &context, to: &out)
        for (key, value) in out.result.objectValue ?? JSONObject() { m[key] = value }
    }
}

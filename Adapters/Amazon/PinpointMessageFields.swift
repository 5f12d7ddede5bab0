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

    /// The lines of ``table``.
    package static let content = table.lines

    // MARK: - Reading

    /// Takes every table field out of `rest` (a wrong type is reported and left there) into `n`.
    package static func read(
        from rest: inout JSONObject, at base: JSONPointer, into n: inout PushNotification,
        context: inout NormaliseContext
    ) {
        for line in content {
            let key = line.name
            let path = base.appending(key)
            switch line.value {
            case .text(let field):
                guard let text = rest.takeString(key, at: base, &context.diagnostics) else { continue }
                n[text: field] = text
            case .integer(let field):
                guard let number = rest.takeInteger(key, at: base, &context.diagnostics) else { continue }
                n[integer: field] = number
            case .bool(let field):
                guard let flag = rest.takeBool(key, at: base, &context.diagnostics) else { continue }
                n[flag: field] = flag
            case .hook(.mediaURL):
                guard let url = rest.takeString(key, at: base, &context.diagnostics) else { continue }
                n.media = [PushNotification.Media(url: url)]
                context.provenance[JSONPointer(tokens: ["media", "0"])] = path
                context.diagnostics.info(.amazonMediaFound, at: path, "media URL read from `MediaUrl`")
            case .hook(.soundName):
                guard let name = rest.takeString(key, at: base, &context.diagnostics) else { continue }
                n.sound = PushNotification.Sound(name: name)
            case .flag, .number, .value, .strings, .kept, .object, .embedded:
                // The table has no such lines.
                continue
            }
            context.record(line.canonicalName ?? line.hookCarries.first ?? key, from: path)
        }
    }

    // MARK: - Writing

    /// Writes every table field `n` holds into `m`, in table order, explaining what a field carries only in part.
    package static func write(_ n: PushNotification, into m: inout JSONObject, context: inout RenderContext) {
        for line in content {
            let key = line.name
            switch line.value {
            case .text(let field):
                if let text = n[text: field] { m[key] = .string(text) }
            case .integer(let field):
                if let number = n[integer: field] { m[key] = .integer(number) }
            case .bool(let field):
                if let flag = n[flag: field] { m[key] = .bool(flag) }
            case .hook(.mediaURL):
                guard let first = n.media.first else { continue }
                m[key] = .string(first.url)
                if n.media.count > 1 {
                    context.explainLoss(at: JSONPointer(tokens: ["media"]), "`MediaUrl` holds one URL")
                } else if first.identifier != nil || first.kind != PushNotification.MediaKind(url: first.url) {
                    context.explainLoss(at: JSONPointer(tokens: ["media"]), "`MediaUrl` carries only the URL")
                }
            case .hook(.soundName):
                guard let sound = n.sound else { continue }
                m[key] = .string(sound.name)
                for (key, present) in [("critical", sound.critical != nil), ("volume", sound.volume != nil)]
                where present {
                    context.explainLoss(
                        at: JSONPointer(tokens: ["sound", key]),
                        "Pinpoint's `Sound` is a file name; no critical alert or volume")
                }
            case .flag, .number, .value, .strings, .kept, .object, .embedded:
                continue
            }
        }
    }
}

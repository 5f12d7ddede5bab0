package import PushCore

private typealias M = AmazonKeys.Message

/// The content fields of Pinpoint's `APNSMessage`, declared once: wire key ↔ canonical field, JSON type, in the order
/// ``PinpointMessageWriter`` writes them. One generic reader and one generic writer interpret the table; hooks cover
/// what is special (one media URL, a sound that is only a name, `SilentPush` implying the background push type).
/// `Data` and `Action` + `Url` (delivered under `data.pinpoint`), the header fields and `RawContent` are read and
/// written by ``PinpointMessageReader`` / ``PinpointMessageWriter`` around it.
package enum PinpointMessageFields {
    /// How a line's value is held in the model.
    package enum Value: Sendable {
        case text(any WritableKeyPath<PushNotification, String?> & Sendable)
        case integer(any WritableKeyPath<PushNotification, Int64?> & Sendable)
        case flag(any WritableKeyPath<PushNotification, Bool?> & Sendable)
        /// `MediaUrl`: the first media item's URL.
        case mediaURL
        /// `Sound`: `sound.name`.
        case soundName
    }

    /// One `APNSMessage` field.
    package struct Line: Sendable {
        package let key: String
        package let canonical: String
        package let value: Value
    }

    /// The table.
    package static let content: [Line] = [
        Line(key: M.title, canonical: "title", value: .text(\.title)),
        Line(key: M.body, canonical: "body", value: .text(\.body)),
        Line(key: M.mediaURL, canonical: "media", value: .mediaURL),
        Line(key: M.badge, canonical: "badge", value: .integer(\.badge)),
        Line(key: M.sound, canonical: "sound", value: .soundName),
        Line(key: M.threadID, canonical: "group", value: .text(\.group)),
        Line(key: M.category, canonical: "category", value: .text(\.category)),
        Line(key: M.silentPush, canonical: "contentAvailable", value: .flag(\.contentAvailable)),
    ]

    // MARK: - Reading

    /// Takes every table field out of `rest` (a wrong type is reported and left there) into `n`.
    package static func read(
        from rest: inout JSONObject, at base: JSONPointer, into n: inout PushNotification,
        context: inout NormaliseContext
    ) {
        for line in content {
            let path = base.appending(line.key)
            switch line.value {
            case .text(let field):
                guard let text = rest.takeString(line.key, at: base, &context.diagnostics) else { continue }
                n[keyPath: field] = text
            case .integer(let field):
                guard let number = rest.takeInteger(line.key, at: base, &context.diagnostics) else { continue }
                n[keyPath: field] = number
            case .flag(let field):
                guard let flag = rest.takeBool(line.key, at: base, &context.diagnostics) else { continue }
                n[keyPath: field] = flag
            case .mediaURL:
                guard let url = rest.takeString(line.key, at: base, &context.diagnostics) else { continue }
                n.media = [PushNotification.Media(url: url)]
                context.provenance[JSONPointer(tokens: ["media", "0"])] = path
                context.diagnostics.info(.amazonMediaFound, at: path, "media URL read from `MediaUrl`")
            case .soundName:
                guard let name = rest.takeString(line.key, at: base, &context.diagnostics) else { continue }
                n.sound = PushNotification.Sound(name: name)
            }
            context.record(line.canonical, from: path)
        }
    }

    // MARK: - Writing

    /// Writes every table field `n` holds into `m`, in table order, explaining what a field carries only in part.
    package static func write(_ n: PushNotification, into m: inout JSONObject, context: inout RenderContext) {
        for line in content {
            switch line.value {
            case .text(let field):
                if let text = n[keyPath: field] { m[line.key] = .string(text) }
            case .integer(let field):
                if let number = n[keyPath: field] { m[line.key] = .integer(number) }
            case .flag(let field):
                if let flag = n[keyPath: field] { m[line.key] = .bool(flag) }
            case .mediaURL:
                guard let first = n.media.first else { continue }
                m[line.key] = .string(first.url)
                if n.media.count > 1 {
                    context.explainLoss(at: JSONPointer(tokens: ["media"]), "`MediaUrl` holds one URL")
                } else if first.identifier != nil || first.kind != PushNotification.MediaKind(url: first.url) {
                    context.explainLoss(at: JSONPointer(tokens: ["media"]), "`MediaUrl` carries only the URL")
                }
            case .soundName:
                guard let sound = n.sound else { continue }
                m[line.key] = .string(sound.name)
                for (key, present) in [("critical", sound.critical != nil), ("volume", sound.volume != nil)]
                where present {
                    context.explainLoss(
                        at: JSONPointer(tokens: ["sound", key]),
                        "Pinpoint's `Sound` is a file name; no critical alert or volume")
                }
            }
        }
    }
}

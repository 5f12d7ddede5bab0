package import JSONCodec
package import PushCore
import WireTables

/// The hook lines of the `APNSMessage` table (``PinpointMessageFields``), written once over any source and any
/// output: one media URL, and a sound that is only a name.
///
/// The value holds the location of the model's media item (built once, not per record). It must hold something:
/// the engine takes the hooks `inout`, and for a type with no storage Swift passes an undefined address, which the
/// unspecialised engine's accesses then name under ThreadSanitizer. An empty `PinpointMessageHooks` got the address of
/// the engine's shared type metadata, so two threads reading APNSMessages were reported as racing on it
/// (``WireTableHooks``; `PinpointMessageConcurrencyTests`).
package struct PinpointMessageHooks: WireTableHooks {
    package typealias Hook = PinpointMessageFields.Hook

    /// Where the media item read from `MediaUrl` sits in the model (`/media/0`), for provenance.
    let mediaItem: JSONPointer

    package init() { mediaItem = Self.firstMedia }

    /// `/media/0`, built once.
    private static let firstMedia = JSONPointer(tokens: ["media", "0"])

    /// Every hook reads only a member that is there.
    package static func readsAbsent(_ hook: Hook) -> Bool { false }

    package func read<S: WireSource>(
        _ hook: Hook, _ source: S, _ value: S.Node?, key: String, at path: JSONPointer, into n: inout PushNotification,
        ext: inout JSONObject, context: inout NormaliseContext
    ) -> Bool {
        guard let value else { return false }
        guard let text = source.string(value) else {
            context.diagnostics.error(
                .wrongType, at: path.appending(key),
                "`\(key)` must be a string, found \(source.typeName(value)); kept as it was")
            return false
        }
        switch hook {
        case .mediaURL:
            let at = path.appending(key)
            n.media = [PushNotification.Media(url: text)]
            context.record(path: mediaItem, from: at)
            context.diagnostics.info(.amazonMediaFound, at: at, "media URL read from `MediaUrl`")
            context.record("media", from: at)
        case .soundName:
            n.sound = PushNotification.Sound(name: text)
            context.record("sound", from: path.appending(key))
        }
        return true
    }

    package func check(
        _ hook: Hook, _ value: JSONValue, ext: JSONObject, at path: JSONPointer, context: inout NormaliseContext
    ) {}

    /// The keys the table does not model stay with the message's other keys, which ``PinpointMessageReader`` reads
    /// and reports.
    package func reportUnmodelled(_ rest: JSONObject, at path: JSONPointer, context: inout NormaliseContext) {}

    package func write<O: WireOutput>(
        _ hook: Hook, key: String, _ n: PushNotification, ext: JSONObject, unmodelled: JSONObject,
        context: inout RenderContext, to out: inout O
    ) -> Bool {
        switch hook {
        case .mediaURL:
            guard let first = n.media.first else { return false }
            out.key(key)
            out.text(first.urlText)
            if n.media.count > 1 {
                context.explainLoss(at: JSONPointer(tokens: ["media"]), "`MediaUrl` holds one URL")
            } else if !first.holdsOnlyURL {
                context.explainLoss(at: JSONPointer(tokens: ["media"]), "`MediaUrl` carries only the URL")
            }
        case .soundName:
            guard let sound = n.sound else { return false }
            out.key(key)
            out.string(sound.name)
            for (name, present) in [("critical", sound.critical != nil), ("volume", sound.volume != nil)]
            where present {
                context.explainLoss(
                    at: JSONPointer(tokens: ["sound", name]),
                    "Pinpoint's `Sound` is a file name; no critical alert or volume")
            }
        }
        return true
    }
}

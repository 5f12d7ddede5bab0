public import PushCore

// Media under an app's own top-level key (`image`, `image_url`, `imageUrl`, `media-url`, `mediaUrl`, …): plain APNs has
// no media key, so the `apns` format reads one only when the `apnsMediaKeys` option names it, and otherwise suggests the
// option (info `apns.media.custom-key`) for a top-level https URL with a media extension. Rendering writes media item i
// under the option's key i (a payload read from its second key renders under the first: the keys are the option's, not
// remembered).

extension APNsAdapter {
    /// Takes the option's keys out of `data` as media (in the option's order); suggests the option for a top-level
    /// https URL with a media extension when it is not set.
    static func readMediaKeys(into n: inout PushNotification, context: inout NormaliseContext) {
        let keys = context.options.apnsMediaKeys
        guard !keys.isEmpty else {
            for (key, value) in n.data {
                guard case .string(let url) = value, looksLikeMedia(url) else { continue }
                context.diagnostics.info(
                    .apnsMediaCustomKey, at: JSONPointer(tokens: [key]),
                    "`\(key)` holds a media URL, which plain APNs has no key for: kept as custom data; set the option "
                        + "apnsMediaKeys [\"\(key)\"] to read it as media")
            }
            return
        }
        for key in keys {
            guard case .string(let url)? = n.data[key] else { continue }
            n.data.removeValue(forKey: key)
            let path = JSONPointer(tokens: [key])
            context.provenance[JSONPointer(tokens: ["media", String(n.media.count)])] = path
            if n.media.isEmpty { context.record("media", from: path) }
            n.media.append(PushNotification.Media(url: url))
            context.diagnostics.info(
                .apnsMediaCustomKey, at: path, "media URL read from `\(key)` (option apnsMediaKeys)")
        }
    }

    /// Writes media item i under the option's key i (when the payload has no such key already).
    static func writeMediaKeys(_ n: PushNotification, into root: inout JSONObject, context: inout RenderContext) {
        let keys = context.options.apnsMediaKeys
        guard !n.media.isEmpty else { return }
        guard !keys.isEmpty else {
            context.explainLoss(at: JSONPointer(tokens: ["media"]), Self.mediaLossReason)
            return
        }
        for (item, key) in zip(n.media, keys) where root[key] == nil { root[key] = .string(item.url) }
    }

    /// True for an https URL whose path ends in an extension iOS attaches.
    static func looksLikeMedia(_ text: String) -> Bool {
        text.utf8.count > 8 && text.lowercased().hasPrefix("https://") && PushNotification.MediaKind(url: text) != nil
    }

    /// With `apnsMediaKeys`, what reading the rendering back gives (one URL per key; a kind or identifier the URL does
    /// not imply, and items past the keys, are lost); otherwise the fields the descriptor names.
    public func carriedPart(of notification: PushNotification, options: FormatOptions) -> PushNotification {
        guard !options.apnsMediaKeys.isEmpty, !notification.media.isEmpty else {
            return notification.keeping(descriptor.carriedFields)
        }
        var renderContext = RenderContext(options: options)
        var read = NormaliseContext(options: options)
        read.recordsProvenance = false
        let back = normalise(render(notification, context: &renderContext), context: &read) ?? PushNotification()
        var carried = notification.keeping(descriptor.carriedFields)
        carried.media = notification.media
        return carried.removing(notification.lostFields(comparedWith: back))
    }
}

extension DiagnosticCode {
    /// Info: a top-level media URL under an app's own key (read as media with the `apnsMediaKeys` option, or a
    /// suggestion to set it).
    public static let apnsMediaCustomKey: DiagnosticCode = "apns.media.custom-key"
}

package import PushCore

private typealias X = ZegoKeys.Extension

/// Checks and render helpers shared by the three ZEGO formats.
package enum ZegoForm {
    // MARK: - Reading

    /// Reports a resourcesID / PushStrategyId over 32 characters (kept as it is).
    package static func checkResourcesID(_ id: String, at path: JSONPointer, _ diagnostics: inout [Diagnostic]) {
        if id.count > ZegoKeys.resourcesIDMaximumLength {
            diagnostics.warning(
                .zegoResourcesIDTooLong, at: path,
                "a resourcesID is at most \(ZegoKeys.resourcesIDMaximumLength) characters; this one has \(id.count)")
        }
    }

    /// Reports a badge increment outside 0…99 (`capped`: the server API's documented cap) or below 0.
    package static func checkBadgeIncrement(
        _ increment: Int64, at path: JSONPointer, capped: Bool, _ diagnostics: inout [Diagnostic]
    ) {
        if increment < 0 {
            diagnostics.warning(
                .zegoBadgeIncrementRange, at: path,
                "a badge increment of \(increment) is negative; ZEGO documents 0…99"
            )
        } else if capped && increment > ZegoKeys.badgeIncrementRange.upperBound {
            diagnostics.warning(
                .zegoBadgeIncrementRange, at: path,
                "BadgeIncrement \(increment) is over 99; ZEGO treats it as 99 (kept as \(increment))")
        }
    }

    /// Reports an increment that `enableBadge` switches off.
    package static func checkIncrementEnabled(
        increment: Int64?, enabled: Bool?, at path: JSONPointer, _ diagnostics: inout [Diagnostic]
    ) {
        guard let increment, increment != 0, enabled != true else { return }
        diagnostics.info(
            .zegoBadgeIncrementDisabled, at: path,
            "a badge increment of \(increment) has no effect unless the badge is enabled (enableBadge/EnableBadge true)"
        )
    }

    /// Reads a payload string into media and `extensions.zego.payload`. Returns the media URL.
    package static func readPayload(
        _ text: String, at path: JSONPointer, into ext: inout JSONObject, context: inout NormaliseContext
    ) -> String? {
        let payload = ZegoPayloadString.read(
            text, at: path, mediaKey: context.options.zegoPayloadMediaKey, &context.diagnostics)
        if let kept = payload.kept { ext[X.payload] = kept }
        return payload.mediaURL
    }

    /// Reports each key left in `rest` (unknown to the model and not already reported) as kept.
    package static func reportUnknownKeys(
        _ rest: JSONObject, at path: JSONPointer, in object: String, _ diagnostics: inout [Diagnostic]
    ) {
        var named = diagnostics.keysNamed(under: path)
        for key in rest.keys where named.insert(key).inserted {
            let legacy = key == ZegoKeys.legacyPayload && object == "ZIMPushConfig"
            diagnostics.warning(
                .zegoUnknownKey, at: path.appending(key),
                legacy
                    ? "`extendedData` is what ZIM before 2.5.0 called `payload`; kept as it is, not read as the payload"
                    : "`\(key)` is not a \(object) key: ZEGO does not read it (kept and rendered back in place)")
        }
    }

    // MARK: - Rendering

    /// The payload string for `n`, placing the first media URL under the media key when there is room,
    /// and explaining the media that finds no place.
    package static func payloadText(
        for n: PushNotification, mediaURL: String?, otherMediaPlaced: Bool = false, context: inout RenderContext
    ) -> String? {
        let kept = n.extensionObject(X.namespace)[X.payload]
        let key = context.options.zegoPayloadMediaKey
        let (text, placed) = ZegoPayloadString.render(kept: kept, mediaURL: mediaURL, mediaKey: key)
        if mediaURL != nil && !placed && !otherMediaPlaced {
            context.explainLoss(
                at: JSONPointer(tokens: ["media"]),
                kept?.stringValue != nil
                    ? "the ZEGO payload string is not a JSON object (kept verbatim): no room for the media URL"
                    : "the ZEGO payload object already holds a non-URL `\(key)`; the media URL has no place")
        }
        return text
    }

    /// Explains that only one media item fits (ZEGO's payload recipe carries one image URL).
    package static func explainExtraMedia(_ n: PushNotification, capacity: Int, context: inout RenderContext) {
        if n.media.contains(where: { !$0.holdsOnlyURL }) {
            context.explainLoss(
                at: JSONPointer(tokens: ["media"]),
                "ZEGO carries only the image URL: a media kind other than the URL's extension implies, "
                    + "and an identifier, are not carried")
        }
        if n.media.count > capacity {
            context.explainLoss(
                at: JSONPointer(tokens: ["media"]),
                "ZEGO carries \(capacity == 1 ? "one image URL" : "\(capacity) image URLs"); "
                    + "\(n.media.count) media items were given"
            )
        }
    }

    /// The info (or warning, without a resourcesID) that ZEGO only delivers `mutable-content: 1`, which the
    /// image needs, through a resourcesID configured with it.
    package static func noteMedia(
        _ n: PushNotification, resourcesID: String?, delivered: Bool, context: inout RenderContext
    ) {
        guard !n.media.isEmpty else { return }
        let path = JSONPointer(tokens: ["media"])
        if delivered {
            context.diagnostics.info(
                .zegoMediaNeedsResourcesID, at: path,
                "on ZEGO this payload has `mutable-content: 1` (needed for the image) only when the push is sent "
                    + "with a resourcesID that ZEGO has configured with mutable-content:1")
        } else if let resourcesID {
            context.diagnostics.info(
                .zegoMediaNeedsResourcesID, at: path,
                "the image reaches the Notification Service Extension only if resourcesID \"\(resourcesID)\" "
                    + "is configured with mutable-content:1 (ZEGO console or technical support)")
        } else {
            context.diagnostics.warning(
                .zegoMediaNeedsResourcesID, at: path,
                "media on ZEGO needs a resourcesID configured with mutable-content:1, and none is set "
                    + "(set option zegoResourcesID); without it iOS shows the push without the image")
        }
    }
}

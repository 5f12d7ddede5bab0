import JSONCodec
package import PushCore

/// ZEGO's pass-through `payload` string, shared by the three ZEGO formats.
///
/// ZEGO carries it as an opaque string; its photo-attachment recipe puts a JSON object in it whose
/// key (`image_attachment` in ZEGO's example, the app's choice in general: option
/// `zegoPayloadMediaKey`) holds the image URL the Notification Service Extension downloads.
/// Reading: a JSON object gives the media URL and keeps its other keys, in order, as an object;
/// anything else is kept verbatim. Rendering writes the object back compactly, media key first.
package struct ZegoPayloadString: Sendable, Hashable {
    /// The media URL found under the media key.
    package var mediaURL: String?
    /// What `extensions.zego.payload` keeps: the object without the media key, or the string verbatim.
    /// Nil when the object held only the media URL.
    package var kept: JSONValue?

    package init(mediaURL: String?, kept: JSONValue?) {
        self.mediaURL = mediaURL
        self.kept = kept
    }

    /// Reads `text`, located at `path` in the input. Findings inside the string are located at `path`
    /// (a JSON Pointer cannot enter a string); the message names the key or the line and column.
    package static func read(
        _ text: String, at path: JSONPointer, mediaKey: String, _ diagnostics: inout [Diagnostic]
    ) -> ZegoPayloadString {
        // An empty payload is ZIMPushConfig's default: nothing to parse, nothing to warn about.
        if text.isEmpty { return ZegoPayloadString(mediaURL: nil, kept: .string(text)) }
        let parsed: JSONValue
        do {
            parsed = try JSONParser().parse(text)
        } catch {
            diagnostics.info(
                .zegoPayloadNotJSON, at: path,
                "the payload string is not JSON (\(error.kind.rawValue) at line \(error.line), column \(error.column): "
                    + "\(error.message)); kept verbatim, so no media URL is read from it")
            return ZegoPayloadString(mediaURL: nil, kept: .string(text))
        }
        guard case .object(var object) = parsed else {
            diagnostics.info(
                .zegoPayloadNotObject, at: path,
                "the payload string holds JSON \(parsed.typeName), not an object; "
                    + "kept verbatim, so no media URL is read from it"
            )
            return ZegoPayloadString(mediaURL: nil, kept: .string(text))
        }
        var mediaURL: String?
        switch object[mediaKey] {
        case .string(let url)?:
            object.removeValue(forKey: mediaKey)
            mediaURL = url
        case let other?:
            diagnostics.warning(
                .zegoPayloadMediaNotString, at: path,
                "the payload's `\(mediaKey)` must be a URL string, found \(other.typeName); "
                    + "kept in the payload, not read as media"
            )
        case nil:
            break
        }
        return ZegoPayloadString(mediaURL: mediaURL, kept: mediaURL != nil && object.isEmpty ? nil : .object(object))
    }

    /// The string to write for `kept` plus `mediaURL`; nil when there is nothing to write.
    /// `placedMedia` tells whether the URL found a place: a verbatim string, or an object whose media
    /// key already holds another value, leaves none.
    package static func render(
        kept: JSONValue?, mediaURL: String?, mediaKey: String
    ) -> (text: String?, placedMedia: Bool) {
        switch kept {
        case .string(let text)? where !text.isEmpty || mediaURL == nil:
            return (text, false)
        case .string?:
            // An empty payload gives way to the media URL.
            guard let mediaURL else { return (nil, false) }
            return (JSONValue.object(withMedia(mediaURL, key: mediaKey, before: JSONObject())).compactText, true)
        case .object(let object)?:
            guard let mediaURL, object[mediaKey] == nil else { return (JSONValue.object(object).compactText, false) }
            return (JSONValue.object(withMedia(mediaURL, key: mediaKey, before: object)).compactText, true)
        case nil:
            guard let mediaURL else { return (nil, false) }
            return (JSONValue.object(withMedia(mediaURL, key: mediaKey, before: JSONObject())).compactText, true)
        case let other?:
            // Not something a read produces: a hand-written canonical value. Written as JSON text.
            return (other.compactText, false)
        }
    }

    private static func withMedia(_ url: String, key: String, before object: JSONObject) -> JSONObject {
        var out = JSONObject()
        out.appendUnchecked(key, .string(url))
        for (k, v) in object { out.appendUnchecked(k, v) }
        return out
    }
}

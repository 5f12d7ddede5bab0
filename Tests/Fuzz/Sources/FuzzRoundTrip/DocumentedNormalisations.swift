import JSONCodec
import PushCore

/// The "Normalisations" table of the DocC article on the canonical model, as a comparison: where
/// `render(normalise(p))` may differ from `p`.
///
/// Announced ones (a warning or info finding at the key or an ancestor: `true` flags, `critical: true`, Pinpoint
/// priorities, an implied push type, ZEGO's written-out `Enable`) are explained by the finding. The silent ones:
/// key order (renderers write their own order); a body-only alert dictionary as a string; a name-only sound
/// dictionary as a string; an integral real volume or relevance score as an integer; JSON held in strings (SNS
/// `APNS*`, `RawContent`, ZEGO `payload`) re-serialised (compared parsed); `hive`'s group written to both
/// `aps.thread-id` and `groupId`; an empty ZEGO payload given way to the media URL; ZEGO OfflinePush media written
/// everywhere ZEGO reads it; Pinpoint `Priority` digits written as their number; an empty custom-data object
/// (`Data: {}`, `data: {}`) dropped; an empty `fcm` or `hms` block (or one holding only empty blocks) dropped;
/// `sns`'s legacy `GCM` body written as `fcmV1Message`.
enum DocumentedNormalisations {
    static func differences(
        _ input: JSONValue, _ rendered: JSONValue, format: String, findings: [JSONPointer]
    ) -> [String] {
        var out: [String] = []
        compare(input, rendered, at: .root, format: format, findings: findings, into: &out)
        return out
    }

    /// A finding at `path` or at a non-root ancestor explains a difference there (a finding about the whole
    /// payload, at the root, explains nothing below it).
    private static func announced(_ path: JSONPointer, _ findings: [JSONPointer]) -> Bool {
        findings.contains { $0 == path || (!$0.tokens.isEmpty && path.tokens.starts(with: $0.tokens)) }
    }

    /// The keys that hold a format's custom data (Pinpoint's `Data`, FCM's and Hive's `data`): an empty one is
    /// dropped (the model's `data` is empty either way).
    private static func isCustomData(_ key: String) -> Bool { key == "Data" || key == "data" }

    /// An object that is empty, or holds only such objects (`apns: {fcm_options: {}}`): what an `fcm` message drops,
    /// since FCM treats an empty block as absent (the documented normalisation of empty FCM objects).
    private static func holdsOnlyEmptyObjects(_ value: JSONValue) -> Bool {
        guard let object = value.objectValue else { return false }
        return object.allSatisfy { holdsOnlyEmptyObjects($0.value) }
    }

    /// True at a path inside an FCM message: an `fcm`/`fcm-legacy` payload, or the one embedded in `pinpoint-gcm`'s
    /// `RawContent` or `sns`'s `GCM` string (written by the same writer, with the same normalisations); and in an
    /// `hms` message, whose empty blocks HMS treats as absent too, and in an `adm` message (an empty `notification`).
    private static func holdsFCMMessage(_ path: JSONPointer, format: String) -> Bool {
        format.hasPrefix("fcm") || format == "hms" || format == "adm" || path.tokens.first == "RawContent"
            || path.tokens.first == "GCM"
            || path.tokens.contains("RawContent")
    }

    /// Keys a renderer may add that the input did not have (documented: written everywhere the vendor reads).
    private static func mayAdd(_ key: String, at path: JSONPointer, format: String) -> Bool {
        switch format {
        case "hive": return (path == .root && key == "groupId") || (path == "/aps" && key == "thread-id")
        case "zego-offline-push":
            return ["PushImageInfo", "Apns", "Image", "Payload", "image_attachment", "Enable"].contains(key)
        default: return false
        }
    }

    private static func compare(
        _ a: JSONValue, _ b: JSONValue, at path: JSONPointer, format: String, findings: [JSONPointer],
        into out: inout [String]
    ) {
        if a.compactText == b.compactText || announced(path, findings) { return }
        let key = path.tokens.last
        switch (a, b) {
        case (.object(let x), .object(let y)):
            for (k, v) in x {
                if let w = y[k] {
                    compare(v, w, at: path.appending(k), format: format, findings: findings, into: &out)
                } else if !announced(path.appending(k), findings)
                    && !(v.objectValue?.isEmpty == true && isCustomData(k))
                    && !(holdsFCMMessage(path, format: format) && holdsOnlyEmptyObjects(v))
                {
                    out.append("\(path.appending(k)) dropped")
                }
            }
            for (k, _) in y where x[k] == nil && !mayAdd(k, at: path, format: format) {
                out.append("\(path.appending(k)) added")
            }
            return
        case (.array(let x), .array(let y)) where x.count == y.count:
            for (index, pair) in zip(x, y).enumerated() {
                compare(
                    pair.0, pair.1, at: path.appending(index: index), format: format, findings: findings, into: &out)
            }
            return
        case (.object(let x), .string(let text)) where key == "alert" && x.count == 1 && x["body"] == .string(text):
            return
        case (.object(let x), .string(let text)) where key == "sound" && x.count == 1 && x["name"] == .string(text):
            return
        case (.double(let x), .integer(let y)) where (key == "volume" || key == "relevance-score") && x == Double(y):
            return
        case (.string(let x), .string(let y)):
            let parsedX = try? JSONValue(parsing: x)
            let parsedY = try? JSONValue(parsing: y)
            if let parsedX, let parsedY, parsedX.objectValue != nil || parsedX.arrayValue != nil {
                // `sns`: a legacy FCM body in `GCM` is written as `{"fcmV1Message": …}` (a documented normalisation:
                // SNS's legacy → v1 mapping; what v1 has no place for is reported lost). The v1 message is then
                // what the next round trip keeps.
                if format == "sns", key == "GCM", parsedX.objectValue?["fcmV1Message"] == nil,
                    parsedY.objectValue?["fcmV1Message"] != nil
                {
                    return
                }
                compare(parsedX, parsedY, at: path, format: format, findings: findings, into: &out)
                return
            }
            // Pinpoint's `Priority` digits are written as the number they are (`"05"` → `"5"`).
            if key == "Priority", let p = Int(x), let q = Int(y), p == q { return }
            // An empty ZEGO payload gives way to the media URL.
            if x.isEmpty, key == "payload" || key == "Payload", parsedY?.objectValue != nil { return }
        default:
            break
        }
        out.append("\(path): \(a.compactText) → \(b.compactText)")
    }
}

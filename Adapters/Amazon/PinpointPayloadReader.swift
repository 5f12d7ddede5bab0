import APNsAdapter
package import PushCore

private typealias P = AmazonKeys.Pinpoint

/// Reads a Pinpoint payload as delivered (format `pinpoint`, and `RawContent` of `pinpoint-message`):
/// APNs, plus `data.media-url` (the media). `data.pinpoint` (campaign or journey, `deeplink`, `url`, `jsonBody`: what
/// Amazon's SDKs read in the app) stays in custom data as `data.data.pinpoint`, where every APNs target delivers it
/// unchanged; its known children are type-checked. Other root keys go to `data`.
package enum PinpointPayloadReader {
    /// Reads `root` (located at the input's root) into `n`.
    package static func read(_ root: JSONObject, into n: inout PushNotification, context: inout NormaliseContext) {
        var rest = root
        let dataPath = JSONPointer(tokens: [AmazonKeys.data])
        if case .object(var data)? = rest[AmazonKeys.data] {
            let before = data.count
            if let url = data.takeString(P.mediaURL, at: dataPath, &context.diagnostics) {
                let path = dataPath.appending(P.mediaURL)
                n.media.append(PushNotification.Media(url: url))
                context.record("media", from: path)
                context.record(path: JSONPointer(tokens: ["media", "0"]), from: path)
                context.diagnostics.info(.amazonMediaFound, at: path, "media URL read from Pinpoint's `data.media-url`")
            }
            switch data[P.pinpoint] {
            case .object(let pinpoint)?:
                check(pinpoint, at: dataPath.appending(P.pinpoint), context: &context)
            case nil:
                break
            case let value?:
                context.diagnostics.error(
                    .wrongType, at: dataPath.appending(P.pinpoint),
                    "`\(P.pinpoint)` must be an object, found \(value.typeName); kept as it was")
            }
            if data.count != before { rest[AmazonKeys.data] = data.isEmpty ? nil : .object(data) }
        }
        APNsPayloadReader.readAps(from: &rest, at: .root, into: &n, context: &context)
        APNsAdapter.reportMisplacedKeys(in: rest, context: &context)
        n.data = rest
        if !rest.isEmpty { context.record("data", from: .root) }
    }

    /// Type-checks the children of `data.pinpoint` it knows; the object is kept verbatim whatever they hold.
    private static func check(_ pinpoint: JSONObject, at path: JSONPointer, context: inout NormaliseContext) {
        let expectations: [(String, String, (JSONValue) -> Bool)] = [
            (P.deeplink, "a string", { $0.stringValue != nil }),
            (P.campaign, "an object", { $0.objectValue != nil }),
            (P.journey, "an object", { $0.objectValue != nil }),
            (P.jsonBody, "an object or a string", { $0.objectValue != nil || $0.stringValue != nil }),
            (P.url, "a string", { $0.stringValue != nil }),
        ]
        for (key, expected, isValid) in expectations {
            guard let value = pinpoint[key], !isValid(value) else { continue }
            context.diagnostics.error(
                .wrongType, at: path.appending(key),
                "`\(key)` must be \(expected), found \(value.typeName); kept as it was")
        }
        for key in pinpoint.keys where !expectations.contains(where: { $0.0 == key }) {
            context.diagnostics.info(
                .amazonMessageUnknownKey, at: path.appending(key),
                "`data.pinpoint.\(key)` is not a key Pinpoint defines; kept verbatim")
        }
    }
}

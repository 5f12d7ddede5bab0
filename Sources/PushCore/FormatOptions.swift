/// The one options value shared by the library, the CLI (`--options FILE`) and the RPC (`options`).
///
/// Every option has a documented default; the README's "Undocumented vendor details" section says
/// why each default was chosen. JSON form: an object with these camelCase keys, all optional.
public struct FormatOptions: Sendable, Hashable {
    /// `amazonMediaKey`: the userInfo key of the Amazon-style media URL. Default `attachment-url`.
    public var amazonMediaKey: String = "attachment-url"
    /// `amazonMediaPlacement`: where `amazon` renders the media URL: `top` (default, as the seed's
    /// extension reads it), `data` (the Pusher convention), or `aps`.
    public var amazonMediaPlacement: String = "top"
    /// `snsPlatform`: which SNS key holds the APNs payload: `APNS` (default), `APNS_SANDBOX`, `APNS_VOIP`,
    /// `APNS_VOIP_SANDBOX`, `MACOS` or `MACOS_SANDBOX`.
    public var snsPlatform: String = "APNS"
    /// `hiveMediaKey`: the userInfo key HIVEExtensions reads the media URL from. Hive does not publish
    /// it; default `imageUrl` (see README).
    public var hiveMediaKey: String = "imageUrl"
    /// `hiveGroupKey`: the top-level key of the Hive group id besides `aps.thread-id`; default `groupId`.
    public var hiveGroupKey: String = "groupId"
    /// `hiveActionCatalogue`: a `hive_push_actions.json` document whose categories are accepted in
    /// addition to Hive's nine built-in ones.
    public var hiveActionCatalogue: JSONValue?
    /// `zegoPayloadMediaKey`: the key inside ZEGO's `payload` JSON string that carries the image URL.
    /// ZEGO leaves it to the app; default `image_attachment` (ZEGO's own example).
    public var zegoPayloadMediaKey: String = "image_attachment"
    /// `zegoResourcesID`: the resourcesID (push strategy) to write when rendering ZEGO send forms.
    public var zegoResourcesID: String?
    /// `sendTime`: when the payload is (or was) sent, in UNIX epoch seconds. It lets a relative time (Pinpoint's
    /// `TimeToLive`) and an absolute one (`apns-expiration`, canonical `delivery.expiration`) be converted into
    /// each other; without it they are not, and the loss says why.
    public var sendTime: Int64?
    /// `apnsMediaKeys`: top-level keys of a plain `apns` payload read as media URLs (an app's own convention,
    /// `image`, `media-url`, …), in order. Default none.
    public var apnsMediaKeys: [String] = []

    public init() {}

    /// Option keys, their JSON spelling.
    package enum Keys {
        static let amazonMediaKey = "amazonMediaKey"
        static let amazonMediaPlacement = "amazonMediaPlacement"
        static let snsPlatform = "snsPlatform"
        static let hiveMediaKey = "hiveMediaKey"
        static let hiveGroupKey = "hiveGroupKey"
        static let hiveActionCatalogue = "hiveActionCatalogue"
        static let zegoPayloadMediaKey = "zegoPayloadMediaKey"
        static let zegoResourcesID = "zegoResourcesID"
        static let sendTime = "sendTime"
        static let apnsMediaKeys = "apnsMediaKeys"
    }

    /// Reads the JSON form. Unknown keys and wrong types are errors located under `path`.
    public init(json: JSONValue, at path: JSONPointer = .root, diagnostics: inout [Diagnostic]) {
        self.init()
        guard var o = json.objectValue else {
            diagnostics.error(.wrongType, at: path, "options must be an object, found \(json.typeName)")
            return
        }
        func string(_ key: String, allowed: [String]? = nil) -> String? {
            guard let value = o.takeString(key, at: path, &diagnostics, code: .invalidOption) else { return nil }
            if let allowed, !allowed.contains(value) {
                diagnostics.error(
                    .invalidOption, at: path.appending(key),
                    "`\(key)` must be one of \(allowed.joined(separator: ", ")); found \"\(value)\"")
                return nil
            }
            return value
        }
        if let v = string(Keys.amazonMediaKey) { amazonMediaKey = v }
        if let v = string(Keys.amazonMediaPlacement, allowed: ["top", "data", "aps"]) { amazonMediaPlacement = v }
        if let v = string(
            Keys.snsPlatform,
            allowed: ["APNS", "APNS_SANDBOX", "APNS_VOIP", "APNS_VOIP_SANDBOX", "MACOS", "MACOS_SANDBOX"])
        {
            snsPlatform = v
        }
        if let v = string(Keys.hiveMediaKey) { hiveMediaKey = v }
        if let v = string(Keys.hiveGroupKey) { hiveGroupKey = v }
        if let v = o.take(Keys.hiveActionCatalogue) { hiveActionCatalogue = v }
        if let v = string(Keys.zegoPayloadMediaKey) { zegoPayloadMediaKey = v }
        if let v = string(Keys.zegoResourcesID) { zegoResourcesID = v }
        if let v = o.takeInteger(Keys.sendTime, at: path, &diagnostics, code: .invalidOption) {
            if v < 0 {
                diagnostics.error(
                    .invalidOption, at: path.appending(Keys.sendTime),
                    "`sendTime` must be UNIX epoch seconds, found \(v)")
            } else {
                sendTime = v
            }
        }
        if let v = o.take(Keys.apnsMediaKeys) {
            if let keys = v.arrayValue?.compactMap(\.stringValue), keys.count == v.arrayValue?.count, !keys.isEmpty {
                apnsMediaKeys = keys
            } else {
                diagnostics.error(
                    .invalidOption, at: path.appending(Keys.apnsMediaKeys),
                    "`apnsMediaKeys` must be a non-empty array of key names")
            }
        }
        for key in o.keys where !diagnostics.contains(where: { $0.path == path.appending(key) }) {
            diagnostics.error(.invalidOption, at: path.appending(key), "`\(key)` is not a known option")
        }
    }
}

extension DiagnosticCode {
    /// An option is unknown or has a bad value.
    public static let invalidOption: DiagnosticCode = "core.options.invalid"
}

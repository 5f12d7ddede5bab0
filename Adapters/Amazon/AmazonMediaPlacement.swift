import APNsAdapter
package import PushCore

/// Where the `attachment-url` convention puts the media URL in an APNs payload.
///
/// All three are seen in the wild: the root (the seed's extension reads `userInfo["attachment-url"]`,
/// hola/ios_sdk, a houston PR), `data` (Pusher's 2016 payload, the majority), and `aps` (a gist, NWPusher).
package enum AmazonMediaPlacement: String, Sendable, Hashable, CaseIterable {
    /// Beside `aps`: `{"aps": {…}, "attachment-url": "…"}`.
    case top
    /// Inside the `data` object: `{"aps": {…}, "data": {"attachment-url": "…"}}`.
    case data
    /// Inside `aps`: `{"aps": {…, "attachment-url": "…"}}`.
    case aps

    /// The placement named by the `amazonMediaPlacement` option (`top` when the value is unknown).
    package init(option: String) {
        self = AmazonMediaPlacement(rawValue: option) ?? .top
    }

    /// One bit per placement, for sets of placements.
    var bit: UInt8 {
        switch self {
        case .top: return 1
        case .data: return 2
        case .aps: return 4
        }
    }

    /// The location of the media key in this placement.
    package func pointer(key: String) -> JSONPointer {
        switch self {
        case .top: return JSONPointer(tokens: [key])
        case .data: return JSONPointer(tokens: [AmazonKeys.data, key])
        case .aps: return JSONPointer(tokens: [APNsKeys.aps, key])
        }
    }

    /// How messages name the placement: `attachment-url`, `data.attachment-url`, `aps.attachment-url`.
    package func display(key: String) -> String {
        switch self {
        case .top: return key
        case .data: return AmazonKeys.data + "." + key
        case .aps: return APNsKeys.aps + "." + key
        }
    }
}

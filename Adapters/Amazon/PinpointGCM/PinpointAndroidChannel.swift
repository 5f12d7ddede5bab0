package import PushCore
package import WireTables

/// The Pinpoint channel messages read as the model's Android side: `GCMMessage`, else `ADMMessage` (Amazon Device
/// Messaging, Fire OS), else `BaiduMessage` (Baidu Cloud Push). The three share the Android fields (the lines of
/// ``PinpointGCMWire``, declared once); each table adds its own:
///
/// | message | its own keys | canonical |
/// | --- | --- | --- |
/// | `GCMMessage` | `CollapseKey`, `Priority`, `RestrictedPackageName`, `TimeToLive`, `PreferredAuthenticationMethod` (kept) | `android.collapseKey`, `.priority`, `.restrictedPackageName`, `.ttl` |
/// | `ADMMessage` | `ConsolidationKey`, `ExpiresAfter` (a string of seconds), `MD5` | `android.collapseKey`, `android.ttl`, `extensions.adm.md5` (where the `adm` format puts `consolidationKey`, `expiresAfter` and `md5`) |
/// | `BaiduMessage` | `TimeToLive` (seconds; default and most 604,800) | `android.ttl` |
///
/// The memory (`extensions.amazon.pinpointGCM`) names the channel (`channel`: `ADMMessage` or `BaiduMessage`; none
/// for `GCMMessage`), so a message renders back under its own key.
package enum PinpointAndroidChannel: String, Sendable, CaseIterable {
    case gcm = "GCMMessage"
    case adm = "ADMMessage"
    case baidu = "BaiduMessage"

    /// The memory key naming a channel other than `GCMMessage`.
    package static let memoryKey = "channel"

    /// The channel a memory names (`GCMMessage` when it names none, or one this version does not know).
    package init(memory: JSONObject?) {
        self = memory?[Self.memoryKey]?.stringValue.flatMap(Self.init(rawValue:)) ?? .gcm
    }

    /// Of another format's memory, only the channel it names (nil for `GCMMessage`'s, or none): what a format that
    /// sets that memory aside keeps, so an `ADMMessage` or `BaiduMessage` is written as one.
    package static func channelOnly(_ memory: JSONObject?) -> JSONValue? {
        guard let channel = memory?[memoryKey], Self(memory: memory) != .gcm else { return nil }
        return .object(JSONObject(uniqueKeysWithValues: [(memoryKey, channel)]))
    }

    /// The Android side's message in `configuration` (what `pinpoint-message`'s writer gave): `ADMMessage` or
    /// `BaiduMessage` when one is there, else `GCMMessage`.
    package static func written(in configuration: JSONObject) -> PinpointAndroidChannel {
        [.adm, .baidu].first { configuration[$0.configurationKey] != nil } ?? .gcm
    }

    /// The `MessageConfiguration` key of the channel's message.
    package var configurationKey: String { rawValue }

    /// The address `ChannelType` whose message this is.
    package var channelType: String {
        switch self {
        case .gcm: return "GCM"
        case .adm: return "ADM"
        case .baidu: return "BAIDU"
        }
    }

    /// The direct-send message's keys (botocore `GCMMessage`, `ADMMessage`, `BaiduMessage`).
    package var directKeys: Set<String> {
        switch self {
        case .gcm: return PinpointGCMMessage.directKeys
        case .adm: return Self.shared.union(["ConsolidationKey", "ExpiresAfter", "MD5"])
        case .baidu: return Self.shared.union(["TimeToLive"])
        }
    }

    /// The keys every Android channel message has.
    private static let shared: Set<String> = [
        "Action", "Body", "Data", "IconReference", "ImageIconUrl", "ImageUrl", "RawContent", "SilentPush",
        "SmallImageIconUrl", "Sound", "Substitutions", "Title", "Url",
    ]

    /// The direct-send table, in the order findings are reported.
    package var reading: WireTable<PinpointGCMWire.Hook> {
        switch self {
        case .gcm: return PinpointGCMWire.direct
        case .adm: return Self.admReading
        case .baidu: return Self.baiduReading
        }
    }

    /// The direct-send table, in the order keys are written (alphabetical, as AWS documents them; `Url` after its
    /// `Action`).
    package var writing: WireTable<PinpointGCMWire.Hook> {
        switch self {
        case .gcm: return PinpointGCMWire.directWriting
        case .adm: return Self.admWriting
        case .baidu: return Self.baiduWriting
        }
    }

    private typealias W = PinpointGCMWire

    private static let admReading = W.table([
        W.title, W.body, W.imageURL, W.sound, W.data, W.consolidationKey, W.expiresAfter, W.iconReference,
        W.imageIconURL, W.smallImageIconURL, W.md5, W.silentPush, W.action, W.url,
    ])
    private static let admWriting = W.table([
        W.action, W.url, W.body, W.consolidationKey, W.data, W.expiresAfter, W.iconReference, W.imageIconURL,
        W.imageURL, W.md5, W.silentPush, W.smallImageIconURL, W.sound, W.title,
    ])
    private static let baiduReading = W.table([
        W.title, W.body, W.imageURL, W.sound, W.data, W.iconReference, W.imageIconURL, W.smallImageIconURL,
        W.silentPush, W.timeToLive, W.action, W.url,
    ])
    private static let baiduWriting = W.table([
        W.action, W.url, W.body, W.data, W.iconReference, W.imageIconURL, W.imageURL, W.silentPush,
        W.smallImageIconURL, W.sound, W.timeToLive, W.title,
    ])

    /// The Android fields the channel's message has no place for, with the reason: ``PinpointGCMWire``'s, and the
    /// options only `GCMMessage` has.
    package var unsupportedAndroid: [(field: String, reason: String)] {
        switch self {
        case .gcm: return PinpointGCMWire.unsupportedAndroid
        case .adm: return PinpointGCMWire.unsupportedAndroid + Self.admUnsupported
        case .baidu: return PinpointGCMWire.unsupportedAndroid + Self.baiduUnsupported
        }
    }

    private static let admUnsupported: [(field: String, reason: String)] = [
        ("priority", "an ADMMessage has no priority"),
        ("restrictedPackageName", "an ADMMessage has no restricted package name"),
    ]
    private static let baiduUnsupported: [(field: String, reason: String)] = [
        ("collapseKey", "a BaiduMessage has no collapse key"),
        ("priority", "a BaiduMessage has no priority"),
        ("restrictedPackageName", "a BaiduMessage has no restricted package name"),
    ]

    /// Baidu's default and longest `TimeToLive`, 604,800 seconds (7 days; botocore `BaiduMessage.TimeToLive`).
    package static let baiduLongestTimeToLive: Int64 = 604_800

    /// The `extensions.adm.md5` path, where an `ADMMessage`'s `MD5` is read (the `adm` format's `md5`).
    package static let md5Path = JSONPointer(tokens: ["extensions", ADMWire.namespace, ADMWire.Extension.md5])
}

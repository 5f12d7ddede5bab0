public import PushCore

private typealias X = AmazonKeys.Extension

// Which channel the Android side came from, and which one a Pinpoint format writes it to.
//
// The model has one Android side. Where it came from is recorded once, in `extensions.amazon.pinpointGCM.channel`
// (layout memory): Pinpoint's send, template and campaign formats set it when they read an `ADMMessage` or
// `BaiduMessage` (a template's `ADM` or `Baidu` section, Q in Connect's `adm` or `baidu`), and `sns` when it reads an
// `ADM` or `BAIDU` string beside an APNs key. A notification read whole from one ADM or Baidu message says so
// without that memory: its source is `adm`, or `sns` with `extensions.amazon.snsPlatform` `ADM` or `BAIDU`.

extension PinpointAndroidChannel {
    /// The channel the Android side of `n` came from: the one the memory names, else `ADMMessage` for a
    /// notification read by the `adm` format or from an SNS message's `ADM` string alone, `BaiduMessage` for one read
    /// from SNS's `BAIDU` string alone, else `GCMMessage`.
    package static func origin(of n: PushNotification) -> PinpointAndroidChannel {
        let amazon = n.extensionObject(X.namespace)
        let memory = amazon[PinpointGCMMessage.memoryKey]?.objectValue
        if memory?[memoryKey] != nil { return Self(memory: memory) }
        switch amazon[X.snsPlatform]?.stringValue {
        case AmazonKeys.SNS.adm?: return .adm
        case AmazonKeys.SNS.baidu?: return .baidu
        default: break
        }
        return n.source == ADMAdapter.formatName ? .adm : .gcm
    }

    /// The channel a Pinpoint send, template or campaign format writes the Android side of `n` to: the
    /// `pinpointAndroidChannel` option's, or with `source` (the default) the one it came from (``origin(of:)``).
    package static func chosen(for n: PushNotification, options: FormatOptions) -> PinpointAndroidChannel {
        switch options.pinpointAndroidChannel {
        case PinpointAndroidChannelChoice.gcm.rawValue: return .gcm
        case PinpointAndroidChannelChoice.adm.rawValue: return .adm
        case PinpointAndroidChannelChoice.baidu.rawValue: return .baidu
        default: return origin(of: n)
        }
    }

    /// The member of this channel's direct-send message carrying the canonical Android `field` (nil when it has
    /// none): where a template's or campaign's losses send a reader.
    package func sendMember(for field: String) -> String? {
        switch (field, self) {
        case ("collapseKey", .gcm): return "CollapseKey"
        case ("collapseKey", .adm): return "ConsolidationKey"
        case ("priority", .gcm): return "Priority"
        case ("restrictedPackageName", .gcm): return "RestrictedPackageName"
        case ("ttl", .adm): return "ExpiresAfter"
        case ("ttl", _): return "TimeToLive"
        case ("icon", _): return "IconReference"
        case ("silent", _): return "SilentPush"
        case ("sound", _): return "Sound"
        case ("data", _): return "Data"
        default: return nil
        }
    }

    /// Where a send's message of this channel has the Android `field`, as a loss reason's note: `(a send's
    /// ADMMessage has ConsolidationKey)`, or empty.
    package func sendNote(for field: String) -> String {
        sendMember(for: field).map { " (a send's \(rawValue) has \($0))" } ?? ""
    }

    /// `n` with the memory naming `channel` as the one its Android side came from (none for `GCMMessage`).
    package static func record(_ channel: PinpointAndroidChannel, in n: inout PushNotification) {
        guard channel != .gcm else { return }
        var amazon = n.extensionObject(X.namespace)
        var memory = amazon[PinpointGCMMessage.memoryKey]?.objectValue ?? JSONObject()
        memory[memoryKey] = .string(channel.rawValue)
        amazon[PinpointGCMMessage.memoryKey] = .object(memory)
        n.setExtension(X.namespace, amazon)
    }
}

/// The values of the `pinpointAndroidChannel` option.
package enum PinpointAndroidChannelChoice: String, CaseIterable, Sendable {
    /// The channel the Android side came from (``PinpointAndroidChannel/origin(of:)``).
    case source
    /// `GCMMessage` (a template's `GCM` section, Q in Connect's `fcm`).
    case gcm
    /// `ADMMessage` (`ADM`, `adm`).
    case adm
    /// `BaiduMessage` (`Baidu`, `baidu`).
    case baidu
}

extension FormatOption {
    /// `pinpointAndroidChannel`: the Pinpoint message the Android side is written to (`pinpoint-message`,
    /// `pinpoint-template`, `qconnect-push-template`, `pinpoint-campaign`): `source` (default: the channel it came
    /// from), `gcm`, `adm` or `baidu`.
    package static let pinpointAndroidChannel = FormatOption(
        "pinpointAndroidChannel", kind: .string(allowed: PinpointAndroidChannelChoice.allCases.map(\.rawValue)),
        default: .string(PinpointAndroidChannelChoice.source.rawValue),
        summary: "the Pinpoint message the Android side is written to: `source` (the channel it came from: ADM for "
            + "`adm` and an ADM message or string, Baidu likewise, else GCM), `gcm`, `adm` or `baidu`")
}

extension FormatOptions {
    /// `pinpointAndroidChannel`: the Pinpoint message the Android side is written to: `source` (default: the channel
    /// it came from), `gcm` (`GCMMessage`), `adm` (`ADMMessage`) or `baidu` (`BaiduMessage`).
    public var pinpointAndroidChannel: String {
        get {
            hasOnlyDefaults
                ? PinpointAndroidChannelChoice.source.rawValue
                : string(.pinpointAndroidChannel) ?? PinpointAndroidChannelChoice.source.rawValue
        }
        set { set(.pinpointAndroidChannel, .string(newValue)) }
    }
}

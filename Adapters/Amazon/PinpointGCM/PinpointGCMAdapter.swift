import FCMAdapter
import JSONCodec
import WireTables
public import PushCore

/// Pinpoint's Android side (format `pinpoint-gcm`): a `GCMMessage` (direct sends) or campaign `Message`, bare, in a
/// `MessageConfiguration` (with `DefaultPushNotificationMessage` filling what it lacks), in a `SendMessages` /
/// `SendUsersMessages` request, or in the CLI input document. `RawContent` (a legacy FCM body, or
/// `{"fcmV1Message": …}`) overrides every other field, as Pinpoint documents.
///
/// The message's content is the shared content; its Android-only fields (`IconReference`, `Priority`, `TimeToLive`,
/// `CollapseKey`, `Action`+`Url`, …) the Android part. The configuration's other channels (`APNSMessage`, …) and the
/// request around it are kept verbatim in `extensions.amazon.pinpointGCM` and rendered back in place.
public struct PinpointGCMAdapter: PayloadAdapter, FormatChecking {
    /// The `pinpoint-gcm` format.
    public init() {}

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    private static let standardDescriptor = FormatDescriptor(
        name: "pinpoint-gcm", vendor: "amazon",
        summary:
            "Amazon Pinpoint's GCMMessage (or campaign Message), bare or in a MessageConfiguration / SendMessages request, incl. RawContent.",
        isDelivered: false,
        carries: PinpointGCMWire.carries,
        // How the request was laid out, not content.
        // (`channel`: the ADMMessage or BaiduMessage pinpoint-message read; written here as a GCMMessage.)
        layoutPaths: [
            "configured", "hasDefaults", "noGCMMessage", "sameAsShared", "campaign", "rawContent",
            PinpointAndroidChannel.memoryKey,
        ].map {
            JSONPointer(tokens: ["extensions", "amazon", PinpointGCMMessage.memoryKey, $0])
        }
    )

    /// Keys only a GCMMessage has (against an APNSMessage).
    static let androidOnlyKeys = [
        "IconReference", "SmallImageIconUrl", "ImageSmallIconUrl", "RestrictedPackageName", "CollapseKey",
        "ImageIconUrl",
    ]

    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(var object) = payload else { return nil }
        var prefix = ""
        for key in ["MessageRequest", "SendUsersMessageRequest"] {
            if case .object(let inner)? = object[key] { object = inner; prefix += "/\(key)" }
        }
        if case .object(let inner)? = object["MessageConfiguration"] {
            object = inner
            prefix += "/MessageConfiguration"
        }
        if object["GCMMessage"]?.objectValue != nil {
            // With an APNSMessage beside it, the request is pinpoint-message's (which reads both channels).
            // With an APNSMessage or a DefaultPushNotificationMessage (which iOS reads too), the request is
            // pinpoint-message's, which reads both channels.
            return object["APNSMessage"] == nil && object["DefaultPushNotificationMessage"] == nil
                ? .certain("\(prefix)/GCMMessage") : nil
        }
        if prefix.isEmpty, let key = Self.androidOnlyKeys.first(where: { object[$0] != nil }) {
            return .certain("/\(key)")
        }
        return nil
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        // Rendering templates (the `substitutions` option), each message's own `Substitutions` apply to it.
        let payload = PinpointMessageSubstitutions.rendered(payload, options: context.options)
        guard case .object(let root) = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "a GCMMessage must be a JSON object, found \(payload.typeName)")
            return nil
        }
        PinpointCampaignWire.reportCampaignShape(of: payload, context: &context)
        var n = PushNotification()
        n.source = descriptor.name
        var memory = JSONObject()
        var object = root
        var path = JSONPointer.root
        let envelope = PinpointSendWire.gcm
        if let entry = envelope.entry(PinpointSendWire.inputLevel, in: object, at: path) {
            let key = entry.key.description
            guard case .object(let inner) = entry.value else {
                context.diagnostics.error(.wrongType, at: entry.path, "`\(key)` must be an object")
                return nil
            }
            memory["inputKey"] = .string(key)
            memory["input"] = .object(Self.object(entry.siblings))
            object = inner
            path = entry.path
        }
        var message: JSONObject?
        var messagePath = path
        var defaults: JSONObject?
        var defaultsPath = path
        if let entry = envelope.entry(PinpointSendWire.requestLevel, in: object, at: path) {
            guard case .object(let configuration) = entry.value else {
                context.diagnostics.error(.wrongType, at: entry.path, "`MessageConfiguration` must be an object")
                return nil
            }
            memory["request"] = .object(Self.object(entry.siblings))
            object = configuration
            path = entry.path
            memory["configured"] = .bool(true)
        }
        let isConfiguration =
            memory["configured"] != nil || object["GCMMessage"] != nil
            || object["DefaultPushNotificationMessage"] != nil
        if isConfiguration {
            memory["configured"] = .bool(true)
            var configuration = object
            for (key, target) in [("GCMMessage", 0), ("DefaultPushNotificationMessage", 1)] {
                guard let value = configuration[key] else { continue }
                guard case .object(let inner) = value else {
                    context.diagnostics.error(
                        .wrongType, at: path.appending(key), "`\(key)` must be an object, found \(value.typeName); kept"
                    )
                    continue
                }
                configuration.removeValue(forKey: key)
                if target == 0 {
                    message = inner; messagePath = path.appending(key)
                } else {
                    defaults = inner
                    defaultsPath = path.appending(key)
                }
            }
            if message == nil {
                memory["noGCMMessage"] = .bool(true)
                if defaults == nil {
                    context.diagnostics.warning(
                        .amazonGCMMissing, at: path,
                        "no `GCMMessage` or `DefaultPushNotificationMessage`: Pinpoint sends nothing to Android devices"
                    )
                }
            }
            if !configuration.isEmpty { memory["configuration"] = .object(configuration) }
        } else {
            message = object
            messagePath = path
            memory["configured"] = .bool(false)
        }
        PinpointGCMMessage.read(
            message ?? JSONObject(), at: messagePath, defaults: defaults, defaultsPath: defaultsPath, into: &n,
            memory: &memory, context: &context)
        var amazon = n.extensionObject("amazon")
        amazon[PinpointGCMMessage.memoryKey] = .object(memory)
        n.setExtension("amazon", amazon)
        ContentCheck.reportUnread(n, context: &context, unreadCodes: [.amazonGCMUnknownKey])
        return n
    }

    /// The members of an envelope level other than the key it was entered through, in input order.
    private static func object(_ members: [(key: JSONValue, value: JSONValue)]) -> JSONObject {
        var object = JSONObject()
        for member in members { object.appendUnchecked(member.key.stringValue ?? "", member.value) }
        return object
    }

    /// `n` without what an `ADMMessage`'s or `BaiduMessage`'s `RawContent` left in the memory (that message's own
    /// JSON, read as the Android side, and the keys beside it): written here as a `GCMMessage`, field by field. The
    /// kept keys beside it are returned, to explain their loss.
    static func withoutNativeRawContent(_ n: PushNotification) -> (PushNotification, dropped: [String]) {
        var amazon = n.extensionObject("amazon")
        guard case .object(var memory)? = amazon[PinpointGCMMessage.memoryKey],
            PinpointChannelsAdapter.nativeRawContents.contains(memory["rawContent"]?.stringValue ?? "")
        else { return (n, []) }
        let dropped = memory["fields"]?.objectValue?.keys.map { $0 } ?? []
        for key in ["rawContent", "fields", "absent"] { memory.removeValue(forKey: key) }
        amazon[PinpointGCMMessage.memoryKey] = .object(memory)
        var out = n
        out.setExtension("amazon", amazon)
        return (out, dropped)
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        let (n, dropped) = Self.withoutNativeRawContent(notification)
        for key in dropped {
            context.explainLoss(
                at: JSONPointer(tokens: ["extensions", "amazon", PinpointGCMMessage.memoryKey, "fields", key]),
                "a key beside the RawContent of the \(PinpointAndroidChannel.origin(of: n).rawValue), which Pinpoint "
                    + "ignores; pinpoint-gcm writes a GCMMessage field by field")
        }
        let stored = n.extensionObject("amazon")[PinpointGCMMessage.memoryKey]?.objectValue
        let memory = stored ?? JSONObject()
        let (message, kept) = PinpointGCMMessage.write(n, memory: memory, standalone: true, context: &context)
        // A notification from another format is written as a MessageConfiguration: its shared content goes to
        // DefaultPushNotificationMessage. A message read without one is written back without one (in the CLI input
        // document around it, if it had one).
        var out =
            memory["configured"]?.boolValue == false
            ? message : configuration(of: n, message: message, kept: kept, context: &context)
        if let key = memory["inputKey"]?.stringValue {
            var input = memory["input"]?.objectValue ?? JSONObject()
            input[key] = .object(out)
            out = input
        }
        return .object(out)
    }

    /// The `MessageConfiguration` holding `message` (in the request it was read from, if any).
    private func configuration(
        of n: PushNotification, message: JSONObject, kept: JSONObject?, context: inout RenderContext
    ) -> JSONObject {
        let memory = n.extensionObject("amazon")[PinpointGCMMessage.memoryKey]?.objectValue ?? JSONObject()
        let hasDefaults = memory["hasDefaults"]?.boolValue == true
        let defaults =
            memory["rawContent"] != nil
            ? (kept ?? (hasDefaults ? JSONObject() : nil))
            : PinpointGCMMessage.defaults(for: n, kept: kept, hasDefaults: hasDefaults)
        for (key, value) in n.data where value.stringValue == nil && memory["rawContent"] == nil {
            context.explainLoss(at: JSONPointer(tokens: ["data", key]), "Pinpoint's Data holds strings")
        }
        var configuration = JSONObject()
        if !(memory["noGCMMessage"]?.boolValue == true && message.isEmpty) {
            configuration.appendUnchecked("GCMMessage", .object(message))
        }
        if let defaults { configuration.appendUnchecked("DefaultPushNotificationMessage", .object(defaults)) }
        for (key, value) in memory["configuration"]?.objectValue ?? JSONObject() where configuration[key] == nil {
            configuration.appendUnchecked(key, value)
        }
        guard var request = memory["request"]?.objectValue else { return configuration }
        request["MessageConfiguration"] = .object(configuration)
        return request
    }

    public func carriedPart(of original: PushNotification, options: FormatOptions) -> PushNotification {
        let notification = Self.withoutNativeRawContent(original).0
        let memory =
            notification.extensionObject("amazon")[PinpointGCMMessage.memoryKey]?.objectValue ?? JSONObject()
        var kept = PinpointGCMMessage.carriedPart(of: notification, memory: memory, options: options)
        if memory["rawContent"] != nil {
            // The rendering keeps the Pinpoint memory beside what RawContent carries.
            var amazon = kept.extensionObject("amazon")
            amazon[PinpointGCMMessage.memoryKey] = .object(memory)
            kept.setExtension("amazon", amazon)
        }
        return kept
    }

    /// FCM's limits on what Pinpoint sends: `TimeToLive` at most 28 days (non-string `Data` values are read errors).
    public func check(_ payload: JSONValue, notification: PushNotification, context: NormaliseContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if let ttl = notification.android?.ttl, let seconds = FCMChecksProbe.duration(ttl), seconds > 2_419_200 {
            out.error(
                .fcmTTLRange, at: context.inputPath(for: JSONPointer(tokens: ["android"])),
                "TimeToLive \(seconds) is over FCM's maximum of 28 days (2419200 s)")
        }
        return out
    }

    public func appleCheckedSize(of payload: JSONValue) -> Int? { nil }
}

import FCMAdapter
import JSONCodec
public import PushCore

private typealias S = AmazonKeys.SNS
private typealias X = AmazonKeys.Extension

/// An Amazon SNS mobile-push message with `MessageStructure=json` (format `sns`).
///
/// `{"default": "…", "APNS": "<APNs JSON as a string>", "APNS_SANDBOX": "…", "APNS_VOIP": "…",
/// "APNS_VOIP_SANDBOX": "…", "MACOS": "…", "MACOS_SANDBOX": "…", "GCM": "…"}` (every key the SNS console writes).
/// The APNs payload is the string under the `snsPlatform` option's key (`APNS` by default; when it is absent, the
/// first of those six keys present is read). SNS sends a VoIP key's payload with `apns-push-type: voip`: it becomes
/// `delivery.pushType` `voip`, and a VoIP notification renders under the VoIP key. It is read like ``AmazonAdapter`` reads a payload, since hand-made
/// SNS payloads are where the `attachment-url` convention lives. Every other key is kept verbatim in
/// `extensions.amazon.sns`, and the key read in `extensions.amazon.snsPlatform`. Findings inside the
/// string are located at its key. Rendering re-serialises the payload compactly into the string. A message with
/// neither an APNs key nor `GCM` is read from its `ADM` string (Amazon Device Messaging's body, by the `adm` format;
/// `snsPlatform` is then `ADM`); beside them `ADM` is kept verbatim with an info. Likewise a message with none of
/// those is read from its `BAIDU` string (``SNSBaiduWire``: `title`, `description`, `custom_content`).
public struct SNSAdapter: PayloadAdapter {
    /// Creates the adapter; its behaviour is set per call by the context's ``FormatOptions``.
    public init() {}

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// Built once: a conversion reads it several times.
    private static let standardDescriptor = FormatDescriptor(
        name: "sns", vendor: X.namespace,
        summary:
            "An Amazon SNS JSON message: the APNs payload as a string under `APNS`, `APNS_SANDBOX`, `APNS_VOIP`, …, "
            + "the FCM message (legacy or `fcmV1Message`) under `GCM`, and the `ADM` or `BAIDU` message alone.",
        isDelivered: false,
        carries: AmazonAdapter.carriedFields + [
            "android", "extensions.amazon.sns", "extensions.amazon.snsPlatform", "extensions.amazon.snsGCM",
            "extensions.amazon.snsBaidu", "extensions.amazon.snsAndroid", "extensions.fcm", "extensions.adm",
        ],
        layoutPaths: [
            JSONPointer(tokens: ["extensions", X.namespace, X.mediaPlacements]),
            JSONPointer(tokens: ["extensions", X.namespace, X.snsPlatform]),
            JSONPointer(tokens: ["extensions", X.namespace, X.snsGCM, X.SNSGCM.layout]),
            JSONPointer(tokens: ["extensions", X.namespace, SNSAdapter.androidSideMemoryKey]),
            JSONPointer(tokens: [
                "extensions", X.namespace, PinpointGCMMessage.memoryKey, PinpointAndroidChannel.memoryKey,
            ]),
            JSONPointer(tokens: ["extensions", FCMKeys.namespace, FCMKeys.Extension.layout]),
        ],
        options: [.snsPlatform, .amazonMediaKey, .amazonMediaPlacement])

    /// Certain on a string under one of the six APNs keys, or under `GCM`, `ADM` or `BAIDU`.
    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload else { return nil }
        let evidence = (S.apnsPlatforms + [S.gcm, S.adm, S.baidu]).filter { root[$0]?.stringValue != nil }
        guard !evidence.isEmpty else { return nil }
        return Recognition(strength: 3, evidence: evidence.map { "/\($0)" })
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object(let root) = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "an SNS message must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var n = PushNotification()
        n.source = descriptor.name
        let preferred = S.apnsPlatforms.contains(context.options.snsPlatform) ? context.options.snsPlatform : S.apns
        var kept = root
        for key in root.keys where !S.known.contains(key) {
            context.diagnostics.warning(
                .amazonSNSUnknownKey, at: JSONPointer(tokens: [key]),
                "`\(key)` is not a key SNS defines for a MessageStructure=json message: kept, but SNS delivers nothing "
                    + "from it")
        }
        let platform = readPlatform(root, preferred: preferred, into: &n, kept: &kept, context: &context)
        readGCM(root, apple: platform != nil, into: &n, kept: &kept, context: &context)
        readADM(root, apple: platform, into: &n, kept: &kept, context: &context)
        readBaidu(root, apple: platform, into: &n, kept: &kept, context: &context)
        if let platform, Self.isVoIP(platform) {
            context.record("delivery", from: JSONPointer(tokens: [platform]))
        }
        Self.remember(platform: platform, kept: kept, in: &n)
        checkDefault(kept, context: &context)
        ContentCheck.reportUnread(n, context: &context, unreadCodes: [.amazonSNSUnknownKey])
        return n
    }

    /// Records in `n` the key its APNs payload was read from (`platform`: a VoIP key makes the push type `voip`)
    /// and the keys kept verbatim (`ADM` read alone left its key out of `kept`, and named it in `snsPlatform`).
    /// With `gcm`, the GCM string's memory is recorded first (as ``rememberGCM(_:layout:in:)`` records it), in the
    /// same change of `extensions.amazon`.
    static func remember(
        platform: String?, kept: JSONObject, gcm: JSONObject? = nil, in n: inout PushNotification
    ) {
        if let platform, isVoIP(platform) {
            var delivery = n.delivery ?? PushNotification.Delivery()
            delivery.pushType = "voip"
            n.delivery = delivery
        }
        n.modifyExtension(X.namespace) { ext in
            ext.reserveCapacity(ext.count + 3)  // grown once, not member by member
            if let gcm { ext[X.snsGCM] = .object(gcm) }
            if let platform { ext[X.snsPlatform] = .string(platform) }
            if !kept.isEmpty { ext[X.sns] = .object(kept) }
        }
    }

    /// True for a VoIP key (``AmazonKeys/SNS/voIPPlatforms``), told by comparing with its two members (no hashing).
    static func isVoIP(_ platform: String) -> Bool {
        platform == S.apnsVoIP || platform == S.apnsVoIPSandbox
    }

    /// Reads the APNs payload string; returns the key it was read from (nil when none could be read,
    /// and then every key stays in `kept`).
    private func readPlatform(
        _ root: JSONObject, preferred: String, into n: inout PushNotification, kept: inout JSONObject,
        context: inout NormaliseContext
    ) -> String? {
        let platform: String
        if root[preferred] != nil {
            platform = preferred
        } else if let other = S.apnsPlatforms.first(where: { root[$0] != nil }) {
            platform = other
            context.diagnostics.info(
                .amazonSNSPlatformFallback, at: JSONPointer(tokens: [other]),
                "`\(preferred)` (option snsPlatform) is absent; read the payload from `\(other)`")
        } else {
            // A message for Android devices only (`GCM`), or for Fire OS only (`ADM`), has no APNs payload.
            if root[S.gcm] == nil && root[S.adm] == nil && root[S.baidu] == nil {
                context.diagnostics.error(
                    .amazonSNSPlatformMissing, at: .root,
                    "an SNS mobile message needs an `APNS`, `APNS_SANDBOX`, `APNS_VOIP`, `APNS_VOIP_SANDBOX`, "
                        + "`MACOS`, `MACOS_SANDBOX`, `GCM`, `ADM` or `BAIDU` string")
            }
            return nil
        }
        let path = JSONPointer(tokens: [platform])
        guard let text = kept.takeString(platform, at: .root, &context.diagnostics) else { return nil }
        guard let inner = EmbeddedJSON.parseObject(text, at: path, name: platform, context: &context) else {
            kept = root
            return nil
        }
        var innerContext = NormaliseContext(options: context.options)
        AmazonPayloadReader.read(inner, into: &n, context: &innerContext)
        EmbeddedJSON.relocate(innerContext, to: path, name: platform, into: &context)
        for other in S.apnsPlatforms where other != platform && kept[other]?.stringValue != nil {
            context.diagnostics.info(
                .amazonSNSPlatformKept, at: JSONPointer(tokens: [other]),
                "`\(other)` is kept verbatim but not read (the payload was read from `\(platform)`)")
        }
        return platform
    }

    /// `default` is required with `MessageStructure=json` and must be a string.
    private func checkDefault(_ kept: JSONObject, context: inout NormaliseContext) {
        switch kept[S.default] {
        case nil:
            context.diagnostics.warning(
                .amazonSNSDefaultMissing, at: .root, "SNS requires a `default` string with MessageStructure=json")
        case .string?:
            break
        case let value?:
            context.diagnostics.error(
                .wrongType, at: JSONPointer(tokens: [S.default]),
                "`default` must be a string, found \(value.typeName); kept as it was")
        }
    }

    /// Amazon's three placements: see ``AmazonPayloadWriter/carriedPart(of:options:adapter:)``.
    /// A VoIP push type too: it chooses the VoIP key.
    public func carriedPart(of notification: PushNotification, options: FormatOptions) -> PushNotification {
        if Self.admAlone(notification) { return Self.admCarriedPart(of: notification, options: options) }
        if Self.baiduAlone(notification) { return Self.baiduCarriedPart(of: notification) }
        if Self.gcmAlone(notification) {
            return Self.gcmCarriedPart(of: notification, carried: notification, options: options)
        }
        let apple = AmazonPayloadWriter.carriedPart(of: notification, options: options, adapter: self)
        var carried: PushNotification
        if let kind = Self.androidSideKind(notification) {
            carried = Self.androidSideCarriedPart(of: notification, kind: kind, carried: apple)
        } else {
            carried = Self.gcmCarriedPart(of: notification, carried: apple, options: options)
            // Only an `ADM` string carries ADM's values.
            carried.extensions[ADMWire.namespace] = nil
        }
        if notification.delivery?.pushType == "voip" {
            var delivery = PushNotification.Delivery()
            delivery.pushType = "voip"
            carried.delivery = delivery
        }
        return carried
    }

    public func dataCollides(_ notification: PushNotification, options: FormatOptions) -> Bool {
        AmazonPayloadWriter.dataCollides(notification, options: options)
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        // A message read without an APNs key writes the headers into the GCM message's `apns.headers` (or, from
        // `ADM` alone, loses them as the `adm` format does).
        if !Self.gcmAlone(notification) && !Self.admAlone(notification) && !Self.baiduAlone(notification) {
            Self.explainHeaders(notification.delivery, context: &context)
        }
        let ext = notification.extensionObject(X.namespace)
        let kept = ext[X.sns]?.objectValue ?? JSONObject()
        if Self.admAlone(notification) { return renderADM(notification, kept: kept, context: &context) }
        if Self.baiduAlone(notification) { return renderBaidu(notification, kept: kept, context: &context) }
        var platform = S.apnsPlatforms.contains(context.options.snsPlatform) ? context.options.snsPlatform : S.apns
        if let remembered = ext[X.snsPlatform]?.stringValue, S.apnsPlatforms.contains(remembered) {
            platform = remembered
        }
        let isVoIP = notification.delivery?.pushType == "voip"
        if isVoIP != S.voIPPlatforms.contains(platform) {
            // The push type decides between the VoIP keys and the others; sandbox stays sandbox.
            let sandbox = platform.hasSuffix("_SANDBOX")
            platform = isVoIP ? (sandbox ? S.apnsVoIPSandbox : S.apnsVoIP) : (sandbox ? S.apnsSandbox : S.apns)
        }
        var root = JSONObject()
        if let value = kept[S.default] { root.appendUnchecked(S.default, value) }
        // An SNS message read without an APNs platform (an error) is written back without one, not with an
        // invented `{"aps":{}}`.
        let platformWasMissing = notification.source == descriptor.name && ext[X.snsPlatform] == nil
        if kept[platform] == nil, !platformWasMissing {
            let payload = AmazonPayloadWriter.payload(for: notification, context: &context)
            root.appendUnchecked(platform, .string(JSONValue.object(payload).compactText))
        }
        if let kind = Self.androidSideKind(notification) {
            // The Android side came from ADM or Baidu: written back as that string, not `GCM`.
            let key = kind == .adm ? S.adm : S.baidu
            if kept[key] == nil {
                root.appendUnchecked(key, .string(renderAndroidSide(notification, kind: kind, context: &context)))
            }
        } else if Self.writesGCM(notification, kept: kept) {
            root.appendUnchecked(S.gcm, .string(renderGCM(notification, context: &context)))
        }
        for (key, value) in kept where root[key] == nil { root.appendUnchecked(key, value) }
        if root[S.default] == nil {
            context.diagnostics.warning(
                .amazonSNSDefaultMissing, at: JSONPointer(tokens: ["extensions", X.namespace, X.sns]),
                "no `default` string to write (SNS requires one with MessageStructure=json); add "
                    + "extensions.amazon.sns.default")
        }
        return .object(root)
    }

    /// The APNs request headers an SNS JSON message has no place for: SNS takes them from the publish request's
    /// message attributes (`AWS.SNS.MOBILE.APNS.TTL` is documented; the other `AWS.SNS.MOBILE.APNS.*` names are not
    /// verified here). A VoIP push type is carried: it chooses the VoIP key.
    private static func explainHeaders(_ delivery: PushNotification.Delivery?, context: inout RenderContext) {
        guard let delivery else { return }
        let attributes = "SNS takes APNs headers from the publish request's message attributes, not the JSON message"
        let lines: [(String, Bool, String)] = [
            ("pushType", delivery.pushType != nil && delivery.pushType != "voip", attributes),
            ("priority", delivery.priority != nil, attributes),
            (
                "expiration", delivery.expiration != nil,
                "SNS's APNs time to live is the message attribute AWS.SNS.MOBILE.APNS.TTL (relative seconds), not "
                    + "the JSON message"
            ),
            ("collapseId", delivery.collapseID != nil, attributes),
            ("topic", delivery.topic != nil, attributes),
            ("id", delivery.id != nil, attributes),
        ]
        for (field, present, reason) in lines where present {
            context.explainLoss(at: JSONPointer(tokens: ["delivery", field]), reason)
        }
    }
}

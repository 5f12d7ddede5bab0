import WireTables
public import PushCore

private typealias K = ZegoKeys.OfflinePush
private typealias S = ZegoKeys.Server

/// The ZIM server API's `OfflinePush` object (format `zego-offline-push`), standalone, wrapped as
/// `{"OfflinePush": {…}}`, inside a `MessageBody`, or inside a whole `SendMessageToAllUsers` request.
/// A send form, not what the device receives.
///
/// `OfflinePush` is optional (ZEGO's own push-to-all example has none): a `MessageBody` without it is valid, sends no
/// offline push, and its `Message` is the body. `Title` → `title`, `Content` → `body`, `Payload` as in `zego`. The image URL is read from both
/// places ZEGO has for it: `PushImageInfo.Apns.Image` (the typed push-to-all field) first, then the
/// payload's media key; equal URLs make one media item. `PushStrategyId` (the server's name for a
/// resourcesID), `EnableBadge`, `BadgeIncrement` (an increment, never canonical `badge`), an `Enable`
/// other than 1, the rest of `PushImageInfo` and the wrappers around `OfflinePush` are kept in
/// `extensions.zego` so the same shape renders back.
public struct ZegoOfflinePushAdapter: PayloadAdapter {
    /// The `zego-offline-push` format.
    public init() {}

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// Built once: a conversion reads it several times.
    private static let standardDescriptor = FormatDescriptor(
        name: "zego-offline-push", vendor: "zego",
        summary: "The ZIM server API's OfflinePush (standalone, in a MessageBody, or in a whole request).",
        isDelivered: false,
        carries: ZegoWire.offlinePush.carries(namespaceOrder: ZegoWire.namespaceOrder) + [
            "extensions.zego.messageBody", "extensions.zego.request", "extensions.zego.noOfflinePush",
        ],
        layoutPaths: [JSONPointer(tokens: ["extensions", "zego", "noOfflinePush"])],
        options: [.zegoPayloadMediaKey, .zegoResourcesID])

    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload else { return nil }
        if root[S.offlinePush] != nil { return .certain("/" + S.offlinePush) }
        if case .object(let body)? = root[S.messageBody] {
            if body[S.offlinePush] != nil { return .certain("/" + S.messageBody + "/" + S.offlinePush) }
            // A server request without OfflinePush (optional in ZEGO's API).
            if root[S.fromUserID] != nil { return .certain("/" + S.messageBody, "/" + S.fromUserID) }
        }
        let certain = [K.pushStrategyID, K.pushImageInfo].filter { root[$0] != nil }
        if !certain.isEmpty { return Recognition(strength: 3, evidence: certain.map { "/" + $0 }) }
        if root[K.enable] != nil, root[K.title] != nil || root[K.content] != nil {
            return .plausible("/" + K.enable)
        }
        return nil
    }
}

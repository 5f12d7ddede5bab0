public import PushCore

extension DiagnosticCode {
    // MARK: - Payload string (all three formats)

    /// Info: the payload string is not JSON (free text, which ZEGO's docs show); kept verbatim (the message gives
    /// the line and column where JSON reading stopped).
    public static let zegoPayloadNotJSON: DiagnosticCode = "zego.payload.not-json"
    /// Info: the payload string is JSON but not an object (an array, a string, a number); kept verbatim.
    public static let zegoPayloadNotObject: DiagnosticCode = "zego.payload.not-object"
    /// The payload's media key (`zegoPayloadMediaKey`) holds something other than a string; kept in the payload.
    public static let zegoPayloadMediaNotString: DiagnosticCode = "zego.payload.media-not-string"

    // MARK: - Send forms

    /// `resourcesID` / `PushStrategyId` is longer than ZEGO's 32 characters.
    public static let zegoResourcesIDTooLong: DiagnosticCode = "zego.resources-id.too-long"
    /// `badgeIncrement` / `BadgeIncrement` outside 0…99 (ZEGO uses 99 above 99).
    public static let zegoBadgeIncrementRange: DiagnosticCode = "zego.badge-increment.range"
    /// A badge increment while `enableBadge` is not true: it has no effect.
    public static let zegoBadgeIncrementDisabled: DiagnosticCode = "zego.badge-increment.disabled"
    /// Warning: a key a ZEGO object does not define; kept and rendered back in place, but ZEGO does not read it.
    public static let zegoUnknownKey: DiagnosticCode = "zego.key.unknown"

    // MARK: - Server OfflinePush

    /// `OfflinePush.Enable` is 0 or absent (ZEGO's default 0): no offline push is sent.
    public static let zegoOfflinePushDisabled: DiagnosticCode = "zego.offline-push.disabled"
    /// `OfflinePush.Enable` is an integer other than 0 or 1; kept as it was.
    public static let zegoOfflinePushEnableInvalid: DiagnosticCode = "zego.offline-push.enable-invalid"
    /// Info: a `MessageBody` (or request) without `OfflinePush` (optional in ZEGO's API): no offline push is sent;
    /// `Message` is read as the body.
    public static let zegoOfflinePushAbsent: DiagnosticCode = "zego.offline-push.absent"
    /// The request's `PushType` is 0 (online only): the `OfflinePush` is never used.
    public static let zegoOfflinePushOnlineOnly: DiagnosticCode = "zego.offline-push.online-only"

    // MARK: - Render

    /// Media rendered into a ZEGO form: it reaches the device's extension only when the push uses a
    /// resourcesID configured with `mutable-content: 1` (info, or a warning when no resourcesID is set).
    public static let zegoMediaNeedsResourcesID: DiagnosticCode = "zego.media.resources-id"
}

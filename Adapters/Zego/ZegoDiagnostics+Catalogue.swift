package import PushCore

extension DiagnosticEntry {
    /// The catalogue entries of the ZEGO formats: each code with its severities and
    /// one-line summary.
    package static let zegoCodes: [DiagnosticEntry] = [
        DiagnosticEntry(
            .zegoBadgeIncrementDisabled, .info,
            summary: """
                A badge increment while `enableBadge` is not true: it has no effect.
                """),
        DiagnosticEntry(
            .zegoBadgeIncrementRange, .warning,
            summary: """
                `badgeIncrement` / `BadgeIncrement` outside 0…99 (ZEGO uses 99 above 99).
                """),
        DiagnosticEntry(
            .zegoUnknownKey, .warning,
            summary: """
                A key a ZEGO object does not define; kept and rendered back in place, but ZEGO does not read it.
                """),
        DiagnosticEntry(
            .zegoMediaNeedsResourcesID, .warning, .info,
            summary: """
                Media rendered into a ZEGO form: it reaches the device's extension only when the push uses a \
                resourcesID configured with `mutable-content: 1` (info, or a warning when no resourcesID is set).
                """),
        DiagnosticEntry(
            .zegoOfflinePushAbsent, .info,
            summary: """
                A `MessageBody` (or request) without `OfflinePush` (optional in ZEGO's API): no offline push is \
                sent; `Message` is read as the body.
                """),
        DiagnosticEntry(
            .zegoOfflinePushDisabled, .warning,
            summary: """
                `OfflinePush.Enable` is 0 or absent (ZEGO's default 0): no offline push is sent.
                """),
        DiagnosticEntry(
            .zegoOfflinePushEnableInvalid, .warning,
            summary: """
                `OfflinePush.Enable` is an integer other than 0 or 1; kept as it was.
                """),
        DiagnosticEntry(
            .zegoOfflinePushOnlineOnly, .warning,
            summary: """
                The request's `PushType` is 0 (online only): the `OfflinePush` is never used.
                """),
        DiagnosticEntry(
            .zegoPayloadMediaNotString, .warning,
            summary: """
                The payload's media key (`zegoPayloadMediaKey`) holds something other than a string; kept in the \
                payload.
                """),
        DiagnosticEntry(
            .zegoPayloadNotJSON, .info,
            summary: """
                The payload string is not JSON (free text, which ZEGO's docs show); kept verbatim (the message \
                gives the line and column where JSON reading stopped).
                """),
        DiagnosticEntry(
            .zegoPayloadNotObject, .info,
            summary: """
                The payload string is JSON but not an object (an array, a string, a number); kept verbatim.
                """),
        DiagnosticEntry(
            .zegoResourcesIDTooLong, .warning,
            summary: """
                `resourcesID` / `PushStrategyId` is longer than ZEGO's 32 characters.
                """),
    ]
}

public import PushCore

extension DiagnosticCode {
    /// A `data` value that is not a string (ADM's `data` is a map of strings); kept as it was.
    public static let admDataValueNotString: DiagnosticCode = "adm.data.value-not-string"
    /// `data` is over ADM's 6 KB (its keys, values, quotes, colons, commas and braces).
    public static let admDataTooLarge: DiagnosticCode = "adm.data.too-large"
    /// A message with neither `data` nor `notification`: ADM has nothing to deliver.
    public static let admMessageEmpty: DiagnosticCode = "adm.message.empty"
    /// A `notification` without a title or a body (ADM's console requires both).
    public static let admNotificationIncomplete: DiagnosticCode = "adm.notification.incomplete"
    /// `expiresAfter` outside 60 to 2,678,400 seconds (31 days).
    public static let admExpiresAfterRange: DiagnosticCode = "adm.expires-after.range"
    /// `consolidationKey` longer than 64 characters.
    public static let admConsolidationKeyTooLong: DiagnosticCode = "adm.consolidation-key.too-long"
    /// `md5` is not the base64 of an MD5 checksum (24 characters ending in `==`).
    public static let admMD5Malformed: DiagnosticCode = "adm.md5.malformed"
    /// A key ADM's message or notification does not define; kept and written back.
    public static let admUnknownKey: DiagnosticCode = "adm.key.unknown"
}

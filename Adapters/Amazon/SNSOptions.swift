public import PushCore

// The option the `sns` format reads, declared by it.

extension FormatOption {
    /// `snsPlatform`: which SNS key holds the APNs payload: `APNS` (default), `APNS_SANDBOX`, `APNS_VOIP`,
    /// `APNS_VOIP_SANDBOX`, `MACOS` or `MACOS_SANDBOX`.
    package static let snsPlatform = FormatOption(
        "snsPlatform",
        kind: .string(allowed: ["APNS", "APNS_SANDBOX", "APNS_VOIP", "APNS_VOIP_SANDBOX", "MACOS", "MACOS_SANDBOX"]),
        default: "APNS",
        summary:
            "which SNS key holds the APNs payload: `APNS`, `APNS_SANDBOX`, `APNS_VOIP`, `APNS_VOIP_SANDBOX`, `MACOS` "
            + "or `MACOS_SANDBOX`")
}

extension FormatOptions {
    /// `snsPlatform`: which SNS key holds the APNs payload: `APNS` (default), `APNS_SANDBOX`, `APNS_VOIP`,
    /// `APNS_VOIP_SANDBOX`, `MACOS` or `MACOS_SANDBOX`.
    public var snsPlatform: String {
        get { hasOnlyDefaults ? "APNS" : string(.snsPlatform) ?? "APNS" }
        set { set(.snsPlatform, .string(newValue)) }
    }
}

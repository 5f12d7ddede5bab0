public import PushCore

// The options the `attachment-url` formats (`amazon`, `sns`) read, declared by them.

extension FormatOption {
    /// `amazonMediaKey`: the userInfo key of the Amazon-style media URL. Default `attachment-url`.
    package static let amazonMediaKey = FormatOption(
        "amazonMediaKey", kind: .string(allowed: nil), default: .string(AmazonOptionDefaults.mediaKey),
        summary: "the userInfo key of the Amazon-style media URL")
    /// `amazonMediaPlacement`: where `amazon` renders the media URL: `top` (default, as the seed's extension reads
    /// it), `data` (the Pusher convention), or `aps`.
    package static let amazonMediaPlacement = FormatOption(
        "amazonMediaPlacement", kind: .string(allowed: AmazonMediaPlacement.allCases.map(\.rawValue)),
        default: .string(AmazonOptionDefaults.mediaPlacement),
        summary: "where `amazon` renders it: `top`, `data` or `aps`")
}

enum AmazonOptionDefaults {
    static let mediaKey = "attachment-url"
    static let mediaPlacement = "top"
}

extension FormatOptions {
    /// `amazonMediaKey`: the userInfo key of the Amazon-style media URL. Default `attachment-url`.
    public var amazonMediaKey: String {
        get {
            hasOnlyDefaults ? AmazonOptionDefaults.mediaKey : string(.amazonMediaKey) ?? AmazonOptionDefaults.mediaKey
        }
        set { set(.amazonMediaKey, .string(newValue)) }
    }

    /// `amazonMediaPlacement`: where `amazon` renders the media URL: `top` (default, as the seed's extension reads
    /// it), `data` (the Pusher convention), or `aps`.
    public var amazonMediaPlacement: String {
        get {
            hasOnlyDefaults
                ? AmazonOptionDefaults.mediaPlacement
                : string(.amazonMediaPlacement) ?? AmazonOptionDefaults.mediaPlacement
        }
        set { set(.amazonMediaPlacement, .string(newValue)) }
    }
}

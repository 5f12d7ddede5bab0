public import PushCore

// The options the `hive` format reads, declared by it (``HiveAdapter``'s descriptor lists them).

extension FormatOption {
    /// `hiveMediaKey`: the userInfo key HIVEExtensions reads the media URL from. Hive does not publish it; default
    /// `imageUrl` (a guess).
    package static let hiveMediaKey = FormatOption(
        "hiveMediaKey", kind: .string(allowed: nil), default: .string(HiveOptionDefaults.mediaKey),
        summary:
            "the userInfo key HIVEExtensions reads the media URL from (Hive does not publish it: set it to what your "
            + "campaigns send)")
    /// `hiveGroupKey`: the top-level key of the Hive group id besides `aps.thread-id`; default `groupId`.
    package static let hiveGroupKey = FormatOption(
        "hiveGroupKey", kind: .string(allowed: nil), default: .string(HiveOptionDefaults.groupKey),
        summary: "the top-level key of the Hive group id besides `aps.thread-id`")
    /// `hiveActionCatalogue`: a `hive_push_actions.json` document whose categories are accepted in addition to Hive's
    /// nine built-in ones.
    package static let hiveActionCatalogue = FormatOption(
        "hiveActionCatalogue", kind: .json,
        summary: "a `hive_push_actions.json` whose categories are accepted besides the nine built-in ones")
}

enum HiveOptionDefaults {
    static let mediaKey = "imageUrl"
    static let groupKey = "groupId"
}

extension FormatOptions {
    /// `hiveMediaKey`: the userInfo key HIVEExtensions reads the media URL from. Hive does not publish it; default
    /// `imageUrl` (a guess).
    public var hiveMediaKey: String {
        get { hasOnlyDefaults ? HiveOptionDefaults.mediaKey : string(.hiveMediaKey) ?? HiveOptionDefaults.mediaKey }
        set { set(.hiveMediaKey, .string(newValue)) }
    }

    /// `hiveGroupKey`: the top-level key of the Hive group id besides `aps.thread-id`; default `groupId`.
    public var hiveGroupKey: String {
        get { hasOnlyDefaults ? HiveOptionDefaults.groupKey : string(.hiveGroupKey) ?? HiveOptionDefaults.groupKey }
        set { set(.hiveGroupKey, .string(newValue)) }
    }

    /// `hiveActionCatalogue`: a `hive_push_actions.json` document whose categories are accepted in addition to
    /// Hive's nine built-in ones.
    public var hiveActionCatalogue: JSONValue? {
        get { hasOnlyDefaults ? nil : value(.hiveActionCatalogue) }
        set { set(.hiveActionCatalogue, newValue) }
    }
}

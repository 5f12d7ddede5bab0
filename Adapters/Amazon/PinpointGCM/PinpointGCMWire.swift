import PushCore
package import WireTables

/// Pinpoint's `GCMMessage` (direct sends) and campaign `Message` (`WriteCampaignRequest`'s Android message) as wire
/// tables (``WireTable``): one line per key, read and written by the generic engine through ``PinpointGCMHooks``.
/// Read by `pinpoint-gcm` and by `pinpoint-message` (the Android side of a `MessageConfiguration`).
///
/// The content keys (`Title`, `Body`, `ImageUrl`, `Sound`, `Data`) are Android's own where they differ from the
/// shared content (what every platform shows), and the shared value where they repeat it (the memory lists them in
/// `sameAsShared`); the other keys are fields of the Android part. Keys the table does not model (`Substitutions`,
/// `PreferredAuthenticationMethod`, the campaign's `JsonBody` and `MediaUrl`, `Action` `OPEN_APP`, a `Url` without
/// its `Action`, unknown keys, values of the wrong type) are kept verbatim in the memory's `fields`, in input order.
///
/// The lines are declared once; a table lists them in the order findings are reported (``direct``, ``campaign``) or
/// in the order the keys are written, alphabetical as AWS documents them (``directWriting``, ``campaignWriting``).
package enum PinpointGCMWire {
    /// What the GCMMessage's lines read and write themselves.
    package enum Hook: Sendable {
        /// `Title`, `Body`, `ImageUrl`, `Sound`: Android's own value where it differs from the shared one.
        case shared(Shared)
        /// `Data`: a string map, Android's own where it differs from the shared custom data.
        case data
        /// A string field of the Android part.
        case text(AndroidText)
        /// `Priority`: `normal`/`high` (APNs's `5`/`10` normalised, as Pinpoint converts them).
        case priority
        /// `SilentPush`: `android.silent`.
        case silentPush
        /// `TimeToLive`: whole seconds, `android.ttl` as a duration string.
        case timeToLive
        /// `Action` with its `Url`: `URL` → `android.url`, `DEEP_LINK` → `android.deepLink`.
        case action
        /// `Url`: taken with its `Action`.
        case url
        /// `ADMMessage.ExpiresAfter`: a string of whole seconds, `android.ttl` as a duration string (the `adm`
        /// format's `expiresAfter`).
        case expiresAfter
        /// `ADMMessage.MD5`: the base64 MD5 of the data, in `extensions.adm.md5` (where the `adm` format keeps `md5`).
        case md5
    }

    /// The content a GCMMessage shares with the other platforms.
    package enum Shared: Sendable {
        case title, body, image, sound
    }

    /// The string fields of the Android part a GCMMessage has.
    package enum AndroidText: Sendable {
        case collapseKey, icon, imageIcon, smallImageIcon, restrictedPackageName

        /// The canonical `android` member.
        package var canonicalName: String {
            switch self {
            case .collapseKey: return "collapseKey"
            case .icon: return "icon"
            case .imageIcon: return "imageIcon"
            case .smallImageIcon: return "smallImageIcon"
            case .restrictedPackageName: return "restrictedPackageName"
            }
        }
    }

    typealias Line = WireTable<Hook>.Line

    // MARK: - Lines

    static let title = Line.hook("Title", .shared(.title), carries: ["title", "android"])
    static let body = Line.hook("Body", .shared(.body), carries: ["body", "android"])
    static let imageURL = Line.hook("ImageUrl", .shared(.image), carries: ["media", "android"])
    static let sound = Line.hook("Sound", .shared(.sound), carries: ["sound", "android"])
    static let data = Line.hook("Data", .data, carries: ["data", "android"])
    static let collapseKey = Line.hook("CollapseKey", .text(.collapseKey), carries: ["android"])
    static let iconReference = Line.hook("IconReference", .text(.icon), carries: ["android"])
    static let imageIconURL = Line.hook("ImageIconUrl", .text(.imageIcon), carries: ["android"])
    /// `GCMMessage.SmallImageIconUrl`.
    static let smallImageIconURL = Line.hook("SmallImageIconUrl", .text(.smallImageIcon), carries: ["android"])
    /// The campaign `Message`'s spelling of the same field.
    static let imageSmallIconURL = Line.hook("ImageSmallIconUrl", .text(.smallImageIcon), carries: ["android"])
    static let restrictedPackageName = Line.hook(
        "RestrictedPackageName", .text(.restrictedPackageName), carries: ["android"])
    static let priority = Line.hook("Priority", .priority, carries: ["android"])
    static let silentPush = Line.hook("SilentPush", .silentPush, carries: ["android"])
    static let timeToLive = Line.hook("TimeToLive", .timeToLive, carries: ["android"])
    static let action = Line.hook("Action", .action, carries: ["android"])
    static let url = Line.hook("Url", .url, carries: ["android"])
    /// `ADMMessage.ConsolidationKey`: ADM's collapse key (the `adm` format's `consolidationKey`).
    static let consolidationKey = Line.hook("ConsolidationKey", .text(.collapseKey), carries: ["android"])
    static let expiresAfter = Line.hook("ExpiresAfter", .expiresAfter, carries: ["android"])
    static let md5 = Line.hook("MD5", .md5, carries: ["extensions.adm.md5"])

    // MARK: - Tables

    /// The `extensions.amazon` key of what the Android side needs to render back.
    package static let memoryKey = "pinpointGCM"

    /// The memory key of the keys the table does not model.
    package static let unmodelled = "fields"

    static func table(_ lines: [Line]) -> WireTable<Hook> {
        WireTable<Hook>(
            namespace: AmazonKeys.Extension.namespace, lines: lines, unmodelled: unmodelled,
            unmodelledOthersLose: "these are GCMMessage keys the model does not know")
    }

    /// `GCMMessage`, in the order its findings are reported.
    package static let direct = table([
        title, body, imageURL, sound, data, collapseKey, iconReference, imageIconURL, smallImageIconURL,
        restrictedPackageName, priority, silentPush, timeToLive, action, url,
    ])

    /// The campaign `Message`, in the order its findings are reported.
    package static let campaign = table([
        title, body, imageURL, sound, data, collapseKey, iconReference, imageIconURL, imageSmallIconURL,
        restrictedPackageName, priority, silentPush, timeToLive, action, url,
    ])

    /// `GCMMessage`, in the order its keys are written.
    package static let directWriting = table([
        action, url, body, collapseKey, data, iconReference, imageIconURL, smallImageIconURL, imageURL, priority,
        restrictedPackageName, silentPush, sound, timeToLive, title,
    ])

    /// The campaign `Message`, in the order its keys are written.
    package static let campaignWriting = table([
        action, url, body, collapseKey, data, iconReference, imageIconURL, imageSmallIconURL, imageURL, priority,
        restrictedPackageName, silentPush, sound, timeToLive, title,
    ])

    /// What `pinpoint-gcm` carries: the table's canonical fields (in the model's order), then the memory.
    package static let carries: [String] = {
        let fields = direct.carries(namespaceOrder: []).filter { !$0.hasPrefix("extensions.") }
        let order = ["title", "body", "sound", "media", "data", "android"]
        let memory = "extensions.amazon.\(memoryKey)"
        return order.filter(fields.contains) + fields.filter { !order.contains($0) } + [memory]
    }()

    /// The Android fields a `GCMMessage` has no place for, with the reason.
    package static let unsupportedAndroid: [(field: String, reason: String)] = [
        ("titleLocKey", "a GCMMessage has no localised keys (RawContent has)"),
        ("titleLocArgs", "a GCMMessage has no localised keys (RawContent has)"),
        ("bodyLocKey", "a GCMMessage has no localised keys (RawContent has)"),
        ("bodyLocArgs", "a GCMMessage has no localised keys (RawContent has)"),
        ("color", "a GCMMessage has no colour (RawContent has)"),
        ("tag", "a GCMMessage has no tag (RawContent has)"),
        ("clickAction", "a GCMMessage has no click action: Action and Url say where a tap leads"),
        ("channelId", "a GCMMessage has no channel (RawContent has)"),
        ("notificationCount", "a GCMMessage has no notification count (RawContent has)"),
        ("visibility", "a GCMMessage has no visibility (RawContent has)"),
        ("notificationPriority", "a GCMMessage has no notification priority (RawContent has)"),
        ("directBootOk", "a GCMMessage has no direct_boot_ok (RawContent has)"),
    ]

    /// The `android.priority` values a GCMMessage's `Priority` reads back as (any other is kept as an unknown value).
    package static let readablePriorities: Set<String> = ["normal", "high"]
}

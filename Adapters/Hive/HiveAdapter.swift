public import PushCore
import APNsAdapter

/// A Com2uS Hive SDK v4 remote push as delivered on iOS (format `hive`): an APNs payload whose
/// notification group and media URL Hive's console and `HIVEExtensions` add.
///
/// Hive does not publish the delivered userInfo layout, so two keys are options:
/// - the group (`groupId` in Hive's console and API) is read from `aps.thread-id` (what iOS groups
///   by) and from the top-level key ``FormatOptions/hiveGroupKey`` (default `groupId`), and rendered
///   to both. When the two disagree, `thread-id` wins and the top-level value stays custom data;
/// - the media URL that `HIVEExtensions` downloads is read from the top-level key
///   ``FormatOptions/hiveMediaKey`` (default `imageUrl`, a guess) into `media`. Hive documents JPG,
///   GIF and MP4 and advises against audio; other kinds are warnings.
///
/// `aps.category` is checked against Hive's nine built-in button sets
/// (``HiveActionCatalogue/builtIn``) and the categories of ``FormatOptions/hiveActionCatalogue``.
/// Every other top-level key goes to `data`. Recognition uses the default key names.
public struct HiveAdapter: PayloadAdapter {
    /// The adapter.
    public init() {}

    /// The format's public name.
    public static let formatName = "hive"

    public var descriptor: FormatDescriptor {
        FormatDescriptor(
            name: Self.formatName, vendor: HiveKeys.namespace,
            summary: "A Com2uS Hive SDK v4 remote push as delivered on iOS: APNs plus Hive's group and media keys.",
            isDelivered: true, carries: APNsAdapter.carriedFields + ["media"])
    }

    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload, case .object(let aps)? = root[APNsKeys.aps] else { return nil }
        let defaults = FormatOptions()
        let evidence = [defaults.hiveGroupKey, defaults.hiveMediaKey].filter { root[$0] != nil }.map { "/" + $0 }
        if !evidence.isEmpty { return Recognition(strength: 3, evidence: evidence) }
        if case .string(let category)? = aps[APNsKeys.APS.category],
            HiveActionCatalogue.builtInCategoryIDs.contains(category)
        {
            return .plausible("/aps/category")
        }
        return nil
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object(var rest) = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "a Hive remote push must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var n = PushNotification()
        n.source = Self.formatName
        APNsPayloadReader.readAps(from: &rest, at: .root, into: &n, context: &context)
        readGroup(from: &rest, into: &n, context: &context)
        readMedia(from: &rest, into: &n, context: &context)
        checkCategory(n.category, context: &context)
        APNsAdapter.reportMisplacedKeys(in: rest, context: &context)
        n.data = rest
        if !rest.isEmpty { context.record("data", from: .root) }
        return n
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        let groupKey = context.options.hiveGroupKey
        let mediaKey = context.options.hiveMediaKey
        var root = JSONObject()
        APNsPayloadWriter.appendAps(for: notification, to: &root)
        if let group = notification.group, root[groupKey] == nil, notification.data[groupKey] == nil {
            root.appendUnchecked(groupKey, .string(group))
        }
        if let first = notification.media.first, root[mediaKey] == nil, notification.data[mediaKey] == nil {
            root.appendUnchecked(mediaKey, .string(first.url))
            if first.identifier != nil {
                context.explainLoss(
                    at: JSONPointer(tokens: ["media", "0", "identifier"]), "a Hive push carries only the media URL")
            }
            if first.kind != PushNotification.MediaKind(url: first.url) {
                context.explainLoss(
                    at: JSONPointer(tokens: ["media", "0", "kind"]),
                    "a Hive push carries only the media URL; the kind follows from its extension")
            }
        }
        if notification.media.count > 1 {
            context.explainLoss(at: JSONPointer(tokens: ["media"]), "a Hive push carries one media URL")
        }
        if !notification.extensionObject(HiveKeys.namespace).isEmpty {
            context.explainLoss(
                at: JSONPointer(tokens: ["extensions", HiveKeys.namespace]),
                "LocalPush fields (notice id, delay, Android-only fields) have no place in a remote push")
        }
        for (key, value) in notification.data where root[key] == nil { root.appendUnchecked(key, value) }
        return .object(root)
    }

    // MARK: - Reading

    private func readGroup(from rest: inout JSONObject, into n: inout PushNotification, context: inout NormaliseContext)
    {
        let key = context.options.hiveGroupKey
        let path = JSONPointer(tokens: [key])
        guard rest[key] != nil else { return }
        guard case .string(let group)? = rest[key] else {
            // Reported by takeString; a wrong type stays in `rest` and so in `data`.
            _ = rest.takeString(key, at: .root, &context.diagnostics)
            return
        }
        if let threadID = n.group, threadID != group {
            context.diagnostics.warning(
                .hiveGroupConflict, at: path,
                "`\(key)` \"\(group)\" differs from `aps.thread-id` \"\(threadID)\", which iOS groups by; "
                    + "`\(key)` is kept as custom data")
            return
        }
        rest.removeValue(forKey: key)
        if n.group == nil {
            n.group = group
            context.record("group", from: path)
        }
    }

    private func readMedia(from rest: inout JSONObject, into n: inout PushNotification, context: inout NormaliseContext)
    {
        let key = context.options.hiveMediaKey
        guard let url = rest.takeString(key, at: .root, &context.diagnostics) else { return }
        let path = JSONPointer(tokens: [key])
        let media = PushNotification.Media(url: url)
        n.media = [media]
        context.record("media", from: path)
        if media.kind == .audio {
            context.diagnostics.warning(
                .hiveMediaAudio, at: path,
                "Hive advises against audio push: iOS may restart Springboard when another app holds the audio session")
        } else if !HiveKeys.mediaExtensions.contains(Self.fileExtension(of: url)) {
            context.diagnostics.warning(
                .hiveMediaUnsupportedType, at: path,
                "\"\(url)\" is not a kind Hive documents for media push: JPG or GIF images, MP4 video")
        }
    }

    private func checkCategory(_ category: String?, context: inout NormaliseContext) {
        guard let category, !HiveActionCatalogue.builtInCategoryIDs.contains(category) else { return }
        var known: Set<String> = []
        if let option = context.options.hiveActionCatalogue {
            var scratch: [Diagnostic] = []
            let catalogue = HiveActionCatalogue.normalise(option, diagnostics: &scratch)
            if let catalogue { known = catalogue.categoryIDs }
            // A category whose entry has an error is not readable, so not known.
            for finding in scratch where finding.severity == .error {
                let tokens = finding.path.tokens
                if tokens.count >= 2, tokens[0] == "categories" { known.remove(tokens[1]) }
            }
            if scratch.containsErrors {
                context.diagnostics.warning(
                    .hiveCatalogueOptionInvalid, at: .root,
                    "the hiveActionCatalogue option has errors (\(scratch.filter { $0.severity == .error }.count)); "
                        + "only its readable categories are known")
            }
        }
        if !known.contains(category) {
            context.diagnostics.warning(
                .hiveCategoryUnknown, at: JSONPointer(tokens: [APNsKeys.aps, APNsKeys.APS.category]),
                "\"\(category)\" is not a built-in Hive category"
                    + (context.options.hiveActionCatalogue == nil ? "" : " nor in hiveActionCatalogue")
                    + ": without a matching hive_push_actions.json entry iOS shows no buttons")
        }
    }

    /// The lower-cased extension of a URL's last path component ("" when there is none).
    static func fileExtension(of url: String) -> String {
        var path = Substring(url)
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        if let scheme = path.firstRange(of: "://") { path = path[scheme.upperBound...] }
        guard let slash = path.firstIndex(of: "/") else { return "" }
        let last = path[slash...].split(separator: "/").last ?? ""
        guard let dot = last.lastIndex(of: ".") else { return "" }
        return last[last.index(after: dot)...].lowercased()
    }
}

public import PushCore
import APNsAdapter
import JSONCodec

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

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// Built once: a conversion reads it several times.
    private static let standardDescriptor = FormatDescriptor(
        name: Self.formatName, vendor: HiveKeys.namespace,
        summary: "A Com2uS Hive SDK v4 remote push as delivered on iOS: APNs plus Hive's group and media keys.",
        isDelivered: true, carries: APNsAdapter.carriedFields + ["media"],
        options: [.hiveMediaKey, .hiveGroupKey, .hiveActionCatalogue])

    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(let root) = payload, case .object(let aps)? = root[APNsKeys.aps] else { return nil }
        let defaults = FormatOptions()
        let evidence = [defaults.hiveGroupKey, defaults.hiveMediaKey].filter { root[$0] != nil }.map { "/" + $0 }
        if !evidence.isEmpty { return Recognition(strength: 3, evidence: evidence) }
        if case .string(let category)? = aps[APNsWire.categoryKey],
            HiveActionCatalogue.builtInCategoryIDs.contains(category)
        {
            return .plausible("/aps/category")
        }
        return nil
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "a Hive remote push must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var n = PushNotification()
        n.source = Self.formatName
        let data = Self.read(JSONValueSource(), payload, into: &n, context: &context, strict: false) ?? []
        n.data = APNsWire.customData(data, context: &context)
        return n
    }

    /// Custom data named `aps`, or the group or media key.
    public func dataCollides(_ notification: PushNotification, options: FormatOptions) -> Bool {
        let data = notification.data
        return data[APNsKeys.aps] != nil || data[options.hiveGroupKey] != nil || data[options.hiveMediaKey] != nil
    }

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        var out = JSONValueOutput()
        out.beginObject()
        let written = Self.writeHead(
            notification, dataHas: { notification.data[$0] != nil }, context: &context, to: &out)
        for (key, value) in notification.data where !written.contains(key) {
            out.key(key)
            out.value(value)
        }
        out.endObject()
        return out.result
    }

    // MARK: - The format: `aps` plus the group and media keys at the root

    /// Reads a Hive remote push at `root`: `aps` through ``APNsWire``, then the group key (option `hiveGroupKey`) and
    /// the media key (`hiveMediaKey`) at the root, then the category check. Returns the members left as custom
    /// data; nil when strict reading gives up (any finding).
    static func read<S: WireSource>(
        _ source: S, _ root: S.Node, into n: inout PushNotification, context: inout NormaliseContext, strict: Bool
    ) -> [(key: S.Node, value: S.Node)]? {
        guard var data = APNsWire.readRoot(source, root, into: &n, context: &context, strict: strict) else {
            return nil
        }
        let groupKey = context.options.hiveGroupKey
        if let index = data.firstIndex(where: { source.key($0.key, isString: groupKey) }) {
            let path = strict ? .root : JSONPointer(tokens: [groupKey])
            if let group = source.string(data[index].value) {
                if let threadID = n.group, threadID != group {
                    if strict { return nil }
                    context.diagnostics.warning(
                        .hiveGroupConflict, at: path,
                        "`\(groupKey)` \"\(group)\" differs from `aps.thread-id` \"\(threadID)\", which iOS groups by; "
                            + "`\(groupKey)` is kept as custom data")
                } else {
                    data.remove(at: index)
                    if n.group == nil {
                        n.group = group
                        if !strict { context.record("group", from: path) }
                    }
                }
            } else {
                if strict { return nil }
                context.diagnostics.error(
                    .wrongType, at: path,
                    "`\(groupKey)` must be a string, found \(source.typeName(data[index].value)); kept as it was")
            }
        }
        let mediaKey = context.options.hiveMediaKey
        if let index = data.firstIndex(where: { source.key($0.key, isString: mediaKey) }) {
            let path = strict ? .root : JSONPointer(tokens: [mediaKey])
            if let url = source.string(data[index].value) {
                data.remove(at: index)
                let media = PushNotification.Media(url: url)
                n.media = [media]
                if media.kind == .audio {
                    if strict { return nil }
                    context.diagnostics.warning(
                        .hiveMediaAudio, at: path,
                        "Hive advises against audio push: iOS may restart Springboard when another app holds the audio session"
                    )
                } else if !HiveKeys.mediaExtensions.contains(Self.fileExtension(of: url)) {
                    if strict { return nil }
                    context.diagnostics.warning(
                        .hiveMediaUnsupportedType, at: path,
                        "\"\(url)\" is not a kind Hive documents for media push: JPG or GIF images, MP4 video")
                }
                if !strict { context.record("media", from: path) }
            } else {
                if strict { return nil }
                context.diagnostics.error(
                    .wrongType, at: path,
                    "`\(mediaKey)` must be a string, found \(source.typeName(data[index].value)); kept as it was")
            }
        }
        if let category = n.category, !HiveActionCatalogue.builtInCategoryIDs.contains(category) {
            if strict { return nil }
            checkCategory(category, context: &context)
        }
        guard APNsWire.finishRoot(source, data: data, context: &context, strict: strict) else { return nil }
        return data
    }

    /// Writes `aps`, the group key and the first media URL (explaining what a Hive push cannot carry); returns the
    /// root keys written, which custom data does not repeat. `dataHas` tells whether custom data has a key (custom
    /// data wins the group and media keys).
    static func writeHead<O: WireOutput>(
        _ n: PushNotification, dataHas: (String) -> Bool, context: inout RenderContext, to out: inout O
    ) -> [String] {
        let groupKey = context.options.hiveGroupKey
        let mediaKey = context.options.hiveMediaKey
        var written: [String] = []
        if APNsWire.apsShape(n) != .absent {
            APNsWire.writeAps(n, to: &out)
            written.append(APNsKeys.aps)
        }
        if let group = n.group, !written.contains(groupKey), !dataHas(groupKey) {
            out.key(groupKey)
            out.string(group)
            written.append(groupKey)
        }
        if let first = n.media.first, !written.contains(mediaKey), !dataHas(mediaKey) {
            out.key(mediaKey)
            out.text(first.urlText)
            written.append(mediaKey)
            if first.identifier != nil {
                context.explainLoss(
                    at: JSONPointer(tokens: ["media", "0", "identifier"]), "a Hive push carries only the media URL")
            }
            if first.kind != PushNotification.MediaKind(urlText: first.urlText) {
                context.explainLoss(
                    at: JSONPointer(tokens: ["media", "0", "kind"]),
                    "a Hive push carries only the media URL; the kind follows from its extension")
            }
        }
        if n.media.count > 1 {
            context.explainLoss(at: JSONPointer(tokens: ["media"]), "a Hive push carries one media URL")
        }
        if !n.extensions.isEmpty, !n.extensionObject(HiveKeys.namespace).isEmpty {
            context.explainLoss(
                at: JSONPointer(tokens: ["extensions", HiveKeys.namespace]),
                "LocalPush fields (notice id, delay, Android-only fields) have no place in a remote push")
        }
        return written
    }

    /// Warns about a category that is neither built in nor in the `hiveActionCatalogue` option.
    private static func checkCategory(_ category: String, context: inout NormaliseContext) {
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
                .hiveCategoryUnknown, at: JSONPointer(tokens: [APNsKeys.aps, APNsWire.categoryKey]),
                "\"\(category)\" is not a built-in Hive category"
                    + (context.options.hiveActionCatalogue == nil ? "" : " nor in hiveActionCatalogue")
                    + ": without a matching hive_push_actions.json entry iOS shows no buttons")
        }
    }

    /// The lower-cased extension of a URL's last path component ("" when there is none).
    static func fileExtension(of url: String) -> String {
        // An ASCII URL (the usual case) over its bytes: no grapheme breaking on the conversion path.
        if let ext = asciiFileExtension(of: url) { return ext }
        var path = Substring(url)
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        if let scheme = path.firstRange(of: "://") { path = path[scheme.upperBound...] }
        guard let slash = path.firstIndex(of: "/") else { return "" }
        let last = path[slash...].split(separator: "/").last ?? ""
        guard let dot = last.lastIndex(of: ".") else { return "" }
        return last[last.index(after: dot)...].lowercased()
    }

    /// ``fileExtension(of:)`` of an ASCII URL, over its bytes; nil when the URL is not ASCII.
    static func asciiFileExtension(of url: String) -> String? {
        var url = url
        return url.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var end = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
            var start = 0
            // After the first "://".
            var index = 0
            while index + 3 <= end {
                if bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
                    bytes[index + 2] == UInt8(ascii: "/")
                {
                    start = index + 3
                    break
                }
                index += 1
            }
            guard let slash = bytes[start..<end].firstIndex(of: UInt8(ascii: "/")) else { return "" }
            // The last non-empty component after that slash.
            while end > slash, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            guard end > slash else { return "" }
            var componentStart = end
            while bytes[componentStart - 1] != UInt8(ascii: "/") { componentStart -= 1 }
            guard let dot = bytes[componentStart..<end].lastIndex(of: UInt8(ascii: ".")) else { return "" }
            let lowered = bytes[(dot + 1)..<end].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
            return String(decoding: lowered, as: UTF8.self)
        }
    }
}

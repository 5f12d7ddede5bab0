public import PushCore

/// Model checks: what `validate` adds to `normalise`. One code path: the checks run on the normalised
/// model and locate findings in the input through the normalise context's provenance.
public enum NotificationChecks {
    /// The APNs payload limit in bytes.
    public static let maximumPayloadBytes = 4096
    /// The VoIP payload limit in bytes.
    public static let maximumVoIPPayloadBytes = 5120

    /// Runs every check. `payloadSize` is the compact UTF-8 size of the payload as delivered.
    /// `isDelivered` is false for a vendor's send form, which cannot carry `mutable-content` itself (the
    /// vendor sets it), so the media-without-mutable-content check is skipped there.
    public static func check(
        _ n: PushNotification, payloadSize: Int, context: NormaliseContext, isDelivered: Bool = true
    ) -> [Diagnostic] {
        var out = Findings.collecting
        check(n, payloadSize: payloadSize, context: context, isDelivered: isDelivered, into: &out)
        return out.diagnostics
    }

    /// True when ``check(_:payloadSize:context:isDelivered:)`` finds an error: the same checks, with no locations,
    /// messages or warnings built (the conversion path's question).
    public static func hasErrors(_ n: PushNotification, payloadSize: Int, isDelivered: Bool = true) -> Bool {
        var out = Findings.probing
        check(n, payloadSize: payloadSize, context: probingContext, isDelivered: isDelivered, into: &out)
        return out.hasErrors
    }

    /// The context ``hasErrors(_:payloadSize:isDelivered:)`` checks with: a probe builds no location, so it is
    /// never read; one shared value, not a context built and destroyed per call.
    private static let probingContext = NormaliseContext()

    /// Every check, its findings into `out`.
    private static func check(
        _ n: PushNotification, payloadSize: Int, context: NormaliseContext, isDelivered: Bool,
        into out: inout Findings
    ) {
        func at(_ field: String) -> JSONPointer { context.inputPath(for: JSONPointer(tokens: [field])) }

        let isVoIP = n.delivery?.pushType == "voip"
        let limit = isVoIP ? maximumVoIPPayloadBytes : maximumPayloadBytes
        if payloadSize > limit {
            out.error(
                .apnsPayloadTooLarge, at: .root,
                "the payload is \(payloadSize) bytes, \(payloadSize - limit) over the APNs limit of \(limit)\(isVoIP ? " for VoIP" : "")"
            )
        }
        if let badge = n.badge, badge < 0 {
            out.error(.apnsBadgeNegative, at: at("badge"), "badge \(badge) is negative; use 0 to clear the badge")
        }
        if let volume = n.sound?.volume, !(0...1).contains(volume) {
            out.error(
                .apnsSoundVolumeRange, at: context.pathsAreCanonical ? "/sound/volume" : at("sound"),
                "sound volume \(volume) is outside 0…1")
        }
        if let level = n.interruptionLevel, !APNsKeys.interruptionLevels.contains(level) {
            out.error(
                .apnsInterruptionLevelUnknown, at: at("interruptionLevel"),
                "interruption-level \"\(level)\" is not one of passive, active, time-sensitive, critical")
        }
        if let score = n.relevanceScore, !(0...1).contains(score), n.liveActivity == nil {
            out.error(
                .apnsRelevanceScoreRange, at: at("relevanceScore"),
                "relevance-score \(score) is outside 0…1 for an alert")
        }
        // Three plain tests, not a loop over a built array: this runs on every conversion.
        if n.titleLocArgs != nil, n.titleLocKey == nil { locArgsWithoutKey("titleLocArgs") }
        if n.subtitleLocArgs != nil, n.subtitleLocKey == nil { locArgsWithoutKey("subtitleLocArgs") }
        if n.bodyLocArgs != nil, n.bodyLocKey == nil { locArgsWithoutKey("bodyLocArgs") }
        func locArgsWithoutKey(_ name: String) {
            out.error(
                .apnsLocArgsWithoutKey, at: at(name), "localisation arguments without their loc-key are ignored by iOS")
        }
        checkDelivery(n, at: at, into: &out)
        checkMedia(n, at: at, context: context, isDelivered: isDelivered, into: &out)
        if !n.isVisible && n.contentAvailable != true && n.liveActivity == nil && n.delivery?.pushType != "background"
            && !isVoIP
        {
            out.warning(
                .apnsContentEmpty, at: .root,
                "nothing to show (no alert, sound or badge) and not a background push: iOS will display nothing")
        }
    }

    private static func checkDelivery(_ n: PushNotification, at: (String) -> JSONPointer, into out: inout Findings) {
        // Every check below reads a delivery value: without a delivery there is nothing to check.
        guard let delivery = n.delivery else { return }
        let isBackground = n.contentAvailable == true && !n.isVisible
        if delivery.pushType == "background" && n.isVisible {
            out.warning(
                .apnsBackgroundVisible, at: at("delivery"),
                "a background push should not carry an alert, a sound or a badge")
        }
        if isBackground || delivery.pushType == "background", delivery.priority == 10 {
            out.error(.apnsBackgroundPriority, at: at("delivery"), "a background push must use priority 5 or 1, not 10")
        }
        if let priority = delivery.priority, ![10, 5, 1].contains(priority) {
            out.error(.apnsPriorityInvalid, at: at("delivery"), "apns-priority must be 10, 5 or 1, found \(priority)")
        }
        if let pushType = delivery.pushType {
            if !APNsKeys.pushTypes.contains(pushType) {
                out.warning(
                    .apnsPushTypeUnknown, at: at("delivery"), "apns-push-type \"\(pushType)\" is not a known type")
            } else if pushType == "alert" && !n.isVisible {
                out.error(.apnsPushTypeMismatch, at: at("delivery"), "push type alert but nothing to show")
            } else if pushType == "background" && n.contentAvailable != true {
                out.error(.apnsPushTypeMismatch, at: at("delivery"), "push type background needs content-available: 1")
            } else if pushType == "liveactivity" && n.liveActivity == nil {
                out.error(.apnsPushTypeMismatch, at: at("delivery"), "push type liveactivity but no Live Activity keys")
            }
        }
        if let collapse = delivery.collapseID, collapse.utf8.count > 64 {
            out.error(
                .apnsCollapseIDTooLong, at: at("delivery"),
                "apns-collapse-id is \(collapse.utf8.count) bytes; the limit is 64")
        }
    }

    private static func checkMedia(
        _ n: PushNotification, at: (String) -> JSONPointer, context: NormaliseContext, isDelivered: Bool,
        into out: inout Findings
    ) {
        guard !n.media.isEmpty else { return }
        if n.mutableContent != true && isDelivered {
            out.warning(
                .mediaWithoutMutableContent, at: at("media"),
                "media needs mutable-content: 1, or no Notification Service Extension runs to attach it")
        }
        for (index, item) in n.media.enumerated() {
            // A template's placeholder URL (`{{Attributes.image}}`) is checked once rendered, not here.
            if TemplateValue.holdsPlaceholder(item.urlText) { continue }
            let path = out.collects ? context.inputPath(for: JSONPointer(tokens: ["media", String(index)])) : .root
            // A string that is not a URL has one finding (media.url.invalid), not a second about its type.
            let isInvalidURL = checkURL(item.urlText, at: path, into: &out)
            if item.kind == nil, !isInvalidURL {
                out.warning(
                    .mediaUnsupportedType, at: path,
                    "\"\(item.url)\" has no extension iOS accepts as an attachment: image jpg/jpeg/png/gif up to 10 MB, "
                        + "audio aif/aiff/wav/mp3/m4a up to 5 MB, video mpg/mpeg/mp2/mp4/avi up to 50 MB")
            }
        }
    }

    /// URL rules: https only (App Transport Security), no credentials, warn on IP-literal and local hosts.
    /// True when the URL is not one (`media.url.invalid`).
    @discardableResult
    package static func checkURL(_ url: String, at path: JSONPointer, into out: inout Findings) -> Bool {
        checkURL(PushNotification.Text(url), at: path, into: &out)
    }

    /// ``checkURL(_:at:into:)-(String,_,_)`` of a URL as the model holds it: its bytes read in place, a `String` made
    /// only for a finding's message or a URL that is not ASCII.
    @discardableResult
    package static func checkURL(_ url: PushNotification.Text, at path: JSONPointer, into out: inout Findings) -> Bool {
        // Media URLs are ASCII in practice: check their bytes (no grapheme breaking on the conversion path); any
        // other URL takes the same checks over characters.
        let checked: Bool? = url.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            return checkASCIIURL(url, bytes, at: path, into: &out)
        }
        return checked ?? checkURLCharacters(url.string, at: path, into: &out)
    }

    /// ``checkURL(_:at:into:)-(String,_,_)`` over the bytes of an ASCII URL (`url`'s; its text only for messages).
    private static func checkASCIIURL(
        _ url: PushNotification.Text, _ bytes: UnsafeBufferPointer<UInt8>, at path: JSONPointer,
        into out: inout Findings
    ) -> Bool {
        func lowercased(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
        func equalsIgnoringCase(_ slice: Slice<UnsafeBufferPointer<UInt8>>, _ text: StaticString) -> Bool {
            slice.count == text.utf8CodeUnitCount
                && zip(slice, UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)).allSatisfy {
                    lowercased($0) == $1
                }
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes.count - colon >= 3,
            bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else {
            out.error(.mediaInvalidURL, at: path, "\"\(url.string)\" is not an absolute URL")
            return true
        }
        let afterScheme = colon + 3
        let authorityEnd =
            bytes[afterScheme...].firstIndex {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            }
            ?? bytes.count
        if !equalsIgnoringCase(bytes[..<colon], "https") {
            out.warning(
                .mediaInsecureURL, at: path,
                "\"\(url.string)\" is not https: App Transport Security blocks it unless the extension has an exception"
            )
        }
        var host = bytes[afterScheme..<authorityEnd]
        if let at = host.lastIndex(of: UInt8(ascii: "@")) {
            out.error(
                .mediaURLCredentials, at: path,
                "the media URL carries credentials; every device that fetches it sees them")
            host = bytes[(at + 1)..<authorityEnd]
        }
        if host.first == UInt8(ascii: "[") {
            out.warning(.mediaURLLocalHost, at: path, "the media URL's host is an IP literal")
            return false
        }
        if let colon = host.lastIndex(of: UInt8(ascii: ":")) { host = bytes[host.startIndex..<colon] }
        if host.isEmpty {
            out.error(.mediaInvalidURL, at: path, "\"\(url.string)\" has no host")
            return true
        }
        let suffix = ".localhost".utf8.count
        if equalsIgnoringCase(host, "localhost")
            || (host.count > suffix && equalsIgnoringCase(host[(host.endIndex - suffix)...], ".localhost"))
        {
            out.warning(.mediaURLLocalHost, at: path, "the media URL's host is localhost; devices cannot reach it")
        } else if host.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") }) {
            out.warning(.mediaURLLocalHost, at: path, "the media URL's host is an IP literal")
        }
        return false
    }

    /// ``checkURL(_:at:into:)`` over characters (a URL holding non-ASCII text).
    private static func checkURLCharacters(_ url: String, at path: JSONPointer, into out: inout Findings) -> Bool {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else {
            out.error(.mediaInvalidURL, at: path, "\"\(url)\" is not an absolute URL")
            return true
        }
        let scheme = url[..<colon].lowercased()
        let afterScheme = url[url.index(colon, offsetBy: 3)...]
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if scheme != "https" {
            out.warning(
                .mediaInsecureURL, at: path,
                "\"\(url)\" is not https: App Transport Security blocks it unless the extension has an exception")
        }
        var host = Substring(authority)
        if let at = authority.lastIndex(of: "@") {
            out.error(
                .mediaURLCredentials, at: path,
                "the media URL carries credentials; every device that fetches it sees them")
            host = authority[authority.index(after: at)...]
        }
        if host.hasPrefix("[") {
            out.warning(.mediaURLLocalHost, at: path, "the media URL's host is an IP literal")
            return false
        }
        if let colon = host.lastIndex(of: ":") { host = host[..<colon] }
        if host.isEmpty {
            out.error(.mediaInvalidURL, at: path, "\"\(url)\" has no host")
            return true
        }
        let lower = host.lowercased()
        if lower == "localhost" || lower.hasSuffix(".localhost") {
            out.warning(.mediaURLLocalHost, at: path, "the media URL's host is localhost; devices cannot reach it")
        } else if lower.allSatisfy({ $0.isNumber || $0 == "." }) {
            out.warning(.mediaURLLocalHost, at: path, "the media URL's host is an IP literal")
        }
        return false
    }
}

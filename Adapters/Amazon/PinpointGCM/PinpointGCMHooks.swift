import FCMAdapter
package import JSONCodec
package import PushCore
import WireTables

/// The hook lines of the GCMMessage tables (``PinpointGCMWire``), written once over any source and any output.
///
/// Reading compares the content keys with the shared content already in the model (a request's
/// `DefaultPushNotificationMessage`, or the iOS side) and lists those that repeat it in ``same``. Writing takes that
/// list back from the memory (`sameAsShared`), so such a key is written again where it was.
package struct PinpointGCMHooks: WireTableHooks {
    package typealias Hook = PinpointGCMWire.Hook

    /// Read: the message's `Url` string, taken with an `Action` `URL` or `DEEP_LINK`.
    var url: String?
    /// Read: the content keys that repeat the shared content, in line order. Write: the keys written with the shared
    /// value when the Android part has none.
    var same: [String] = []
    /// Read: `Action` took `Url` with it.
    private var tookURL = false
    /// Read: the Android part being read, held here for the whole table (``PinpointGCMMessage`` moves it out of the
    /// notification before the table is read and back after), not moved in and out of the notification per line.
    /// Nil until reading starts (``startAndroid(_:)``): hooks are built, and copied, with nothing to copy here.
    var android: PushNotification.Android?

    package init(url: String? = nil, same: [String] = []) {
        self.url = url
        self.same = same
    }

    /// Starts reading into `part` (moved in, not copied).
    mutating func startAndroid(_ part: consuming PushNotification.Android) {
        android = consume part
    }

    /// The Android part read, moved out (the hooks are left with none).
    mutating func takeAndroid() -> PushNotification.Android {
        android.take() ?? PushNotification.Android()
    }

    // MARK: - Reading

    /// `Url` answers whether `Action` took it, member or not; every other hook reads only a member that is there.
    package static func readsAbsent(_ hook: Hook) -> Bool {
        if case .url = hook { return true }
        return false
    }

    package mutating func read<S: WireSource>(
        _ hook: Hook, _ source: S, _ value: S.Node?, key: String, at path: JSONPointer, into n: inout PushNotification,
        ext: inout JSONObject, context: inout NormaliseContext
    ) -> Bool {
        if case .url = hook { return tookURL }
        guard let value else { return false }
        switch hook {
        case .shared(let field):
            guard let text = self.text(source, value, key: key, at: path, context: &context) else { return false }
            // The title and body compared by their bytes and kept as read (no `String` made for them).
            let same: Bool
            switch field {
            case .title: same = text.hasSameBytes(as: n.titleText)
            case .body: same = text.hasSameBytes(as: n.bodyText)
            case .image: same = text.string == n.media.first?.url
            case .sound: same = text.string == n.sound?.name
            }
            if same {
                self.same.append(key)
                return true
            }
            switch field {
            case .title: android?.titleText = text
            case .body: android?.bodyText = text
            case .image: android?.image = text.string
            case .sound: android?.sound = text.string
            }
        case .data:
            guard case .object(let data) = source.jsonValue(value) else {
                context.diagnostics.error(
                    .wrongType, at: path.appending(key),
                    "`Data` must be an object, found \(source.typeName(value)); kept as it was")
                return false
            }
            Self.checkData(data, at: path.appending(key), context: &context)
            if data == n.data { same.append(key) } else { android?.data = data }
        case .text(let field):
            guard let text = string(source, value, key: key, at: path, context: &context) else { return false }
            switch field {
            case .collapseKey: android?.collapseKey = text
            case .icon: android?.icon = text
            case .imageIcon: android?.imageIcon = text
            case .smallImageIcon: android?.smallImageIcon = text
            case .restrictedPackageName: android?.restrictedPackageName = text
            }
        case .priority:
            // Decoded once, compared as a `String`.
            let text = source.string(value)
            switch text {
            case "high"?, "normal"?:
                android?.priority = text
            case "10"?, "5"?:
                // Pinpoint takes the APNs values and converts them.
                let priority = text == "10" ? "high" : "normal"
                android?.priority = priority
                context.diagnostics.warning(
                    .amazonGCMPriorityNormalised, at: path.appending(key),
                    "`Priority` \(source.jsonValue(value).compactText) is APNs's; Pinpoint sends it as \"\(priority)\"")
            default:
                context.diagnostics.error(
                    .amazonGCMPriorityInvalid, at: path.appending(key),
                    "`Priority` must be \"normal\" or \"high\" (or APNs's \"5\"/\"10\"), found "
                        + "\(source.jsonValue(value).compactText); kept")
                return false
            }
        case .silentPush:
            guard let silent = source.bool(value) else {
                context.diagnostics.error(
                    .wrongType, at: path.appending(key),
                    "`SilentPush` must be a boolean, found \(source.typeName(value)); kept")
                return false
            }
            android?.silent = silent
        case .timeToLive:
            guard let seconds = source.jsonValue(value).int64Value, seconds >= 0 else {
                context.diagnostics.error(
                    .amazonGCMTimeToLiveInvalid, at: path.appending(key),
                    "`TimeToLive` must be a non-negative integer of seconds, found "
                        + "\(source.jsonValue(value).compactText); kept")
                return false
            }
            android?.ttl = "\(seconds)s"
        case .action:
            guard let action = source.string(value) else { return false }
            if let url, action == "URL" || action == "DEEP_LINK" {
                if action == "URL" { android?.url = url } else { android?.deepLink = url }
                tookURL = true
                return true
            }
            if !["OPEN_APP", "URL", "DEEP_LINK"].contains(action) {
                context.diagnostics.error(
                    .amazonActionUnknown, at: path.appending(key),
                    "`Action` must be OPEN_APP, DEEP_LINK or URL, found \"\(action)\"; kept")
            }
            return false
        case .url:
            return tookURL
        case .expiresAfter:
            guard let text = source.string(value), !text.isEmpty, text.utf8.count <= 18,
                text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let seconds = Int64(text)
            else {
                context.diagnostics.error(
                    .amazonADMExpiresAfterInvalid, at: path.appending(key),
                    "`ExpiresAfter` must be a string of whole seconds (\"86400\"), found "
                        + "\(source.jsonValue(value).compactText); kept")
                return false
            }
            if !ADMWire.expiresAfterRange.contains(seconds) {
                context.diagnostics.warning(
                    .admExpiresAfterRange, at: path.appending(key),
                    "`ExpiresAfter` is \(seconds) seconds; ADM takes 60 to 2,678,400 (31 days)")
            }
            android?.ttl = "\(seconds)s"
        case .md5:
            guard let text = string(source, value, key: key, at: path, context: &context) else { return false }
            if !ADMHooks.isBase64MD5(text) {
                context.diagnostics.warning(
                    .admMD5Malformed, at: path.appending(key),
                    "`MD5` must be the base64 of an MD5 checksum (24 characters ending in `==`), found "
                        + "\(text.count) characters; ADM rejects a message whose checksum does not match")
            }
            var adm = n.extensionObject(ADMWire.namespace)
            adm[ADMWire.Extension.md5] = .string(text)
            n.setExtension(ADMWire.namespace, adm)
            return true
        }
        return true
    }

    /// ``string(_:_:key:at:context:)`` as the model holds a text (its bytes copied, no `String` made).
    private func text<S: WireSource>(
        _ source: S, _ value: S.Node, key: String, at path: JSONPointer, context: inout NormaliseContext
    ) -> PushNotification.Text? {
        source.text(value) ?? notAString(source, value, key: key, at: path, context: &context)
    }

    /// A string value, else a finding at `key` of the object at `path` (the value is kept where it was).
    private func string<S: WireSource>(
        _ source: S, _ value: S.Node, key: String, at path: JSONPointer, context: inout NormaliseContext
    ) -> String? {
        source.string(value) ?? notAString(source, value, key: key, at: path, context: &context)
    }

    /// Reports `value`, at `key` of the object at `path`, as not a string (kept where it was); nil.
    private func notAString<S: WireSource, Value>(
        _ source: S, _ value: S.Node, key: String, at path: JSONPointer, context: inout NormaliseContext
    ) -> Value? {
        context.diagnostics.error(
            .wrongType, at: path.appending(key),
            "`\(key)` must be a string, found \(source.typeName(value)); kept as it was")
        return nil
    }

    /// Pinpoint's Data maps strings to strings: any other value is an error (kept), located under `path`, which is
    /// built only for such a finding.
    package static func checkData(
        _ data: JSONObject, at path: @autoclosure () -> JSONPointer, context: inout NormaliseContext
    ) {
        for (key, value) in data where value.stringValue == nil {
            context.diagnostics.error(
                .wrongType, at: path().appending(key),
                "Pinpoint's `Data` maps strings to strings; `\(key)` is \(value.typeName) (kept)")
        }
    }

    package func check(
        _ hook: Hook, _ value: JSONValue, ext: JSONObject, at path: JSONPointer, context: inout NormaliseContext
    ) {}

    /// Unknown keys are reported before the lines are read (``PinpointGCMMessage``), as Pinpoint lists its fields.
    package func reportUnmodelled(_ rest: JSONObject, at path: JSONPointer, context: inout NormaliseContext) {}

    // MARK: - Writing

    package mutating func write<O: WireOutput>(
        _ hook: Hook, key: String, _ n: PushNotification, ext: JSONObject, unmodelled: JSONObject,
        context: inout RenderContext, to out: inout O
    ) -> Bool {
        // Each field read through `n.android`, the part never copied whole: a hook runs for every line of the table.
        switch hook {
        case .action:
            // Where a tap leads, else the kept `Action` (`OPEN_APP`, or one without its `Url`) in its place.
            if n.android?.url != nil || n.android?.deepLink != nil {
                out.key(key)
                out.string(n.android?.url != nil ? "URL" : "DEEP_LINK")
            } else if let kept = unmodelled[key] {
                out.key(key)
                out.value(kept)
            } else {
                return false
            }
        case .url:
            if let link = n.android?.url ?? n.android?.deepLink {
                out.key(key)
                out.string(link)
            } else if let kept = unmodelled[key] {
                out.key(key)
                out.value(kept)
            } else {
                return false
            }
        case .shared(let field):
            let own: PushNotification.Text?
            let shared: PushNotification.Text?
            switch field {
            case .title: (own, shared) = (n[storedText: .androidTitle], n.titleText)
            case .body: (own, shared) = (n[storedText: .androidBody], n.bodyText)
            case .image: (own, shared) = (n[storedText: .androidImage], n.media.first?.urlText)
            case .sound: (own, shared) = (n[storedText: .androidSound], n.sound.map { .init($0.name) })
            }
            guard let text = own ?? (same.contains(key) ? shared : nil) else { return false }
            out.key(key)
            out.text(text)
        case .data:
            guard var data = n.android?.data ?? (same.contains(key) ? n.data : nil) else { return false }
            for (name, value) in data where value.stringValue == nil {
                context.explainLoss(
                    at: JSONPointer(tokens: n.android?.data == nil ? ["data", name] : ["android", "data", name]),
                    "Pinpoint's Data holds strings")
                data.removeValue(forKey: name)
            }
            out.key(key)
            out.value(.object(data))
        case .text(let field):
            let text: String?
            switch field {
            case .collapseKey: text = n.android?.collapseKey
            case .icon: text = n.android?.icon
            case .imageIcon: text = n.android?.imageIcon
            case .smallImageIcon: text = n.android?.smallImageIcon
            case .restrictedPackageName: text = n.android?.restrictedPackageName
            }
            guard let text else { return false }
            out.key(key)
            out.string(text)
        case .priority:
            guard let priority = n.android?.priority else { return false }
            guard PinpointGCMWire.readablePriorities.contains(priority) else {
                context.explainLoss(
                    at: JSONPointer(tokens: ["android", "priority"]),
                    "a GCMMessage's `Priority` is \"normal\" or \"high\": \"\(priority)\" has no place there")
                return false
            }
            out.key(key)
            out.string(priority)
        case .silentPush:
            guard let silent = n.android?.silent else { return false }
            out.key(key)
            out.bool(silent)
        case .timeToLive:
            guard let ttl = n.android?.ttl else { return false }
            guard let seconds = FCMChecksProbe.duration(ttl), ttl == "\(seconds)s" else {
                context.explainLoss(
                    at: JSONPointer(tokens: ["android", "ttl"]), "Pinpoint's TimeToLive is whole seconds; \(ttl) is not"
                )
                return false
            }
            out.key(key)
            out.integer(seconds)
        case .expiresAfter:
            guard let ttl = n.android?.ttl else { return false }
            guard let seconds = FCMChecksProbe.duration(ttl), seconds >= 0, ttl == "\(seconds)s" else {
                context.explainLoss(
                    at: JSONPointer(tokens: ["android", "ttl"]),
                    "ADMMessage's ExpiresAfter is whole seconds; \(ttl) is not")
                return false
            }
            out.key(key)
            out.string(String(seconds))
        case .md5:
            guard case .string(let md5)? = n.extensionObject(ADMWire.namespace)[ADMWire.Extension.md5] else {
                return false
            }
            out.key(key)
            out.string(md5)
        }
        return true
    }
}

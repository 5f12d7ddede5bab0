import JSONCodec
import PushCore
import WireTables

private typealias X = ADMWire.Extension

/// The hook lines of ``ADMWire``'s tables, written once over any source and any output.
struct ADMHooks: WireTableHooks {
    typealias Hook = ADMWire.Hook

    /// Where the losses the hooks explain are located, built once (also the hooks' storage: a conformer must hold
    /// some, ``WireTableHooks``).
    let soundCritical = JSONPointer(tokens: ["sound", "critical"])
    let soundVolume = JSONPointer(tokens: ["sound", "volume"])
    let ttl = JSONPointer(tokens: ["android", "ttl"])

    /// Every hook reads only a member that is there.
    static func readsAbsent(_ hook: Hook) -> Bool { false }

    mutating func read<S: WireSource>(
        _ hook: Hook, _ source: S, _ value: S.Node?, key: String, at path: JSONPointer, into n: inout PushNotification,
        ext: inout JSONObject, context: inout NormaliseContext
    ) -> Bool {
        guard let value else { return false }
        let at = path.appending(key)
        switch hook {
        case .data:
            guard case .object(let data) = source.jsonValue(value) else {
                WireTable<Hook>.reportWrongType(
                    key, expected: "an object of strings", source.typeName(value), at: path, &context)
                return false
            }
            for (name, item) in data where item.stringValue == nil {
                context.diagnostics.error(
                    .admDataValueNotString, at: at.appending(name),
                    "ADM's `data` values are strings, found \(item.typeName); kept as it was")
            }
            n.data = data
            if data.isEmpty {
                ext[X.layout] = .object(JSONObject(uncheckedMembers: [.init(key: X.emptyData, value: .bool(true))]))
            } else {
                context.record("data", from: at)
            }
            return true
        case .sound:
            guard let name = source.string(value) else {
                WireTable<Hook>.reportWrongType(key, expected: "a string", source.typeName(value), at: path, &context)
                return false
            }
            n.sound = PushNotification.Sound(name: name)
            context.record("sound", from: at)
            return true
        case .expiresAfter:
            guard case .integer(let seconds) = source.jsonValue(value) else {
                WireTable<Hook>.reportWrongType(
                    key, expected: "an integer (seconds)", source.typeName(value), at: path, &context)
                return false
            }
            var android = n.android ?? PushNotification.Android()
            android.ttl = "\(seconds)s"
            n.android = android
            context.record("android", from: at)
            return true
        case .md5:
            return false
        }
    }

    func check(_ hook: Hook, _ value: JSONValue, ext: JSONObject, at path: JSONPointer, context: inout NormaliseContext)
    {
        guard hook == .md5, case .string(let text) = value else { return }
        if !Self.isBase64MD5(text) {
            context.diagnostics.warning(
                .admMD5Malformed, at: path,
                "`md5` must be the base64 of an MD5 checksum (24 characters ending in `==`), found \(text.count) "
                    + "characters; ADM rejects a message whose checksum does not match")
        }
    }

    mutating func write<O: WireOutput>(
        _ hook: Hook, key: String, _ n: PushNotification, ext: JSONObject, unmodelled: JSONObject,
        context: inout RenderContext, to out: inout O
    ) -> Bool {
        switch hook {
        case .data:
            var strings = JSONObject()
            for (name, value) in n.data {
                if case .string = value {
                    strings.appendUnchecked(name, value)
                } else {
                    context.explainLoss(
                        at: JSONPointer(tokens: ["data", name]),
                        "ADM's `data` values are strings; this one is \(value.typeName)")
                }
            }
            let emptyData = ext[X.layout]?.objectValue?[X.emptyData]?.boolValue == true
            guard !strings.isEmpty || (emptyData && n.data.isEmpty) else { return false }
            out.key(key)
            out.value(.object(strings))
            return true
        case .sound:
            guard let sound = n.sound else { return false }
            for (path, present) in [(soundCritical, sound.critical != nil), (soundVolume, sound.volume != nil)]
            where present {
                context.explainLoss(at: path, "an ADM sound is a resource name, with no critical-alert options")
            }
            out.key(key)
            out.string(sound.name)
            return true
        case .expiresAfter:
            guard let ttl = n.android?.ttl else { return false }
            guard let seconds = ADMWire.wholeSeconds(ttl) else {
                context.explainLoss(at: self.ttl, "ADM's `expiresAfter` is whole seconds; `\(ttl)` is not")
                return false
            }
            out.key(key)
            out.integer(seconds)
            return true
        case .md5:
            return false
        }
    }

    func reportUnmodelled(_ rest: JSONObject, at path: JSONPointer, context: inout NormaliseContext) {
        let inNotification = !path.tokens.isEmpty
        let table = inNotification ? ADMWire.notificationTable : ADMWire.message
        // A declared key of the wrong type was reported as such where it was read.
        for (key, _) in rest where !table.lines.contains(where: { $0.key.description == key }) {
            context.diagnostics.warning(
                .admUnknownKey, at: path.appending(key),
                inNotification
                    ? "`\(key)` is not an ADM notification key; kept in extensions.adm and written back"
                    : "`\(key)` is not an ADM message key; kept in extensions.adm and written back")
        }
    }

    /// True for the base64 of 16 bytes: 22 characters of the base64 alphabet, then `==`.
    static func isBase64MD5(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[22] == UInt8(ascii: "="), bytes[23] == UInt8(ascii: "=") else { return false }
        return bytes[..<22].allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                return true
            default: return false
            }
        }
    }
}

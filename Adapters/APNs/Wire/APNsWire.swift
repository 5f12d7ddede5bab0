package import JSONCodec
package import PushCore

/// The `aps` dictionary as a wire table: one line per key, read and written by one generic reader and writer
/// over a borrowed document. The same mapping as ``APNsPayloadReader`` and ``APNsPayloadWriter`` (the reference
/// for every shape the table does not take: unknown keys, wrong types, sound dictionaries, Live Activities).
package enum APNsWire {
    /// A canonical field an `aps` key carries.
    enum Field {
        case alert, badge, sound, group, category, contentAvailable, mutableContent, targetContentID
        case interruptionLevel, relevanceScore, filterCriteria
        // `aps.alert`
        case title, subtitle, body, launchImage, titleLocKey, titleLocArgs, subtitleLocKey, subtitleLocArgs
        case bodyLocKey, bodyLocArgs
    }

    /// `aps` key ↔ canonical field, in the order ``APNsPayloadWriter`` writes them.
    static let aps: [(key: StaticString, field: Field)] = [
        ("alert", .alert),
        ("badge", .badge),
        ("sound", .sound),
        ("thread-id", .group),
        ("category", .category),
        ("content-available", .contentAvailable),
        ("mutable-content", .mutableContent),
        ("target-content-id", .targetContentID),
        ("interruption-level", .interruptionLevel),
        ("relevance-score", .relevanceScore),
        ("filter-criteria", .filterCriteria),
    ]

    /// `aps.alert` key ↔ canonical field, in write order.
    static let alert: [(key: StaticString, field: Field)] = [
        ("title", .title),
        ("subtitle", .subtitle),
        ("body", .body),
        ("launch-image", .launchImage),
        ("title-loc-key", .titleLocKey),
        ("title-loc-args", .titleLocArgs),
        ("subtitle-loc-key", .subtitleLocKey),
        ("subtitle-loc-args", .subtitleLocArgs),
        ("loc-key", .bodyLocKey),
        ("loc-args", .bodyLocArgs),
    ]

    private static func field(_ bytes: UnsafeBufferPointer<UInt8>, in table: [(key: StaticString, field: Field)])
        -> Field?
    {
        for entry in table where BorrowedDocument.equal(bytes, entry.key) { return entry.field }
        return nil
    }

    // MARK: - Reading

    /// Reads the `aps` object `node` into `n`; false when a key is unknown or of a type the adapter would report.
    package static func read(
        _ document: BorrowedDocument, aps node: BorrowedDocument.Node, into n: inout PushNotification
    )
        -> Bool
    {
        guard document.kind(node) == .object else { return false }
        for member in document.members(node) {
            guard let field = field(document.stringBytes(member.key), in: aps) else { return false }
            let value = member.value
            switch field {
            case .alert:
                switch document.kind(value) {
                case .string: n.body = document.string(value)
                // An empty alert dictionary is kept by the adapter (`extensions.apns.alert`).
                case .object:
                    guard document.childCount(value) > 0, readAlert(document, value, into: &n) else { return false }
                default: return false
                }
            case .badge:
                guard let badge = document.int64(value) else { return false }
                n.badge = badge
            case .sound:
                guard let name = document.string(value) else { return false }
                n.sound = PushNotification.Sound(name: name)
            case .contentAvailable, .mutableContent:
                guard let flag = document.int64(value), flag == 0 || flag == 1 else { return false }
                if field == .contentAvailable { n.contentAvailable = flag == 1 } else { n.mutableContent = flag == 1 }
            case .relevanceScore:
                guard let score = document.double(value) else { return false }
                n.relevanceScore = score
            default:
                guard let text = document.string(value) else { return false }
                switch field {
                case .group: n.group = text
                case .category: n.category = text
                case .targetContentID: n.targetContentID = text
                case .interruptionLevel: n.interruptionLevel = text
                default: n.filterCriteria = text
                }
            }
        }
        return true
    }

    private static func readAlert(
        _ document: BorrowedDocument, _ node: BorrowedDocument.Node, into n: inout PushNotification
    )
        -> Bool
    {
        for member in document.members(node) {
            guard let field = field(document.stringBytes(member.key), in: alert) else { return false }
            switch field {
            case .titleLocArgs, .subtitleLocArgs, .bodyLocArgs:
                guard document.kind(member.value) == .array else { return false }
                var strings: [String] = []
                for element in document.elements(member.value) {
                    guard let string = document.string(element) else { return false }
                    strings.append(string)
                }
                switch field {
                case .titleLocArgs: n.titleLocArgs = strings
                case .subtitleLocArgs: n.subtitleLocArgs = strings
                default: n.bodyLocArgs = strings
                }
            default:
                guard let text = document.string(member.value) else { return false }
                switch field {
                case .title: n.title = text
                case .subtitle: n.subtitle = text
                case .body: n.body = text
                case .launchImage: n.launchImage = text
                case .titleLocKey: n.titleLocKey = text
                case .subtitleLocKey: n.subtitleLocKey = text
                default: n.bodyLocKey = text
                }
            }
        }
        return true
    }

    /// True when `n` holds only what this table writes (no Live Activity, no sound dictionary, no
    /// `extensions.apns`): the shapes the generic writer covers.
    package static func canWrite(_ n: PushNotification) -> Bool {
        n.liveActivity == nil && (n.sound.map { $0.critical == nil && $0.volume == nil } ?? true)
            && n.extensions[APNsKeys.Extension.namespace] == nil
    }

    // MARK: - Writing

    /// Writes `"aps":{…}` for `n` (the caller checked ``canWrite(_:)``).
    package static func write(_ n: PushNotification, into out: inout [UInt8]) {
        out.append(literal: #""aps":{"#)
        var first = true
        func emitKey(_ name: StaticString) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            out.append(literal: #"":"#)
        }
        func string(_ key: StaticString, _ value: String?) {
            guard let value else { return }
            emitKey(key)
            JSONWriter.writeString(value, into: &out)
        }
        func strings(_ key: StaticString, _ value: [String]?) {
            guard let value else { return }
            emitKey(key)
            out.append(UInt8(ascii: "["))
            for (index, element) in value.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.writeString(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        func flag(_ key: StaticString, _ value: Bool?) {
            guard let value else { return }
            emitKey(key)
            out.append(value ? UInt8(ascii: "1") : UInt8(ascii: "0"))
        }
        let onlyBody =
            n.title == nil && n.subtitle == nil && n.launchImage == nil && n.titleLocKey == nil
            && n.titleLocArgs == nil && n.subtitleLocKey == nil && n.subtitleLocArgs == nil && n.bodyLocKey == nil
            && n.bodyLocArgs == nil
        if onlyBody {
            string("alert", n.body)
        } else {
            emitKey("alert")
            out.append(UInt8(ascii: "{"))
            var alertFirst = true
            swap(&first, &alertFirst)
            string("title", n.title)
            string("subtitle", n.subtitle)
            string("body", n.body)
            string("launch-image", n.launchImage)
            string("title-loc-key", n.titleLocKey)
            strings("title-loc-args", n.titleLocArgs)
            string("subtitle-loc-key", n.subtitleLocKey)
            strings("subtitle-loc-args", n.subtitleLocArgs)
            string("loc-key", n.bodyLocKey)
            strings("loc-args", n.bodyLocArgs)
            swap(&first, &alertFirst)
            out.append(UInt8(ascii: "}"))
        }
        if let badge = n.badge {
            emitKey("badge")
            JSONWriter.writeScalar(.integer(badge), into: &out)
        }
        string("sound", n.sound?.name)
        string("thread-id", n.group)
        string("category", n.category)
        flag("content-available", n.contentAvailable)
        flag("mutable-content", n.mutableContent)
        string("target-content-id", n.targetContentID)
        string("interruption-level", n.interruptionLevel)
        if let score = n.relevanceScore {
            emitKey("relevance-score")
            JSONWriter.writeScalar(APNsPayloadWriter.number(score), into: &out)
        }
        string("filter-criteria", n.filterCriteria)
        out.append(UInt8(ascii: "}"))
    }
}

extension PushNotification {
    /// A notification sound: `{"name", "critical"?, "volume"?}`.
    public struct Sound: Sendable, Hashable {
        /// File name in the bundle or `Library/Sounds`, or `default`.
        public var name: String
        /// Critical alert (`critical: 1`); nil when not given.
        public var critical: Bool?
        /// Critical-alert volume, 0…1; nil when not given.
        public var volume: Double?

        /// A sound: its name, whether it is a critical alert, and its volume (0…1, critical alerts only).
        public init(name: String, critical: Bool? = nil, volume: Double? = nil) {
            self.name = name
            self.critical = critical
            self.volume = volume
        }
    }

    /// The kind of a media attachment, which decides its size cap on iOS.
    public enum MediaKind: String, Sendable, Hashable, CaseIterable {
        /// A still image (JPEG, PNG, HEIC, …).
        case image
        /// An animated GIF.
        case gif
        /// A video.
        case video
        /// An audio file.
        case audio

        /// The kind implied by a URL's path extension, if it is one iOS accepts.
        public init?(fileExtension: String) {
            switch fileExtension.lowercased() {
            case "jpg", "jpeg", "png": self = .image
            case "gif": self = .gif
            case "mpg", "mpeg", "mp2", "mp4", "avi", "m4v", "mov": self = .video
            case "aif", "aiff", "wav", "mp3", "m4a": self = .audio
            default: return nil
            }
        }

        /// The kind implied by a URL (its last path component's extension).
        public init?(url: String) { self.init(urlText: PushNotification.Text(url)) }

        /// ``init(url:)`` of a URL as the model holds it (its bytes read in place; a `String` made only for a URL
        /// that is not ASCII).
        package init?(urlText: PushNotification.Text) {
            if let kind = urlText.withUTF8(Self.asciiKind(utf8:)) {
                guard let kind else { return nil }
                self = kind
                return
            }
            self.init(characters: urlText.string)
        }

        /// ``init(url:)`` over the URL's characters.
        private init?(characters url: String) {
            var path = Substring(url)
            if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
            guard let lastComponent = path.split(separator: "/").last,
                let dot = lastComponent.lastIndex(of: "."), !path.hasSuffix("/")
            else { return nil }
            self.init(fileExtension: String(lastComponent[lastComponent.index(after: dot)...]))
        }

        /// ``init(url:)`` over the UTF-8 bytes of an ASCII URL, where every byte is a `Character`
        /// (`\r\n`, the one two-byte cluster, holds none of `?#/.`), so the result is the same as the
        /// `Character` path's without grapheme breaking. Returns nil (not `.some(nil)`) for a non-ASCII
        /// URL, which takes the `Character` path.
        private static func asciiKind(utf8 bytes: UnsafeBufferPointer<UInt8>) -> MediaKind?? {
            guard let end = asciiPathEnd(bytes) else { return nil }
            // The last non-empty `/`-separated component of the path, unless the path ends in `/`.
            guard end > 0, bytes[end - 1] != UInt8(ascii: "/") else { return .some(nil) }
            var start = end
            while start > 0 && bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
            var dot = end
            while dot > start && bytes[dot - 1] != UInt8(ascii: ".") { dot -= 1 }
            guard dot > start else { return .some(nil) }
            return .some(asciiKind(fileExtension: UnsafeBufferPointer(rebasing: bytes[dot..<end])))
        }

        /// Where a URL's path ends (its first `?` or `#`, else its length), or nil when a byte is not ASCII. Eight
        /// bytes at a time (a URL is read per media item on every conversion), byte by byte only in the word that
        /// holds the end and past the last whole word.
        private static func asciiPathEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
            guard let base = bytes.baseAddress else { return 0 }
            let count = bytes.count
            var end: Int?
            var index = 0
            while index &+ 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { return nil }
                if end == nil, holdsByte(word, UInt8(ascii: "?")) || holdsByte(word, UInt8(ascii: "#")) {
                    for offset in 0..<8
                    where base[index &+ offset] == UInt8(ascii: "?") || base[index &+ offset] == UInt8(ascii: "#") {
                        end = index &+ offset
                        break
                    }
                }
                index &+= 8
            }
            while index < count {
                let byte = base[index]
                if byte >= 0x80 { return nil }
                if end == nil, byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { end = index }
                index &+= 1
            }
            return end ?? count
        }

        /// True when one of the eight ASCII bytes of `word` is `byte` (a byte of `word ^ byte…` is zero).
        @inline(__always) private static func holdsByte(_ word: UInt64, _ byte: UInt8) -> Bool {
            let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
            return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
        }

        /// ``init(fileExtension:)`` of an ASCII extension's bytes, compared as one word (no `String` built and
        /// lowercased per URL): every extension iOS accepts is three or four letters.
        private static func asciiKind(fileExtension bytes: UnsafeBufferPointer<UInt8>) -> MediaKind? {
            guard bytes.count == 3 || bytes.count == 4 else { return nil }
            // The length in the top byte: `jpg` and `jpg` followed by a NUL are different words.
            var word = UInt64(bytes.count) << 56
            for (index, byte) in bytes.enumerated() {
                let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                word |= UInt64(lower) << (8 * UInt64(index))
            }
            for (packed, kind) in extensionWords where packed == word { return kind }
            return nil
        }

        /// Each extension of ``init(fileExtension:)``, its bytes packed into a word (first byte lowest, the length in
        /// the top byte).
        private static let extensionWords: [(UInt64, MediaKind)] = [
            ("jpg", .image), ("jpeg", .image), ("png", .image), ("gif", .gif), ("mpg", .video), ("mpeg", .video),
            ("mp2", .video), ("mp4", .video), ("avi", .video), ("m4v", .video), ("mov", .video), ("aif", .audio),
            ("aiff", .audio), ("wav", .audio), ("mp3", .audio), ("m4a", .audio),
        ].map { text, kind in
            var word = UInt64(text.utf8.count) << 56
            for (index, byte) in text.utf8.enumerated() { word |= UInt64(byte) << (8 * UInt64(index)) }
            return (word, kind)
        }

        /// The UNNotificationAttachment size cap in bytes.
        public var maximumBytes: Int {
            switch self {
            case .image, .gif: return 10 * 1024 * 1024
            case .audio: return 5 * 1024 * 1024
            case .video: return 50 * 1024 * 1024
            }
        }
    }

    /// A rich-media attachment: `{"url", "kind"?, "identifier"?}`.
    public struct Media: Sendable, Hashable {
        /// Where the extension downloads it from.
        @inlinable public var url: String {
            get { urlText.string }
            set { urlText = Text(newValue) }
        }
        /// Where ``url`` is held, as read (``PushNotification/Text``).
        @usableFromInline package var urlText: Text
        /// Explicit kind, or the one implied by the URL's extension; nil when neither says.
        public var kind: MediaKind?
        /// Attachment identifier, when a format carries one.
        public var identifier: String?

        /// Media with the kind taken from the URL when not given.
        public init(url: String, kind: MediaKind? = nil, identifier: String? = nil) {
            self.init(urlText: Text(url), kind: kind, identifier: identifier)
        }

        /// ``init(url:kind:identifier:)`` of a URL as the model holds it (read from a document: no `String` made).
        package init(urlText: Text, kind: MediaKind? = nil, identifier: String? = nil) {
            self.urlText = urlText
            self.kind = kind ?? MediaKind(urlText: urlText)
            self.identifier = identifier
        }

        /// True when the item is its URL alone: no identifier, and the kind its URL implies (what a format carrying
        /// only a media URL keeps of it), told from the URL's bytes.
        package var holdsOnlyURL: Bool { identifier == nil && kind == MediaKind(urlText: urlText) }
    }

    /// Live Activity keys of `aps`.
    public struct LiveActivity: Sendable, Hashable {
        /// `event` — `start`, `update` or `end`.
        public var event: String?
        /// `timestamp` — UNIX seconds.
        public var timestamp: Int64?
        /// `contentState` — `content-state`.
        public var contentState: JSONValue?
        /// `staleDate` — `stale-date`, UNIX seconds.
        public var staleDate: Int64?
        /// `dismissalDate` — `dismissal-date`, UNIX seconds.
        public var dismissalDate: Int64?
        /// `attributesType` — `attributes-type` (push-to-start).
        public var attributesType: String?
        /// `attributes` — push-to-start attributes.
        public var attributes: JSONValue?

        /// An empty Live Activity part.
        public init() {}

        /// True when no key is set.
        public var isEmpty: Bool {
            event == nil && timestamp == nil && contentState == nil && staleDate == nil && dismissalDate == nil
                && attributesType == nil && attributes == nil
        }
    }

    /// APNs request headers, as model fields (the APNs format spells their header names: `APNsHeaders`).
    public struct Delivery: Sendable, Hashable {
        /// `pushType` — `apns-push-type`.
        public var pushType: String?
        /// `priority` — `apns-priority`: 10, 5 or 1.
        public var priority: Int64?
        /// `expiration` — `apns-expiration`, UNIX seconds; 0 means do not store.
        public var expiration: Int64?
        /// `collapseId` — `apns-collapse-id`, at most 64 bytes.
        public var collapseID: String?
        /// `topic` — `apns-topic`.
        public var topic: String?
        /// `id` — `apns-id`.
        public var id: String?

        /// An empty delivery part.
        public init() {}

        /// True when no header is set.
        public var isEmpty: Bool {
            pushType == nil && priority == nil && expiration == nil && collapseID == nil && topic == nil && id == nil
        }

    }
}

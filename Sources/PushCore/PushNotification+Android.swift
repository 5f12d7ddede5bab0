// The Android part of the canonical model (additive: `schemaVersion` stays 1).
//
// The shared fields of ``PushNotification`` (`title`, `body`, `sound`, `media`, `data`, …) are what the iOS device
// shows, and what every platform shows unless it says otherwise. ``PushNotification/Android`` holds what only Android
// has (channel, priority, ttl, collapse key, tag, click action, icon, colour, count, visibility) and, as overrides,
// the content Android shows when it differs from the shared content (`title`, `body`, `image`, `sound`, localised
// keys, `data`). So an FCM message whose `apns.payload` alert differs from `android.notification.title`, or a
// Pinpoint request whose `APNSMessage` and `GCMMessage` differ, keeps both sides.
//
// ``PushNotification/Target`` is where a send request goes (token, topic, condition, several tokens).
//
// Fields are mapped between platforms only where their meaning matches: `badge` is not `notificationCount` (an
// absolute app-icon badge vs a count shown on the notification), `group` (`thread-id`, grouping) is not `tag`
// (replacing), `delivery.expiration` (an absolute APNs date) is not `ttl` (a relative duration), `delivery.priority`
// (APNs 10/5/1) is not `priority` (FCM high/normal), `delivery.collapseId` is not `collapseKey` (FCM's collapses
// stored messages, at most 4 per device).

extension PushNotification {
    /// What Android shows and how FCM delivers it: `android` in the canonical JSON.
    ///
    /// Every property is optional; an override (`title`, `body`, `image`, `sound`, the localised keys, `data`) is
    /// set only when Android's value differs from the shared one.
    public struct Android: Sendable, Hashable {
        /// `title` — Android's own title (FCM `android.notification.title`, Pinpoint `GCMMessage.Title`).
        @inlinable public var title: String? {
            get { titleText?.string }
            set { titleText = newValue.map(Text.init) }
        }
        /// `body` — Android's own body.
        @inlinable public var body: String? {
            get { bodyText?.string }
            set { bodyText = newValue.map(Text.init) }
        }
        /// Where ``title`` and ``body`` are held, as read (``PushNotification/Text``).
        @usableFromInline package var titleText: Text?
        @usableFromInline package var bodyText: Text?
        /// `titleLocKey` — `android.notification.title_loc_key` (an Android string resource).
        public var titleLocKey: String?
        /// `titleLocArgs` — `android.notification.title_loc_args`.
        public var titleLocArgs: [String]?
        /// `bodyLocKey` — `android.notification.body_loc_key`.
        public var bodyLocKey: String?
        /// `bodyLocArgs` — `android.notification.body_loc_args`.
        public var bodyLocArgs: [String]?
        /// `image` — Android's own image URL (`android.notification.image`, Pinpoint `ImageUrl`).
        public var image: String?
        /// `sound` — Android's own sound (a raw resource name or `default`).
        public var sound: String?
        /// `icon` — the small icon resource (`android.notification.icon`, Pinpoint `IconReference`).
        public var icon: String?
        /// `imageIcon` — a large icon URL (Pinpoint `ImageIconUrl`).
        public var imageIcon: String?
        /// `smallImageIcon` — a small icon URL (Pinpoint `SmallImageIconUrl`).
        public var smallImageIcon: String?
        /// `color` — the icon colour, `#rrggbb`.
        public var color: String?
        /// `tag` — notifications with the same tag replace each other in the drawer (not `group`).
        public var tag: String?
        /// `clickAction` — the intent action started on a tap.
        public var clickAction: String?
        /// `url` — a web URL opened on a tap (Pinpoint `Action: URL`).
        public var url: String?
        /// `deepLink` — a deep link opened on a tap (Pinpoint `Action: DEEP_LINK`).
        public var deepLink: String?
        /// `channelId` — the notification channel (Android 8+).
        public var channelID: String?
        /// `notificationCount` — the count shown on the notification (not the iOS app badge).
        public var notificationCount: Int64?
        /// `visibility` — `PRIVATE`, `PUBLIC`, `SECRET` (`VISIBILITY_UNSPECIFIED`).
        public var visibility: String?
        /// `notificationPriority` — `PRIORITY_MIN` … `PRIORITY_MAX` (the notification's, not the message's).
        public var notificationPriority: String?
        /// `priority` — the message priority, `normal` or `high` (not APNs' 10/5/1).
        public var priority: String?
        /// `ttl` — how long FCM keeps the message, a duration string (`"3600s"`, `"1.5s"`), 0 to 28 days.
        public var ttl: String?
        /// `collapseKey` — FCM's collapse key (not `apns-collapse-id`).
        public var collapseKey: String?
        /// `restrictedPackageName` — the only package that may receive the message.
        public var restrictedPackageName: String?
        /// `directBootOk` — deliver while the device is in direct boot mode.
        public var directBootOK: Bool?
        /// `silent` — a data-only push the app handles itself, nothing shown (Pinpoint `SilentPush`).
        public var silent: Bool?
        /// `data` — Android's own data map (FCM `android.data`, which replaces the message's `data` on Android).
        public var data: JSONObject?

        /// An empty Android part.
        public init() {}

        /// True when nothing is set (every field nil, as in `Android()`: told field by field, not by comparing
        /// with a new part).
        public var isEmpty: Bool {
            titleText == nil && bodyText == nil && titleLocKey == nil && titleLocArgs == nil && bodyLocKey == nil
                && bodyLocArgs == nil && image == nil && sound == nil && icon == nil && imageIcon == nil
                && smallImageIcon == nil && color == nil && tag == nil && clickAction == nil && url == nil
                && deepLink == nil && channelID == nil && notificationCount == nil && visibility == nil
                && notificationPriority == nil && priority == nil && ttl == nil && collapseKey == nil
                && restrictedPackageName == nil && directBootOK == nil && silent == nil && data == nil
        }
    }

    /// Where a send request goes: `target` in the canonical JSON. One of them, as FCM requires (the format's
    /// validation says so when a payload names several).
    public struct Target: Sendable, Hashable {
        /// `token` — one registration token.
        public var token: String?
        /// `topic` — a topic name, without `/topics/`.
        public var topic: String?
        /// `condition` — a topic condition (`'a' in topics && 'b' in topics`).
        public var condition: String?
        /// `tokens` — several registration tokens (legacy `registration_ids`).
        public var tokens: [String]?

        /// An empty target.
        public init() {}

        /// True when nothing is set.
        public var isEmpty: Bool { self == Target() }
    }
}

// MARK: - Canonical JSON (the fields are declared in `PushNotification+Model.swift`)

extension PushNotification.Android {
    /// The canonical JSON object (absent keys omitted).
    public var canonicalObject: JSONObject { canonicalFields }

    /// Reads the canonical object; problems are diagnostics located under `path`, unknown keys are errors.
    package init(canonical object: JSONObject, at path: JSONPointer, _ diagnostics: inout [Diagnostic]) {
        self = Self(canonicalFields: object, at: path, subject: "`android`", &diagnostics) ?? Self()
    }
}

extension PushNotification.Target {
    /// The canonical JSON object (absent keys omitted).
    public var canonicalObject: JSONObject { canonicalFields }
}

extension PushNotification {
    /// The Android part, empty when unset (for writers that fill it field by field).
    public var androidPart: Android { android ?? Android() }

    /// Sets the Android part; an empty one removes it.
    public mutating func setAndroid(_ part: consuming Android) { android = part.isEmpty ? nil : consume part }
}

extension PushNotification {
    /// ``PushNotification/android`` behind a reference: copying a notification copies one reference, and a part is
    /// copied only when a notification sharing it changes it (copy on write). Equal and hashed by the part.
    @usableFromInline final class AndroidStorage: @unchecked Sendable, Hashable {
        // Mutated only through a uniquely referenced storage (``PushNotification/storeAndroid(_:)``,
        // ``PushNotification/takeAndroid()``), so a shared one is never written: safe to send.
        @exclusivity(unchecked) @usableFromInline var value: Android

        @usableFromInline init(_ value: consuming Android) { self.value = value }

        @usableFromInline static func == (lhs: AndroidStorage, rhs: AndroidStorage) -> Bool {
            lhs === rhs || lhs.value == rhs.value
        }

        @usableFromInline func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
    }

    /// The Android part moved out of a storage only this notification holds (left empty, to be refilled by
    /// ``storeAndroid(_:)``), or a copy of a shared one.
    @inlinable mutating func takeAndroid() -> Android? {
        guard isKnownUniquelyReferenced(&androidStorage), let storage = androidStorage else {
            return androidStorage?.value
        }
        var part = Android()
        swap(&part, &storage.value)
        return part
    }

    /// Stores `part`: into the storage when only this notification holds it, else into a new one.
    @inlinable mutating func storeAndroid(_ part: consuming Android?) {
        guard let part = consume part else {
            androidStorage = nil
            return
        }
        if isKnownUniquelyReferenced(&androidStorage), let storage = androidStorage {
            storage.value = consume part
        } else {
            androidStorage = AndroidStorage(consume part)
        }
    }

    /// True when the notification has an Android part, told without copying it (``android`` hands over a copy).
    @inlinable package var holdsAndroid: Bool { androidStorage != nil }

    /// `body` given the Android part where it is, in its storage: neither copied nor moved (``android`` hands over a
    /// copy, which retains and releases each of its fields). Nil, without calling `body`, when there is no part.
    @inlinable package func lendingAndroid<R>(_ body: (borrowing Android) -> R) -> R? {
        guard let storage = androidStorage else { return nil }
        // Reached through the storage's accessor for a change, the part is lent in place; read through its getter,
        // it would be copied.
        return storage.value.lent(body)
    }
}

extension PushNotification.Android {
    /// `body` given this part where it is (see ``PushNotification/lendingAndroid(_:)``).
    @inlinable mutating func lent<R>(_ body: (borrowing Self) -> R) -> R { body(self) }
}

/// A push notification in vendor-neutral form: the one model every format reads into and renders from.
///
/// Field meanings follow APNs and `UNNotificationContent`. The canonical JSON form
/// (``canonicalJSON``, `rpc-spec/notification.schema.json`) uses the camelCase keys named on each
/// property; a key is absent when its property is nil or empty.
public struct PushNotification: Sendable, Hashable {
    /// The canonical JSON schema version this library reads and writes.
    public static let schemaVersion: Int64 = 1

    /// `title` — `aps.alert.title`.
    @inlinable public var title: String? {
        get { titleText?.string }
        set { titleText = newValue.map(Text.init) }
    }
    /// `subtitle` — `aps.alert.subtitle`.
    @inlinable public var subtitle: String? {
        get { subtitleText?.string }
        set { subtitleText = newValue.map(Text.init) }
    }
    /// `body` — `aps.alert.body`, or a string `aps.alert`.
    @inlinable public var body: String? {
        get { bodyText?.string }
        set { bodyText = newValue.map(Text.init) }
    }
    /// Where ``title``, ``subtitle`` and ``body`` are held: as a reader copied them from its document, made a
    /// `String` only when their property is read (``Text``).
    @usableFromInline package var titleText: Text?
    @usableFromInline package var subtitleText: Text?
    @usableFromInline package var bodyText: Text?
    /// `titleLocKey` — `aps.alert.title-loc-key`.
    public var titleLocKey: String?
    /// `titleLocArgs` — `aps.alert.title-loc-args`.
    public var titleLocArgs: [String]?
    /// `subtitleLocKey` — `aps.alert.subtitle-loc-key`.
    @inlinable public var subtitleLocKey: String? {
        get { appleDetails.storage?.value.subtitleLocKey }
        set { appleDetails.modify(clearing: AppleDetails.isNone(newValue)) { $0.subtitleLocKey = newValue } }
    }
    /// `subtitleLocArgs` — `aps.alert.subtitle-loc-args`.
    public var subtitleLocArgs: [String]?
    /// `bodyLocKey` — `aps.alert.loc-key`.
    public var bodyLocKey: String?
    /// `bodyLocArgs` — `aps.alert.loc-args`.
    public var bodyLocArgs: [String]?
    /// `launchImage` — `aps.alert.launch-image`.
    @inlinable public var launchImage: String? {
        get { appleDetails.storage?.value.launchImage }
        set { appleDetails.modify(clearing: AppleDetails.isNone(newValue)) { $0.launchImage = newValue } }
    }
    /// `badge` — `aps.badge`: absolute; 0 clears the badge, nil leaves it unchanged.
    public var badge: Int64?
    /// `sound` — `aps.sound` (a string, or the critical-alert dictionary).
    public var sound: Sound?
    /// `group` — `aps.thread-id`; Hive `groupId`; Pinpoint `ThreadId`.
    public var group: String?
    /// `category` — `aps.category`: the action-button set.
    public var category: String?
    /// `mutableContent` — `aps.mutable-content` (1 is true).
    public var mutableContent: Bool?
    /// `contentAvailable` — `aps.content-available` (1 is true).
    public var contentAvailable: Bool?
    /// `interruptionLevel` — `aps.interruption-level`: `passive`, `active`, `time-sensitive`, `critical`.
    public var interruptionLevel: String?
    /// `relevanceScore` — `aps.relevance-score`.
    public var relevanceScore: Double?
    /// `targetContentId` — `aps.target-content-id`.
    @inlinable public var targetContentID: String? {
        get { appleDetails.storage?.value.targetContentID }
        set { appleDetails.modify(clearing: AppleDetails.isNone(newValue)) { $0.targetContentID = newValue } }
    }
    /// `filterCriteria` — `aps.filter-criteria`.
    @inlinable public var filterCriteria: String? {
        get { appleDetails.storage?.value.filterCriteria }
        set { appleDetails.modify(clearing: AppleDetails.isNone(newValue)) { $0.filterCriteria = newValue } }
    }
    /// `liveActivity` — the Live Activity keys of `aps`.
    @inlinable public var liveActivity: LiveActivity? {
        get { appleDetails.storage?.value.liveActivity }
        set { appleDetails.modify(clearing: AppleDetails.isNone(newValue)) { $0.liveActivity = newValue } }
    }
    /// `media` — rich-media attachments, fetched by a Notification Service Extension.
    public var media: [Media]
    /// `delivery` — APNs request headers.
    @inlinable public var delivery: Delivery? {
        get { appleDetails.storage?.value.delivery }
        set { appleDetails.modify(clearing: AppleDetails.isNone(newValue)) { $0.delivery = newValue } }
    }
    /// Where the fields Apple alone uses, and a notification seldom holds, are kept: the localised subtitle, the
    /// launch image, target content and filter criteria, the Live Activity and the APNs request headers
    /// (``AppleDetails``). Held behind a reference, so that a notification without them is small to move, copy and
    /// destroy.
    @usableFromInline var appleDetails = AppleDetailsBox()
    /// `android` — what only Android has, and Android's own content where it differs (``Android``).
    ///
    /// Held behind a reference of its own, copied only when a shared part is changed: the part is large,
    /// and a notification is moved, copied and destroyed on every conversion whether it has one or not.
    @inlinable public var android: Android? {
        get { androidStorage?.value }
        set { storeAndroid(newValue) }
        _modify {
            var part = takeAndroid()
            defer { storeAndroid(part) }
            yield &part
        }
    }
    /// Where ``android`` is held (nil when there is none).
    @usableFromInline var androidStorage: AndroidStorage?
    /// `target` — where a send request goes (``Target``).
    public var target: Target?
    /// `data` — custom keys beside `aps` that no convention claims, in input order, untouched.
    public var data: JSONObject
    /// `extensions` — per-vendor values no other vendor can express, namespaced by vendor
    /// (`apns`, `hive`, `amazon`, `zego`).
    public var extensions: JSONObject
    /// `source` — the format it was read from.
    public var source: String?

    /// An empty notification.
    public init() {
        media = []
        data = JSONObject()
        extensions = JSONObject()
    }
}

extension PushNotification {
    /// True when the notification shows something (text, localised text, sound or badge).
    public var isVisible: Bool {
        titleText != nil || subtitleText != nil || bodyText != nil || titleLocKey != nil || subtitleLocKey != nil
            || bodyLocKey != nil || sound != nil || badge != nil
    }

    /// True when it shows an alert (text or localised text).
    public var hasAlert: Bool {
        titleText != nil || subtitleText != nil || bodyText != nil || titleLocKey != nil || subtitleLocKey != nil
            || bodyLocKey != nil || launchImage != nil
    }

    /// The extension object of one vendor namespace (empty when absent).
    public func extensionObject(_ namespace: String) -> JSONObject {
        extensions[namespace]?.objectValue ?? JSONObject()
    }

    /// Replaces one vendor namespace; an empty object removes it.
    public mutating func setExtension(_ namespace: String, _ object: JSONObject) {
        extensions[namespace] = object.isEmpty ? nil : .object(object)
    }

    /// Sets the vendor namespace `namespace` to `object`, as ``setExtension(_:_:)`` does; when the notification holds
    /// no extension yet (a reader's first), the extensions are made at once, that one member at their final size (no
    /// key looked up, no room made for more).
    package mutating func setFirstExtension(_ namespace: String, _ object: JSONObject) {
        guard extensions.isEmpty, !object.isEmpty else { return setExtension(namespace, object) }
        extensions = JSONObject(uncheckedMembers: [JSONObject.Member(key: namespace, value: .object(object))])
    }

    /// Changes one vendor namespace in place, as ``extensionObject(_:)`` then ``setExtension(_:_:)`` would: the
    /// object is lent to `body` taken out of the notification, so that adding to it does not copy its members.
    package mutating func modifyExtension(_ namespace: String, _ body: (inout JSONObject) -> Void) {
        extensions.modifyValue(forKey: namespace) { value in
            var object = JSONObject()
            if case .object(let held)? = value { object = held }
            value = nil
            body(&object)
            value = object.isEmpty ? nil : .object(object)
        }
    }
}

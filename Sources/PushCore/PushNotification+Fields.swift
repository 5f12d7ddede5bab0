// Typed access to the model's scalar fields by name, for the formats' wire tables: a table line names the field
// (`.group`) and the generic reader and writer read and set it through these subscripts (a switch, no key path).
// Adding a scalar field: one case in the enum of its type and one line in each switch.

/// The model's scalar fields reached by field (a switch, no key path): what a table line reads and writes. A
/// notification holds all of them; its Android part alone holds the Android ones (nil for every other), so a writer
/// of the part reads each field from the part itself, not through the notification's optional part (which the
/// optimiser copies out whole per field).
@usableFromInline package protocol ScalarFields {
    subscript(text field: PushNotification.TextField) -> String? { get }
    /// The string field `field` as the model holds it (no `String` made for a text read from a document).
    subscript(storedText field: PushNotification.TextField) -> PushNotification.Text? { get }
    subscript(strings field: PushNotification.StringsField) -> [String]? { get }
    subscript(integer field: PushNotification.IntegerField) -> Int64? { get }
    subscript(number field: PushNotification.NumberField) -> Double? { get }
    subscript(flag field: PushNotification.FlagField) -> Bool? { get }
    subscript(value field: PushNotification.ValueField) -> JSONValue? { get }
}

extension PushNotification: ScalarFields {}

extension ScalarFields {
    /// The string field `field`, wrapped (a part that holds its texts as `String`s).
    @inlinable package subscript(storedText field: PushNotification.TextField) -> PushNotification.Text? {
        self[text: field].map(PushNotification.Text.init)
    }
}

extension PushNotification {
    /// A string field.
    @usableFromInline package enum TextField: Sendable, CaseIterable {
        case title, subtitle, body, launchImage, titleLocKey, subtitleLocKey, bodyLocKey, group, category
        case targetContentID, interruptionLevel, filterCriteria
        /// `liveActivity.event`, `liveActivity.attributesType`.
        case liveEvent, liveAttributesType
        /// Android's part (`android.title`, …): FCM's `AndroidConfig` and `AndroidNotification`, Pinpoint's
        /// `GCMMessage`.
        case androidTitle, androidBody, androidImage, androidSound, androidIcon, androidColor, androidTag
        case androidClickAction, androidChannelID, androidNotificationPriority, androidVisibility
        case androidTitleLocKey, androidBodyLocKey
        case androidPriority, androidTTL, androidCollapseKey, androidRestrictedPackageName

        /// True for a field of the Android part.
        @inlinable package var isAndroid: Bool {
            switch self {
            case .androidTitle, .androidBody, .androidImage, .androidSound, .androidIcon, .androidColor, .androidTag,
                .androidClickAction, .androidChannelID, .androidNotificationPriority, .androidVisibility,
                .androidTitleLocKey, .androidBodyLocKey, .androidPriority, .androidTTL, .androidCollapseKey,
                .androidRestrictedPackageName:
                return true
            default:
                return false
            }
        }

        /// The canonical field provenance is recorded under.
        package var canonicalName: String {
            switch self {
            case .title: return "title"
            case .subtitle: return "subtitle"
            case .body: return "body"
            case .launchImage: return "launchImage"
            case .titleLocKey: return "titleLocKey"
            case .subtitleLocKey: return "subtitleLocKey"
            case .bodyLocKey: return "bodyLocKey"
            case .group: return "group"
            case .category: return "category"
            case .targetContentID: return "targetContentId"
            case .interruptionLevel: return "interruptionLevel"
            case .filterCriteria: return "filterCriteria"
            case .liveEvent, .liveAttributesType: return "liveActivity"
            default: return "android"
            }
        }
    }

    /// An array-of-strings field.
    @usableFromInline package enum StringsField: Sendable, CaseIterable {
        case titleLocArgs, subtitleLocArgs, bodyLocArgs
        /// `android.titleLocArgs`, `android.bodyLocArgs`.
        case androidTitleLocArgs, androidBodyLocArgs

        package var canonicalName: String {
            switch self {
            case .androidTitleLocArgs, .androidBodyLocArgs: return "android"
            case .titleLocArgs: return "titleLocArgs"
            case .subtitleLocArgs: return "subtitleLocArgs"
            case .bodyLocArgs: return "bodyLocArgs"
            }
        }
    }

    /// An integer field.
    @usableFromInline package enum IntegerField: Sendable, CaseIterable {
        case badge
        /// `liveActivity.timestamp`, `.staleDate`, `.dismissalDate`.
        case liveTimestamp, liveStaleDate, liveDismissalDate
        /// `android.notificationCount`.
        case androidNotificationCount

        package var canonicalName: String {
            switch self {
            case .badge: return "badge"
            case .androidNotificationCount: return "android"
            case .liveTimestamp, .liveStaleDate, .liveDismissalDate: return "liveActivity"
            }
        }

        /// True for a Live Activity field.
        package var isLive: Bool {
            switch self {
            case .liveTimestamp, .liveStaleDate, .liveDismissalDate: return true
            case .badge, .androidNotificationCount: return false
            }
        }
    }

    /// A real-number field.
    @usableFromInline package enum NumberField: Sendable, CaseIterable {
        case relevanceScore

        package var canonicalName: String { "relevanceScore" }
    }

    /// A 0/1 flag field.
    @usableFromInline package enum FlagField: Sendable, CaseIterable {
        case contentAvailable, mutableContent
        /// `android.directBootOk` (a JSON boolean).
        case androidDirectBootOK

        package var canonicalName: String {
            switch self {
            case .contentAvailable: return "contentAvailable"
            case .mutableContent: return "mutableContent"
            case .androidDirectBootOK: return "android"
            }
        }
    }

    /// A field holding any JSON value.
    @usableFromInline package enum ValueField: Sendable, CaseIterable {
        /// `liveActivity.contentState`, `liveActivity.attributes`.
        case liveContentState, liveAttributes

        package var canonicalName: String { "liveActivity" }
    }

    /// The string field `field` as held: the title, subtitle and body as read (bytes of a document are not made a
    /// `String`), every other text wrapped.
    @inlinable package subscript(storedText field: TextField) -> Text? {
        get {
            switch field {
            case .title: return titleText
            case .subtitle: return subtitleText
            case .body: return bodyText
            case .androidTitle: return androidStorage?.value.titleText
            case .androidBody: return androidStorage?.value.bodyText
            default: return self[text: field].map(Text.init)
            }
        }
        set {
            switch field {
            case .title: titleText = newValue
            case .subtitle: subtitleText = newValue
            case .body: bodyText = newValue
            case .androidTitle: updateAndroid(setting: newValue != nil) { $0.titleText = newValue }
            case .androidBody: updateAndroid(setting: newValue != nil) { $0.bodyText = newValue }
            default: self[text: field] = newValue?.string
            }
        }
    }

    @inlinable package subscript(text field: TextField) -> String? {
        get {
            switch field {
            case .title: return title
            case .subtitle: return subtitle
            case .body: return body
            case .launchImage: return launchImage
            case .titleLocKey: return titleLocKey
            case .subtitleLocKey: return subtitleLocKey
            case .bodyLocKey: return bodyLocKey
            case .group: return group
            case .category: return category
            case .targetContentID: return targetContentID
            case .interruptionLevel: return interruptionLevel
            case .filterCriteria: return filterCriteria
            case .liveEvent: return liveActivity?.event
            case .liveAttributesType: return liveActivity?.attributesType
            case .androidTitle: return android?.title
            case .androidBody: return android?.body
            case .androidImage: return android?.image
            case .androidSound: return android?.sound
            case .androidIcon: return android?.icon
            case .androidColor: return android?.color
            case .androidTag: return android?.tag
            case .androidClickAction: return android?.clickAction
            case .androidChannelID: return android?.channelID
            case .androidNotificationPriority: return android?.notificationPriority
            case .androidVisibility: return android?.visibility
            case .androidTitleLocKey: return android?.titleLocKey
            case .androidBodyLocKey: return android?.bodyLocKey
            case .androidPriority: return android?.priority
            case .androidTTL: return android?.ttl
            case .androidCollapseKey: return android?.collapseKey
            case .androidRestrictedPackageName: return android?.restrictedPackageName
            }
        }
        set {
            switch field {
            case .title: title = newValue
            case .subtitle: subtitle = newValue
            case .body: body = newValue
            case .launchImage: launchImage = newValue
            case .titleLocKey: titleLocKey = newValue
            case .subtitleLocKey: subtitleLocKey = newValue
            case .bodyLocKey: bodyLocKey = newValue
            case .group: group = newValue
            case .category: category = newValue
            case .targetContentID: targetContentID = newValue
            case .interruptionLevel: interruptionLevel = newValue
            case .filterCriteria: filterCriteria = newValue
            case .liveEvent: updateLive { $0.event = newValue }
            case .liveAttributesType: updateLive { $0.attributesType = newValue }
            case .androidTitle: updateAndroid(setting: newValue != nil) { $0.title = newValue }
            case .androidBody: updateAndroid(setting: newValue != nil) { $0.body = newValue }
            case .androidImage: updateAndroid(setting: newValue != nil) { $0.image = newValue }
            case .androidSound: updateAndroid(setting: newValue != nil) { $0.sound = newValue }
            case .androidIcon: updateAndroid(setting: newValue != nil) { $0.icon = newValue }
            case .androidColor: updateAndroid(setting: newValue != nil) { $0.color = newValue }
            case .androidTag: updateAndroid(setting: newValue != nil) { $0.tag = newValue }
            case .androidClickAction: updateAndroid(setting: newValue != nil) { $0.clickAction = newValue }
            case .androidChannelID: updateAndroid(setting: newValue != nil) { $0.channelID = newValue }
            case .androidNotificationPriority:
                updateAndroid(setting: newValue != nil) { $0.notificationPriority = newValue }
            case .androidVisibility: updateAndroid(setting: newValue != nil) { $0.visibility = newValue }
            case .androidTitleLocKey: updateAndroid(setting: newValue != nil) { $0.titleLocKey = newValue }
            case .androidBodyLocKey: updateAndroid(setting: newValue != nil) { $0.bodyLocKey = newValue }
            case .androidPriority: updateAndroid(setting: newValue != nil) { $0.priority = newValue }
            case .androidTTL: updateAndroid(setting: newValue != nil) { $0.ttl = newValue }
            case .androidCollapseKey: updateAndroid(setting: newValue != nil) { $0.collapseKey = newValue }
            case .androidRestrictedPackageName:
                updateAndroid(setting: newValue != nil) { $0.restrictedPackageName = newValue }
            }
        }
    }

    @inlinable package subscript(strings field: StringsField) -> [String]? {
        get {
            switch field {
            case .titleLocArgs: return titleLocArgs
            case .subtitleLocArgs: return subtitleLocArgs
            case .bodyLocArgs: return bodyLocArgs
            case .androidTitleLocArgs: return android?.titleLocArgs
            case .androidBodyLocArgs: return android?.bodyLocArgs
            }
        }
        set {
            switch field {
            case .titleLocArgs: titleLocArgs = newValue
            case .subtitleLocArgs: subtitleLocArgs = newValue
            case .bodyLocArgs: bodyLocArgs = newValue
            case .androidTitleLocArgs: updateAndroid(setting: newValue != nil) { $0.titleLocArgs = newValue }
            case .androidBodyLocArgs: updateAndroid(setting: newValue != nil) { $0.bodyLocArgs = newValue }
            }
        }
    }

    @inlinable package subscript(integer field: IntegerField) -> Int64? {
        get {
            switch field {
            case .badge: return badge
            case .liveTimestamp: return liveActivity?.timestamp
            case .liveStaleDate: return liveActivity?.staleDate
            case .liveDismissalDate: return liveActivity?.dismissalDate
            case .androidNotificationCount: return android?.notificationCount
            }
        }
        set {
            switch field {
            case .badge: badge = newValue
            case .liveTimestamp: updateLive { $0.timestamp = newValue }
            case .liveStaleDate: updateLive { $0.staleDate = newValue }
            case .liveDismissalDate: updateLive { $0.dismissalDate = newValue }
            case .androidNotificationCount: updateAndroid(setting: newValue != nil) { $0.notificationCount = newValue }
            }
        }
    }

    @inlinable package subscript(number field: NumberField) -> Double? {
        get { relevanceScore }
        set { relevanceScore = newValue }
    }

    @inlinable package subscript(flag field: FlagField) -> Bool? {
        get {
            switch field {
            case .contentAvailable: return contentAvailable
            case .mutableContent: return mutableContent
            case .androidDirectBootOK: return android?.directBootOK
            }
        }
        set {
            switch field {
            case .contentAvailable: contentAvailable = newValue
            case .mutableContent: mutableContent = newValue
            case .androidDirectBootOK: updateAndroid(setting: newValue != nil) { $0.directBootOK = newValue }
            }
        }
    }

    @inlinable package subscript(value field: ValueField) -> JSONValue? {
        get { field == .liveContentState ? liveActivity?.contentState : liveActivity?.attributes }
        set {
            if field == .liveContentState {
                updateLive { $0.contentState = newValue }
            } else {
                updateLive { $0.attributes = newValue }
            }
        }
    }

    /// Changes the Android part, creating it when needed and removing it when it ends up empty.
    @usableFromInline mutating func updateAndroid(setting: Bool = false, _ change: (inout Android) -> Void) {
        // Moved out and back, not copied: changing one field of a part held once retains none of the others. A
        // part just given a value is not empty (`setting`), so only a removal compares it with an empty one.
        var part = android.take() ?? Android()
        change(&part)
        if setting || !part.isEmpty { android = consume part }
    }

    /// Changes the Live Activity, creating it when needed and removing it when it ends up empty.
    @usableFromInline mutating func updateLive(_ change: (inout LiveActivity) -> Void) {
        var live = liveActivity.take() ?? LiveActivity()
        change(&live)
        if !live.isEmpty { liveActivity = consume live }
    }
}

// The Android part's own fields, read and set on the part itself.

extension PushNotification.Android: ScalarFields {
    /// The string field `field` of this part as held (its title and body as read); nil for a field of another part.
    @inlinable package subscript(storedText field: PushNotification.TextField) -> PushNotification.Text? {
        get {
            switch field {
            case .androidTitle: return titleText
            case .androidBody: return bodyText
            default: return self[text: field].map(PushNotification.Text.init)
            }
        }
        set {
            switch field {
            case .androidTitle: titleText = newValue
            case .androidBody: bodyText = newValue
            default: self[text: field] = newValue?.string
            }
        }
    }

    /// The string field `field` of this part; nil for a field of another part.
    @inlinable package subscript(text field: PushNotification.TextField) -> String? {
        get {
            switch field {
            case .androidTitle: return title
            case .androidBody: return body
            case .androidImage: return image
            case .androidSound: return sound
            case .androidIcon: return icon
            case .androidColor: return color
            case .androidTag: return tag
            case .androidClickAction: return clickAction
            case .androidChannelID: return channelID
            case .androidNotificationPriority: return notificationPriority
            case .androidVisibility: return visibility
            case .androidTitleLocKey: return titleLocKey
            case .androidBodyLocKey: return bodyLocKey
            case .androidPriority: return priority
            case .androidTTL: return ttl
            case .androidCollapseKey: return collapseKey
            case .androidRestrictedPackageName: return restrictedPackageName
            default: return nil
            }
        }
        set {
            switch field {
            case .androidTitle: title = newValue
            case .androidBody: body = newValue
            case .androidImage: image = newValue
            case .androidSound: sound = newValue
            case .androidIcon: icon = newValue
            case .androidColor: color = newValue
            case .androidTag: tag = newValue
            case .androidClickAction: clickAction = newValue
            case .androidChannelID: channelID = newValue
            case .androidNotificationPriority: notificationPriority = newValue
            case .androidVisibility: visibility = newValue
            case .androidTitleLocKey: titleLocKey = newValue
            case .androidBodyLocKey: bodyLocKey = newValue
            case .androidPriority: priority = newValue
            case .androidTTL: ttl = newValue
            case .androidCollapseKey: collapseKey = newValue
            case .androidRestrictedPackageName: restrictedPackageName = newValue
            default: break
            }
        }
    }

    /// The array-of-strings field `field` of this part; nil for a field of another part.
    @inlinable package subscript(strings field: PushNotification.StringsField) -> [String]? {
        get {
            switch field {
            case .androidTitleLocArgs: return titleLocArgs
            case .androidBodyLocArgs: return bodyLocArgs
            default: return nil
            }
        }
        set {
            switch field {
            case .androidTitleLocArgs: titleLocArgs = newValue
            case .androidBodyLocArgs: bodyLocArgs = newValue
            default: break
            }
        }
    }

    /// The integer field `field` of this part; nil for a field of another part.
    @inlinable package subscript(integer field: PushNotification.IntegerField) -> Int64? {
        get { field == .androidNotificationCount ? notificationCount : nil }
        set { if field == .androidNotificationCount { notificationCount = newValue } }
    }

    /// The boolean field `field` of this part; nil for a field of another part.
    @inlinable package subscript(flag field: PushNotification.FlagField) -> Bool? {
        get { field == .androidDirectBootOK ? directBootOK : nil }
        set { if field == .androidDirectBootOK { directBootOK = newValue } }
    }

    /// No number field is the part's.
    @inlinable package subscript(number field: PushNotification.NumberField) -> Double? { nil }

    /// No JSON-valued field is the part's.
    @inlinable package subscript(value field: PushNotification.ValueField) -> JSONValue? { nil }
}

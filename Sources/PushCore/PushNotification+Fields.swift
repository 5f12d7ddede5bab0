// Typed access to the model's scalar fields by name, for the formats' wire tables: a table line names the field
// (`.group`) and the generic reader and writer read and set it through these subscripts (a switch, no key path).
// Adding a scalar field: one case in the enum of its type and one line in each switch.

extension PushNotification {
    /// A string field.
    @usableFromInline package enum TextField: Sendable, CaseIterable {
        case title, subtitle, body, launchImage, titleLocKey, subtitleLocKey, bodyLocKey, group, category
        case targetContentID, interruptionLevel, filterCriteria
        /// `liveActivity.event`, `liveActivity.attributesType`.
        case liveEvent, liveAttributesType

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
            }
        }
    }

    /// An array-of-strings field.
    @usableFromInline package enum StringsField: Sendable, CaseIterable {
        case titleLocArgs, subtitleLocArgs, bodyLocArgs

        package var canonicalName: String {
            switch self {
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

        package var canonicalName: String { self == .badge ? "badge" : "liveActivity" }
    }

    /// A real-number field.
    @usableFromInline package enum NumberField: Sendable, CaseIterable {
        case relevanceScore

        package var canonicalName: String { "relevanceScore" }
    }

    /// A 0/1 flag field.
    @usableFromInline package enum FlagField: Sendable, CaseIterable {
        case contentAvailable, mutableContent

        package var canonicalName: String { self == .contentAvailable ? "contentAvailable" : "mutableContent" }
    }

    /// A field holding any JSON value.
    @usableFromInline package enum ValueField: Sendable, CaseIterable {
        /// `liveActivity.contentState`, `liveActivity.attributes`.
        case liveContentState, liveAttributes

        package var canonicalName: String { "liveActivity" }
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
            }
        }
    }

    @inlinable package subscript(strings field: StringsField) -> [String]? {
        get {
            switch field {
            case .titleLocArgs: return titleLocArgs
            case .subtitleLocArgs: return subtitleLocArgs
            case .bodyLocArgs: return bodyLocArgs
            }
        }
        set {
            switch field {
            case .titleLocArgs: titleLocArgs = newValue
            case .subtitleLocArgs: subtitleLocArgs = newValue
            case .bodyLocArgs: bodyLocArgs = newValue
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
            }
        }
        set {
            switch field {
            case .badge: badge = newValue
            case .liveTimestamp: updateLive { $0.timestamp = newValue }
            case .liveStaleDate: updateLive { $0.staleDate = newValue }
            case .liveDismissalDate: updateLive { $0.dismissalDate = newValue }
            }
        }
    }

    @inlinable package subscript(number field: NumberField) -> Double? {
        get { relevanceScore }
        set { relevanceScore = newValue }
    }

    @inlinable package subscript(flag field: FlagField) -> Bool? {
        get { field == .contentAvailable ? contentAvailable : mutableContent }
        set { if field == .contentAvailable { contentAvailable = newValue } else { mutableContent = newValue } }
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

    /// Changes the Live Activity, creating it when needed and removing it when it ends up empty.
    @usableFromInline mutating func updateLive(_ change: (inout LiveActivity) -> Void) {
        var live = liveActivity ?? LiveActivity()
        change(&live)
        liveActivity = live.isEmpty ? nil : live
    }
}

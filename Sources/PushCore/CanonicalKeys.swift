/// The canonical JSON spellings: a public contract read by clients in other languages.
/// Every canonical key appears here and nowhere else.
package enum CanonicalKeys {
    static let schemaVersion = "schemaVersion"
    static let title = "title"
    static let subtitle = "subtitle"
    static let body = "body"
    static let titleLocKey = "titleLocKey"
    static let titleLocArgs = "titleLocArgs"
    static let subtitleLocKey = "subtitleLocKey"
    static let subtitleLocArgs = "subtitleLocArgs"
    static let bodyLocKey = "bodyLocKey"
    static let bodyLocArgs = "bodyLocArgs"
    static let launchImage = "launchImage"
    static let badge = "badge"
    static let sound = "sound"
    static let group = "group"
    static let category = "category"
    static let mutableContent = "mutableContent"
    static let contentAvailable = "contentAvailable"
    static let interruptionLevel = "interruptionLevel"
    static let relevanceScore = "relevanceScore"
    static let targetContentID = "targetContentId"
    static let filterCriteria = "filterCriteria"
    static let liveActivity = "liveActivity"
    static let media = "media"
    static let delivery = "delivery"
    static let android = "android"
    static let target = "target"
    static let data = "data"
    static let extensions = "extensions"
    static let source = "source"

    enum Sound {
        static let name = "name"
        static let critical = "critical"
        static let volume = "volume"
    }

    enum Media {
        static let url = "url"
        static let kind = "kind"
        static let identifier = "identifier"
    }

    enum LiveActivity {
        static let event = "event"
        static let timestamp = "timestamp"
        static let contentState = "contentState"
        static let staleDate = "staleDate"
        static let dismissalDate = "dismissalDate"
        static let attributesType = "attributesType"
        static let attributes = "attributes"
    }

    enum Delivery {
        static let pushType = "pushType"
        static let priority = "priority"
        static let expiration = "expiration"
        static let collapseID = "collapseId"
        static let topic = "topic"
        static let id = "id"
    }
}

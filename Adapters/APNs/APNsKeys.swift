/// APNs wire spellings: every `aps` key appears here and nowhere else.
package enum APNsKeys {
    package static let aps = "aps"

    package enum APS {
        package static let alert = "alert"
        package static let badge = "badge"
        package static let sound = "sound"
        package static let threadID = "thread-id"
        package static let category = "category"
        package static let contentAvailable = "content-available"
        package static let mutableContent = "mutable-content"
        package static let targetContentID = "target-content-id"
        package static let interruptionLevel = "interruption-level"
        package static let relevanceScore = "relevance-score"
        package static let filterCriteria = "filter-criteria"
        package static let staleDate = "stale-date"
        package static let contentState = "content-state"
        package static let timestamp = "timestamp"
        package static let event = "event"
        package static let dismissalDate = "dismissal-date"
        package static let attributesType = "attributes-type"
        package static let attributes = "attributes"
    }

    package enum Alert {
        package static let title = "title"
        package static let subtitle = "subtitle"
        package static let body = "body"
        package static let launchImage = "launch-image"
        package static let titleLocKey = "title-loc-key"
        package static let titleLocArgs = "title-loc-args"
        package static let subtitleLocKey = "subtitle-loc-key"
        package static let subtitleLocArgs = "subtitle-loc-args"
        package static let locKey = "loc-key"
        package static let locArgs = "loc-args"
    }

    package enum Sound {
        package static let critical = "critical"
        package static let name = "name"
        package static let volume = "volume"
    }

    /// Keys of `extensions.apns`, where what the model cannot hold is kept to render back in place.
    package enum Extension {
        package static let namespace = "apns"
        /// Unknown or invalid keys of `aps`.
        package static let aps = "aps"
        /// Unknown or invalid keys of `aps.alert`.
        package static let alert = "alert"
        /// Unknown or invalid keys of a sound dictionary.
        package static let sound = "sound"
        /// An `aps` that is not an object, verbatim.
        package static let invalidAps = "invalidAps"
        /// `true` when the payload had no `aps` (an error): the rendering leaves it out again while it is empty.
        package static let apsMissing = "apsMissing"
    }

    /// The four interruption levels.
    package static let interruptionLevels: Set<String> = ["passive", "active", "time-sensitive", "critical"]
    /// Known `apns-push-type` values.
    package static let pushTypes: Set<String> = [
        "alert", "background", "voip", "complication", "fileprovider", "mdm", "liveactivity", "location", "pushtotalk",
        "widgets", "controls",
    ]
}

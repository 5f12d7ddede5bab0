/// APNs names outside the `aps` tables: the root's `aps` key, the `extensions.apns` keys and the value sets the
/// checks use. Every key inside `aps` is spelt once, on its line of ``APNsWire``'s tables.
package enum APNsKeys {
    /// The root member holding the `aps` dictionary, compared as bytes on the conversion path.
    package static let apsLiteral: StaticString = "aps"
    /// ``apsLiteral`` as a `String`.
    package static let aps = apsLiteral.description

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

import PushCore

/// The shared values FCM's `android.notification` shows where Android's own part has none, for a notification read
/// by another format (``FCMMessageWriter/androidShown(_:)``): the sound's name and the localised keys and arguments,
/// each set only where Android's own value is nil. Android's own part, read in place, and these, field by field, are
/// what `android` shows, without copying Android's part to merge them. Its fields are Android's
/// (``PushNotification/TextField/androidSound``, …), so the table's scalars write them as they write the part's.
struct FCMAndroidInherited: ScalarFields {
    /// The shared sound's name (`android.notification.sound`).
    var sound: String?
    /// The shared `body_loc_key`.
    var bodyLocKey: String?
    /// The shared `body_loc_args`.
    var bodyLocArgs: [String]?
    /// The shared `title_loc_key`.
    var titleLocKey: String?
    /// The shared `title_loc_args`.
    var titleLocArgs: [String]?

    /// What `n`'s `android` inherits where `own`, its Android part, has no value (nothing when
    /// ``FCMMessageWriter/inheritsNothing(_:from:)``). A function, not an initialiser: an initialiser's arguments are
    /// its own, and the notification was copied to be passed.
    static func inherited(by own: PushNotification.Android, from n: PushNotification) -> FCMAndroidInherited {
        var inherited = FCMAndroidInherited()
        if own.sound == nil, let sound = n.sound { inherited.sound = sound.name }
        if own.bodyLocKey == nil { inherited.bodyLocKey = n.bodyLocKey }
        if own.bodyLocArgs == nil { inherited.bodyLocArgs = n.bodyLocArgs }
        if own.titleLocKey == nil { inherited.titleLocKey = n.titleLocKey }
        if own.titleLocArgs == nil { inherited.titleLocArgs = n.titleLocArgs }
        return inherited
    }

    /// What `n`'s `android` inherits when `n` has no Android part: every shared value it shows.
    static func inherited(from n: PushNotification) -> FCMAndroidInherited {
        FCMAndroidInherited(
            sound: n.sound?.name, bodyLocKey: n.bodyLocKey, bodyLocArgs: n.bodyLocArgs, titleLocKey: n.titleLocKey,
            titleLocArgs: n.titleLocArgs)
    }

    /// True when nothing is inherited.
    var isEmpty: Bool {
        sound == nil && bodyLocKey == nil && bodyLocArgs == nil && titleLocKey == nil && titleLocArgs == nil
    }

    /// The inherited string `field` (Android's sound and localised keys); nil for any other.
    subscript(text field: PushNotification.TextField) -> String? {
        switch field {
        case .androidSound: return sound
        case .androidBodyLocKey: return bodyLocKey
        case .androidTitleLocKey: return titleLocKey
        default: return nil
        }
    }

    /// The inherited localised arguments `field`; nil for any other.
    subscript(strings field: PushNotification.StringsField) -> [String]? {
        switch field {
        case .androidBodyLocArgs: return bodyLocArgs
        case .androidTitleLocArgs: return titleLocArgs
        default: return nil
        }
    }

    /// Nothing: no integer is inherited.
    subscript(integer field: PushNotification.IntegerField) -> Int64? { nil }
    /// Nothing: no number is inherited.
    subscript(number field: PushNotification.NumberField) -> Double? { nil }
    /// Nothing: no flag is inherited.
    subscript(flag field: PushNotification.FlagField) -> Bool? { nil }
    /// Nothing: no kept value is inherited.
    subscript(value field: PushNotification.ValueField) -> JSONValue? { nil }
}

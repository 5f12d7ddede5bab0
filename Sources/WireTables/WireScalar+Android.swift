public import JSONCodec
public import PushCore

// Android's lines read and written on the part itself (``PushNotification/Android``), not through the notification
// around it: the notification's subscripts reach an Android field through the optional part, which the optimiser
// copied out whole (every string of it retained and released) for each field read or set.

extension PushNotification.Android {
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
}

extension WireScalar {
    /// True when `android` has a value for this line (false for a line of another part).
    @inlinable package func isHeld(android: PushNotification.Android) -> Bool {
        switch field {
        case .text(let field): return android[text: field] != nil
        case .strings(let field): return android[strings: field] != nil
        case .integer(let field): return android[integer: field] != nil
        case .flag(let field), .bool(let field): return android[flag: field] != nil
        case .number, .value: return false
        }
    }

    /// Writes the key and value when `android` has a value for this line, as ``write(_:spelling:to:)`` writes it
    /// from a notification holding the part; false when it has nothing for it (always, for a line of another part).
    @_specialize(exported:true,where O == CompactOutput)
    @inlinable package func write<O: WireOutput>(
        android: PushNotification.Android, spelling: WireTableSpelling = .declared, to out: inout O
    ) -> Bool {
        switch field {
        case .text(let field):
            guard let value = android[text: field] else { return false }
            key.write(to: &out, spelling: spelling)
            out.string(value)
        case .strings(let field):
            guard let value = android[strings: field] else { return false }
            key.write(to: &out, spelling: spelling)
            out.strings(value)
        case .integer(let field):
            guard let value = android[integer: field] else { return false }
            key.write(to: &out, spelling: spelling)
            out.integer(value)
        case .flag(let field):
            guard let value = android[flag: field] else { return false }
            key.write(to: &out, spelling: spelling)
            out.integer(value ? 1 : 0)
        case .bool(let field):
            guard let value = android[flag: field] else { return false }
            key.write(to: &out, spelling: spelling)
            out.bool(value)
        case .number, .value:
            return false
        }
        return true
    }
}

extension WireScalar {
    /// Reads the value `node` (the member of the object at `container`) into the Android part `android`, as
    /// ``read(_:_:at:into:context:strict:codes:)`` reads it into a notification holding the part: the same findings
    /// and the same provenance (`android`), without moving the part in and out of a notification per field. A line
    /// of another part is read through a notification around the part, of which only the part is kept.
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    @inlinable package func read<S: WireSource>(
        _ source: S, _ node: S.Node, at container: JSONPointer, into android: inout PushNotification.Android,
        context: inout NormaliseContext, strict: Bool, codes: Codes = .generic
    ) -> WireReadOutcome {
        switch field {
        case .text(let field) where Self.isAndroid(field):
            guard let text = source.string(node) else {
                return wrongType(
                    "a string", source, node, at: container, context: &context, strict: strict, codes: codes)
            }
            android[text: field] = text
        case .strings(let field) where field == .androidTitleLocArgs || field == .androidBodyLocArgs:
            guard source.isArray(node) else {
                return wrongType(
                    "an array of strings", source, node, at: container, context: &context, strict: strict, codes: codes)
            }
            var strings: [String] = []
            strings.reserveCapacity(source.childCount(node))
            for element in source.elements(node) {
                guard let string = source.string(element) else {
                    return wrongType(
                        "an array of strings", source, node, at: container, context: &context, strict: strict,
                        codes: codes)
                }
                strings.append(string)
            }
            android[strings: field] = strings
        case .integer(.androidNotificationCount):
            guard let value = source.int64(node) else {
                return wrongType(
                    "an integer", source, node, at: container, context: &context, strict: strict, codes: codes)
            }
            android.notificationCount = value
        case .bool(.androidDirectBootOK):
            guard let value = source.bool(node) else {
                return wrongType(
                    "a boolean", source, node, at: container, context: &context, strict: strict, codes: codes)
            }
            android.directBootOK = value
        default:
            var n = PushNotification()
            n.setAndroid(android)
            let outcome = read(source, node, at: container, into: &n, context: &context, strict: strict, codes: codes)
            android = n.androidPart
            return outcome
        }
        // The location is built only for a context that records it (as the notification's reader does).
        if !strict && context.recordsProvenance {
            context.record(canonicalName, from: container.appending(key.description))
        }
        return .taken
    }

    /// True for a string field of the Android part.
    @inlinable package static func isAndroid(_ field: PushNotification.TextField) -> Bool {
        switch field {
        case .androidTitle, .androidBody, .androidImage, .androidSound, .androidIcon, .androidColor, .androidTag,
            .androidClickAction, .androidChannelID, .androidNotificationPriority, .androidVisibility,
            .androidTitleLocKey, .androidBodyLocKey, .androidPriority, .androidTTL, .androidCollapseKey,
            .androidRestrictedPackageName:
            return true
        default:
            return false
        }
    }
}

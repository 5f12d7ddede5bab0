public import JSONCodec
public import PushCore

// Android's lines read and written on the part itself (``PushNotification/Android``), not through the notification
// around it: the notification's subscripts reach an Android field through the optional part, which the optimiser
// copied out whole (every string of it retained and released) for each field read or set.

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
        case .text(let field) where field.isAndroid:
            guard let text = source.text(node) else {
                return wrongType(
                    "a string", source, node, at: container, context: &context, strict: strict, codes: codes)
            }
            android[storedText: field] = text
        case .strings(let field) where field == .androidTitleLocArgs || field == .androidBodyLocArgs:
            guard let strings = Self.strings(source, node) else {
                return wrongType(
                    "an array of strings", source, node, at: container, context: &context, strict: strict, codes: codes)
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
}

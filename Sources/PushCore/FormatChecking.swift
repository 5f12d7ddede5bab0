/// A format that owns validation rules of its platform (FCM's, beside Apple's): `validate` runs them on the input
/// the format read, after normalising it.
///
/// A format without this conformance gets Apple's checks on its model, as before. A conformer decides whether
/// Apple's checks apply (``appleCheckedSize(of:)``): they do when the payload has an iOS part.
public protocol FormatChecking: PayloadAdapter {
    /// This format's own rules on `payload` (the input `notification` was read from, with `context`'s provenance);
    /// every finding is located in `payload`.
    func check(_ payload: JSONValue, notification: PushNotification, context: NormaliseContext) -> [Diagnostic]

    /// The size in bytes of the payload's iOS part, for Apple's checks (the 4096-byte limit among them); nil when
    /// the payload has no iOS part and Apple's checks do not apply.
    func appleCheckedSize(of payload: JSONValue) -> Int?
}

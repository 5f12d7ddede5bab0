import APNsAdapter
package import JSONCodec
package import PushCore
package import WireTables

extension FCMAdapter: WireFormat {
    /// Reads the message over the borrowed document with the reader ``normalise`` uses (``FCMMessageReader``), so
    /// the two cannot disagree; custom data (`apns.payload`'s keys beside `aps`, then `message.data`'s) stays nodes
    /// of the document. Any finding of the reader, an error of FCM's own rules, or a data key both places name leaves
    /// the payload to the adapter.
    package func withWireRead(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, options: FormatOptions,
        _ body: (inout WireNotification) -> Void
    ) -> Bool {
        guard document.isObject(root) else { return false }
        var context = NormaliseContext()
        // Any finding leaves the payload to the adapter, and only the image's location is wanted (found below).
        context.recordsProvenance = false
        // Read into the wire notification's own model: the notification is neither copied nor moved once read.
        var wire = WireNotification(document: document)
        guard
            FCMMessageReader.read(
                document, root, format: descriptor.name, context: &context, customData: false, layoutMemory: false,
                into: &wire.model),
            context.diagnostics.isEmpty
        else { return false }
        // FCM's rules (the adapter path rejects a payload they find an error in).
        guard !FCMChecks.check(document, root).containsErrors else { return false }
        // The Message (a send request's `message`), found once for what is read beside the reader.
        var message = root
        var requestKey: BorrowedDocument.Node?
        if FCMMessageReader.isRequest(document, root), let inner = Self.spelt(document, root, FCMV1Wire.message) {
            message = inner.value
            requestKey = inner.key
        }
        // The model's `data` was left empty: custom data is these members of the document.
        guard Self.collectData(document, message, into: &wire.data) else { return false }
        if !wire.model.media.isEmpty, let media = Self.imageLocation(document, message, requestKey: requestKey) {
            wire.provenance.append(("media", media))
        }
        body(&wire)
        return true
    }

    /// Where the image the model holds was read (the reader's provenance of `media`): `apns.fcm_options.image`, else
    /// `notification.image`; the keys as spelt (made into strings only for the path found). `message` is the
    /// Message; `requestKey` the key of the send request's member holding it, if it is in one.
    private static func imageLocation(
        _ document: BorrowedDocument, _ message: BorrowedDocument.Node, requestKey: BorrowedDocument.Node?
    ) -> JSONPointer? {
        typealias W = FCMV1Wire
        func pointer(_ keys: BorrowedDocument.Node...) -> JSONPointer {
            var tokens: [String] = []
            tokens.reserveCapacity(keys.count + 1)
            if let requestKey { tokens.append(document.keyString(requestKey)) }
            for key in keys { tokens.append(document.keyString(key)) }
            return JSONPointer(tokens: tokens)
        }
        if let apns = spelt(document, message, W.apns), let options = spelt(document, apns.value, W.fcmOptions),
            let image = spelt(document, options.value, W.image), document.kind(image.value) == .string
        {
            return pointer(apns.key, options.key, image.key)
        }
        if let notification = spelt(document, message, W.notification),
            let image = spelt(document, notification.value, W.image), document.kind(image.value) == .string
        {
            return pointer(notification.key, image.key)
        }
        return nil
    }

    /// The member of object `node` that `key` spells (in either spelling), with its key node.
    private static func spelt(_ document: BorrowedDocument, _ node: BorrowedDocument.Node, _ key: WireKey) -> (
        key: BorrowedDocument.Node, value: BorrowedDocument.Node
    )? {
        guard document.isObject(node) else { return nil }
        for member in document.members(node) where key.matches(document, member.key) { return member }
        return nil
    }

    /// The custom data members of the Message `message`, in the order the reader puts them in the model:
    /// `apns.payload`'s keys beside `aps`, then `message.data`'s. False when a key is in both (the model keeps one,
    /// the other in `extensions.fcm.messageData` when they differ).
    private static func collectData(
        _ document: BorrowedDocument, _ message: BorrowedDocument.Node,
        into data: inout [(key: BorrowedDocument.Node, value: BorrowedDocument.Node)]
    ) -> Bool {
        var payload: BorrowedDocument.Node?
        if let apns = WireTable<FCMAndroidWire.Hook>.member(document, message, FCMV1Wire.apns),
            document.isObject(apns),
            let found = WireTable<FCMAndroidWire.Hook>.member(document, apns, FCMV1Wire.payload),
            document.isObject(found)
        {
            payload = found
        }
        var messageData: BorrowedDocument.Node?
        if let found = WireTable<FCMAndroidWire.Hook>.member(document, message, FCMV1Wire.data),
            document.isObject(found)
        {
            messageData = found
        }
        // Sized once: grown member by member, the array was reallocated for most messages.
        data.reserveCapacity(
            (payload.map { document.childCount($0) } ?? 0) + (messageData.map { document.childCount($0) } ?? 0))
        if let payload {
            var aps = false
            for member in document.members(payload) {
                if !aps, document.key(member.key, is: APNsKeys.apsLiteral) {
                    aps = true
                } else {
                    data.append(member)
                }
            }
        }
        if let messageData {
            for member in document.members(messageData) {
                let key = document.stringBytes(member.key)
                for index in 0..<data.count where BorrowedDocument.equal(document.stringBytes(data[index].key), key) {
                    // In both places, or twice in `data`: the adapter says what it keeps.
                    return false
                }
                data.append(member)
            }
        }
        return true
    }

    /// Custom data named `aps` (it would be written beside `aps` in `apns.payload`).
    package func wireDataCollides(_ wire: WireNotification, options: FormatOptions) -> Bool {
        wire.dataHas(APNsKeys.aps)
    }

    /// ``carriedPart(of:options:)`` keeps the carried fields and narrows the media, the Android part and the target.
    package func carriedPartOnlyNarrows(_ options: FormatOptions) -> Bool { true }

    /// ``FCMWireWriter``: a notification read by another format's table, as a bare Message (anything it does not
    /// write exactly as the adapter would, the adapter renders).
    package func wireWrite(_ wire: WireNotification, into out: inout [UInt8], context: inout RenderContext) -> Bool {
        FCMWireWriter.write(wire, into: &out, context: &context)
    }
}

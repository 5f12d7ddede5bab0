import JSONCodec
import PushCore
import WireTables

extension Normaliser {
    /// `convertMessages` of a send request whose recipients the source reads over the borrowed document
    /// (``WireTables/WireRecipientReading``): the request is parsed once, without ``JSONValue``, each channel's
    /// message read once, and each recipient's message written with the target's wire table, in the order and with
    /// the labels, losses and findings the adapters' path gives (`WireRecipientsTests`).
    ///
    /// Nil, for the adapters, whenever the result could differ: the source reads this request only through its
    /// adapter, the target has no place for a recipient or reads recipients itself, the model checks find an error
    /// (the adapters' path reports it), a recipient's message is not one the target's table writes exactly, or
    /// writing it gives a finding that must be located in the input.
    func wireConvertRecipients(
        _ bytes: some Collection<UInt8>, from: String, to: String, options: FormatOptions, lostFields: Bool
    ) -> [ConversionResult]? {
        guard let pair = recipientPair(from: from, to: to, options: options) else { return nil }
        return wireConvertRecipients(bytes, pair: pair, options: options, lostFields: lostFields)
    }

    /// ``wireConvertRecipients(_:from:to:options:lostFields:)`` through a pair looked up before (a batch's, once).
    func wireConvertRecipients(
        _ bytes: some Collection<UInt8>, pair: RecipientPair, options: FormatOptions, lostFields: Bool
    ) -> [ConversionResult]? {
        var results: [ConversionResult]?
        _ = bytes.withContiguousStorageIfAvailable { buffer in
            _ = parser.withBorrowedDocument(buffer) { document in
                results = wireConvertRecipients(
                    document, root: document.root, pair: pair, options: options, lostFields: lostFields,
                    inputSize: buffer.count)
            }
        }
        return results
    }

    /// ``wireConvertRecipients(_:from:to:options:lostFields:)`` of the payload at `root` in a borrowed document (the
    /// `payload` of an RPC `convert` request).
    package func wireConvertRecipients(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, from: String, to: String, options: FormatOptions,
        lostFields: Bool
    ) -> [ConversionResult]? {
        guard let pair = recipientPair(from: from, to: to, options: options) else { return nil }
        return wireConvertRecipients(
            document, root: root, pair: pair, options: options, lostFields: lostFields, inputSize: 0)
    }

    /// A send format whose recipients are read over the borrowed document, and a target each gets a message of:
    /// looked up by name once (``recipientPair(from:to:options:)``).
    struct RecipientPair {
        /// The reader of the source's send requests.
        let source: WireRecipientEntry
        /// The target's name.
        let to: String
        /// The target's wire table.
        let target: WireEntry
    }

    /// The reader of `from`'s send requests and the recipients `to` takes a message, when the two convert this way:
    /// nil when `from` has no such reader, `to` has no wire writer or no place for a recipient or reads recipients
    /// itself, or templates are rendered (`substitutions`: the adapters' work).
    func recipientPair(from: String, to: String, options: FormatOptions) -> RecipientPair? {
        guard writesThroughTables, options.substitutions == nil, let source = registry.wireRecipientReader(named: from),
            let target = registry.wireFormat(named: to), target.descriptor.recipients != .undeclared,
            !yieldsVariants(to)
        else { return nil }
        return RecipientPair(source: source, to: to, target: target)
    }

    /// The request at `root` read by `source`, checked, and each recipient's message written as `to`. `inputSize`:
    /// the request's size in bytes when known (0 when not), room each message is given up front.
    private func wireConvertRecipients(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, pair: RecipientPair, options: FormatOptions,
        lostFields: Bool, inputSize: Int
    ) -> [ConversionResult]? {
        let source = pair.source
        guard var read = source.reader.wireRecipients(document, root: root, options: options),
            !read.addressees.isEmpty
        else { return nil }
        // The checks the adapters' path runs on the whole request's notification, asked of each channel's.
        guard !source.findsErrors(inAny: &read.channels),
            read.addressees.allSatisfy({ read.channels.indices.contains($0.channel) })
        else { return nil }
        return convertRecipients(
            &read, pair: pair, within: document, options: options, lostFields: lostFields, inputSize: inputSize)
    }

    /// Each recipient's message of `read` written as the pair's target (its channel's notification, addressed to it
    /// in turn), each result with the reading's findings; nil when one of them is the adapters' to write.
    /// `document`: the request's (a message without custom data is written within it); `inputSize`, its size in
    /// bytes (0 when not known).
    private func convertRecipients(
        _ read: inout WireRecipients, pair: RecipientPair, within document: BorrowedDocument, options: FormatOptions,
        lostFields: Bool, inputSize: Int
    ) -> [ConversionResult]? {
        let from = pair.source.name
        let diagnostics = read.diagnostics
        return Self.convertAddressed(&read, capacity: pair.target.descriptor.recipients) { notification, _ in
            // Lent to the writer where it is: nothing copied or moved out.
            let headers = notification.delivery?.headers ?? JSONObject()
            guard
                let written = wireWrite(
                    &notification, target: pair.target, options: options, lostFields: lostFields, beside: document,
                    sizeHint: inputSize)
            else { return nil }
            // A rendering finding is located in the input through the reading's provenance: the adapters' path.
            let notices = written.diagnostics.runNotices
            guard notices.count == written.diagnostics.count else { return nil }
            var result = ConversionResult(
                rendered: .bytes(written.bytes), headers: headers, size: written.bytes.count, from: from,
                lost: written.lost, lossy: written.lossy, diagnostics: diagnostics)
            result.notices = notices
            return result
        }
    }
}

extension WireRecipients: AddressedNotifications {
    var count: Int { addressees.count }

    func label(at index: Int) -> String { addressees[index].label }

    /// The recipient's channel's notification, addressed to it (its target set to the recipient's token) where it
    /// is: a channel's recipients take turns with it, none gets a copy.
    mutating func withNotification<R, E: Error>(at index: Int, _ body: (inout PushNotification) throws(E) -> R)
        throws(E) -> R
    {
        var target = PushNotification.Target()
        target.token = addressees[index].token
        let channel = addressees[index].channel
        channels[channel].target = target
        return try body(&channels[channel])
    }
}

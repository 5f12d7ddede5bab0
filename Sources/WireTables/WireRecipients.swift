package import JSONCodec
package import PushCore

/// A send format whose requests address several recipients, each a message of its own (Pinpoint's `Addresses`),
/// read over the borrowed document: the request is walked once, each channel's message read once, and every
/// recipient's notification is its channel's, addressed to it. What the adapter's
/// ``PushCore/YieldsRecipientVariants`` gives for the same request, with the findings the adapter's reading of the whole
/// request gives.
///
/// Partial, like ``WireFormat``: a request this reader does not model exactly as the adapter reads it (a finding
/// other than information, a recipient with settings of its own, a template, a shape it does not know) is nil, and
/// the facade reads it through the adapter, which is the reference (`WireRecipientsTests` holds the two to the same
/// results).
package protocol WireRecipientReading: Sendable {
    /// The recipients' notifications of the payload at `root`, in input order, with the findings of reading the
    /// whole request (located in the input); nil when the adapter must read it.
    func wireRecipients(_ document: BorrowedDocument, root: BorrowedDocument.Node, options: FormatOptions)
        -> WireRecipients?
}

/// What ``WireRecipientReading/wireRecipients(_:root:options:)`` read: each channel's message read once, the
/// recipients that get it, and the findings of the request, which every recipient's result carries.
package struct WireRecipients {
    /// One recipient: the channel message it gets (an index into ``channels``), its device token and its label.
    package struct Addressee {
        package var channel: Int
        package var token: String
        package var label: String

        package init(channel: Int, token: String, label: String) {
            self.channel = channel
            self.token = token
            self.label = label
        }
    }

    /// The notification of each channel's message, read once: what its recipients get in turn, each addressed to
    /// it (its target set to the recipient's token) where it is, and what the model checks look at (the adapter
    /// checks the whole request's notification, which holds each channel's fields).
    package var channels: [PushNotification]
    /// The recipients, in input order.
    package var addressees: [Addressee]
    /// The findings of reading the whole request (information only: anything more is the adapter's).
    package var diagnostics: [Diagnostic]

    package init(channels: [PushNotification], addressees: [Addressee], diagnostics: [Diagnostic]) {
        self.channels = channels
        self.addressees = addressees
        self.diagnostics = diagnostics
    }
}

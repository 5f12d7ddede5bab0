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

/// What ``WireRecipientReading/wireRecipients(_:root:options:)`` read: one notification per recipient, and the
/// findings of the request, which every recipient's result carries.
package struct WireRecipients {
    /// Each recipient's notification and label, in input order.
    package var variants: [RecipientVariant]
    /// The findings of reading the whole request (information only: anything more is the adapter's).
    package var diagnostics: [Diagnostic]
    /// The notifications the request's channel messages were read as, once each: what the model checks look at
    /// (the adapter checks the whole request's notification, which holds each channel's fields).
    package var checked: [PushNotification]

    package init(variants: [RecipientVariant], diagnostics: [Diagnostic], checked: [PushNotification]) {
        self.variants = variants
        self.diagnostics = diagnostics
        self.checked = checked
    }
}

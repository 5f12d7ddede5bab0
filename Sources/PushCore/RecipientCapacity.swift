/// How many recipients one message of a format names, and where: what decides whether a notification holding
/// several (``PushNotification/Target/tokens``, legacy `registration_ids`) converts to one message or to one per
/// recipient (or per chunk of recipients).
///
/// A format declares it in its ``FormatDescriptor/recipients``. The conversion (`Normaliser.convertMessages`) reads
/// it: a notification naming more recipients than one message takes yields one output per recipient or chunk, each
/// labelled (``Recipient``), and the recipients that were fanned out are never reported lost.
public enum RecipientCapacity: Sendable, Hashable {
    /// Not declared (the default): the message keeps whatever target the notification holds, and the format's own
    /// rendering says what it cannot carry. A format that takes any number of recipients declares nothing.
    case undeclared
    /// One message names at most this many device tokens: 1 for FCM v1 (`token`), 1,000 for legacy
    /// `registration_ids` (and HMS `token[]`). Capacity 1 sets ``PushNotification/Target/token`` on each message;
    /// a larger one sets ``PushNotification/Target/tokens`` to each chunk.
    case tokens(Int)
    /// The payload names no recipient (a delivered payload such as APNs'): each device token of a token list
    /// (``PushNotification/Target/tokens``) becomes a message of its own, and the output record names the token
    /// beside the payload and headers (``Recipient/besidePayload``). A single ``PushNotification/Target/token`` stays
    /// one message as before (the token reported lost), so an FCM v1 → APNs conversion keeps its output shape and its
    /// wire-engine path; a source's per-recipient variant (``RecipientVariant``) names its one token beside it.
    case besidePayload

    /// The most device tokens one message names; nil when the format keeps them together or names none.
    public var tokensPerMessage: Int? {
        if case .tokens(let count) = self { return max(1, count) }
        return nil
    }
}

/// Which recipients one output of a conversion that yields several is for, and its label.
///
/// The label is stable and says nothing secret: `recipient 2 of 3` (one device token per message), `recipients
/// 1001-1500 of 1500` (a chunk), or the label of the source's per-recipient variant (``RecipientVariant/label``)
/// followed by the former when a variant is split again.
public struct Recipient: Sendable, Hashable {
    /// 1-based position of this output among the conversion's outputs.
    public var index: Int
    /// How many outputs the conversion yields.
    public var count: Int
    /// `recipient 2 of 3`, `recipients 1-1000 of 2500`, or a variant's label.
    public var label: String
    /// The device tokens this output goes to: in its payload, or beside it when ``besidePayload``.
    public var tokens: [String]
    /// True when the payload names no recipient: the record carrying the payload names ``tokens`` beside it
    /// (APNs' device token is the request path, not part of the payload).
    public var besidePayload: Bool

    /// A recipient label.
    public init(index: Int, count: Int, label: String, tokens: [String], besidePayload: Bool = false) {
        self.index = index
        self.count = count
        self.label = label
        self.tokens = tokens
        self.besidePayload = besidePayload
    }
}

/// One recipient's own message, as a source that addresses each recipient differently reads it (Pinpoint
/// `Addresses` and `Endpoints`, where each recipient's channel picks its platform message and its overrides and
/// substitutions apply): see ``YieldsRecipientVariants``.
public struct RecipientVariant: Sendable, Hashable {
    /// The source's stable name for the recipient (`address 2 of 3`, an endpoint id): the output's label.
    public var label: String
    /// This recipient's notification, its ``PushNotification/target`` naming the recipient.
    public var notification: PushNotification

    /// A recipient's own notification.
    public init(label: String, notification: PushNotification) {
        self.label = label
        self.notification = notification
    }
}

/// A format whose payload addresses several recipients, each with a message of its own (Pinpoint `Addresses`
/// with per-address overrides and substitutions): the conversion renders each variant instead of the notification
/// ``PayloadAdapter/normalise(_:context:)`` returned, each split again by the target's ``RecipientCapacity``.
///
/// ## Requirements for conformers
/// - Pure and total, as ``PayloadAdapter``; problems are diagnostics in `context`, located in the input.
/// - Nil when the payload holds no per-recipient variants (the notification is then converted as one).
/// - Each variant's notification holds what that recipient receives; what the source held for all recipients and
///   the variant does not carry is the variant's to report, not a loss of the conversion.
public protocol YieldsRecipientVariants: PayloadAdapter {
    /// The per-recipient notifications of `payload`, whose shared reading is `notification`, in input order.
    func recipientVariants(
        of payload: JSONValue, notification: PushNotification, context: inout NormaliseContext
    ) -> [RecipientVariant]?
}

extension PushNotification {
    /// The messages this notification becomes in a format of `capacity`, each with its recipient label; nil when it
    /// stays one message as it is (the capacity is undeclared, or the target names no more tokens than one message
    /// takes and nothing has to move beside the payload).
    ///
    /// - ``RecipientCapacity/tokens(_:)`` 1: one message per token of `target.tokens`, its `target.token` set.
    /// - ``RecipientCapacity/tokens(_:)`` n: `target.tokens` in chunks of n (kept whole when it fits).
    /// - ``RecipientCapacity/besidePayload``: one message per token of `target.tokens` (or of the one
    ///   `target.token` when `singleToken`: a per-recipient variant), its target removed (the record names the
    ///   token).
    public func splitByRecipient(_ capacity: RecipientCapacity, singleToken: Bool = false) -> [(
        notification: PushNotification, recipient: Recipient
    )]? {
        guard let target, !target.isEmpty else { return nil }
        switch capacity {
        case .undeclared:
            return nil
        case .tokens:
            guard let tokens = target.tokens, !tokens.isEmpty, let size = capacity.tokensPerMessage else { return nil }
            if size > 1 && tokens.count <= size { return nil }
            if size == 1 {
                return tokens.enumerated().map { index, token in
                    var message = self
                    var one = target
                    one.tokens = nil
                    one.token = token
                    message.target = one
                    let label = Self.recipientLabel(index + 1, of: tokens.count)
                    return (message, Recipient(index: index + 1, count: tokens.count, label: label, tokens: [token]))
                }
            }
            let chunks = stride(from: 0, to: tokens.count, by: size).map { tokens[$0..<min(tokens.count, $0 + size)] }
            return chunks.enumerated().map { index, chunk in
                var message = self
                var part = target
                part.tokens = Array(chunk)
                message.target = part
                let label = "recipients \(chunk.startIndex + 1)-\(chunk.endIndex) of \(tokens.count)"
                return (message, Recipient(index: index + 1, count: chunks.count, label: label, tokens: Array(chunk)))
            }
        case .besidePayload:
            let list = target.tokens.flatMap { $0.isEmpty ? nil : $0 }
            let tokens = list ?? (singleToken ? target.token.map { [$0] } : nil) ?? []
            guard !tokens.isEmpty, target.topic == nil, target.condition == nil else { return nil }
            return tokens.enumerated().map { index, token in
                var message = self
                message.target = nil
                let label = Self.recipientLabel(index + 1, of: tokens.count)
                return (
                    message,
                    Recipient(
                        index: index + 1, count: tokens.count, label: label, tokens: [token], besidePayload: true)
                )
            }
        }
    }

    /// `recipient 2 of 3`.
    public static func recipientLabel(_ index: Int, of count: Int) -> String { "recipient \(index) of \(count)" }
}

extension Recipient {
    /// `{index, count, label}`, and `deviceToken` when the payload names no recipient (``besidePayload``): how the
    /// batch's records and the RPC `convert` reply's `messages` name an output's recipient.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["index"] = .integer(Int64(index))
        object["count"] = .integer(Int64(count))
        object["label"] = .string(label)
        if besidePayload, let token = tokens.first { object["deviceToken"] = .string(token) }
        return .object(object)
    }
}

public import PushCore
import JSONCodec

// One input, many messages: a notification naming more recipients than one message of the target takes converts to
// one output per recipient (or per chunk), each labelled.

extension Normaliser {
    /// Parses `bytes` and converts them, one result per message the target sends (see
    /// `convertMessages` of a parsed payload).
    public func convertMessages(
        _ bytes: some Collection<UInt8>, from: String = "auto", to: String, strict: Bool = false,
        allowInvalid: Bool = false, options: FormatOptions = FormatOptions()
    ) throws(NormalisationFailure) -> [ConversionResult] {
        try convertMessages(
            bytes, from: from, to: to, strict: strict, allowInvalid: allowInvalid, options: options, lostFields: true)
    }

    /// `convertMessages(_:from:to:strict:allowInvalid:options:)` of bytes, building each
    /// result's lost fields only when `lostFields` (or `strict`, which fails on them): without them only
    /// ``ConversionResult/lossy`` says whether anything was lost (the CLI when nothing reports the paths).
    ///
    /// `tryingSingle` / `tryingRecipients` false: the caller tried that path of the tables before (a batch's, through
    /// the formats it looked up once) and it declined; it is not tried again.
    package func convertMessages(
        _ bytes: some Collection<UInt8>, from: String, to: String, strict: Bool, allowInvalid: Bool,
        options: FormatOptions, lostFields: Bool, tryingSingle: Bool = true, tryingRecipients: Bool = true
    ) throws(NormalisationFailure) -> [ConversionResult] {
        if !strict, !allowInvalid {
            if tryingSingle, !yieldsVariants(from),
                let result = wireConvert(bytes, from: from, to: to, options: options, lostFields: lostFields)
            {
                // The wire engine declines a notification the target fans out (`WireEngine` guard): this is one
                // message.
                return [result]
            }
            if tryingRecipients,
                let results = wireConvertRecipients(bytes, from: from, to: to, options: options, lostFields: lostFields)
            {
                return results
            }
        }
        return try convertMessages(
            parse(bytes), from: from, to: to, strict: strict, allowInvalid: allowInvalid, options: options,
            lostFields: lostFields)
    }

    /// Converts, one result per message the target sends, in order: `convert`
    /// when the notification is one message; else one result per recipient, or per chunk of recipients, each with its
    /// ``ConversionResult/recipient`` label.
    ///
    /// - The target's ``PushCore/FormatDescriptor/recipients`` decides (``PushCore/RecipientCapacity``): FCM v1
    ///   takes one token, so a legacy `registration_ids` of 3 tokens becomes 3 messages, each with its `token`;
    ///   legacy FCM takes 1,000, so they stay together (2,500 become 3 chunks); APNs names no recipient in its
    ///   payload, so each device token of a token list becomes one payload with the token beside it
    ///   (``PushCore/Recipient/besidePayload``; a single `token` stays one message, reported lost, as `convert`
    ///   gives it).
    /// - A recipient carried by a message, in it or beside it, is never reported lost; a target that takes all of them
    ///   keeps them together (one result, no label).
    /// - A source that addresses each recipient differently (``PushCore/YieldsRecipientVariants``) yields one
    ///   message per variant, each split again by the target's capacity.
    /// - Each result is complete: the reading findings, its own rendering findings and losses. With `strict`, any
    ///   loss of any message fails the conversion.
    public func convertMessages(
        _ payload: JSONValue, from: String = "auto", to: String, strict: Bool = false, allowInvalid: Bool = false,
        options: FormatOptions = FormatOptions()
    ) throws(NormalisationFailure) -> [ConversionResult] {
        try convertMessages(
            payload, from: from, to: to, strict: strict, allowInvalid: allowInvalid, options: options, lostFields: true)
    }

    /// `convertMessages(_:from:to:strict:allowInvalid:options:)` of a parsed payload, building each result's lost
    /// fields only when `lostFields` (or `strict`, which fails on them): without them only
    /// ``ConversionResult/lossy`` says whether anything was lost.
    package func convertMessages(
        _ payload: JSONValue, from: String, to: String, strict: Bool, allowInvalid: Bool, options: FormatOptions,
        lostFields: Bool
    ) throws(NormalisationFailure) -> [ConversionResult] {
        let lostFields = lostFields || strict
        var normalised = try readForConversion(
            payload, from: from, to: to, allowInvalid: allowInvalid, options: options)
        let capacity = registry.adapter(named: to)?.descriptor.recipients ?? .undeclared
        var variants: [RecipientVariant]?
        // Per-recipient messages only into a format with a place for the recipient (in the message or beside it):
        // into one that declares none, or that addresses recipients itself (a Pinpoint send request), a request stays
        // one message, its recipients together (or reported lost).
        if capacity != .undeclared, !yieldsVariants(to),
            let reader = registry.variantReader(named: normalised.format)
        {
            var context = normalised.context
            let before = context.diagnostics.count
            variants = reader.recipientVariants(of: payload, notification: normalised.notification, context: &context)
            // The recipients' findings (one skipped, a placeholder left verbatim) are the reading's, in every result.
            // When no recipient gets a message of its own, the request converts as one message, exactly as `convert`
            // gives it (the recipients reported lost).
            if variants?.isEmpty == false { normalised.diagnostics += context.diagnostics.dropFirst(before) }
        }
        guard var variants, !variants.isEmpty else {
            // Each recipient's message is rendered as it is read (its `Substitutions` over the option's); the one
            // message here is rendered now.
            renderTemplates(&normalised, payload: payload)
            guard let parts = normalised.notification.splitByRecipient(capacity) else {
                return [
                    try conversion(
                        of: normalised.notification, read: normalised, payload: payload, to: to, strict: strict,
                        options: options, lostFields: lostFields)
                ]
            }
            var results: [ConversionResult] = []
            results.reserveCapacity(parts.count)
            for part in parts {
                var result = try conversion(
                    of: part.notification, read: normalised, payload: payload, to: to, strict: strict, options: options,
                    lostFields: lostFields)
                result.recipient = part.recipient
                results.append(result)
            }
            return results
        }
        let results = try Self.convertAddressed(&variants, capacity: capacity) {
            (notification, _) throws(NormalisationFailure) -> ConversionResult? in
            try conversion(
                of: notification, read: normalised, payload: payload, to: to, strict: strict, options: options,
                lostFields: lostFields)
        }
        return results ?? []
    }

    /// Converts the messages of `recipients` (one per recipient), each split again when the target (of `capacity`)
    /// takes fewer recipients than it names, in order: `convert` makes each message's result from its notification
    /// (lent where it is, neither copied nor moved out: it may change it) and its recipient, which the result is then
    /// given (its ``PushCore/Recipient/count`` set once every message is made). Nil when `convert` gives nil for one.
    static func convertAddressed<Recipients: AddressedNotifications, E: Error>(
        _ recipients: inout Recipients, capacity: RecipientCapacity,
        _ convert: (inout PushNotification, Recipient) throws(E) -> ConversionResult?
    ) throws(E) -> [ConversionResult]? {
        var results: [ConversionResult] = []
        results.reserveCapacity(recipients.count)
        for index in 0..<recipients.count {
            let label = recipients.label(at: index)
            // Asked of the notification where it is (an element read through the array's getter is a copy).
            let split = recipients.withNotification(at: index) {
                $0.lent { $0.splitByRecipient(capacity, singleToken: true) }
            }
            if var parts = split {
                for part in parts.indices {
                    // A variant that stays one message keeps its own label (`address 1 of 3 (APNS)`).
                    let own = parts[part].recipient
                    let recipient = Recipient(
                        index: results.count + 1, count: 0,
                        label: parts.count == 1 ? label : "\(label), \(own.label)", tokens: own.tokens,
                        besidePayload: own.besidePayload)
                    guard let result = try convert(&parts[part].notification, recipient) else { return nil }
                    results.append(result)
                    results[results.count - 1].recipient = recipient
                }
            } else {
                // Lent where it is: neither copied nor moved out.
                let made = try recipients.withNotification(at: index) { (notification) throws(E) in
                    let recipient = Recipient(
                        index: results.count + 1, count: 0, label: label,
                        tokens: notification.lent { Self.tokens(of: $0.target) })
                    return try convert(&notification, recipient).map { ($0, recipient) }
                }
                guard let (result, recipient) = made else { return nil }
                // Appended as it came, then given its recipient in place: a result bound to a `var` was copied into
                // the array and destroyed.
                results.append(result)
                results[results.count - 1].recipient = recipient
            }
        }
        let count = results.count
        for index in results.indices { results[index].recipient?.count = count }
        return results
    }

    /// The device tokens a notification's target names: its `tokens`, or its one `token`, or none.
    private static func tokens(of target: PushNotification.Target?) -> [String] {
        guard let target else { return [] }
        if let tokens = target.tokens { return tokens }
        if let token = target.token { return [token] }
        return []
    }

    /// True when the format named `name` reads per-recipient variants (never the wire engine's).
    func yieldsVariants(_ name: String) -> Bool {
        registry.variantReader(named: name) != nil
    }
}

extension PushNotification {
    /// `body` given this notification where it is, through a mutating access (an array element's accessor): read
    /// through the array's getter, or handed from it to an existential's method, an element is copied whole (a
    /// retain of every field); moved out and back, it leaves an empty notification to destroy.
    mutating func lent<R>(_ body: (borrowing PushNotification) -> R) -> R { body(self) }

    /// True when ``splitByRecipient(_:)`` would split this notification for a format of `capacity`: told without
    /// building any message (the wire engine's guard, on every record).
    package func fansOut(for capacity: RecipientCapacity) -> Bool {
        guard let target else { return false }
        switch capacity {
        case .undeclared: return false
        case .tokens(let size):
            guard let tokens = target.tokens, !tokens.isEmpty else { return false }
            return size <= 1 || tokens.count > size
        case .besidePayload:
            // A single `token` stays one message (``splitByRecipient(_:singleToken:)``).
            return target.tokens?.isEmpty == false && target.topic == nil && target.condition == nil
        }
    }
}

/// Recipients' notifications as ``Normaliser/convertAddressed(_:capacity:_:)`` converts them, each with its label,
/// each lent where it is: per-recipient variants, or a send request's channels read once (``WireTables/WireRecipients``).
protocol AddressedNotifications {
    /// How many recipients there are.
    var count: Int { get }
    /// The label of the recipient at `index`.
    func label(at index: Int) -> String
    /// `body` given the notification of the recipient at `index`, where it is.
    mutating func withNotification<R, E: Error>(at index: Int, _ body: (inout PushNotification) throws(E) -> R)
        throws(E) -> R
}

extension Array: AddressedNotifications where Element == RecipientVariant {
    func label(at index: Int) -> String { self[index].label }

    mutating func withNotification<R, E: Error>(at index: Int, _ body: (inout PushNotification) throws(E) -> R)
        throws(E) -> R
    {
        try body(&self[index].notification)
    }
}

import Dispatch
public import PushCore
import JSONCodec

/// Converts or validates many records in parallel while keeping their order: the engine of
/// `pushnorm convert` and `pushnorm validate` over NDJSON, JSON arrays and directories.
public struct BatchConverter: Sendable {
    /// What to do with each record.
    public enum Operation: Sendable {
        /// `convert(from:to:strict:)`.
        case convert(from: String, to: String, strict: Bool)
        /// `validate(format:target:)`.
        case validate(format: String, target: String?)
    }

    /// The outcome of one record.
    public struct Outcome: Sendable {
        /// 1-based record number.
        public var index: Int
        /// 1-based line where the record starts.
        public var line: Int
        /// The converted payload (compact bytes), when converted.
        public var output: [UInt8]?
        /// Lost fields (convert).
        public var lost: [LostField]
        /// True when the record lost fields that `lost` does not list: it was converted without building them
        /// (``process(_:index:line:lostFields:)``).
        public var unlistedLoss = false
        /// Findings; for a failure, the reason.
        public var diagnostics: [Diagnostic]
        /// True when the record failed (convert error, or invalid under validate).
        public var failed: Bool
        /// Validate: the format read and the notification validated (nil when unreadable).
        public var format: String? = nil
        /// Validate with `--full`: the notification validated.
        public var notification: PushNotification? = nil
        /// Findings about the run rather than the record (``Normaliser/runNotices``, the result's `notices`): a batch
        /// reports each once.
        public var notices: [Diagnostic] = []
        /// Convert: the messages the record became when it became several, or one for a labelled recipient
        /// (`Normaliser.convertMessages`), in order;
        /// `output` is then nil and `lost` holds each path any message lost once. Empty for a record converted into
        /// one unlabelled message (`output`).
        public var messages: [Message] = []
    }

    /// One of the messages a record became (``Outcome/messages``).
    public struct Message: Sendable {
        /// Which recipients it goes to, and its label.
        public var recipient: Recipient
        /// The converted payload (compact bytes).
        public var output: [UInt8]
        /// Fields this message could not carry.
        public var lost: [LostField]
        /// Findings of its conversion.
        public var diagnostics: [Diagnostic]
        /// The APNs request headers to send with it (``ConversionResult/headers``: `apns-push-type`, `apns-priority`,
        /// `apns-expiration`, `apns-collapse-id`, `apns-topic`, `apns-id`, from the notification's `delivery`), empty
        /// when it has none, when the target is a delivered format: its payload is the request body and the headers
        /// travel beside it, as the device token does. Nil for a send form, whose message writes them itself (FCM's
        /// `apns.headers`, Pinpoint's `Priority`) or reports them lost.
        public var headers: JSONObject?
    }

    /// The facade each record goes through.
    public var normaliser: Normaliser { didSet { lookUpPairs() } }
    /// What is done to each record.
    public var operation: Operation { didSet { lookUpPairs() } }
    /// The format options of every record.
    public var options: FormatOptions { didSet { lookUpPairs() } }
    /// Parallel workers; 1 runs inline.
    public var jobs: Int
    /// Convert records with error findings anyway, with the findings attached (`--allow-invalid`). Default false:
    /// such a record fails, as `validate` calls it invalid.
    public var allowInvalid = false { didSet { lookUpPairs() } }

    /// A converter running `operation` with `options` on `jobs` workers (1: inline).
    public init(
        normaliser: Normaliser = Normaliser(), operation: Operation, options: FormatOptions = FormatOptions(), jobs: Int
    ) {
        self.normaliser = normaliser
        self.operation = operation
        self.options = options
        self.jobs = max(1, jobs)
        lookUpPairs()
    }

    /// The formats a conversion goes through on the wire tables, looked up once rather than per record (nil: not a
    /// conversion, or not one the tables make).
    private var wirePair: Normaliser.WirePair?
    /// The send format whose recipients the tables read, and the target, when the conversion's single messages do not
    /// go through the tables (`Normaliser.convertMessages` tries it next), looked up once.
    private var recipientPair: Normaliser.RecipientPair?
    /// True when the conversion's target is a delivered payload (each message carries its APNs headers).
    private var deliversTarget = false

    /// Looks up what a record's conversion goes through, once for the batch.
    private mutating func lookUpPairs() {
        (wirePair, recipientPair, deliversTarget) = (nil, nil, false)
        guard case .convert(let from, let to, let strict) = operation else { return }
        deliversTarget = normaliser.registry.adapter(named: to)?.descriptor.isDelivered == true
        guard !strict else { return }
        wirePair = normaliser.wirePair(from: from, to: to, options: options)
        if wirePair == nil, !allowInvalid {
            recipientPair = normaliser.recipientPair(from: from, to: to, options: options)
        }
    }

    /// Processes one record.
    public func process(_ record: RecordSplitter.Record) -> Outcome {
        record.bytes.withUnsafeBufferPointer { process($0, index: record.index, line: record.line) }
    }

    /// Processes the record held in `bytes` (a ``RecordSplitter/Span`` of a buffer the caller keeps: no copy).
    public func process(_ bytes: UnsafeBufferPointer<UInt8>, index: Int, line: Int) -> Outcome {
        process(bytes, index: index, line: line, lostFields: true)
    }

    /// ``process(_:index:line:)``, a conversion's lost fields built only when `lostFields` (else the outcome's and
    /// its messages' `lost` are empty, and ``Outcome/unlistedLoss`` says whether anything was lost), as
    /// ``convertOnWire(_:index:line:lostFields:into:)`` builds them.
    public func process(_ bytes: UnsafeBufferPointer<UInt8>, index: Int, line: Int, lostFields: Bool) -> Outcome {
        process(bytes, index: index, line: line, lostFields: lostFields, afterWire: false)
    }

    /// ``process(_:index:line:lostFields:)`` of a record ``convertOnWire(_:index:line:lostFields:into:)`` declined
    /// just before (`afterWire`, with the same `lostFields`): the single message is not read through the tables a
    /// second time.
    public func process(
        _ bytes: UnsafeBufferPointer<UInt8>, index: Int, line: Int, lostFields: Bool, afterWire: Bool
    ) -> Outcome {
        var outcome = Outcome(index: index, line: line, output: nil, lost: [], diagnostics: [], failed: false)
        switch operation {
        case .convert(let from, let to, let strict):
            do {
                // A send request whose recipients the tables read: tried first, through the pair looked up once
                // (what `convertMessages` tries after the single message, which has no pair here); the adapters'
                // path reads the rest.
                var results: [ConversionResult]
                if let recipientPair,
                    let read = normaliser.wireConvertRecipients(
                        bytes, pair: recipientPair, options: options, lostFields: lostFields)
                {
                    results = read
                } else {
                    results = try normaliser.convertMessages(
                        bytes, from: from, to: to, strict: strict, allowInvalid: allowInvalid, options: options,
                        lostFields: lostFields,
                        tryingSingle: recipientPair == nil && !(afterWire && wirePair != nil && !allowInvalid),
                        tryingRecipients: recipientPair == nil)
                }
                guard !results.isEmpty else { break }
                outcome.diagnostics = results[0].diagnostics
                outcome.format = results[0].from
                outcome.notices = results[0].notices
                let lossy = results.contains(where: \.lossy)
                if results.count == 1 && results[0].recipient == nil {
                    outcome.output = results[0].compactBytes
                    outcome.lost = results[0].lost
                } else {
                    outcome.messages = Self.messages(taking: &results, headers: deliversTarget, lost: &outcome.lost)
                }
                outcome.unlistedLoss = outcome.lost.isEmpty && lossy
            } catch {
                outcome.failed = true
                outcome.diagnostics =
                    error.diagnostics.isEmpty
                    ? [Diagnostic(.error, .invalidJSON, at: .root, error.message)] : error.diagnostics
                outcome.lost = error.lost
            }
        case .validate(let format, let target):
            let result = normaliser.validate(bytes, format: format, target: target, options: options)
            outcome.diagnostics = result.diagnostics
            outcome.failed = !result.valid
            outcome.format = result.format
            outcome.notification = result.notification
            outcome.notices = result.notices
        }
        return outcome
    }

    /// The outcome's messages of a record converted into `results`, and the paths any of them lost (each once, with
    /// its first reason). `headers`: each message carries its result's APNs headers (a delivered target). Each
    /// result's payload, losses and findings are moved into its message, not copied: `results` is left without them.
    static func messages(taking results: inout [ConversionResult], headers: Bool, lost: inout [LostField]) -> [Message]
    {
        var seen: Set<JSONPointer> = []
        var messages: [Message] = []
        messages.reserveCapacity(results.count)
        let count = results.count
        for index in results.indices {
            for field in results[index].lost where seen.insert(field.path).inserted { lost.append(field) }
            let recipient =
                results[index].recipient
                ?? Recipient(
                    index: index + 1, count: count, label: PushNotification.recipientLabel(index + 1, of: count),
                    tokens: [])
            var message = Message(
                recipient: recipient, output: results[index].takeCompactBytes(), lost: [], diagnostics: [],
                headers: headers ? results[index].headers : nil)
            swap(&message.lost, &results[index].lost)
            swap(&message.diagnostics, &results[index].diagnostics)
            messages.append(consume message)
        }
        return messages
    }

    /// Converts the record in `bytes` through the wire engine and appends the converted payload's compact bytes to
    /// `output` (the caller's buffer: no buffer per record), as ``process(_:index:line:)`` would convert it. Nil
    /// (with `output` as it was) when the record takes the adapters: the caller then calls
    /// ``process(_:index:line:)``. `lostFields`: the outcome's `lost` is filled (else empty, and only `lossy` says
    /// whether anything was lost).
    public func convertOnWire(
        _ bytes: UnsafeBufferPointer<UInt8>, index: Int, line: Int, lostFields: Bool, into output: inout [UInt8]
    ) -> (outcome: Outcome, lossy: Bool)? {
        guard !allowInvalid, let wirePair,
            let converted = normaliser.wireConvert(
                bytes, pair: wirePair, options: options, lostFields: lostFields, into: &output)
        else { return nil }
        var outcome = Outcome(
            index: index, line: line, output: nil, lost: converted.lost, diagnostics: converted.diagnostics,
            failed: false, format: converted.from)
        outcome.notices = converted.notices
        return (outcome, converted.lossy)
    }

    /// Processes a batch, in parallel when `jobs > 1`, returning outcomes in input order.
    public func process(_ records: [RecordSplitter.Record]) -> [Outcome] {
        if jobs == 1 || records.count < 2 { return records.map(process) }
        let slots = OutcomeSlots(count: records.count)
        let chunk = max(1, (records.count + jobs * 4 - 1) / (jobs * 4))
        let chunks = (records.count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let start = c * chunk
            let end = min(records.count, start + chunk)
            for i in start..<end { slots.set(i, process(records[i])) }
        }
        return slots.values()
    }
}

/// Write-once result slots filled by `concurrentPerform`.
///
/// Invariant that makes the `@unchecked Sendable` safe: each index is written by exactly one
/// iteration, and `values()` is read only after `concurrentPerform` has returned (a full barrier).
/// The slots are raw memory allocated once: writers only read the immutable `storage` pointer and
/// write disjoint elements. (A `var` array written through `withUnsafeMutableBufferPointer` from
/// several threads is a data race on the array itself, which ThreadSanitizer reports.)
private final class OutcomeSlots: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<BatchConverter.Outcome?>
    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }
    deinit {
        storage.deinitialize()
        storage.deallocate()
    }
    func set(_ index: Int, _ value: BatchConverter.Outcome) { storage[index] = value }
    func values() -> [BatchConverter.Outcome] { storage.compactMap { $0 } }
}

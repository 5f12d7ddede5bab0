import APNsAdapter
package import JSONCodec
package import PushCore
package import WireTables

private typealias R = AmazonKeys.Request
private typealias A = AmazonKeys.Request.Recipient
private typealias M = AmazonKeys.Message
private typealias X = AmazonKeys.Extension
private typealias XM = AmazonKeys.Extension.PinpointMessage

/// A `SendMessages` request's `Addresses` read over the borrowed document (``PinpointWireRecipients``).
extension PinpointChannelsAdapter: WireRecipientReading {
    package func wireRecipients(_ document: BorrowedDocument, root: BorrowedDocument.Node, options: FormatOptions)
        -> WireRecipients?
    {
        PinpointWireRecipients.read(document, root: root, options: options)
    }
}

/// Pinpoint's send request read once over the borrowed document, one notification per address: each channel's
/// message (`APNSMessage`, `GCMMessage`) is read once, by the readers the adapter reads it with, and every address of
/// that channel gets it with its own token. What ``PinpointRecipients`` gives when it reads the request again for each
/// channel, and the findings ``PinpointChannelsAdapter/normalise(_:context:)`` gives for the whole request.
///
/// The request this reads: the CLI input (`ApplicationId`, `MessageRequest`) or the bare `SendMessages` request, whose
/// only keys are `Addresses`, `MessageConfiguration` and `TraceId`; a configuration of an `APNSMessage` and, when
/// a `GCM` address needs it, a `GCMMessage`, neither with `RawContent`, `Substitutions` or a `{{…}}` placeholder, and
/// no console form (`aps`, an FCM body); each address's settings only its `ChannelType`, an APNs channel or `GCM`.
/// Anything else (the defaults, `Endpoints`, `Users`, a template, overrides, another channel, a finding other than
/// information) is nil: the adapter reads it, and is the reference.
enum PinpointWireRecipients {
    static func read(_ document: BorrowedDocument, root: BorrowedDocument.Node, options: FormatOptions)
        -> WireRecipients?
    {
        // A template fills a request's content, and substitutions render it: both are the adapter's.
        // (Options at their defaults name no template: the templates are not looked up, nor an optional object made
        // and destroyed, per record.)
        if case .some = options.substitutions { return nil }
        guard options.hasOnlyDefaults || options.pinpointTemplates == nil, document.kind(root) == .object,
            let request = Request(document, root: root)
        else { return nil }
        var context = NormaliseContext(options: options)
        // Only the notifications are kept, as each recipient's reading keeps them: no provenance.
        context.recordsProvenance = false
        // The channels' notifications: the APNSMessage's, then the GCMMessage's (moved in, not copied).
        var channels: [PushNotification] = []
        channels.reserveCapacity(2)
        channels.append(PushNotification())
        guard readApple(request, document: document, into: &channels[0], context: &context) else { return nil }
        if let gcm = request.gcm {
            channels.append(PushNotification())
            guard readAndroid(gcm, request: request, document: document, into: &channels[1], context: &context)
            else { return nil }
        }
        // The whole request's findings: information (a media URL found) only.
        guard context.diagnostics.allSatisfy({ $0.severity == .info }) else { return nil }
        var addressees: [WireRecipients.Addressee] = []
        addressees.reserveCapacity(request.addresses.count)
        for (position, address) in request.addresses.enumerated() {
            let label = AddressLabel.label(
                position + 1, of: request.addresses.count, channel: address.channel, named: address.channelIndex)
            addressees.append(
                WireRecipients.Addressee(channel: address.isApple ? 0 : 1, token: address.token, label: label))
        }
        return WireRecipients(channels: channels, addressees: addressees, diagnostics: context.diagnostics)
    }

    /// The `GCMMessage` keys the adapter reads (`RawContent`, `Substitutions`) and those only a campaign's `Message`
    /// has (``PinpointGCMMessage/isCampaign(_:_:)``).
    private static let declinedGCMKeys = WireKeySet([
        M.rawContent, M.substitutions, "ImageSmallIconUrl", "JsonBody", "MediaUrl",
    ])

    /// The `GCMMessage` keys read here with no more asked: a `GCMMessage`'s own keys
    /// (``PinpointGCMMessage/directKeys``) but those the adapter reads. A message of only these is neither declined
    /// nor warned about (``PinpointGCMMessage/startReading(_:_:at:campaign:channel:memory:context:)`` would find
    /// nothing), so each key is compared once.
    private static let acceptedGCMKeys = WireKeySet(
        PinpointGCMMessage.directKeys.subtracting([M.rawContent, M.substitutions]))

    /// The Android side's memory when its readers leave nothing: `present` alone, built once and shared.
    private static let presentOnly = JSONObject(uncheckedMembers: [
        JSONObject.Member(key: "present", value: .bool(true))
    ])

    /// The `APNSMessage` as an address of an APNs channel gets it (the request with only that message), its findings
    /// in `context` located in the whole request.
    private static func readApple(
        _ request: Request, document: BorrowedDocument, into n: inout PushNotification, context: inout NormaliseContext
    ) -> Bool {
        n.source = PinpointMessageAdapter.formatName
        var memory = request.memory
        let path = request.paths.apple
        if PinpointMessageReader.isPlain(document, request.apple) {
            // Content alone (the usual message): read in place. It has no `TimeToLive` to convert.
            PinpointMessageReader.readPlain(
                document, request.apple, at: path, into: &n, memory: &memory, context: &context)
        } else {
            guard case .object(let message) = document.jsonValue(request.apple), message[APNsKeys.aps] == nil,
                message[M.rawContent] == nil, message[M.substitutions] == nil
            else { return false }
            PinpointMessageReader.read(message, at: path, into: &n, memory: &memory, context: &context)
            PinpointMessageReader.convertTimeToLive(in: &memory, into: &n, at: path, context: &context)
        }
        n.setFirstExtension(
            X.namespace,
            JSONObject(uncheckedMembers: [JSONObject.Member(key: X.pinpointMessage, value: .object(memory))]))
        return true
    }

    /// The `GCMMessage` as a `GCM` address gets it: the request with only that message, so no iOS message
    /// (`noAPNSMessage`) and no shared content, Android's own.
    private static func readAndroid(
        _ node: BorrowedDocument.Node, request: Request, document: BorrowedDocument,
        into n: inout PushNotification, context: inout NormaliseContext
    ) -> Bool {
        // RawContent, Substitutions and the console's raw form (an FCM body, kept verbatim with the configuration)
        // are the adapter's; so is a campaign's Message (a key only it has). One pass over the keys, compared as
        // bytes. A key of the message's own but those is accepted at once (one comparison); only a message with
        // another has its keys checked again as the adapter warns about them.
        var onlyAccepted = true
        for member in document.members(node) {
            if acceptedGCMKeys.contains(member.key, of: document) { continue }
            onlyAccepted = false
            let key = document.stringBytes(member.key)
            if key.first.map({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") || $0 >= 0x80 }) == true
                || declinedGCMKeys.contains(member.key, of: document)
            {
                return false
            }
        }
        n.source = PinpointMessageAdapter.formatName
        // The memory the envelopes leave, which never holds `noAPNSMessage`: appended, not looked up (copied once
        // from the request's, at its final size).
        var memory = request.memory
        memory.reserveCapacity(memory.count + 1)
        memory.appendUnchecked(XM.noMessage, .bool(true))
        var android = JSONObject()
        let path = request.paths.gcm
        if !onlyAccepted {
            PinpointGCMMessage.startReading(
                document, node, at: path, campaign: false, channel: .gcm, memory: &android, context: &context)
        }
        PinpointGCMMessage.readFields(
            document, node, at: path, campaign: false, channel: .gcm, into: &n, memory: &android, context: &context)
        // Neither reader writes `present` (their keys are `campaign`, the channel's, `sameAsShared`, `fields`), nor
        // any extension (a GCM table's hooks write only the Android part, and it has no other lines): the
        // namespace, the request's memory then the Android side's, is set once, after.
        // Usually the only member: then the one object every such record shares (nothing allocated per record).
        if android.isEmpty {
            android = presentOnly
        } else {
            android.appendUnchecked("present", .bool(true))
        }
        n.setFirstExtension(
            X.namespace,
            JSONObject(uncheckedMembers: [
                JSONObject.Member(key: X.pinpointMessage, value: .object(memory)),
                JSONObject.Member(key: PinpointGCMMessage.memoryKey, value: .object(android)),
            ]))
        return true
    }

    /// One address: its token and channel.
    struct Address {
        var token: String
        var channel: String
        /// True for an APNs channel (else `GCM`).
        var isApple: Bool
        /// The channel's index in ``Request/channelNames`` (nil for one spelt otherwise, compared as a `String`).
        var channelIndex: Int?
    }

    /// Where a request's configuration and messages are, for its two shapes (built once, not per record).
    struct Paths {
        var configuration: JSONPointer
        var apple: JSONPointer
        var gcm: JSONPointer

        init(_ configuration: JSONPointer) {
            self.configuration = configuration
            apple = configuration.appending(M.wrapper)
            gcm = configuration.appending(R.gcmMessage)
        }

        /// The bare `SendMessages` request.
        static let bare = Paths(JSONPointer(tokens: [R.messageConfiguration]))
        /// The CLI input (`MessageRequest`).
        static let input = Paths(JSONPointer(tokens: [R.messageRequest, R.messageConfiguration]))
    }

    /// The request's levels as the reader needs them: the memory its envelopes leave
    /// (`extensions.amazon.pinpointMessage`: `inputKey`, `input`, `request`, `wrapped`), the configuration's place,
    /// its messages and its addresses.
    struct Request {
        var memory = JSONObject()
        /// True for the CLI input (`MessageRequest`), false for the bare request.
        var isInput = false
        /// Where the configuration and its messages are (the shape's, built once: a request holds no paths to copy
        /// or destroy).
        var paths: Paths { isInput ? Paths.input : Paths.bare }
        var apple: BorrowedDocument.Node
        var gcm: BorrowedDocument.Node?
        var addresses: [Address] = []

        /// Nil when the request is not one this reader models (see ``PinpointWireRecipients``).
        init?(_ document: BorrowedDocument, root: BorrowedDocument.Node) {
            var request = root
            // A CLI input holds only its envelope and `ApplicationId` (another key is a warning, and
            // `SendUsersMessageRequest` names users, not addresses).
            guard
                let (envelope, applicationID, _) = Self.members(
                    Keys.messageRequest, Keys.applicationID, nil, of: root, in: document, alone: false)
            else { return nil }
            // The memory's members, gathered in one array of its size and made an object once.
            var remembered: [JSONObject.Member] = []
            remembered.reserveCapacity(4)
            if let envelope {
                guard document.kind(envelope) == .object,
                    document.childCount(root) == (applicationID == nil ? 1 : 2)
                else { return nil }
                let input = JSONObject(
                    uncheckedMembers: applicationID.map {
                        [JSONObject.Member(key: R.applicationID, value: document.jsonValue($0))]
                    } ?? [])
                remembered.append(JSONObject.Member(key: XM.inputKey, value: .string(R.messageRequest)))
                remembered.append(JSONObject.Member(key: XM.input, value: .object(input)))
                isInput = true
                request = envelope
            }
            // The request: its configuration and addresses, and what stays for every recipient (`TraceId`).
            guard
                case let (configuration?, addresses?, traceID)? = Self.members(
                    Keys.messageConfiguration, Keys.addresses, Keys.traceID, of: request, in: document, alone: true),
                document.kind(configuration) == .object, document.kind(addresses) == .object,
                document.childCount(addresses) > 0
            else { return nil }
            // What stays (`TraceId`, or nothing), made at its size.
            let kept = JSONObject(
                uncheckedMembers: traceID.map { [JSONObject.Member(key: R.traceID, value: document.jsonValue($0))] }
                    ?? [])
            remembered.append(JSONObject.Member(key: XM.request, value: .object(kept)))
            remembered.append(JSONObject.Member(key: XM.wrapped, value: .bool(true)))
            memory = JSONObject(uncheckedMembers: remembered)
            // The configuration: an APNSMessage, and maybe a GCMMessage.
            guard
                case let (apple?, gcm, _)? = Self.members(
                    Keys.apnsMessage, Keys.gcmMessage, nil, of: configuration, in: document, alone: true)
            else { return nil }
            self.gcm = gcm
            guard document.kind(apple) == .object, gcm.map({ document.kind($0) == .object }) ?? true,
                !Self.holdsPlaceholder(apple, in: document),
                !(gcm.map { Self.holdsPlaceholder($0, in: document) } ?? false)
            else { return nil }
            self.apple = apple
            // The addresses: each only its `ChannelType`, an APNs channel or GCM (with a GCMMessage).
            var read: [Address] = []
            read.reserveCapacity(document.childCount(addresses))
            for member in document.members(addresses) {
                let settings = member.value
                guard document.kind(settings) == .object, document.childCount(settings) == 1,
                    let type = Self.member(Keys.channelType, of: settings, in: document),
                    document.kind(type) == .string,
                    let (channel, isApple, channelIndex) = Self.channel(type, in: document)
                else { return nil }
                guard isApple || gcm != nil else { return nil }
                read.append(
                    Address(
                        token: String(decoding: document.stringBytes(member.key), as: UTF8.self), channel: channel,
                        isApple: isApple, channelIndex: channelIndex))
            }
            self.addresses = read
        }

        /// The channel types an address may name: the APNs channels, then `GCM`.
        static let channelNames: [String] = A.appleChannels.sorted() + [A.gcmChannel]
        /// ``channelNames`` as keys, compared as bytes (a key is copied as plain words: no reference counted).
        static let channelKeys: [WireKey] = channelNames.map(WireKey.init)

        /// The channel type spelt by the string node `type`, with whether it is an APNs channel and its index in
        /// ``channelNames`` (nil when spelt otherwise); nil for any other type. Its bytes are compared (no `String` is
        /// built or hashed per address); a type that is not ASCII is compared as a `String` (canonical equivalence,
        /// as a `Set<String>` compares).
        static func channel(_ type: BorrowedDocument.Node, in document: BorrowedDocument) -> (
            name: String, isApple: Bool, index: Int?
        )? {
            let keys = channelKeys
            for index in keys.indices where keys[index].matches(document, type) {
                return (channelNames[index], index < keys.count - 1, index)
            }
            let bytes = document.stringBytes(type)
            if bytes.allSatisfy({ $0 < 0x80 }) { return nil }
            let text = String(decoding: bytes, as: UTF8.self)
            if A.appleChannels.contains(text) { return (text, true, nil) }
            return text == A.gcmChannel ? (text, false, nil) : nil
        }

        /// The request's keys, compared as bytes (length first, no `String` per member).
        enum Keys {
            static let messageRequest = WireKey(R.messageRequest)
            static let applicationID = WireKey(R.applicationID)
            static let messageConfiguration = WireKey(R.messageConfiguration)
            static let addresses = WireKey(R.addresses)
            static let traceID = WireKey(R.traceID)
            static let apnsMessage = WireKey(M.wrapper)
            static let gcmMessage = WireKey(R.gcmMessage)
            static let channelType = WireKey(A.channelType)
        }

        /// The value of the member `key` of the object `node`, compared as bytes.
        static func member(_ key: WireKey, of node: BorrowedDocument.Node, in document: BorrowedDocument)
            -> BorrowedDocument.Node?
        {
            for member in document.members(node) where key.matches(document, member.key) { return member.value }
            return nil
        }

        /// The values of the members `first`, `second` and `third` of the object `node` (nil for an absent one),
        /// compared as bytes; nil when `alone` and the object holds any other member.
        static func members(
            _ first: WireKey, _ second: WireKey, _ third: WireKey?, of node: BorrowedDocument.Node,
            in document: BorrowedDocument, alone: Bool
        ) -> (BorrowedDocument.Node?, BorrowedDocument.Node?, BorrowedDocument.Node?)? {
            var found: (BorrowedDocument.Node?, BorrowedDocument.Node?, BorrowedDocument.Node?) = (nil, nil, nil)
            for member in document.members(node) {
                if first.matches(document, member.key) {
                    found.0 = member.value
                } else if second.matches(document, member.key) {
                    found.1 = member.value
                } else if let third, third.matches(document, member.key) {
                    found.2 = member.value
                } else if alone {
                    return nil
                }
            }
            return found
        }

        /// True when a string under `node` holds `{{` (a template placeholder, which each recipient's reading
        /// reports; a member name holding it is declined too).
        static func holdsPlaceholder(_ node: BorrowedDocument.Node, in document: BorrowedDocument) -> Bool {
            document.stringsHold(UInt8(ascii: "{"), UInt8(ascii: "{"), under: node)
        }
    }
}

/// An address's label, `address 2 of 3 (GCM)`, as ``PinpointRecipients`` labels it.
enum AddressLabel {
    /// The label of the address at 1-based `position` of `total`, of channel type `channel`, which is
    /// `PinpointWireRecipients.Request.channelNames[named]` when `named` is given: a request of a few addresses (the
    /// usual one) gets one of the labels made once (``tabulated``), any other one made now (``make(_:of:channel:)``).
    static func label(_ position: Int, of total: Int, channel: String, named: Int?) -> String {
        guard let named, total <= tabulatedTotal, position >= 1, position <= total else {
            return make(position, of: total, channel: channel)
        }
        return tabulated[((total - 1) * tabulatedTotal + (position - 1)) * channelCount + named]
    }

    /// The largest request whose labels are made once.
    static let tabulatedTotal = 4
    /// The channel types a label names, by index (``PinpointWireRecipients/Request/channelNames``).
    private static var channelCount: Int { PinpointWireRecipients.Request.channelNames.count }
    /// Each label of a request of up to ``tabulatedTotal`` addresses: by total, then position, then channel type.
    private static let tabulated: [String] = {
        var labels: [String] = []
        for total in 1...tabulatedTotal {
            for position in 1...tabulatedTotal {
                for channel in PinpointWireRecipients.Request.channelNames {
                    labels.append(make(position, of: total, channel: channel))
                }
            }
        }
        return labels
    }()

    /// The label of the address at 1-based `position` of `total`, of channel type `channel`: its bytes written on the
    /// stack, then made a string at once (no string grown piece by piece per address).
    static func make(_ position: Int, of total: Int, channel: String) -> String {
        var channel = channel
        return channel.withUTF8 { name in
            let size = 8 + digits(position) + 4 + digits(total) + 2 + name.count + 1
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) { buffer in
                var index = 0
                func put(_ text: UnsafeBufferPointer<UInt8>) {
                    guard let start = text.baseAddress, let target = buffer.baseAddress else { return }
                    (target + index).initialize(from: start, count: text.count)
                    index += text.count
                }
                func put(_ text: StaticString) {
                    put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
                }
                func put(number: Int) {
                    var rest = number
                    let end = index + digits(number)
                    index = end
                    repeat {
                        index -= 1
                        buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                        rest /= 10
                    } while rest > 0
                    index = end
                }
                put("address ")
                put(number: position)
                put(" of ")
                put(number: total)
                put(" (")
                put(name)
                put(")")
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<index]), as: UTF8.self)
            }
        }
    }

    /// The number of decimal digits of `number` (not negative).
    static func digits(_ number: Int) -> Int {
        var count = 1
        var rest = number / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }
}

import APNsAdapter
public import PushCore

private typealias M = AmazonKeys.Message
private typealias X = AmazonKeys.Extension
private typealias XM = AmazonKeys.Extension.PinpointMessage
private typealias R = AmazonKeys.Request

/// Amazon Pinpoint's (AWS End User Messaging Push's) send form for iOS (format `pinpoint-message`): a bare
/// `APNSMessage`, a `MessageConfiguration`, a whole `SendMessages` / `SendUsersMessages` request, or the CLI's
/// `{"ApplicationId", "MessageRequest"}` input (see ``PinpointRequest``). What `APNSMessage` lacks comes from
/// `DefaultPushNotificationMessage`, then `DefaultMessage`, as Pinpoint documents.
///
/// | field | canonical |
/// |---|---|
/// | `Title`, `Body`, `Badge`, `ThreadId`, `Category` | `title`, `body`, `badge`, `group`, `category` |
/// | `Sound` | `sound.name` |
/// | `MediaUrl` | `media[0]` |
/// | `Data` (string map) | `data.data.pinpoint.jsonBody` (where Pinpoint delivers it) |
/// | `Action` `DEEP_LINK` / `URL` + `Url` | `data.data.pinpoint.deeplink` / `.url` (where Pinpoint delivers it) |
/// | `SilentPush` | `contentAvailable` (true also implies `delivery.pushType` `background`) |
/// | `APNSPushType`, `CollapseId` | `delivery.pushType`, `delivery.collapseId` |
/// | `Priority` (`"10"`/`"5"`; `high`/`normal` normalised) | `delivery.priority` |
/// | `TimeToLive` | `delivery.expiration` when the `sendTime` option is given; else kept verbatim |
/// | `Substitutions`, `PreferredAuthenticationMethod`, `Action` `OPEN_APP` | kept verbatim |
///
/// With `RawContent`, the payload is the JSON in that string, read as a delivered Pinpoint payload; the content
/// fields beside it, which Pinpoint ignores, are kept verbatim with a warning; the header fields still apply. An
/// `APNSMessage` holding `aps` is the Pinpoint console's raw message form: read as a delivered Pinpoint payload.
public struct PinpointMessageAdapter: PayloadAdapter {
    /// Creates the adapter; its behaviour is set per call by the context's ``FormatOptions``.
    public init() {}

    public var descriptor: FormatDescriptor { Self.standardDescriptor }

    /// The format's name.
    package static let formatName = "pinpoint-message"

    /// Built once: a conversion reads it several times.
    private static let standardDescriptor = FormatDescriptor(
        name: formatName, vendor: X.namespace,
        summary:
            "Amazon Pinpoint / AWS End User Messaging Push send form: a SendMessages request, MessageConfiguration "
            + "or APNSMessage.",
        isDelivered: false, carries: PinpointMessageAdapter.carriedFields,
        layoutPaths: [
            JSONPointer(tokens: ["extensions", X.namespace, X.pinpointMessage, X.PinpointMessage.wrapped]),
            JSONPointer(tokens: ["extensions", X.namespace, X.pinpointMessage, X.PinpointMessage.rawContent]),
            JSONPointer(tokens: ["extensions", X.namespace, X.pinpointMessage, X.PinpointMessage.console]),
            JSONPointer(tokens: ["extensions", X.namespace, X.pinpointMessage, X.PinpointMessage.defaulted]),
            JSONPointer(tokens: ["extensions", X.namespace, X.pinpointMessage, X.PinpointMessage.noMessage]),
            JSONPointer(tokens: ["extensions", X.namespace, X.pinpointMessage, X.PinpointMessage.inputKey]),
        ],
        options: [.sendTime])

    /// The fields an `APNSMessage` without `RawContent` carries (with `RawContent`, all that `pinpoint` carries).
    package static let carriedFields = [
        "title", "body", "badge", "sound", "group", "category", "contentAvailable", "media", "delivery", "data",
        "extensions.amazon.pinpointMessage",
    ]

    /// Certain on an `APNSMessage` object (at the root, in a `MessageConfiguration`, a request or the CLI input), or on
    /// two or more `APNSMessage` fields at the root; plausible on a request whose configuration has only the default
    /// messages (a request with only `GCMMessage` is left to the Android formats).
    public func recognise(_ payload: JSONValue) -> Recognition? {
        guard case .object(var root) = payload else { return nil }
        var path = ""
        for key in [R.messageRequest, R.sendUsersMessageRequest] {
            if case .object(let request)? = root[key] {
                root = request
                path += "/" + key
                break
            }
        }
        if case .object(let configuration)? = root[R.messageConfiguration] {
            path += "/" + R.messageConfiguration
            root = configuration
            if root[M.wrapper]?.objectValue != nil { return .certain(path + "/" + M.wrapper) }
            let defaults = [R.defaultPushNotificationMessage, R.defaultMessage].filter { root[$0] != nil }
            if !defaults.isEmpty { return Recognition(strength: 2, evidence: defaults.map { path + "/" + $0 }) }
            // A Pinpoint request with no iOS message at all (a misspelt `APNSMessage`, say): weak, so a channel
            // format (GCMMessage) wins, and otherwise the unread keys are reported rather than "unrecognised".
            return .weak(path)
        }
        if root[M.wrapper]?.objectValue != nil { return .certain(path + "/" + M.wrapper) }
        if root[R.defaultPushNotificationMessage]?.objectValue != nil {
            return .plausible(path + "/" + R.defaultPushNotificationMessage)
        }
        let keys = M.all.filter { root[$0] != nil }
        return keys.count >= 2 ? Recognition(strength: 3, evidence: keys.map { path + "/" + $0 }) : nil
    }

    public func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard let n = read(payload, context: &context) else { return nil }
        ContentCheck.reportUnread(n, context: &context, unreadCodes: Self.unreadCodes)
        return n
    }

    /// The codes of the keys a Pinpoint send form does not read (the content check's evidence).
    static let unreadCodes: Set<DiagnosticCode> = [.amazonMessageUnknownKey]

    /// ``normalise(_:context:)`` without the content check, for a reader that adds content after it (the Android
    /// side of ``PinpointChannelsAdapter``).
    func read(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification? {
        guard case .object(let root) = payload else {
            context.diagnostics.error(
                .notAnObject, at: .root, "an APNSMessage must be a JSON object, found \(payload.typeName)")
            return nil
        }
        var n = PushNotification()
        n.source = descriptor.name
        var memory = JSONObject()
        // The levels and flags the read records (one buffer, not one per growth).
        memory.reserveCapacity(8)
        guard let request = PinpointRequest.unwrap(root, memory: &memory, context: &context) else { return nil }
        if let configuration = request.configuration, !configuration.isEmpty {
            memory[XM.configuration] = .object(configuration)
        }
        if let message = request.message {
            if message[APNsKeys.aps] != nil {
                // The Pinpoint console's raw message form: `APNSMessage` is the APNs payload itself.
                memory[XM.console] = .bool(true)
                context.diagnostics.info(
                    .amazonConsoleRawMessage, at: request.messagePath,
                    "`APNSMessage` holds a raw APNs payload (the Pinpoint console's raw message form): read as delivered"
                )
                var inner = NormaliseContext(options: context.options)
                PinpointPayloadReader.read(message, into: &n, context: &inner)
                Self.rebase(inner, under: request.messagePath, into: &context)
            } else {
                PinpointMessageReader.read(
                    message, at: request.messagePath, into: &n, memory: &memory, context: &context)
            }
        }
        if memory[XM.rawContent] == nil, memory[XM.console] == nil, let configuration = request.configuration {
            PinpointMessageReader.fillFromDefaults(
                configuration, at: request.configurationPath, into: &n, memory: &memory, context: &context)
        }
        PinpointMessageReader.convertTimeToLive(in: &memory, into: &n, at: request.messagePath, context: &context)
        if !memory.isEmpty {
            var ext = n.extensionObject(X.namespace)
            ext[X.pinpointMessage] = .object(memory)
            n.setExtension(X.namespace, ext)
        }
        return n
    }

    /// Moves the findings and provenance of `inner` (which read an object located at `base`) into `context`.
    private static func rebase(_ inner: NormaliseContext, under base: JSONPointer, into context: inout NormaliseContext)
    {
        for diagnostic in inner.diagnostics {
            context.diagnostics.append(
                Diagnostic(
                    diagnostic.severity, diagnostic.code, at: base.appending(diagnostic.path), diagnostic.message))
        }
        for (field, input) in inner.provenance { context.provenance[field] = base.appending(input) }
    }

    /// Fields, or (with `RawContent`) everything a delivered Pinpoint payload carries, plus the headers.
    public func carriedPart(of notification: PushNotification, options: FormatOptions) -> PushNotification {
        let memory = notification.extensionObject(X.namespace)[X.pinpointMessage]?.objectValue ?? JSONObject()
        if memory[XM.console]?.boolValue == true { return notification.keeping(Self.consoleCarries) }
        guard memory[XM.rawContent]?.boolValue == true else { return notification.keeping(descriptor.carriedFields) }
        return notification.keeping(Self.rawContentCarries)
    }

    /// The console's raw form: a delivered Pinpoint payload (no headers) plus the message's memory.
    private static let consoleCarries = CarriedFields(
        PinpointAdapter.carriedFields + ["extensions.amazon.pinpointMessage"])

    /// With `RawContent`: a delivered Pinpoint payload plus the headers and the message's memory.
    private static let rawContentCarries = CarriedFields(
        PinpointAdapter.carriedFields + ["delivery", "extensions.amazon.pinpointMessage"])

    public func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue {
        let memory = notification.extensionObject(X.namespace)[X.pinpointMessage]?.objectValue ?? JSONObject()
        let configuration = memory[XM.configuration]?.objectValue
        let message: JSONObject
        if memory[XM.console]?.boolValue == true {
            message = PinpointPayloadWriter.payload(for: notification, context: &context)
        } else {
            let own = PinpointMessageReader.removingDefaulted(notification, memory: memory, options: context.options)
            message = PinpointMessageWriter.message(for: own, memory: memory, context: &context)
        }
        var level: JSONObject
        if let configuration, configuration[M.wrapper] != nil {
            // An invalid `APNSMessage` read verbatim renders back as it was.
            level = configuration
        } else if memory[XM.wrapped]?.boolValue == true {
            level = JSONObject()
            if !(memory[XM.noMessage]?.boolValue == true && message.isEmpty) {
                level.appendUnchecked(M.wrapper, .object(message))
            }
            for (key, value) in configuration ?? JSONObject() where level[key] == nil {
                level.appendUnchecked(key, value)
            }
        } else {
            level = message
        }
        if case .object(let request)? = memory[XM.request] {
            level = Self.inserting(
                R.messageConfiguration, .object(level), into: request,
                skip: memory[XM.wrapped] == nil && configuration?[M.wrapper] == nil)
        }
        if case .string(let key)? = memory[XM.inputKey], case .object(let input)? = memory[XM.input] {
            level = Self.inserting(key, .object(level), into: input)
        }
        return .object(level)
    }

    /// `object` with `key` inserted before the first key that sorts after it (AWS documents every level's keys in
    /// alphabetical order, which is how its examples are written); `skip` leaves `object` as it is.
    private static func inserting(_ key: String, _ value: JSONValue, into object: JSONObject, skip: Bool = false)
        -> JSONObject
    {
        if skip { return object }
        var out = JSONObject()
        var inserted = false
        for (existing, member) in object {
            if !inserted && existing > key {
                out.appendUnchecked(key, value)
                inserted = true
            }
            out.appendUnchecked(existing, member)
        }
        if !inserted { out.appendUnchecked(key, value) }
        return out
    }
}

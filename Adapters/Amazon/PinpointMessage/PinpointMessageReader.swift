import JSONCodec
package import PushCore
import WireTables

private typealias M = AmazonKeys.Message
private typealias XM = AmazonKeys.Extension.PinpointMessage
private typealias P = AmazonKeys.Pinpoint

/// Reads the fields of one `APNSMessage` object (see ``PinpointMessageAdapter`` for the mapping).
package enum PinpointMessageReader {
    /// Reads `message`, located at `base`, into `n`; what must be remembered to render it back goes to
    /// `memory` (`extensions.amazon.pinpointMessage`).
    package static func read(
        _ message: JSONObject, at base: JSONPointer, into n: inout PushNotification, memory: inout JSONObject,
        context: inout NormaliseContext
    ) {
        var rest = message
        var isRaw = false
        if let value = rest[M.rawContent] {
            let path = base.appending(M.rawContent)
            if case .string(let text) = value {
                if let payload = EmbeddedJSON.parseObject(text, at: path, name: M.rawContent, context: &context) {
                    var inner = NormaliseContext(options: context.options)
                    PinpointPayloadReader.read(payload, into: &n, context: &inner)
                    EmbeddedJSON.relocate(inner, to: path, name: M.rawContent, into: &context)
                    rest.removeValue(forKey: M.rawContent)
                    memory[XM.rawContent] = .bool(true)
                    isRaw = true
                }
            } else {
                context.diagnostics.error(
                    .wrongType, at: path,
                    "`\(M.rawContent)` must be a string of JSON, found \(value.typeName); kept as it was")
            }
        }
        PinpointRequest.warnUnknown(message, known: M.allSet, at: base, level: "APNSMessage", context: &context)
        var delivery = n.delivery ?? PushNotification.Delivery()
        var deliveryPath: JSONPointer?
        if let pushType = rest.takeString(M.apnsPushType, at: base, &context.diagnostics) {
            delivery.pushType = pushType
            deliveryPath = deliveryPath ?? base.appending(M.apnsPushType)
        }
        if let priority = readPriority(from: &rest, at: base, context: &context) {
            delivery.priority = priority
            deliveryPath = deliveryPath ?? base.appending(M.priority)
        }
        if let collapseID = rest.takeString(M.collapseID, at: base, &context.diagnostics) {
            delivery.collapseID = collapseID
            deliveryPath = deliveryPath ?? base.appending(M.collapseID)
        }
        checkKeptHeaders(rest, at: base, context: &context)
        if isRaw {
            for key in message.members.lazy.map(\.key) where M.contentFields.contains(key) {
                context.diagnostics.warning(
                    .amazonRawContentOverrides, at: base.appending(key),
                    "`\(key)` is ignored by Pinpoint because `RawContent` is given; kept verbatim")
            }
        } else {
            readContent(from: &rest, at: base, into: &n, delivery: &delivery, context: &context)
            checkKeptContent(rest, at: base, context: &context)
        }
        if !delivery.isEmpty {
            n.delivery = delivery
            if let deliveryPath { context.record("delivery", from: deliveryPath) }
        }
        if !rest.isEmpty { memory[XM.fields] = .object(rest) }
    }

    /// `Priority`: a string of digits (`"10"`, `"5"`), or FCM's `high`/`normal`, normalised with a warning.
    private static func readPriority(
        from rest: inout JSONObject, at base: JSONPointer, context: inout NormaliseContext
    ) -> Int64? {
        guard let value = rest[M.priority] else { return nil }
        let path = base.appending(M.priority)
        guard case .string(let text) = value else {
            context.diagnostics.error(
                .wrongType, at: path,
                "`Priority` must be a string (\"10\" or \"5\"), found \(value.typeName); kept as it was")
            return nil
        }
        let priority: Int64
        if !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let number = Int64(text)
        {
            priority = number
        } else if text.lowercased() == "high" || text.lowercased() == "normal" {
            priority = text.lowercased() == "high" ? 10 : 5
            context.diagnostics.warning(
                .amazonPriorityNormalised, at: path,
                "`Priority` \"\(text)\" is FCM's spelling; normalised to \"\(priority)\"")
        } else {
            context.diagnostics.error(
                .amazonPriorityInvalid, at: path,
                "`Priority` must be \"10\" or \"5\" (or \"high\"/\"normal\"), found \"\(text)\"; kept as it was")
            return nil
        }
        rest.removeValue(forKey: M.priority)
        return priority
    }

    /// The content fields (no `RawContent`).
    package static func readContent(
        from rest: inout JSONObject, at base: JSONPointer, into n: inout PushNotification,
        delivery: inout PushNotification.Delivery, context: inout NormaliseContext
    ) {
        rest = readContent(JSONValueSource(), .object(rest), at: base, into: &n, delivery: &delivery, context: &context)
    }

    /// ``readContent(from:at:into:delivery:context:)`` of the object `message` of `source`: returns what is kept
    /// verbatim, in input order.
    static func readContent<S: WireSource>(
        _ source: S, _ message: S.Node, at base: JSONPointer, into n: inout PushNotification,
        delivery: inout PushNotification.Delivery, context: inout NormaliseContext
    ) -> JSONObject {
        var rest = PinpointMessageFields.read(source, message, at: base, into: &n, context: &context)
        // SilentPush: Pinpoint picks the background push type for it.
        if let silent = n.contentAvailable {
            if silent && delivery.pushType == nil {
                delivery.pushType = "background"
            } else if silent && delivery.pushType == "background" {
                context.diagnostics.info(
                    .amazonPushTypeImplied, at: base.appending(M.apnsPushType),
                    "`APNSPushType` background is what Pinpoint picks for `SilentPush` anyway; rendered without it")
            }
        }
        readDelivered(from: &rest, at: base, into: &n, context: &context)
        return rest
    }

    /// The keys of an `APNSMessage` that ``readPlain(_:_:at:into:memory:context:)`` reads: the table's and those
    /// delivered under `data.pinpoint`.
    static let plainKeys: [String] = [
        M.title, M.body, M.mediaURL, M.badge, M.sound, M.threadID, M.category, M.silentPush, M.data, M.action, M.url,
    ]

    /// True when every key of the object `message` of `source` is one of ``plainKeys`` (compared as bytes: no key is
    /// decoded).
    static func isPlain<S: WireSource>(_ source: S, _ message: S.Node) -> Bool {
        source.members(message).allSatisfy { plainKeySet.contains($0.key, of: source) }
    }

    /// ``plainKeys`` as keys compared by their length and bytes.
    private static let plainKeySet = WireKeySet(plainKeys)

    /// ``read(_:at:into:memory:context:)`` of an `APNSMessage` (the object `message` of `source`) whose keys are all
    /// ``plainKeys`` (no header field, no `RawContent`, nothing unknown): the same steps, those that find nothing to do
    /// in such a message left out. Over the borrowed document, a send request's message is read without building
    /// it as a ``JSONValue``.
    static func readPlain<S: WireSource>(
        _ source: S, _ message: S.Node, at base: JSONPointer, into n: inout PushNotification,
        memory: inout JSONObject, context: inout NormaliseContext
    ) {
        var delivery = n.delivery ?? PushNotification.Delivery()
        let rest = readContent(source, message, at: base, into: &n, delivery: &delivery, context: &context)
        checkKeptContent(rest, at: base, context: &context)
        // Only `SilentPush` sets anything here (the background push type), located at the message as `read` has it
        // when no header field is given.
        if !delivery.isEmpty { n.delivery = delivery }
        if !rest.isEmpty { memory[XM.fields] = .object(rest) }
    }

    /// `Data` and `Action` + `Url`, which Pinpoint delivers under `data.pinpoint` (`jsonBody`, `deeplink`, `url`):
    /// read there, into custom data `data.data.pinpoint`, so a send form and its delivered payload hold the same
    /// notification. `Action` `OPEN_APP`, or an `Action`/`Url` without its partner, stays verbatim.
    package static func readDelivered(
        from rest: inout JSONObject, at base: JSONPointer, into n: inout PushNotification,
        context: inout NormaliseContext
    ) {
        // Locations are built only for a finding, or for a context that records provenance (`record`).
        if let data = rest.takeObject(M.data, at: base, &context.diagnostics) {
            for (key, value) in data where value.stringValue == nil {
                context.diagnostics.error(
                    .wrongType, at: base.appending(M.data).appending(key),
                    "`Data` values must be strings, found \(value.typeName); kept as it was")
            }
            setDelivered(P.jsonBody, .object(data), in: &n)
            context.record("data", from: base.appending(M.data))
        }
        if case .string(let action)? = rest[M.action], action == "DEEP_LINK" || action == "URL",
            case .string(let url)? = rest[M.url]
        {
            rest.removeValue(forKey: M.action)
            rest.removeValue(forKey: M.url)
            setDelivered(action == "URL" ? P.url : P.deeplink, .string(url), in: &n)
            context.record("data", from: base.appending(M.url))
        }
    }

    /// Sets `data.data.pinpoint.<key>` (custom data: the delivered payload's `data.pinpoint`): each level changed in
    /// place (taken out of its parent while it changes, so nothing is copied), a missing or non-object level made an
    /// object where it was.
    package static func setDelivered(_ key: String, _ value: JSONValue, in n: inout PushNotification) {
        guard n.data.index(forKey: AmazonKeys.data) != nil else {
            // The first value delivered (the usual case): the two levels built at once.
            let pinpoint = JSONObject(uncheckedMembers: [JSONObject.Member(key: key, value: value)])
            let data = JSONObject(uncheckedMembers: [JSONObject.Member(key: P.pinpoint, value: .object(pinpoint))])
            n.data.appendUnchecked(AmazonKeys.data, .object(data))
            return
        }
        n.data.modifyValue(forKey: AmazonKeys.data) { slot in
            var data = slot?.objectValue ?? JSONObject()
            slot = nil
            data.modifyValue(forKey: P.pinpoint) { inner in
                var pinpoint = inner?.objectValue ?? JSONObject()
                inner = nil
                pinpoint[key] = value
                inner = .object(pinpoint)
            }
            slot = .object(data)
        }
    }

    /// Checks the header fields kept verbatim (`TimeToLive`, `PreferredAuthenticationMethod`).
    private static func checkKeptHeaders(_ rest: JSONObject, at base: JSONPointer, context: inout NormaliseContext) {
        switch rest[M.timeToLive] {
        case .integer(let seconds)? where seconds < 0:
            context.diagnostics.error(
                .amazonTimeToLiveNegative, at: base.appending(M.timeToLive),
                "`TimeToLive` is \(seconds); it must be 0 (do not store) or a number of seconds")
        case .integer?, nil:
            break
        case let value?:
            context.diagnostics.error(
                .wrongType, at: base.appending(M.timeToLive),
                "`TimeToLive` must be an integer (seconds), found \(value.typeName); kept as it was")
        }
        switch rest[M.preferredAuthenticationMethod] {
        case .string(let method)? where !M.authenticationMethods.contains(method):
            context.diagnostics.warning(
                .amazonAuthenticationMethodUnknown, at: base.appending(M.preferredAuthenticationMethod),
                "`PreferredAuthenticationMethod` should be CERTIFICATE or TOKEN, found \"\(method)\"")
        case .string?, nil:
            break
        case let value?:
            context.diagnostics.error(
                .wrongType, at: base.appending(M.preferredAuthenticationMethod),
                "`PreferredAuthenticationMethod` must be a string, found \(value.typeName); kept as it was")
        }
    }

    /// Checks the content fields kept verbatim (`Action`, `Url`, `Substitutions`).
    package static func checkKeptContent(_ rest: JSONObject, at base: JSONPointer, context: inout NormaliseContext) {
        switch rest[M.action] {
        case .string(let action)?:
            if !M.actions.contains(action) {
                context.diagnostics.error(
                    .amazonActionUnknown, at: base.appending(M.action),
                    "`Action` must be OPEN_APP, DEEP_LINK or URL, found \"\(action)\"")
            } else if action != "OPEN_APP" && rest[M.url] == nil {
                context.diagnostics.warning(
                    .amazonActionURLMissing, at: base.appending(M.action), "`Action` \(action) needs a `Url` to open")
            }
        case nil:
            break
        case let value?:
            context.diagnostics.error(
                .wrongType, at: base.appending(M.action),
                "`Action` must be a string, found \(value.typeName); kept as it was")
        }
        if let value = rest[M.url], value.stringValue == nil {
            context.diagnostics.error(
                .wrongType, at: base.appending(M.url), "`Url` must be a string, found \(value.typeName); kept as it was"
            )
        }
        if let value = rest[M.substitutions] {
            let path = base.appending(M.substitutions)
            guard case .object(let substitutions) = value else {
                context.diagnostics.error(
                    .wrongType, at: path, "`Substitutions` must be an object, found \(value.typeName); kept as it was")
                return
            }
            for (key, list) in substitutions {
                let isStrings = list.arrayValue?.allSatisfy { $0.stringValue != nil } ?? false
                if !isStrings {
                    context.diagnostics.error(
                        .wrongType, at: path.appending(key),
                        "`Substitutions` values must be arrays of strings, found \(list.typeName); kept as it was")
                }
            }
        }
    }
}

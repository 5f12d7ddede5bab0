import JSONCodec
package import PushCore
package import WireTables

private typealias M = AmazonKeys.Message
private typealias R = AmazonKeys.Request
private typealias XM = AmazonKeys.Extension.PinpointMessage

/// The envelopes around one `APNSMessage` that `pinpoint-message` reads, outermost first:
///
/// 1. the CLI input document `{"ApplicationId": …, "MessageRequest" | "SendUsersMessageRequest": {…}}`
///    (`aws pinpoint send-messages --cli-input-json`);
/// 2. the request `{"Addresses" | "Endpoints" | "Users": …, "MessageConfiguration": {…}, "Context", "TraceId",
///    "TemplateConfiguration"}` (`SendMessages`, `SendUsersMessages`; the same in AWS End User Messaging Push);
/// 3. the `MessageConfiguration` `{"APNSMessage": {…}, "DefaultPushNotificationMessage", "DefaultMessage",
///    "GCMMessage", …}`;
/// 4. the bare `APNSMessage`.
///
/// Each level's other keys are kept verbatim in `extensions.amazon.pinpointMessage` (`input`, `request`,
/// `configuration`) and rendered back in place; a key a level does not define is a warning naming it.
package struct PinpointRequest {
    /// The channel message (`APNSMessage`; nil when the configuration has none), and where it is.
    package var message: JSONObject?
    package var messagePath: JSONPointer
    /// The `MessageConfiguration` (without `APNSMessage`) and where it is, when the input had one.
    package var configuration: JSONObject?
    package var configurationPath: JSONPointer

    /// Unwraps `root` down to the channel message of `envelope` (``PinpointSendWire/apns``), recording the levels in
    /// `memory`. Nil (after an error) when an envelope is not an object.
    package static func unwrap(
        _ root: JSONObject, envelope: WireEnvelope = PinpointSendWire.apns, memory: inout JSONObject,
        context: inout NormaliseContext
    ) -> PinpointRequest? {
        var object = root
        var path = JSONPointer.root
        // 1. The CLI input document.
        if let entry = envelope.objectEntry(PinpointSendWire.inputLevel, in: root, at: path) {
            let key = entry.key.description
            path = entry.path
            guard case .object(let request) = entry.value else {
                context.diagnostics.error(
                    .wrongType, at: path, "`\(key)` must be an object, found \(entry.value.typeName)")
                return nil
            }
            let input = entry.siblings
            warnUnknown(input, known: R.inputKeys, at: .root, level: "send-messages input", context: &context)
            memory[XM.inputKey] = .string(key)
            memory[XM.input] = .object(input)
            object = request
        }
        // 2. The request.
        if let entry = envelope.objectEntry(PinpointSendWire.requestLevel, in: object, at: path) {
            let request = entry.siblings
            let known = request[R.users] != nil ? R.usersRequestKeys : R.messageRequestKeys
            warnUnknown(request, known: known, at: path, level: "message request", context: &context)
            memory[XM.request] = .object(request)
            path = entry.path
            guard case .object(let configuration) = entry.value else {
                context.diagnostics.error(
                    .wrongType, at: path,
                    "`\(R.messageConfiguration)` must be an object, found \(entry.value.typeName)")
                return nil
            }
            object = configuration
        } else if memory[XM.inputKey] != nil {
            // A CLI request without MessageConfiguration: nothing is sent.
            warnUnknown(
                object, known: R.messageRequestKeys.union(R.usersRequestKeys), at: path,
                level: "message request", context: &context)
            memory[XM.request] = .object(object)
            context.diagnostics.warning(
                .amazonAPNSMessageMissing, at: path, "the request has no `MessageConfiguration`: nothing is sent")
            return PinpointRequest(
                message: nil, messagePath: path, configuration: nil, configurationPath: path)
        }
        // 3. The MessageConfiguration (a request's, or the root itself when it holds a channel message).
        let channel = envelope.objectEntry(PinpointSendWire.channelLevel, in: object, at: path)
        let isConfiguration =
            memory[XM.request] != nil || channel != nil
            || object[R.defaultPushNotificationMessage]?.objectValue != nil
            || object[R.defaultMessage]?.objectValue != nil
            // What is left of a bare configuration once the Android side's message is read (a kept `BaiduMessage`).
            || ["ADMMessage", "BaiduMessage"].contains(where: { object[$0]?.objectValue != nil })
        guard isConfiguration else {
            return PinpointRequest(message: object, messagePath: path, configuration: nil, configurationPath: path)
        }
        memory[XM.wrapped] = .bool(true)
        var configuration = channel?.siblings ?? object
        warnUnknown(
            configuration, known: R.configurationKeys, at: path, level: "MessageConfiguration",
            context: &context)
        for key in [R.defaultPushNotificationMessage, R.defaultMessage] {
            if let value = configuration[key], value.objectValue == nil {
                context.diagnostics.error(
                    .wrongType, at: path.appending(key), "`\(key)` must be an object, found \(value.typeName); kept")
            }
        }
        let name = envelope.levels[PinpointSendWire.channelLevel].keys.first?.description ?? M.wrapper
        let messagePath = path.appending(channel?.key.description ?? name)
        var message: JSONObject?
        switch channel?.value {
        case .object(let object)?:
            message = object
        case nil:
            if configuration[R.defaultPushNotificationMessage] == nil && configuration[R.defaultMessage] == nil {
                context.diagnostics.warning(
                    .amazonAPNSMessageMissing, at: path,
                    "no `\(name)`, `DefaultPushNotificationMessage` or `DefaultMessage`: Pinpoint sends nothing "
                        + "on that channel")
            }
        case let value?:
            context.diagnostics.error(
                .wrongType, at: messagePath, "`\(name)` must be an object, found \(value.typeName); kept as it was")
            // Kept verbatim (in place) with the configuration, which renders back as it was.
            configuration = object
            memory[XM.wrapped] = nil
        }
        if channel == nil { memory[XM.noMessage] = .bool(true) }
        return PinpointRequest(
            message: message, messagePath: messagePath, configuration: configuration, configurationPath: path)
    }

    /// A warning for each key of `object` outside `known`: kept and rendered back, but Pinpoint does not read it.
    package static func warnUnknown(
        _ object: JSONObject, known: Set<String>, at path: JSONPointer, level: String, context: inout NormaliseContext
    ) {
        for key in object.members.lazy.map(\.key) where !known.contains(key) {
            context.diagnostics.warning(
                .amazonMessageUnknownKey, at: path.appending(key),
                "`\(key)` is not a key of \(level): Pinpoint does not read it (kept and rendered back in place)")
        }
    }
}

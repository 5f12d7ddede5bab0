package import PushCore

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

    /// Unwraps `root` down to the `channel` message (`APNSMessage`; the Android formats pass `GCMMessage`), recording
    /// the envelopes in `memory`. Nil (after an error) when an envelope is not an object.
    package static func unwrap(
        _ root: JSONObject, channel: String = M.wrapper, memory: inout JSONObject, context: inout NormaliseContext
    ) -> PinpointRequest? {
        var object = root
        var path = JSONPointer.root
        // 1. The CLI input document.
        if let key = [R.messageRequest, R.sendUsersMessageRequest].first(where: { root[$0] != nil }) {
            var input = root
            let value = input.take(key)
            path = path.appending(key)
            guard case .object(let request)? = value else {
                context.diagnostics.error(
                    .wrongType, at: path, "`\(key)` must be an object, found \(value?.typeName ?? "nothing")")
                return nil
            }
            warnUnknown(input, known: R.inputKeys, at: .root, level: "send-messages input", context: &context)
            memory[XM.inputKey] = .string(key)
            memory[XM.input] = .object(input)
            object = request
        }
        // 2. The request.
        if let value = object[R.messageConfiguration] {
            var request = object
            request.removeValue(forKey: R.messageConfiguration)
            let known = request[R.users] != nil ? R.usersRequestKeys : R.messageRequestKeys
            warnUnknown(request, known: known, at: path, level: "message request", context: &context)
            memory[XM.request] = .object(request)
            path = path.appending(R.messageConfiguration)
            guard case .object(let configuration) = value else {
                context.diagnostics.error(
                    .wrongType, at: path, "`\(R.messageConfiguration)` must be an object, found \(value.typeName)")
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
        let isConfiguration =
            memory[XM.request] != nil || object[channel] != nil
            || object[R.defaultPushNotificationMessage]?.objectValue != nil
            || object[R.defaultMessage]?.objectValue != nil
        guard isConfiguration else {
            return PinpointRequest(message: object, messagePath: path, configuration: nil, configurationPath: path)
        }
        memory[XM.wrapped] = .bool(true)
        var configuration = object
        let messageValue = configuration.take(channel)
        warnUnknown(
            configuration, known: R.configurationKeys, at: path, level: "MessageConfiguration",
            context: &context)
        for key in [R.defaultPushNotificationMessage, R.defaultMessage] {
            if let value = configuration[key], value.objectValue == nil {
                context.diagnostics.error(
                    .wrongType, at: path.appending(key), "`\(key)` must be an object, found \(value.typeName); kept")
            }
        }
        let messagePath = path.appending(channel)
        var message: JSONObject?
        switch messageValue {
        case .object(let object)?:
            message = object
        case nil:
            if configuration[R.defaultPushNotificationMessage] == nil && configuration[R.defaultMessage] == nil {
                context.diagnostics.warning(
                    .amazonAPNSMessageMissing, at: path,
                    "no `\(channel)`, `DefaultPushNotificationMessage` or `DefaultMessage`: Pinpoint sends nothing "
                        + "on that channel")
            }
        case let value?:
            context.diagnostics.error(
                .wrongType, at: messagePath, "`\(channel)` must be an object, found \(value.typeName); kept as it was")
            // Kept verbatim (in place) with the configuration, which renders back as it was.
            configuration = object
            memory[XM.wrapped] = nil
        }
        if messageValue == nil { memory[XM.noMessage] = .bool(true) }
        return PinpointRequest(
            message: message, messagePath: messagePath, configuration: configuration, configurationPath: path)
    }

    /// A warning for each key of `object` outside `known`: kept and rendered back, but Pinpoint does not read it.
    package static func warnUnknown(
        _ object: JSONObject, known: Set<String>, at path: JSONPointer, level: String, context: inout NormaliseContext
    ) {
        for key in object.keys where !known.contains(key) {
            context.diagnostics.warning(
                .amazonMessageUnknownKey, at: path.appending(key),
                "`\(key)` is not a key of \(level): Pinpoint does not read it (kept and rendered back in place)")
        }
    }
}

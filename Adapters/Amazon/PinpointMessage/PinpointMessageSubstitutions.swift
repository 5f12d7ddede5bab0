import PushCore

private typealias R = AmazonKeys.Request
private typealias M = AmazonKeys.Message

/// A Pinpoint send's message-level `Substitutions`, applied when templates are rendered (the `substitutions` option
/// set) to a request read as one message: what AWS calls the "default message variables" of
/// `DirectMessageConfiguration`'s channel messages (`APNSMessage`, `GCMMessage`, `ADMMessage`, `BaiduMessage`) and
/// default messages (`DefaultPushNotificationMessage`, `DefaultMessage`).
///
/// Each channel message is rendered with its own `Substitutions` over the default messages' (the
/// `DefaultPushNotificationMessage`'s over the `DefaultMessage`'s) over the option's values; each default message
/// with the defaults' over the option's. The `Substitutions` are consumed (they are not kept, nor reported lost; a
/// default message that held nothing else is left out);
/// `RawContent` is left verbatim. A message whose `Substitutions` is not an object of string arrays is left as it is,
/// for the reader to report. What is left verbatim is reported by the rendering of the model, at the input's paths.
///
/// A request's recipients (``PinpointRecipients``) are rendered the same way, each recipient's `Substitutions` over
/// the message's: a document read for one recipient has its `Substitutions` consumed already, so this leaves it as it
/// is.
enum PinpointMessageSubstitutions {
    /// The channel messages, whose own `Substitutions` are over the defaults'.
    static let channelKeys = [M.wrapper, R.gcmMessage] + PinpointAndroidChannel.allCases.map(\.configurationKey)

    /// `payload` (a send request in any of its envelopes, a `MessageConfiguration`, or a bare message) with its
    /// messages rendered; `payload` itself without the `substitutions` option.
    static func rendered(_ payload: JSONValue, options: FormatOptions) -> JSONValue {
        guard let option = options.substitutions, case .object(let root) = payload else { return payload }
        for tokens in PinpointChannelsAdapter.configurationPaths {
            guard case .object(let configuration)? = JSONPointer(tokens: tokens).resolve(in: payload),
                configuration.keys.contains(where: { R.configurationKeys.contains($0) })
            else { continue }
            let rendered = rendering(configuration, option: option.values)
            return PinpointChannelsAdapter.replacing(tokens[...], in: payload, with: rendered)
        }
        // A bare message: its own values over the option's.
        guard root[M.substitutions] != nil, let own = PinpointRecipients.substitutionValues(root[M.substitutions])
        else { return payload }
        var unrendered: [String: String] = [:]
        return .object(
            PinpointRecipients.rendering(root, values: option.values.merging(own) { $1 }, unrendered: &unrendered))
    }

    /// `configuration` with each message rendered (see the type's documentation).
    private static func rendering(_ configuration: JSONObject, option: [String: [String]]) -> JSONObject {
        var defaults = option
        for key in [R.defaultMessage, R.defaultPushNotificationMessage] {
            defaults.merge(values(of: configuration[key]) ?? [:]) { $1 }
        }
        var unrendered: [String: String] = [:]  // reported by the model's rendering
        var out = JSONObject()
        for (key, value) in configuration {
            guard case .object(let message) = value, let own = values(of: value),
                channelKeys.contains(key) || key == R.defaultMessage || key == R.defaultPushNotificationMessage
            else {
                out.appendUnchecked(key, value)
                continue
            }
            let isChannel = channelKeys.contains(key)
            let rendered = PinpointRecipients.rendering(
                message, values: isChannel ? defaults.merging(own) { $1 } : defaults, unrendered: &unrendered)
            // A default message that held only its `Substitutions` is used up.
            if !isChannel && rendered.isEmpty && !message.isEmpty { continue }
            out.appendUnchecked(key, .object(rendered))
        }
        return out
    }

    /// A message's `Substitutions`: empty when it has none, nil when the message is not an object or they are not
    /// an object of string arrays.
    private static func values(of message: JSONValue?) -> [String: [String]]? {
        guard case .object(let object)? = message else { return nil }
        return PinpointRecipients.substitutionValues(object[M.substitutions])
    }
}

import JSONCodec
package import PushCore

private typealias M = AmazonKeys.Message
private typealias XM = AmazonKeys.Extension.PinpointMessage
private typealias P = AmazonKeys.Pinpoint

/// Writes the model as one `APNSMessage` object (see ``PinpointMessageAdapter`` for the mapping).
package enum PinpointMessageWriter {
    /// The message. With `memory.rawContent`, the payload is written as `RawContent` (a compact Pinpoint
    /// payload); otherwise as fields. `memory.fields` is written back verbatim where no field was written.
    package static func message(
        for n: PushNotification, memory: JSONObject, context: inout RenderContext
    ) -> JSONObject {
        var m = JSONObject()
        let isRaw = memory[XM.rawContent]?.boolValue == true
        let delivery = n.delivery ?? PushNotification.Delivery()
        if writesPushType(n, isRaw: isRaw), let pushType = delivery.pushType {
            m[M.apnsPushType] = .string(pushType)
        }
        if isRaw {
            let payload = PinpointPayloadWriter.payload(for: n, context: &context)
            m[M.rawContent] = .string(JSONValue.object(payload).compactText)
        } else {
            writeContent(n, into: &m, context: &context)
        }
        if let collapseID = delivery.collapseID { m[M.collapseID] = .string(collapseID) }
        if let priority = delivery.priority { m[M.priority] = .string(String(priority)) }
        if let expiration = delivery.expiration {
            writeTimeToLive(expiration: expiration, into: &m, context: &context)
        }
        for (key, value) in memory[XM.fields]?.objectValue ?? JSONObject() where m[key] == nil {
            m.appendUnchecked(key, value)
        }
        return m
    }

    private static func writeContent(_ n: PushNotification, into m: inout JSONObject, context: inout RenderContext) {
        PinpointMessageFields.write(n, into: &m, context: &context)
        if n.mutableContent != nil {
            context.explainLoss(at: JSONPointer(tokens: ["mutableContent"]), mutableContentLost)
        }
        writeDelivered(n, into: &m, context: &context)
    }

    /// Why `mutableContent` is lost.
    static let mutableContentLost =
        "APNSMessage has no mutable-content field (Pinpoint decides); use RawContent to control it"

    /// Why a custom data key other than `data` (with its `pinpoint` object) is lost.
    static let customDataLost =
        "an APNSMessage delivers custom data only as `Data` (under data.pinpoint.jsonBody) and its link as "
        + "`Action` + `Url`: other keys need `RawContent`"

    /// True when the `APNSPushType` written is the notification's push type: not a background push implied by
    /// `SilentPush` (which Pinpoint turns into one).
    static func writesPushType(_ n: PushNotification, isRaw: Bool) -> Bool {
        guard let delivery = n.delivery, delivery.pushType != nil else { return false }
        return isRaw || n.contentAvailable != true || delivery.pushType != "background"
    }

    /// `TimeToLive` from an absolute `delivery.expiration`: the seconds from the `sendTime` option to it (0 stays 0,
    /// "do not store", as in APNs). Without a send time it is lost, and the reason says so.
    private static func writeTimeToLive(expiration: Int64, into m: inout JSONObject, context: inout RenderContext) {
        let path = JSONPointer(tokens: ["delivery", "expiration"])
        guard let sendTime = context.options.sendTime else {
            context.explainLoss(
                at: path,
                "apns-expiration is an absolute time (epoch \(expiration)) and Pinpoint's `TimeToLive` is relative "
                    + "(seconds after sending): give the `sendTime` option to convert it")
            return
        }
        let (difference, overflow) = expiration.subtractingReportingOverflow(sendTime)
        guard !overflow else {
            // `sendTime` is at least 0, so only an expiration far below it overflows: out of range either way.
            context.explainLoss(
                at: path,
                "apns-expiration \(expiration) is out of range relative to the `sendTime` \(sendTime): no "
                    + "`TimeToLive` can express it")
            return
        }
        let seconds = expiration == 0 ? 0 : difference
        guard seconds >= 0 else {
            context.explainLoss(
                at: path,
                "apns-expiration \(expiration) is before the `sendTime` \(sendTime): no `TimeToLive` can express it")
            return
        }
        m[M.timeToLive] = .integer(seconds)
        context.diagnostics.info(
            .amazonTimeConverted, at: path,
            "`TimeToLive` \(seconds) s is apns-expiration \(expiration) relative to the `sendTime` \(sendTime)")
    }

    /// `Data` and `Action` + `Url` from custom data `data.pinpoint` (`jsonBody`, `deeplink`, `url`), where Pinpoint
    /// delivers them. Every other custom key is explained as lost: an `APNSMessage` has no place for it.
    private static func writeDelivered(_ n: PushNotification, into m: inout JSONObject, context: inout RenderContext) {
        let elsewhere = customDataLost
        for (key, value) in n.data {
            // An empty `data` object delivers nothing either (a `FuzzConvert` finding: it went unreported).
            guard key == AmazonKeys.data, case .object(let data) = value, !data.isEmpty else {
                context.explainLoss(at: JSONPointer(tokens: ["data", key]), elsewhere)
                continue
            }
            for (inner, innerValue) in data {
                guard inner == P.pinpoint, case .object(let pinpoint) = innerValue else {
                    context.explainLoss(at: JSONPointer(tokens: ["data", key, inner]), elsewhere)
                    continue
                }
                writePinpoint(pinpoint, source: n.source, into: &m, context: &context)
            }
        }
    }

    private static func writePinpoint(
        _ pinpoint: JSONObject, source: String?, into m: inout JSONObject, context: inout RenderContext
    ) {
        func at(_ key: String) -> JSONPointer { JSONPointer(tokens: ["data", AmazonKeys.data, P.pinpoint, key]) }
        let deeplink = pinpoint[P.deeplink]?.stringValue
        for (key, value) in pinpoint {
            switch key {
            case P.deeplink where deeplink != nil:
                m[M.action] = .string("DEEP_LINK")
                m[M.url] = value
            case P.url where value.stringValue != nil:
                if deeplink != nil {
                    context.explainLoss(
                        at: at(key), "an APNSMessage has one `Action`: the deep link is written, not this URL")
                } else {
                    m[M.action] = .string("URL")
                    m[M.url] = value
                }
            case P.jsonBody:
                guard case .object(let body) = value else {
                    context.explainLoss(at: at(key), "`Data` is a string map; this `jsonBody` is not an object")
                    continue
                }
                var data = JSONObject()
                // A wrong-typed value read from a Pinpoint message (reported as an error when read) goes back as it
                // was; from any other source, a non-string is written as its JSON text and reported lost.
                let keepsWrongTypes = source == PinpointMessageAdapter().descriptor.name
                for (name, item) in body {
                    if case .string = item {
                        data.appendUnchecked(name, item)
                    } else if keepsWrongTypes {
                        data.appendUnchecked(name, item)
                    } else {
                        data.appendUnchecked(name, .string(item.compactText))
                        context.explainLoss(
                            at: at(key).appending(name), "Pinpoint's `Data` is a string map; written as its JSON text")
                    }
                }
                m[M.data] = .object(data)
            case P.campaign, P.journey:
                context.explainLoss(at: at(key), "Pinpoint adds the campaign or journey metadata itself when it sends")
            default:
                context.explainLoss(at: at(key), "an APNSMessage has no field for `data.pinpoint.\(key)`")
            }
        }
    }
}

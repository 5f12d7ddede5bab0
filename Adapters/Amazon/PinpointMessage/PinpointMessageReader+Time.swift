package import PushCore

private typealias M = AmazonKeys.Message
private typealias XM = AmazonKeys.Extension.PinpointMessage

extension PinpointMessageReader {
    /// `TimeToLive` (seconds after sending; 0: do not store) into `delivery.expiration` (the absolute
    /// `apns-expiration`; 0: do not store) when the `sendTime` option says when the message is sent. Without it the
    /// field stays verbatim in `fields` (and a conversion elsewhere reports it lost, saying why).
    package static func convertTimeToLive(
        in memory: inout JSONObject, into n: inout PushNotification, at base: JSONPointer,
        context: inout NormaliseContext
    ) {
        guard case .object(var fields)? = memory[XM.fields], case .integer(let seconds)? = fields[M.timeToLive],
            seconds >= 0
        else { return }
        let path = base.appending(M.timeToLive)
        guard let sendTime = context.options.sendTime else { return }
        let (sum, overflow) = sendTime.addingReportingOverflow(seconds)
        guard !overflow else { return }
        var delivery = n.delivery ?? PushNotification.Delivery()
        guard delivery.expiration == nil else { return }
        delivery.expiration = seconds == 0 ? 0 : sum
        n.delivery = delivery
        fields.removeValue(forKey: M.timeToLive)
        memory[XM.fields] = fields.isEmpty ? nil : .object(fields)
        if context.provenance[JSONPointer(tokens: ["delivery"])] == nil { context.record("delivery", from: path) }
        context.diagnostics.info(
            .amazonTimeConverted, at: path,
            "`TimeToLive` \(seconds) s after the `sendTime` \(sendTime) is apns-expiration \(delivery.expiration ?? 0)")
    }
}

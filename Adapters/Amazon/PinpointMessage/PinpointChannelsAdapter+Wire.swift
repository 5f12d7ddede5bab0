package import JSONCodec
package import PushCore
package import WireTables

private typealias M = AmazonKeys.Message

/// `pinpoint-message` written through its table (``PinpointMessageFields``) by the wire engine: a notification
/// read by another format's table becomes one bare `APNSMessage`, written straight into the output, byte for byte
/// what ``PinpointChannelsAdapter/render(_:context:)`` writes and with the same explained losses.
///
/// Only the write direction: a send request (recipients, defaults, RawContent, the GCMMessage beside it) is read by
/// the adapter. What this writer does not write exactly as the adapter would leaves the notification to the
/// adapter (false): an Android side (it needs a `MessageConfiguration` with a GCMMessage), any extension or kept
/// vendor value (Pinpoint memory of a request, another format's values), an `apns-expiration` (its `TimeToLive`
/// depends on the `sendTime` option and reports the conversion), and custom data named `data` (whose
/// `pinpoint` object becomes `Data`, `Action` and `Url`).
extension PinpointChannelsAdapter: WireFormat {
    package var readsThroughWire: Bool { false }

    package func withWireRead(
        _ document: BorrowedDocument, root: BorrowedDocument.Node, options: FormatOptions,
        _ body: (inout WireNotification) -> Void
    ) -> Bool { false }

    /// Pinpoint reads no custom data key as its own.
    package func wireDataCollides(_ wire: WireNotification, options: FormatOptions) -> Bool { false }

    package func wireWrite(_ wire: WireNotification, into out: inout [UInt8], context: inout RenderContext) -> Bool {
        let n = wire.model
        guard n.extensions.isEmpty, wire.kept.isEmpty, n.android == nil, n.delivery?.expiration == nil,
            !wire.dataHas(AmazonKeys.data)
        else { return false }
        let delivery = n.delivery ?? PushNotification.Delivery()
        CompactOutput.appending(to: &out) { output in
            output.beginObject()
            if PinpointMessageWriter.writesPushType(n, isRaw: false), let pushType = delivery.pushType {
                output.key(M.apnsPushType)
                output.string(pushType)
            }
            var hooks = PinpointMessageHooks()
            PinpointMessageFields.table.writeMembers(
                n, ext: JSONObject(), hooks: &hooks, context: &context, to: &output)
            if let collapseID = delivery.collapseID {
                output.key(M.collapseID)
                output.string(collapseID)
            }
            if let priority = delivery.priority {
                output.key(M.priority)
                output.string(String(priority))
            }
            output.endObject()
        }
        if n.mutableContent != nil {
            context.explainLoss(at: JSONPointer(tokens: ["mutableContent"]), PinpointMessageWriter.mutableContentLost)
        }
        for member in wire.data {
            let key = String(decoding: wire.document.stringBytes(member.key), as: UTF8.self)
            context.explainLoss(at: JSONPointer(tokens: ["data", key]), PinpointMessageWriter.customDataLost)
        }
        return true
    }
}

public import PushCore
import JSONCodec

/// Apple's rules for a notification delivered through APNs (``NotificationChecks``): declared by the APNs format.
public struct APNsRules: PlatformRules {
    public init() {}

    public var platform: String { "apns" }

    /// ``NotificationChecks``, with the payload's size as delivered, or else the size of its APNs rendering.
    public func check(_ n: PushNotification, _ check: PlatformCheck) -> [Diagnostic] {
        let size = check.deliveredSize ?? Self.renderedSize(n)
        return NotificationChecks.check(n, payloadSize: size, context: check.context, isDelivered: check.isDelivered)
    }

    /// ``NotificationChecks/hasErrors(_:payloadSize:isDelivered:)``: the same checks, no findings built.
    public func hasErrors(_ n: PushNotification, _ check: PlatformCheck) -> Bool {
        let size = check.deliveredSize ?? Self.renderedSize(n)
        return NotificationChecks.hasErrors(n, payloadSize: size, isDelivered: check.isDelivered)
    }

    /// The compact size of `n`'s plain APNs rendering (``APNsPayloadWriter/payload(for:)``), told without building
    /// it: `aps` counted as written compact (``CompactSizeOutput``: nothing written), then the size of each of
    /// `data`'s members the rendering holds at the root (all but an `aps` when `aps` was written).
    package static func renderedSize(_ n: PushNotification) -> Int {
        // `{}`, or `{"aps":…}`: counted, nothing kept.
        var out = CompactSizeOutput()
        out.beginObject()
        APNsWire.writeAps(n, to: &out)
        out.endObject()
        var size = out.size
        var hasMembers = size > 2
        let apsWritten = hasMembers
        for (key, value) in n.data where !(apsWritten && key == APNsKeys.aps) {
            if hasMembers { size += 1 }
            size += JSONWriter.compactSize(of: .string(key)) + 1 + JSONWriter.compactSize(of: value)
            hasMembers = true
        }
        return size
    }
}

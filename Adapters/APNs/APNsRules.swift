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

    /// The compact size of `n`'s plain APNs rendering.
    package static func renderedSize(_ n: PushNotification) -> Int {
        JSONWriter.compactSize(of: .object(APNsPayloadWriter.payload(for: n)))
    }
}

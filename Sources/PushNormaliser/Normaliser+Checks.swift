import APNsAdapter
import JSONCodec
import PushCore

extension Normaliser {
    /// The model checks `validate` adds to `normalise` (Apple's rules on the notification read), located in `payload`
    /// at the nearest enclosing value that exists there. `convert` runs the same checks, so the two never disagree on
    /// whether a payload has errors.
    func modelChecks(_ result: NormaliseResult, payload: JSONValue) -> [Diagnostic] {
        let adapter = registry.adapter(named: result.format)
        var diagnostics: [Diagnostic] = []
        if let checking = adapter as? any FormatChecking {
            // A format with its own platform's rules runs them, and Apple's on its iOS part when it has one.
            if let size = checking.appleCheckedSize(of: payload) {
                diagnostics += NotificationChecks.check(result.notification, payloadSize: size, context: result.context)
            }
            diagnostics += checking.check(payload, notification: result.notification, context: result.context)
        } else {
            let isDelivered = adapter?.descriptor.isDelivered ?? true
            let size =
                isDelivered
                ? JSONWriter.compactSize(of: payload)
                : JSONWriter.compactSize(of: .object(APNsPayloadWriter.payload(for: result.notification)))
            diagnostics = NotificationChecks.check(
                result.notification, payloadSize: size, context: result.context, isDelivered: isDelivered)
        }
        return diagnostics.map { $0.located { $0.nearestResolving(in: payload) } }
    }

    /// True when the wire engine may convert `model` (read from a delivered payload of at most `size` bytes): the
    /// model checks find no error. A larger payload, whose compact size is not known without writing it, goes to the
    /// adapters, which check it.
    func passesModelChecks(_ model: PushNotification, size: Int) -> Bool {
        guard size <= NotificationChecks.maximumPayloadBytes else { return false }
        // Nothing any check can call an error (the common case): no need to run them on the hot path.
        if model.media.isEmpty, model.delivery == nil, (model.badge ?? 0) >= 0, model.sound?.volume == nil,
            model.interruptionLevel == nil, model.relevanceScore == nil, model.titleLocArgs == nil,
            model.subtitleLocArgs == nil, model.bodyLocArgs == nil
        {
            return true
        }
        return !NotificationChecks.check(model, payloadSize: 0, context: NormaliseContext()).containsErrors
    }
}

extension Normaliser {
    /// Why a value kept in `extensions.<vendor>` at `path` cannot go elsewhere, from the formats of that vendor
    /// that say (``ExplainsKeptValues``).
    func keptValueReason(_ path: JSONPointer) -> String? {
        let vendor = path.tokens[1]
        for adapter in registry.adapters where adapter.descriptor.vendor == vendor {
            if let explaining = adapter as? any ExplainsKeptValues, let reason = explaining.reasonOthersLose(path) {
                return reason
            }
        }
        return nil
    }
}

import JSONCodec
import PushCore

extension Normaliser {
    /// The model checks `validate` adds to `normalise` (Apple's rules on the notification read), located in `payload`
    /// at the nearest enclosing value that exists there. `convert` runs the same checks, so the two never disagree on
    /// whether a payload has errors.
    func modelChecks(_ result: NormaliseResult, payload: JSONValue) -> [Diagnostic] {
        let adapter = registry.adapter(named: result.format)
        var diagnostics: [Diagnostic] = []
        if let checking = registry.checkingFormat(named: result.format) {
            // A format with its own rules runs them, and the platforms' rules on its iOS part when it has one.
            if let size = checking.appleCheckedSize(of: payload) {
                diagnostics += platformFindings(
                    result.notification,
                    PlatformCheck(
                        context: result.context, format: adapter?.descriptor, deliveredSize: size, isDelivered: true))
            }
            diagnostics += checking.check(payload, notification: result.notification, context: result.context)
        } else {
            let descriptor = adapter?.descriptor
            diagnostics += platformFindings(
                result.notification,
                PlatformCheck(
                    context: result.context, format: descriptor,
                    deliveredSize: descriptor?.isDelivered ?? false ? JSONWriter.compactSize(of: payload) : nil))
        }
        return diagnostics.map { $0.located { $0.nearestResolving(in: payload) } }
    }

    /// True when ``modelChecks(_:payload:)`` would hold an error, asked as a yes or no: a conversion without
    /// `allowInvalid` keeps none of the checks' findings unless one is an error, so the platforms' rules answer
    /// without building their findings (``PushCore/PlatformRules/hasErrors(_:_:)``) where they can.
    func modelChecksFindErrors(_ result: NormaliseResult, payload: JSONValue) -> Bool {
        let adapter = registry.adapter(named: result.format)
        if let checking = registry.checkingFormat(named: result.format) {
            if let size = checking.appleCheckedSize(of: payload),
                platformHasErrors(
                    result.notification,
                    PlatformCheck(
                        context: result.context, format: adapter?.descriptor, deliveredSize: size, isDelivered: true))
            {
                return true
            }
            return checking.check(payload, notification: result.notification, context: result.context).containsErrors
        }
        let descriptor = adapter?.descriptor
        return platformHasErrors(
            result.notification,
            PlatformCheck(
                context: result.context, format: descriptor,
                deliveredSize: descriptor?.isDelivered ?? false ? JSONWriter.compactSize(of: payload) : nil))
    }

    /// True when ``platformFindings(_:_:)`` would hold an error.
    func platformHasErrors(_ n: PushNotification, _ check: PlatformCheck) -> Bool {
        registry.platformRules.contains { $0.applies(to: check.format) && $0.hasErrors(n, check) }
    }

    /// True when the wire engine may convert `model` (read from a delivered `format`'s payload of at most `size`
    /// bytes): the platform rules find no error (asked as a yes or no: no findings are built). A payload above the
    /// smallest platform limit (4096 bytes), whose compact size is not known without writing it, goes to the
    /// adapters, which check it exactly.
    func passesModelChecks(_ model: PushNotification, size: Int, format: WireEntry) -> Bool {
        guard size <= Self.wireCheckedSize else { return false }
        return !format.rules.contains { $0.hasErrors(model, format.check) }
    }

    /// The payload size up to which the wire engine runs the platform rules itself (APNs' limit for a regular
    /// push, the smallest any platform sets).
    static let wireCheckedSize = 4096
}

extension Normaliser {
    /// Why a value kept in `extensions.<vendor>` at `path` cannot go elsewhere, from the formats of that vendor
    /// that say (``ExplainsKeptValues``).
    func keptValueReason(_ path: JSONPointer) -> String? {
        let namespace = path.tokens[1]
        for explaining in registry.keptValueExplainers.first(where: { $0.namespace == namespace })?.explainers ?? [] {
            if let reason = explaining.reasonOthersLose(path) { return reason }
        }
        return nil
    }
}

import PushCore

extension Normaliser {
    /// The error findings of a format's own rules (``FormatChecking``) on `payload`, a rendering of a notification as
    /// that format, announced as `core.conversion.invalid-output` warnings: what the conversion wrote cannot be sent
    /// as it is (an FCM message without a target, a reserved data key, a colour Android rejects, a message over
    /// 4096 bytes), and converting it on fails until it is fixed (or with `allowInvalid`). Not a read-back: the rules
    /// look at the rendered JSON only. Formats without rules of their own announce nothing here.
    func outputFindings(of adapter: any PayloadAdapter, payload: JSONValue, notification: PushNotification)
        -> [Diagnostic]
    {
        guard let checking = adapter as? any FormatChecking else { return [] }
        let format = adapter.descriptor.name
        return checking.check(payload, notification: notification, context: NormaliseContext())
            .filter { $0.severity == .error }
            .map { Self.invalidOutput(format, $0, "fails \(format)'s own checks") }
    }

    /// The `core.conversion.invalid-output` warning announcing `finding` on a rendering as `format`.
    static func invalidOutput(_ format: String, _ finding: Diagnostic, _ how: String) -> Diagnostic {
        Diagnostic(
            .warning, .conversionInvalidOutput, at: .root,
            "the rendered \(format) payload \(how): \(finding.code) at \(finding.path): \(finding.message)")
    }
}

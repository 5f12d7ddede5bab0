import FCMAdapter
import PushCore

extension Normaliser {
    /// The error findings of a format's own rules (``FormatChecking``) on `payload`, a rendering of a notification as
    /// that format, announced as `core.conversion.invalid-output` warnings: what the conversion wrote cannot be sent
    /// as it is (an FCM message without a target, a reserved data key, a colour Android rejects, a message over
    /// 4096 bytes), and converting it on fails until it is fixed (or with `allowInvalid`). Not a read-back: the rules
    /// look at the rendered JSON only. Formats without rules of their own announce nothing here.
    /// A delivered format without rules of its own (the APNs family) is checked on read against APNs' size limit, so
    /// its rendering over that limit (`size` bytes; from a source that takes more, such as ADM's 6 KB) is announced.
    func outputFindings(
        of adapter: any PayloadAdapter, payload: JSONValue, size: Int, notification: PushNotification
    ) -> [Diagnostic] {
        guard let checking = adapter as? any FormatChecking else {
            guard adapter.descriptor.isDelivered, size > Self.wireCheckedSize else { return [] }
            return [
                Diagnostic(
                    .warning, .conversionInvalidOutput, at: .root,
                    "the rendered \(adapter.descriptor.name) payload is \(size) bytes, over APNs' "
                        + "\(Self.wireCheckedSize)-byte limit for a push")
            ]
        }
        let format = adapter.descriptor.name
        let untargeted = notification.target == nil || notification.target == PushNotification.Target()
        var missingTarget = false
        var findings = checking.check(payload, notification: notification, context: NormaliseContext())
            .filter { $0.severity == .error }
            .compactMap { finding -> Diagnostic? in
                // A notification with no target at all (its source format has none): not a fault of this record,
                // announced once as an info below.
                if untargeted && Self.targetCountCodes.contains(finding.code) {
                    missingTarget = true
                    return nil
                }
                return Self.invalidOutput(format, finding, "fails \(format)'s own checks")
            }
        if missingTarget { findings.append(Self.targetMissing(format)) }
        return findings
    }

    /// The findings of a format's checks that say a payload names no target (or more than one).
    static let targetCountCodes: Set<DiagnosticCode> = [.fcmTargetCount]

    /// The codes a batch reports once per run rather than once per record: they say something about the target
    /// format, not about the record. `render` returns them among its (canonical) diagnostics; `convert` and
    /// `validate(target:)` in their results' `notices`, apart from the findings located in the input.
    public static let runNotices: Set<DiagnosticCode> = [.conversionTargetMissing]

    /// The `core.conversion.target-missing` info of a rendering as `format` (at the canonical `/target`).
    static func targetMissing(_ format: String) -> Diagnostic { .conversionTargetMissing(format: format) }

    /// The `core.conversion.invalid-output` warning announcing `finding` on a rendering as `format`.
    static func invalidOutput(_ format: String, _ finding: Diagnostic, _ how: String) -> Diagnostic {
        Diagnostic(
            .warning, .conversionInvalidOutput, at: .root,
            "the rendered \(format) payload \(how): \(finding.code) at \(finding.path): \(finding.message)")
    }
}

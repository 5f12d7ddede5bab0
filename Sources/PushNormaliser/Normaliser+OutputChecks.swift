import FCMAdapter
import PushCore

extension Normaliser {
    /// The error findings of a format's own rules (``FormatChecking``) on `payload`, a rendering of a notification as
    /// that format, announced as `core.conversion.invalid-output` warnings: what the conversion wrote cannot be sent
    /// as it is (an FCM message without a target, a reserved data key, a colour Android rejects, a message over
    /// 4096 bytes), and converting it on fails until it is fixed (or with `allowInvalid`). Not a read-back: the rules
    /// look at the rendered JSON only.
    /// A format without rules of its own (the APNs family, SNS, Pinpoint) is checked on read by the platforms' rules
    /// (Apple's): what it carries of the notification is checked by them here when the source's reading may not have
    /// been, so that what converting it back would refuse is announced. That is when the rendering is over APNs' 4096
    /// bytes (`size`; a source such as ADM takes 6 KB), or when the source has rules of its own (FCM, HMS, ADM), which
    /// run Apple's only on an iOS part it may not have.
    func outputFindings(
        of adapter: any PayloadAdapter, payload: JSONValue, size: Int, notification: PushNotification,
        rendering: RenderContext
    ) -> [Diagnostic] {
        guard let checking = adapter as? any FormatChecking else {
            return platformOutputFindings(of: adapter, size: size, notification: notification, rendering: rendering)
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

    /// The errors the platforms' rules find in `notification` rendered by `adapter` (`size` bytes), as
    /// `core.conversion.invalid-output` warnings: see ``outputFindings(of:payload:size:notification:rendering:)``.
    /// The rules are given what the rendering carries of the notification (what reading it back gives; `rendering`
    /// is the context it was written with, which says what it lost).
    func platformOutputFindings(
        of adapter: any PayloadAdapter, size: Int, notification: PushNotification, rendering: RenderContext
    ) -> [Diagnostic] {
        let sourceChecksItself = notification.source.map { registry.checkingFormat(named: $0) != nil } ?? true
        guard size > Self.wireCheckedSize || sourceChecksItself else { return [] }
        let format = adapter.descriptor
        let rules = registry.platformRules.filter { $0.applies(to: format) }
        guard !rules.isEmpty else { return [] }
        let carried = adapter.declaredPart(of: notification, renderedWith: rendering)
        let check = PlatformCheck(
            context: NormaliseContext(options: rendering.options), format: format,
            deliveredSize: format.isDelivered ? size : nil)
        return rules.filter { $0.hasErrors(carried, check) }.flatMap { rule in
            rule.check(carried, check).filter { $0.severity == .error }.map {
                Self.invalidOutput(format.name, $0, "fails the \(rule.platform) platform's rules")
            }
        }
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

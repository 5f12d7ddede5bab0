public import PushCore
public import JSONCodec

/// The library's entry point: normalise, validate, render and convert push payloads.
///
/// ```swift
/// let normaliser = Normaliser()
/// let result = try normaliser.convert(Array(json.utf8), from: "zego", to: "amazon")
/// print(result.payload.compactText, result.lost)
/// ```
public struct Normaliser: Sendable {
    /// The formats.
    public var registry: FormatRegistry
    /// The JSON parser (limits).
    public var parser: JSONParser
    /// True (the default): a conversion the adapters read is written by the target's wire table when it can write it
    /// exactly as the target's adapter (``wireWrite(_:to:options:)``). False only for the tests that hold the two to
    /// the same result: the adapters' rendering is their reference.
    package var writesThroughTables = true

    /// A facade over `registry`, parsing payloads with `parser` (its limits bound every input).
    public init(registry: FormatRegistry = .standard, parser: JSONParser = JSONParser()) {
        self.registry = registry
        self.parser = parser
    }

    // MARK: - Normalise

    /// Parses and normalises `bytes`.
    public func normalise(
        _ bytes: some Collection<UInt8>, format: String = "auto", options: FormatOptions = FormatOptions()
    ) throws(NormalisationFailure) -> NormaliseResult {
        try normalise(parse(bytes), format: format, options: options)
    }

    /// Normalises a parsed payload. Throws only when no notification can be produced (unknown or
    /// unrecognised format, not an object); findings, errors included, are in the result.
    ///
    /// With `options.substitutions` (``PushCore/FormatOptions/substitutions``) the notification's template variables
    /// are rendered, as `convert` renders them; what is left verbatim is reported in the result's findings.
    public func normalise(
        _ payload: JSONValue, format: String = "auto", options: FormatOptions = FormatOptions()
    ) throws(NormalisationFailure) -> NormaliseResult {
        var result = try read(payload, format: format, options: options)
        renderTemplates(&result, payload: payload)
        return result
    }

    /// Reads a parsed payload as `normalise` does, its templates left as they are (a conversion renders them once it
    /// knows whether the payload becomes one message or one per recipient).
    func read(
        _ payload: JSONValue, format: String, options: FormatOptions
    ) throws(NormalisationFailure) -> NormaliseResult {
        let (adapter, evidence, preamble) = try resolve(format, for: payload)
        var context = NormaliseContext(options: options)
        context.diagnostics = preamble
        guard let notification = adapter.normalise(payload, context: &context) else {
            throw NormalisationFailure(
                .rejected, "the payload could not be read as \(adapter.descriptor.name)",
                diagnostics: context.diagnostics)
        }
        return NormaliseResult(
            notification: notification, format: adapter.descriptor.name, evidence: evidence,
            diagnostics: context.diagnostics, context: context)
    }

    // MARK: - Validate

    /// Validates a payload: normalise plus model checks, plus renderability into `target` when given.
    /// Never throws: every problem, including invalid JSON, is a finding.
    public func validate(
        _ bytes: some Collection<UInt8>, format: String = "auto", target: String? = nil,
        options: FormatOptions = FormatOptions()
    ) -> ValidationResult {
        do {
            return validate(try parse(bytes), format: format, target: target, options: options)
        } catch {
            return ValidationResult(valid: false, diagnostics: error.diagnostics, format: nil)
        }
    }

    /// Validates a parsed payload.
    ///
    /// With `options.substitutions` the templates are rendered first (as `normalise` renders them) and the checks
    /// see the rendered values: a URL a variable fills in is checked as a URL, and what is left verbatim is reported
    /// (`core.template.unrendered`, `core.template.helper-kept`).
    public func validate(
        _ payload: JSONValue, format: String = "auto", target: String? = nil, options: FormatOptions = FormatOptions()
    ) -> ValidationResult {
        if registry.isCatalogue(format) { return validateCatalogue(payload, format: format) }
        let result: NormaliseResult
        do {
            result = try normalise(payload, format: format, options: options)
        } catch {
            return ValidationResult(valid: false, diagnostics: error.diagnostics, format: nil)
        }
        var diagnostics = result.diagnostics + modelChecks(result, payload: checkedInput(payload, of: result))
        var notices: [Diagnostic] = []
        if let target {
            let found = renderability(result.notification, target: target, options: options) { canonical in
                result.context.inputPath(for: canonical)
            }
            (notices, diagnostics) = (found.runNotices, diagnostics + found.withoutRunNotices)
        }
        // Model and render findings are located through provenance, which may name a path the input lacks
        // (`/aps/sound/name` when `sound` was a string): keep each at its nearest enclosing value that exists.
        diagnostics = diagnostics.map { $0.located { $0.nearestResolving(in: payload) } }
        return ValidationResult(
            valid: !diagnostics.containsErrors, diagnostics: diagnostics, format: result.format,
            notification: result.notification, notices: notices)
    }

    /// Validates a canonical notification (paths point into the canonical model). With `options.substitutions`, its
    /// templates are rendered first and the rendered notification is checked.
    public func validate(
        notification: PushNotification, target: String? = nil, options: FormatOptions = FormatOptions()
    ) -> ValidationResult {
        var context = NormaliseContext(options: options)
        context.pathsAreCanonical = true
        let (notification, templateFindings) = renderTemplates(of: notification, options: options)
        var diagnostics =
            templateFindings
            + platformFindings(notification, PlatformCheck(context: context, format: nil, deliveredSize: nil))
        var notices: [Diagnostic] = []
        if let target {
            let found = renderability(notification, target: target, options: options) { $0 }
            (notices, diagnostics) = (found.runNotices, diagnostics + found.withoutRunNotices)
        }
        return ValidationResult(
            valid: !diagnostics.containsErrors, diagnostics: diagnostics, format: nil, notices: notices)
    }

    // MARK: - Render

    /// Renders `notification` as `format`, reporting every field the format cannot carry. With
    /// `options.substitutions`, its template variables are rendered first (what is left verbatim is reported in the
    /// result's findings, located in the notification).
    public func render(
        _ notification: PushNotification, format: String, options: FormatOptions = FormatOptions()
    ) throws(NormalisationFailure) -> RenderResult {
        guard registry.adapter(named: format) != nil else { throw unknownFormat(format) }
        let (rendered, templateFindings) = renderTemplates(of: notification, options: options)
        var result = try write(rendered, format: format, options: options)
        result.diagnostics = templateFindings + result.diagnostics
        return result
    }

    /// Writes `notification` as `format` (``render(_:format:options:)`` without rendering its templates: a conversion
    /// has rendered them already).
    func write(
        _ notification: PushNotification, format: String, options: FormatOptions
    ) throws(NormalisationFailure) -> RenderResult {
        guard let adapter = registry.adapter(named: format) else { throw unknownFormat(format) }
        var context = RenderContext(options: options)
        let payload = adapter.render(notification, context: &context)
        var lost: [LostField]
        var invalid: [Diagnostic] = []
        if adapter.dataCollides(notification, options: options) {
            // Custom data that the target reads as its own keys: only reading back tells what it became.
            let readBack = readBackLosses(notification, payload: payload, format: format, options: options)
            lost = readBack.lost
            // A rendering its own format does not read cleanly is announced rather than returned silently.
            invalid = readBack.readBackErrors.map { Self.invalidOutput(format, $0, "does not read back cleanly") }
        } else {
            lost = declaredLosses(notification, adapter: adapter, context: context)
        }
        // Written once: the size is the byte count, and the bytes are what the CLI and the RPC server send.
        let bytes = JSONWriter(style: .compact).bytes(payload)
        invalid += outputFindings(
            of: adapter, payload: payload, size: bytes.count, notification: notification, rendering: context)
        return RenderResult(
            payload: payload, headers: notification.delivery?.headers ?? JSONObject(), size: bytes.count,
            compactBytes: bytes, lost: lost, diagnostics: context.diagnostics + invalid)
    }

    // MARK: - Convert

    /// Parses `bytes` and converts them from one format to another.
    public func convert(
        _ bytes: some Collection<UInt8>, from: String = "auto", to: String, strict: Bool = false,
        allowInvalid: Bool = false, options: FormatOptions = FormatOptions()
    ) throws(NormalisationFailure) -> ConversionResult {
        if !strict, !allowInvalid, let result = wireConvert(bytes, from: from, to: to, options: options) {
            return result
        }
        return try convert(
            parse(bytes), from: from, to: to, strict: strict, allowInvalid: allowInvalid, options: options)
    }

    /// Converts: normalise, then render. With `options.substitutions` (``PushCore/FormatOptions/substitutions``), the
    /// notification's template variables are rendered in between. Fails when the payload has error findings (those of `normalise` and the
    /// model checks `validate` runs), unless `allowInvalid` (then it converts anyway, with every finding attached), or
    /// (strict) when anything would be lost.
    ///
    /// One message, whatever the target sends: recipients the target takes one message each for (a legacy
    /// `registration_ids` converted to FCM v1) are reported lost. `convertMessages` yields one message per recipient
    /// instead.
    public func convert(
        _ payload: JSONValue, from: String = "auto", to: String, strict: Bool = false, allowInvalid: Bool = false,
        options: FormatOptions = FormatOptions()
    ) throws(NormalisationFailure) -> ConversionResult {
        var normalised = try readForConversion(
            payload, from: from, to: to, allowInvalid: allowInvalid, options: options)
        renderTemplates(&normalised, payload: payload)
        return try conversion(
            of: normalised.notification, read: normalised, payload: payload, to: to, strict: strict, options: options)
    }

    /// Normalises `payload` for a conversion to `to`, with the model checks: throws when either has an error (unless
    /// `allowInvalid`: then the checks' findings join the result's).
    func readForConversion(
        _ payload: JSONValue, from: String, to: String, allowInvalid: Bool, options: FormatOptions
    ) throws(NormalisationFailure) -> NormaliseResult {
        guard registry.adapter(named: to) != nil else { throw unknownFormat(to) }
        var normalised = try read(payload, format: from, options: options)
        // With substitutions the checks see the rendered values, as `validate`'s do (the rendering itself, and its
        // findings, come once the conversion knows whether the payload becomes one message or one per recipient).
        var checked = normalised
        renderTemplates(&checked, payload: payload)
        let input = checkedInput(payload, of: checked)
        // Without `allowInvalid` the checks' findings are kept only when one is an error: asked first as a yes or no.
        if !allowInvalid && !normalised.diagnostics.containsErrors && !modelChecksFindErrors(checked, payload: input) {
            return normalised
        }
        let checks = modelChecks(checked, payload: input)
        if !allowInvalid && (normalised.diagnostics.containsErrors || checks.containsErrors) {
            throw NormalisationFailure(
                .rejected, "the \(normalised.format) payload has errors",
                diagnostics: normalised.diagnostics + checks.filter { $0.severity == .error })
        }
        if allowInvalid { normalised.diagnostics += checks }
        return normalised
    }

    /// Renders `notification` (what `normalised`, read from `payload`, holds, or one recipient's part of it) as `to`:
    /// the conversion's result, its findings located in the input. `lostFields` false (never with `strict`): the
    /// result's lost fields are not built when the target's wire table writes it, only ``ConversionResult/lossy``.
    func conversion(
        of notification: PushNotification, read normalised: NormaliseResult, payload: JSONValue, to: String,
        strict: Bool, options: FormatOptions, lostFields: Bool = true
    ) throws(NormalisationFailure) -> ConversionResult {
        // The target's wire table writes what it can exactly as its adapter renders it (`WireEngineTests`), without
        // building the payload as a value; a payload with errors (converted with `allowInvalid`) is the adapter's.
        let rendered: ConversionResult.Rendered
        let (lost, lossy, renderFindings): ([LostField], Bool, [Diagnostic])
        if writesThroughTables, !normalised.diagnostics.containsErrors,
            let written = wireWrite(notification, to: to, options: options, lostFields: lostFields || strict)
        {
            rendered = .bytes(written.bytes)
            (lost, lossy, renderFindings) = (written.lost, written.lossy, written.diagnostics)
        } else {
            let result = try write(notification, format: to, options: options)
            rendered = .both(result.payload, result.compactBytes)
            (lost, lossy, renderFindings) = (result.lost, !result.lost.isEmpty, result.diagnostics)
        }
        // Render findings are located in the canonical model; move them into the input like every other finding,
        // at the nearest enclosing value that exists there.
        let locate = { (canonical: JSONPointer) in
            normalised.context.inputPath(for: canonical).nearestResolving(in: payload)
        }
        var diagnostics =
            normalised.diagnostics + renderFindings.withoutRunNotices.map { $0.located(by: locate) }
        if strict && !lost.isEmpty {
            diagnostics += lost.map {
                Diagnostic(.error, .conversionLost, at: locate($0.path), "\($0.path): \($0.reason)")
            }
            throw NormalisationFailure(
                .lossy, "\(lost.count) field(s) cannot be carried by \(to)", diagnostics: diagnostics, lost: lost)
        }
        let size: Int
        switch rendered {
        case .bytes(let bytes), .both(_, let bytes): size = bytes.count
        case .value(let value): size = JSONWriter(style: .compact).bytes(value).count
        }
        var result = ConversionResult(
            rendered: rendered, headers: notification.delivery?.headers ?? JSONObject(), size: size,
            from: normalised.format, lost: lost, lossy: lossy, diagnostics: diagnostics)
        result.notices = renderFindings.runNotices
        return result
    }

    // MARK: - Helpers

    /// Parses `bytes` within the normaliser's limits (``parser``); a syntax error is a `.invalidJSON` failure
    /// with the located diagnostic.
    public func parse(_ bytes: some Collection<UInt8>) throws(NormalisationFailure) -> JSONValue {
        do {
            return try parser.parse(bytes)
        } catch {
            throw NormalisationFailure(.invalidJSON, error.description, diagnostics: [error.diagnostic()])
        }
    }

    func unknownFormat(_ name: String) -> NormalisationFailure {
        let known = registry.formatNameList
        return NormalisationFailure(
            .unknownFormat, "unknown format \"\(name)\"; known: auto, \(known)",
            diagnostics: [
                Diagnostic(.error, .unknownFormat, at: .root, "unknown format \"\(name)\"; known: auto, \(known)")
            ])
    }

    private func resolve(
        _ format: String, for payload: JSONValue
    ) throws(NormalisationFailure) -> (any PayloadAdapter, [String], [Diagnostic]) {
        if format != "auto" {
            guard let adapter = registry.adapter(named: format) else { throw unknownFormat(format) }
            return (adapter, ["explicit"], [])
        }
        guard payload.objectValue != nil else {
            throw NormalisationFailure(
                .rejected, "a push payload must be a JSON object",
                diagnostics: [
                    Diagnostic(
                        .error, .notAnObject, at: .root,
                        "a push payload must be a JSON object, found \(payload.typeName)")
                ])
        }
        guard let detection = registry.detect(payload) else {
            let message = "no known format recognises this payload (no `aps` and no vendor keys)"
            throw NormalisationFailure(
                .unrecognised, message, diagnostics: [Diagnostic(.error, .unrecognisedFormat, at: .root, message)])
        }
        var preamble: [Diagnostic] = []
        if !detection.alsoMatched.isEmpty {
            let candidates = ([detection.adapter.descriptor.name] + detection.alsoMatched).joined(separator: ", ")
            preamble.warning(
                .ambiguousFormat, at: .root,
                "the payload matches several formats equally (\(candidates)); read as \(detection.adapter.descriptor.name). Name the format to choose"
            )
        }
        return (detection.adapter, detection.evidence, preamble)
    }

    /// The findings of every platform's rules that apply to the format read.
    func platformFindings(_ n: PushNotification, _ check: PlatformCheck) -> [Diagnostic] {
        registry.platformRules.filter { $0.applies(to: check.format) }.flatMap { $0.check(n, check) }
    }

    private func renderability(
        _ n: PushNotification, target: String, options: FormatOptions, locate: (JSONPointer) -> JSONPointer
    ) -> [Diagnostic] {
        do {
            let rendered = try render(n, format: target, options: options)
            return rendered.diagnostics.map { Normaliser.runNotices.contains($0.code) ? $0 : $0.located(by: locate) }
                + rendered.lost.map {
                    Diagnostic(
                        .warning, .conversionLost, at: locate($0.path),
                        "\(target) cannot carry \($0.path): \($0.reason)")
                }
        } catch {
            return error.diagnostics
        }
    }

    /// Declared losses: what `n` holds minus what the target declares it carries
    /// (``PayloadAdapter/carriedPart(of:options:)``), each with the renderer's reason or the default one.
    /// No rendering is read back; ``readBackLosses(_:payload:format:options:)`` is the law that checks this.
    func declaredLosses(
        _ n: PushNotification, adapter: any PayloadAdapter, context: RenderContext
    ) -> [LostField] {
        var carried = adapter.declaredPart(of: n, renderedWith: context)
        carried.source = n.source
        if carried == n { return [] }
        return losses(n, comparedWith: carried, adapter: adapter, reasons: context.lossReasons)
    }

    /// True when ``declaredLosses(_:adapter:context:)`` is not empty, told without building its paths and reasons:
    /// first from a vendor namespace the target carries none of (no declared part holds it: each of its leaves no
    /// layout path covers is lost), else by comparing the declared part, up to the first lost field it would keep.
    /// `target` is the format's registry entry: its descriptor read in place, not copied per message.
    func hasDeclaredLoss(_ n: PushNotification, target: WireEntry, context: RenderContext) -> Bool {
        let fields = target.descriptor.carriedFields
        let trie = registry.layoutTrie
        let extensions = trie.step(LayoutTrie.root, "extensions")
        for (namespace, value) in n.extensions where !fields.carriesAny(of: namespace) {
            if hasUncoveredLeaf(value, at: extensions.flatMap { trie.step($0, namespace) }, in: trie) { return true }
        }
        var carried = target.format.declaredPart(of: n, renderedWith: context)
        carried.source = n.source
        if carried == n { return false }
        let delivered = target.descriptor.isDelivered
        return n.hasLostField(comparedWith: carried) { pointer in
            // As ``lostFields(_:descriptor:defaultReason:reasons:)`` keeps them.
            guard let first = pointer.tokens.first else { return true }
            return !(delivered && first == "delivery" || registry.isLayout(pointer.tokens))
        }
    }

    /// True when `value`, gone from the target, loses a leaf no layout path covers (as
    /// ``PushNotification/lostFields(comparedWith:)`` lists a missing value's leaves, and
    /// ``lostFields(_:descriptor:defaultReason:reasons:)`` keeps them): no pointer is built. `node` is where the value's
    /// path reached in the layout paths' trie (nil: no layout path lies at or under it), walked down with the value.
    private func hasUncoveredLeaf(_ value: JSONValue, at node: Int?, in trie: LayoutTrie) -> Bool {
        // Every value has a leaf: with no layout path at or under it, one of them is lost.
        guard let node else { return true }
        if trie.ends(at: node) { return false }
        guard case .object(let object) = value, !object.isEmpty else { return true }
        for (key, member) in object where hasUncoveredLeaf(member, at: trie.step(node, key), in: trie) {
            return true
        }
        return false
    }

    /// The losses found by reading `payload` (a rendering of `n` as `format`) back with the target format and
    /// comparing the two models, plus the errors of that read (or of the model checks on what it read): the oracle declared losses are tested against
    /// (`AdapterContract`, `FuzzConvert`), never run on the conversion path.
    package func readBackLosses(
        _ n: PushNotification, payload: JSONValue, format: String, options: FormatOptions = FormatOptions()
    ) -> (lost: [LostField], readBackErrors: [Diagnostic]) {
        guard let adapter = registry.adapter(named: format) else { return ([], []) }
        var readBack = NormaliseContext(options: options)
        readBack.recordsProvenance = false  // only the model is compared
        let read = adapter.normalise(payload, context: &readBack)
        var back = read ?? PushNotification()
        var errors = readBack.diagnostics.filter { $0.severity == .error }
        if let read, errors.isEmpty {
            // The model checks converting the rendering on would run (a ZEGO `payload` string written from custom
            // data whose media URL is not one): a rendering that cannot be converted on is announced too.
            let result = NormaliseResult(
                notification: read, format: adapter.descriptor.name, evidence: [], diagnostics: [],
                context: readBack)
            errors = modelChecks(result, payload: payload).filter { $0.severity == .error }
        }
        back.source = n.source
        if back == n { return ([], errors) }
        var context = RenderContext(options: options)
        _ = adapter.render(n, context: &context)
        return (losses(n, comparedWith: back, adapter: adapter, reasons: context.lossReasons), errors)
    }

    /// The fields of `n` that `kept` does not hold, with their reasons.
    private func losses(
        _ n: PushNotification, comparedWith kept: PushNotification, adapter: any PayloadAdapter,
        reasons: [JSONPointer: String]
    ) -> [LostField] {
        lostFields(n.lostFields(comparedWith: kept), adapter: adapter, reasons: reasons)
    }

    /// `paths` less layout memory (and `delivery` for a delivered format, which travels as the APNs request
    /// headers of the result), each with its most specific reason.
    func lostFields(_ paths: [JSONPointer], adapter: any PayloadAdapter, reasons: [JSONPointer: String]) -> [LostField]
    {
        lostFields(paths, descriptor: adapter.descriptor, defaultReason: nil, reasons: reasons)
    }

    /// ``lostFields(_:adapter:reasons:)`` for the format `descriptor` describes, with its generic reason when the
    /// caller has it at hand.
    func lostFields(
        _ paths: [JSONPointer], descriptor: FormatDescriptor, defaultReason: String?, reasons: [JSONPointer: String]
    ) -> [LostField] {
        let delivered = descriptor.isDelivered
        var defaultReason = defaultReason
        var lost: [LostField] = []
        lost.reserveCapacity(paths.count)
        for path in paths {
            let tokens = path.tokens
            guard let first = tokens.first else {
                lost.append(LostField(path: path, reason: reason(for: path)))
                continue
            }
            if delivered && first == "delivery" || registry.isLayout(tokens) { continue }
            lost.append(LostField(path: path, reason: reason(for: path)))
        }
        return lost

        func reason(for path: JSONPointer) -> String {
            if reasons.count > Self.reasonsScannedUpTo {
                var tokens = path.tokens
                while !tokens.isEmpty {
                    if let reason = reasons[JSONPointer(tokens: tokens)] { return reason }
                    tokens.removeLast()
                }
            } else if !reasons.isEmpty {
                // A few reasons (the usual case): the longest that is a prefix of the path, by comparing tokens
                // (hashing every ancestor of every lost path as a `JSONPointer` cost more than the conversion).
                let tokens = path.tokens
                var best: (depth: Int, reason: String)?
                for (key, reason) in reasons {
                    let depth = key.tokens.count
                    guard depth > 0, depth <= tokens.count, depth > best?.depth ?? 0, tokens.starts(with: key.tokens)
                    else { continue }
                    best = (depth, reason)
                }
                if let best { return best.reason }
            }
            if path.tokens.count > 2, path.tokens[0] == "extensions", let reason = keptValueReason(path) {
                return reason
            }
            if let defaultReason { return defaultReason }
            let reason = Self.defaultLossReason(descriptor)
            defaultReason = reason
            return reason
        }
    }

    /// Up to this many explained losses, a lost path's reason is found by comparing it with each (else by looking
    /// up each of its ancestors).
    static let reasonsScannedUpTo = 32

    /// Why the format `descriptor` describes loses a field nothing more specific explains.
    static func defaultLossReason(_ descriptor: FormatDescriptor) -> String {
        "\(descriptor.name) has no place for this field"
    }

}

extension Diagnostic {
    /// This finding with its path mapped by `locate` (a canonical-model path to an input path).
    func located(by locate: (JSONPointer) -> JSONPointer) -> Diagnostic {
        Diagnostic(severity, code, at: locate(path), message)
    }
}

extension Array where Element == Diagnostic {
    /// The run notices among these findings (``Normaliser/runNotices``).
    var runNotices: [Diagnostic] { filter { Normaliser.runNotices.contains($0.code) } }
    /// These findings without the run notices.
    var withoutRunNotices: [Diagnostic] { filter { !Normaliser.runNotices.contains($0.code) } }
}

extension JSONPointer {
    /// This pointer, or its nearest ancestor that resolves in `document` (the root always does).
    func nearestResolving(in document: JSONValue) -> JSONPointer {
        var tokens = self.tokens
        while !tokens.isEmpty, JSONPointer(tokens: tokens).resolve(in: document) == nil { tokens.removeLast() }
        return JSONPointer(tokens: tokens)
    }
}

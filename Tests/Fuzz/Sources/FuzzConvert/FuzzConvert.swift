import AdapterContract
import CFuzzerDriver
import FuzzSupport
import JSONCodec
import PushCore
import PushNormaliser

private let normaliser = Normaliser()

/// libFuzzer entry point: whatever parses is converted from `auto` and from every registered format
/// into every format. A conversion that succeeds must produce a payload that writes and re-parses,
/// that its target format reads back without errors (or the conversion announces that it does not,
/// `core.conversion.invalid-output`), whose declared losses are the losses found by reading it back
/// (`AdapterContract.declaredLosses`), whose strict form fails exactly when something is lost, and whose
/// conversion back to the source format keeps, exactly, every canonical leaf not reported lost (the loss law).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConvert(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let payload = FuzzOracle.parse(bytes) else { return 0 }
    for source in ["auto"] + FuzzOracle.formats {
        for target in FuzzOracle.formats {
            let result: ConversionResult
            do {
                result = try normaliser.convert(payload, from: source, to: target)
            } catch {
                FuzzOracle.checkPaths(error.diagnostics, in: payload, "convert \(source) → \(target) failure")
                continue
            }
            FuzzOracle.checkPaths(
                result.diagnostics.filter { $0.code != .conversionLost }, in: payload, "convert \(source) → \(target)")
            let compact = JSONWriter(style: .compact).bytes(result.payload)
            FuzzOracle.require(
                result.size == compact.count, "\(source) → \(target): size \(result.size) != \(compact.count)")
            FuzzOracle.checkWriterRoundTrip(result.payload)
            do {
                let readBack = try normaliser.normalise(result.payload, format: target)
                FuzzOracle.require(
                    !readBack.diagnostics.containsErrors
                        || result.diagnostics.contains { $0.code == .conversionInvalidOutput },
                    "\(source) → \(target): the rendered payload has errors when read as \(target), unannounced: \(readBack.diagnostics)\n\(result.payload.compactText)"
                )
            } catch {
                fatalError(
                    "fuzz invariant violated: \(source) → \(target): \(target) cannot read its own rendering: \(error)")
            }
            // Declared losses are true: the facade reads nothing back, so the law is checked here.
            if let read = try? normaliser.normalise(payload, format: source),
                let adapter = FormatRegistry.standard.adapter(named: target)
            {
                let ignoring =
                    FormatRegistry.standard.layoutPaths
                    + (adapter.descriptor.isDelivered ? [JSONPointer(tokens: ["delivery"])] : [])
                let problems = AdapterContract.declaredLosses(
                    adapter, notification: read.notification, options: FormatOptions(), ignoring: ignoring)
                FuzzOracle.require(
                    problems.isEmpty || read.diagnostics.containsErrors,
                    "\(source) → \(target): \(problems.joined(separator: "; "))")
            }
            do {
                let strict = try normaliser.convert(payload, from: source, to: target, strict: true)
                FuzzOracle.require(strict.lost.isEmpty, "strict conversion reported losses and still succeeded")
                FuzzOracle.require(result.lost.isEmpty, "strict succeeded but the lenient conversion lost fields")
            } catch {
                FuzzOracle.require(
                    !result.lost.isEmpty, "\(source) → \(target): strict failed (\(error)) but nothing was lost")
            }
            // The loss law: converted back, every canonical leaf not reported lost (there or back) survives,
            // compared exactly. A conversion back may fail only when the output was announced invalid; an output
            // announced invalid (an FCM message without its target) is converted back anyway (`allowInvalid`), so
            // the law still holds for it.
            let backFormat = source == "auto" ? result.from : source
            // Announced: a finding says the output is invalid, or a notice says it names no target to send to.
            let announced =
                result.diagnostics.contains { $0.code == .conversionInvalidOutput }
                || result.notices.contains { $0.code == .conversionTargetMissing }
            let back: ConversionResult
            do {
                back = try normaliser.convert(result.payload, from: target, to: backFormat, allowInvalid: announced)
            } catch {
                FuzzOracle.require(
                    announced,
                    "\(source) → \(target) → \(backFormat): the conversion back failed, unannounced: \(error)")
                continue
            }
            do {
                let original = try normaliser.normalise(payload, format: result.from).notification
                let final = try normaliser.normalise(back.payload, format: backFormat).notification
                let delivered = FormatRegistry.standard.adapter(named: target)?.descriptor.isDelivered ?? false
                let excused =
                    (result.lost + back.lost).map(\.path) + FormatRegistry.standard.layoutPaths
                    + (delivered ? [JSONPointer(tokens: ["delivery"])] : [])
                FuzzOracle.checkNothingUnreportedLost(
                    original, final, excused: excused,
                    "\(result.from) → \(target) → \(backFormat) via \(result.payload.compactText)")
            } catch {
                fatalError("fuzz invariant violated: \(source) → \(target) → \(backFormat): cannot read back: \(error)")
            }
        }
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver.
@_cdecl("FuzzConvert_main")
public func fuzzConvertMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    cfuzzer_run_driver(argc, argv)
}

import CFuzzerDriver
import FuzzSupport
import PushCore
import PushNormaliser

private let normaliser = Normaliser()

/// libFuzzer entry point: bytes → `Normaliser.normalise` with `auto` detection and with every
/// registered format named, plus `validate` (alone, with every format as target, and as an action catalogue,
/// `hive-actions`). Nothing may
/// trap, results must be deterministic, and every diagnostic path must resolve in the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNormalise(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let payload = FuzzOracle.parse(bytes)
    for format in ["auto"] + FuzzOracle.formats {
        do {
            let result = try normaliser.normalise(bytes, format: format)
            let again = try normaliser.normalise(bytes, format: format)
            FuzzOracle.require(result.notification == again.notification, "\(format): normalise is not deterministic")
            FuzzOracle.require(result.diagnostics == again.diagnostics, "\(format): diagnostics are not deterministic")
            if let payload { FuzzOracle.checkPaths(result.diagnostics, in: payload, "normalise \(format)") }
            // The canonical JSON of whatever was read must itself be writable and re-readable.
            FuzzOracle.checkWriterRoundTrip(result.notification.canonicalJSON)
        } catch {
            FuzzOracle.require(
                !error.diagnostics.isEmpty || !error.message.isEmpty, "\(format): failure without reason")
            if let payload { FuzzOracle.checkPaths(error.diagnostics, in: payload, "normalise \(format) failure") }
        }
    }
    // Action catalogues (`hive-actions`): validate never traps and agrees with reading; findings resolve.
    let catalogue = normaliser.validate(bytes, format: Normaliser.catalogueFormat)
    FuzzOracle.require(catalogue.valid == !catalogue.diagnostics.containsErrors, "hive-actions: valid disagrees")
    if let payload {
        FuzzOracle.checkPaths(catalogue.diagnostics, in: payload, "validate hive-actions")
        if let read = try? normaliser.normaliseCatalogue(payload) {
            FuzzOracle.require(
                read.diagnostics == catalogue.diagnostics, "hive-actions: normalise and validate disagree")
            FuzzOracle.checkWriterRoundTrip(read.catalogue)
        }
    }
    for target in [nil] + FuzzOracle.formats.map(Optional.some) {
        let validation = normaliser.validate(bytes, format: "auto", target: target)
        FuzzOracle.require(
            validation.valid == !validation.diagnostics.containsErrors, "valid disagrees with the diagnostics")
        if let payload { FuzzOracle.checkPaths(validation.diagnostics, in: payload, "validate → \(target ?? "-")") }
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver.
@_cdecl("FuzzNormalise_main")
public func fuzzNormaliseMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    cfuzzer_run_driver(argc, argv)
}

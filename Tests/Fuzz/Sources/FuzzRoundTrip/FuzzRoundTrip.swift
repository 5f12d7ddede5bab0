import CFuzzerDriver
import FuzzSupport
import JSONCodec
import PushCore
import PushNormaliser

private let normaliser = Normaliser()

/// libFuzzer entry point: whatever parses and some format reads without errors is rendered back into that
/// format. `render(normalise(p))` must equal `p` but for the documented normalisations (CanonicalModel.md, its
/// "Normalisations" table: each is either announced by a finding at that key or one of the silent ones
/// listed in ``DocumentedNormalisations``); the rendering must read back to the same notification, and render
/// to itself byte for byte (normalisations happen once). Action catalogues (`hive-actions`) must reach a
/// fixed point the same way.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoundTrip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let payload = FuzzOracle.parse(bytes) else { return 0 }
    for format in FuzzOracle.formats {
        guard let read = try? normaliser.normalise(payload, format: format), !read.diagnostics.containsErrors else {
            continue
        }
        let rendered: JSONValue
        // What a round trip may lose: nothing, but for the documented exception (a legacy key in `sns`'s `GCM`
        // string, which is written as an FCM v1 message), which the rendering reports lost.
        var expected = read.notification
        do {
            let result = try normaliser.render(read.notification, format: format)
            rendered = result.payload
            if !result.lost.isEmpty {
                let legacyOnly = result.lost.allSatisfy { $0.path.tokens.starts(with: ["extensions", "fcmLegacy"]) }
                FuzzOracle.require(
                    format == "sns" && legacyOnly,
                    "\(format): rendering into its own format loses \(result.lost.map(\.path.description))")
                expected = expected.removing(result.lost.map(\.path))
                // An object left empty by the removal (a lost value's parent, a namespace) is gone too: the reading
                // of the rendering has no such object.
                for lost in result.lost {
                    var tokens = lost.path.tokens.dropLast()
                    while tokens.count >= 2,
                        JSONPointer(tokens: Array(tokens)).resolve(in: expected.canonicalJSON)?.objectValue?.isEmpty
                            == true
                    {
                        expected = expected.removing([JSONPointer(tokens: Array(tokens))])
                        tokens = tokens.dropLast()
                    }
                }
            }
        } catch {
            fatalError(
                "fuzz invariant violated: \(format): a notification read without errors does not render: \(error)")
        }
        let findings = read.diagnostics.map(\.path)
        let unexplained = DocumentedNormalisations.differences(
            payload, rendered, format: format, findings: findings)
        FuzzOracle.require(
            unexplained.isEmpty,
            "\(format): render(normalise(p)) differs from p beyond the documented normalisations: "
                + unexplained.joined(separator: "; ")
                + "\np:        \(payload.compactText)\nrendered: \(rendered.compactText)")
        guard let again = try? normaliser.normalise(rendered, format: format), !again.diagnostics.containsErrors else {
            fatalError(
                "fuzz invariant violated: \(format): its own rendering does not read back cleanly\n\(rendered.compactText)"
            )
        }
        var second = again.notification
        second.source = read.notification.source
        FuzzOracle.require(
            second == expected,
            "\(format): normalise(render(n)) != n\nn:     \(expected.canonicalJSON.compactText)\n"
                + "again: \(second.canonicalJSON.compactText)")
        if let twice = try? normaliser.render(again.notification, format: format).payload {
            FuzzOracle.require(
                twice.compactText == rendered.compactText,
                "\(format): rendering is not a fixed point\nonce:  \(rendered.compactText)\ntwice: \(twice.compactText)"
            )
        }
    }
    if payload.objectValue != nil, let catalogue = try? normaliser.normaliseCatalogue(payload) {
        if let again = try? normaliser.renderCatalogue(catalogue.catalogue) {
            FuzzOracle.require(
                again.catalogue.compactText == catalogue.catalogue.compactText,
                "hive-actions: rendering is not a fixed point")
        } else {
            fatalError("fuzz invariant violated: hive-actions: a catalogue's canonical form is refused")
        }
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver.
@_cdecl("FuzzRoundTrip_main")
public func fuzzRoundTripMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    cfuzzer_run_driver(argc, argv)
}

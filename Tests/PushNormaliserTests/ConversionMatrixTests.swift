import Foundation
import Testing
import PushNormaliser
import PushCore
import JSONCodec
import PushTestSupport

/// Every valid fixture of every adapter converted to every other notification format and back:
/// whatever was not reported lost must survive.
@Suite("Conversion matrix")
struct ConversionMatrixTests {
    struct Source: CustomTestStringConvertible, Sendable {
        var format: String
        var path: String
        var testDescription: String { "\(format): \(path.split(separator: "/").suffix(2).joined(separator: "/"))" }
    }

    static let testsRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
    static let formats = FormatRegistry.standard.descriptors.map(\.name)

    /// Fixture inputs with their format: `Tests/APNsAdapterTests/Fixtures/<scenario>` is `apns`;
    /// `Tests/<Vendor>AdapterTests/Fixtures/<format>/<scenario>` is `<format>`.
    static let sources: [Source] = {
        var out: [Source] = []
        for target in ["APNsAdapterTests", "HiveAdapterTests", "AmazonAdapterTests", "ZegoAdapterTests"] {
            let fixtures = testsRoot + "/" + target + "/Fixtures"
            for first in Golden.scenarios(in: fixtures) {
                if FileManager.default.fileExists(atPath: fixtures + "/" + first + "/input.json") {
                    if target == "APNsAdapterTests" { out.append(Source(format: "apns", path: fixtures + "/" + first)) }
                    continue
                }
                guard formats.contains(first) else { continue }
                for scenario in Golden.scenarios(in: fixtures + "/" + first)
                where FileManager.default.fileExists(atPath: fixtures + "/" + first + "/" + scenario + "/input.json") {
                    out.append(Source(format: first, path: fixtures + "/" + first + "/" + scenario))
                }
            }
        }
        return out
    }()

    static func options(_ source: Source) -> FormatOptions {
        guard let json = try? Golden.load(source.path + "/options.json") else { return FormatOptions() }
        var diagnostics: [Diagnostic] = []
        return FormatOptions(json: json, diagnostics: &diagnostics)
    }

    @Test func everyFormatHasFixtures() {
        let covered = Set(Self.sources.map(\.format))
        #expect(covered == Set(Self.formats), "formats without fixtures: \(Set(Self.formats).subtracting(covered))")
    }

    @Test("convert to every format and back", arguments: sources)
    func roundTrip(_ source: Source) throws {
        let normaliser = Normaliser()
        let options = Self.options(source)
        let input = try #require(try Golden.load(source.path + "/input.json"))
        guard let original = try? normaliser.normalise(input, format: source.format, options: options),
            !original.diagnostics.containsErrors
        else { return }  // invalid fixtures are covered by the adapter suites
        for target in Self.formats {
            let there: ConversionResult
            do {
                there = try normaliser.convert(input, from: source.format, to: target, options: options)
            } catch {
                Issue.record("\(source.format) → \(target): \(error)")
                continue
            }
            let back: ConversionResult
            do {
                back = try normaliser.convert(there.payload, from: target, to: source.format, options: options)
            } catch {
                Issue.record("\(source.format) → \(target) → back: \(error)\n\(there.payload.compactText)")
                continue
            }
            let final = try normaliser.normalise(back.payload, format: source.format, options: options).notification
            // Layout memory (a placement, a wrapper) is not content and is never reported lost.
            // `delivery` rides in the result's headers, not the payload, for delivered formats.
            let delivered = FormatRegistry.standard.adapter(named: target)?.descriptor.isDelivered ?? false
            let lost =
                (there.lost + back.lost).map(\.path) + FormatRegistry.standard.layoutPaths
                + (delivered ? [JSONPointer(tokens: ["delivery"])] : [])
            let changed = original.notification.lostFields(comparedWith: final).filter { path in
                !lost.contains { path.tokens.starts(with: $0.tokens) || $0.tokens.starts(with: path.tokens) }
            }
            #expect(
                changed.isEmpty,
                "\(source.format) → \(target) → \(source.format) changed \(changed) without reporting them lost\nvia \(there.payload.compactText)"
            )
            if target == source.format {
                #expect(there.lost.isEmpty, "rendering into its own format lost \(there.lost)")
            }
        }
    }

    @Test("declared losses equal the losses found by reading back", arguments: sources)
    func declaredLossesAreTrue(_ source: Source) throws {
        let options = Self.options(source)
        let input = try #require(try Golden.load(source.path + "/input.json"))
        guard let original = try? Normaliser().normalise(input, format: source.format, options: options),
            !original.diagnostics.containsErrors
        else { return }
        for adapter in FormatRegistry.standard.adapters {
            let ignoring =
                FormatRegistry.standard.layoutPaths
                + (adapter.descriptor.isDelivered ? [JSONPointer(tokens: ["delivery"])] : [])
            let problems = AdapterContract.declaredLosses(
                adapter, notification: original.notification, options: options, ignoring: ignoring)
            #expect(
                problems.isEmpty, "\(source.format) → \(adapter.descriptor.name): \(problems.joined(separator: "\n"))")
        }
    }
}

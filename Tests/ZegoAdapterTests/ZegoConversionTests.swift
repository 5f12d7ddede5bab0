import APNsAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing
import ZegoAdapter

/// Every valid ZEGO fixture converted to every ZEGO format and plain APNs and back, the way the facade
/// converts: whatever changed must have been reported lost on the way there or back.
@Suite("ZEGO conversions")
struct ZegoConversionTests {
    static let adapters: [any PayloadAdapter] = [
        ZegoDeliveredAdapter(), ZegoPushConfigAdapter(), ZegoOfflinePushAdapter(), APNsAdapter(),
    ]

    struct Source: CustomTestStringConvertible, Sendable {
        var format: String
        var scenario: String
        var testDescription: String { "\(format)/\(scenario)" }
    }

    static let sources: [Source] = ["zego", "zego-push-config", "zego-offline-push"].flatMap { format in
        ZegoFixtures.scenarios(format).map { Source(format: format, scenario: $0) }
    }

    static func adapter(_ name: String) -> any PayloadAdapter {
        adapters.first { $0.descriptor.name == name } ?? APNsAdapter()
    }

    /// Normalise, render, and the lost paths (the facade's algorithm); nil when the input has errors.
    static func convert(
        _ payload: JSONValue, from: any PayloadAdapter, to: any PayloadAdapter, options: FormatOptions
    ) -> (payload: JSONValue, lost: [JSONPointer], n: PushNotification)? {
        var context = NormaliseContext(options: options)
        guard let n = from.normalise(payload, context: &context), !context.diagnostics.containsErrors else {
            return nil
        }
        var render = RenderContext(options: options)
        let rendered = to.render(n, context: &render)
        var back = NormaliseContext(options: options)
        let again = to.normalise(rendered, context: &back) ?? PushNotification()
        return (rendered, n.lostFields(comparedWith: again), n)
    }

    @Test("convert to every ZEGO format and APNs and back", arguments: sources)
    func roundTrip(_ source: Source) throws {
        let folder = ZegoFixtures.directory(source.format) + "/" + source.scenario
        let input = try #require(try Golden.load(folder + "/input.json"))
        var options = FormatOptions()
        if let json = try Golden.load(folder + "/options.json") {
            var diagnostics: [Diagnostic] = []
            options = FormatOptions(json: json, diagnostics: &diagnostics)
        }
        let from = Self.adapter(source.format)
        guard let (_, _, original) = Self.convert(input, from: from, to: from, options: options) else { return }
        for target in Self.adapters {
            let there = try #require(Self.convert(input, from: from, to: target, options: options))
            guard let back = Self.convert(there.payload, from: target, to: from, options: options) else {
                let route = "\(source.format) → \(target.descriptor.name)"
                Issue.record("\(route): the rendering has errors\n\(there.payload.compactText)")
                continue
            }
            var context = NormaliseContext(options: options)
            let final = try #require(from.normalise(back.payload, context: &context))
            let lost = there.lost + back.lost
            let changed = original.lostFields(comparedWith: final).filter { path in
                !lost.contains { path.tokens.starts(with: $0.tokens) || $0.tokens.starts(with: path.tokens) }
            }
            let route = "\(source.format) → \(target.descriptor.name) → back"
            #expect(changed.isEmpty, "\(route) changed \(changed) unreported\nvia \(there.payload.compactText)")
            if target.descriptor.name == source.format {
                #expect(there.lost.isEmpty, "rendering into its own format lost \(there.lost)")
            }
        }
    }
}

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

    /// Fixture inputs with their format: every registered format's scenarios (``FormatFixtures``), or a sample of
    /// each format's under `PUSH_FIXTURE_SAMPLE` (``FormatFixtures/sampled(_:)``).
    static let sources: [Source] = formats.flatMap { format in
        FormatFixtures.sampled(
            FormatFixtures.scenarios(of: format).filter { FileManager.default.fileExists(atPath: $0 + "/input.json") }
        ).map { Source(format: format, path: $0) }
    }

    static func options(_ source: Source) -> FormatOptions {
        guard let json = try? Golden.load(source.path + "/options.json") else { return FormatOptions() }
        var diagnostics: [Diagnostic] = []
        return FormatOptions(json: json, diagnostics: &diagnostics)
    }

    @Test func everyFormatHasFixtures() {
        let covered = Set(Self.sources.map(\.format))
        #expect(covered == Set(Self.formats), "formats without fixtures: \(Set(Self.formats).subtracting(covered))")
    }

    /// Every leaf of a canonical JSON value (scalars, empty objects and arrays), keyed by pointer, as compact text.
    static func leaves(_ value: JSONValue, at path: JSONPointer = .root, into out: inout [JSONPointer: String]) {
        switch value {
        case .object(let object) where !object.isEmpty:
            for (key, child) in object { leaves(child, at: path.appending(key), into: &out) }
        case .array(let array) where !array.isEmpty:
            for (index, child) in array.enumerated() { leaves(child, at: path.appending(index: index), into: &out) }
        default:
            out[path] = value.compactText
        }
    }

    /// The leaves that changed, exactly (`1` is not `1.0`), between two canonical notifications (`source` aside):
    /// `missing` were in `before` and are not the same in `after`; `added` are only in `after`.
    static func changedLeaves(_ before: PushNotification, _ after: PushNotification) -> (
        missing: [JSONPointer], added: [JSONPointer]
    ) {
        var a: [JSONPointer: String] = [:]
        var b: [JSONPointer: String] = [:]
        leaves(before.canonicalJSON, into: &a)
        leaves(after.canonicalJSON, into: &b)
        let order = { (x: JSONPointer, y: JSONPointer) in x.description < y.description }
        let missing = a.keys.filter { $0.tokens.first != "source" && a[$0] != b[$0] }.sorted(by: order)
        let added = b.keys.filter { $0.tokens.first != "source" && a[$0] == nil }.sorted(by: order)
        return (missing, added)
    }

    @Test("convert to every format and back", arguments: sources)
    func roundTrip(_ source: Source) throws {
        let normaliser = Normaliser()
        let options = Self.options(source)
        let input = try #require(try Golden.load(source.path + "/input.json"))
        // normalise throws only when the adapter yields no notification: then the fixture has no canonical.json.
        let original: NormaliseResult
        do {
            original = try normaliser.normalise(input, format: source.format, options: options)
        } catch {
            #expect(
                !FileManager.default.fileExists(atPath: source.path + "/canonical.json"),
                "normalise threw although the fixture has a notification: \(error)")
            return
        }
        // Inputs with errors are refused by convert (the adapter suites and the hostile tests cover them).
        guard !original.diagnostics.containsErrors else {
            #expect(throws: NormalisationFailure.self) {
                try normaliser.convert(input, from: source.format, to: source.format, options: options)
            }
            return
        }
        for target in Self.formats {
            let there: ConversionResult
            do {
                there = try normaliser.convert(
                    input, from: source.format, to: target, allowInvalid: true, options: options)
            } catch {
                Issue.record("\(source.format) → \(target): \(error)")
                continue
            }
            let back: ConversionResult
            do {
                // allowInvalid: a rendering may lack what only a send needs (FCM's target token), which the target's
                // own rules call an error; this test is about what the conversion carries.
                back = try normaliser.convert(
                    there.payload, from: target, to: source.format, allowInvalid: true, options: options)
            } catch {
                Issue.record("\(source.format) → \(target) → back: \(error)\n\(there.payload.compactText)")
                continue
            }
            let final = try normaliser.normalise(back.payload, format: source.format, options: options).notification
            // Layout memory (a placement, a wrapper) is not content and is never reported lost.
            // `delivery` rides in the result's headers, not the payload, for delivered formats.
            let delivered = FormatRegistry.standard.adapter(named: target)?.descriptor.isDelivered ?? false
            let excused =
                (there.lost + back.lost).map(\.path) + FormatRegistry.standard.layoutPaths
                + (delivered ? [JSONPointer(tokens: ["delivery"])] : [])
            // Each leaf of the original must survive exactly unless it lies under something reported lost: a lost
            // leaf excuses itself, never its siblings or its ancestors' other leaves. A leaf only the final has
            // must stand in for something lost (a lost object written as its JSON text).
            let (missing, added) = Self.changedLeaves(original.notification, final)
            let changed = missing.filter { leaf in !excused.contains { leaf.tokens.starts(with: $0.tokens) } }
            // The zegoResourcesID option writes a resourcesID the input did not have (documented).
            var optionAdded =
                options.zegoResourcesID == nil ? [] : [JSONPointer(tokens: ["extensions", "zego", "resourcesID"])]
            // Pinpoint's SilentPush implies the background push type (documented): a source that carries `delivery`
            // (fcm) gets it back, through a send's APNSMessage or a campaign's.
            if target == "pinpoint-message" || target == "pinpoint-campaign",
                original.notification.contentAvailable == true
            {
                optionAdded.append(JSONPointer(tokens: ["delivery", "pushType"]))
            }
            let invented = added.filter { leaf in
                !(excused + optionAdded).contains {
                    leaf.tokens.starts(with: $0.tokens) || $0.tokens.starts(with: leaf.tokens)
                }
            }
            #expect(
                changed.isEmpty,
                "\(source.format) → \(target) → \(source.format) changed \(changed) without reporting them lost; lost: \((there.lost + back.lost).map(\.path)); via \(there.payload.compactText)"
            )
            #expect(
                invented.isEmpty,
                "\(source.format) → \(target) → \(source.format) added \(invented); via \(there.payload.compactText)")
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

    /// Action catalogues (`hive-actions`) convert only into themselves: through the facade, a catalogue's
    /// canonical form renders to itself and reads back to the same catalogue.
    static let catalogues: [String] = {
        let folder = testsRoot + "/HiveAdapterTests/Fixtures/hive-actions"
        return Golden.scenarios(in: folder).map { folder + "/" + $0 }
    }()

    @Test("hive-actions catalogues through the facade and back", arguments: catalogues)
    func catalogueRoundTrip(_ folder: String) throws {
        let normaliser = Normaliser()
        let input = try #require(try Golden.load(folder + "/input.json"))
        let read: Normaliser.CatalogueResult
        do {
            read = try normaliser.normaliseCatalogue(input)
        } catch {
            // Only a non-object is refused.
            #expect(input.objectValue == nil, "\(error)")
            return
        }
        let rendered = try normaliser.renderCatalogue(read.catalogue)
        #expect(Golden.isExactlyEqual(rendered.catalogue, read.catalogue, keyOrder: .asWritten))
        let again = try normaliser.normaliseCatalogue(rendered.catalogue)
        #expect(Golden.isExactlyEqual(again.catalogue, read.catalogue, keyOrder: .asWritten))
        #expect(normaliser.validateCatalogue(input).diagnostics == read.diagnostics)
    }
}

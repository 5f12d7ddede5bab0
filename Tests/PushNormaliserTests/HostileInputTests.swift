import Foundation
import Testing
import PushNormaliser
import PushCore
import APNsAdapter
import JSONCodec
import PushTestSupport

/// Hostile payloads through the facade, built from the golden fixtures of every registered format so
/// that a new format is covered as soon as it has fixtures. Nothing may trap; every finding's path
/// resolves in the input; a wrong JSON type at any key is an error at exactly that key, or is carried
/// through verbatim (rendered back where it was), or is a documented normalisation reported as a
/// warning at exactly that key (`"mutable-content": true` becomes `1`).
@Suite("Facade: hostile input")
struct HostileInputTests {
    typealias Source = ConversionMatrixTests.Source

    /// One value of each JSON type.
    static let replacements: [JSONValue] = [
        .null, .bool(true), .integer(-7), .double(2.5), .string("x"), .array([.integer(1)]),
        .object(JSONObject(uniqueKeysWithValues: [("k", .string("v"))])),
    ]

    /// The valid fixture inputs (no error findings when read as their own format).
    static let validSources: [Source] = ConversionMatrixTests.sources.filter { source in
        guard let input = try? Golden.load(source.path + "/input.json"),
            let result = try? Normaliser().normalise(
                input, format: source.format, options: ConversionMatrixTests.options(source))
        else { return false }
        return !result.diagnostics.containsErrors
    }

    /// Every object key and array element below the root, depth first, with its value.
    static func locations(in value: JSONValue, at path: JSONPointer = .root) -> [(JSONPointer, JSONValue)] {
        switch value {
        case .object(let object):
            return object.flatMap { key, child in
                [(path.appending(key), child)] + locations(in: child, at: path.appending(key))
            }
        case .array(let array):
            return array.enumerated().flatMap { index, child in
                [(path.appending(index: index), child)] + locations(in: child, at: path.appending(index: index))
            }
        default:
            return []
        }
    }

    /// `document` with the value at `path` replaced by `replacement`.
    static func replacing(_ path: JSONPointer, in document: JSONValue, with replacement: JSONValue) -> JSONValue {
        guard let first = path.tokens.first else { return replacement }
        let rest = JSONPointer(tokens: Array(path.tokens.dropFirst()))
        switch document {
        case .object(var object):
            guard let child = object[first] else { return document }
            object[first] = replacing(rest, in: child, with: replacement)
            return .object(object)
        case .array(var array):
            guard let index = Int(first), array.indices.contains(index) else { return document }
            array[index] = replacing(rest, in: array[index], with: replacement)
            return .array(array)
        default:
            return document
        }
    }

    static func unresolved(_ diagnostics: [Diagnostic], in document: JSONValue) -> [Diagnostic] {
        diagnostics.filter { $0.path.resolve(in: document) == nil }
    }

    @Test func everyFormatHasAValidFixture() {
        let covered = Set(Self.validSources.map(\.format))
        #expect(covered == Set(ConversionMatrixTests.formats), "formats without a valid fixture")
    }

    /// Every key (and array element) of every valid fixture, given every other JSON type.
    @Test("every key given every wrong JSON type", arguments: validSources)
    func wrongTypeAtEveryKey(_ source: Source) throws {
        let normaliser = Normaliser()
        let options = ConversionMatrixTests.options(source)
        let input = try #require(try Golden.load(source.path + "/input.json"))
        var checked = 0
        for (path, original) in Self.locations(in: input) {
            for replacement in Self.replacements where replacement.typeName != original.typeName {
                let mutant = Self.replacing(path, in: input, with: replacement)
                checked += 1
                // auto detection must not trap either, and its findings must resolve.
                if let auto = try? normaliser.normalise(mutant, options: options) {
                    let bad = Self.unresolved(auto.diagnostics, in: mutant)
                    #expect(bad.isEmpty, "auto, \(path) = \(replacement.compactText): \(bad)")
                }
                // validate never throws; its findings resolve, and it agrees with normalise on what is an error.
                let validation = normaliser.validate(mutant, format: source.format, options: options)
                let badValidation = Self.unresolved(validation.diagnostics, in: mutant)
                #expect(badValidation.isEmpty, "validate, \(path) = \(replacement.compactText): \(badValidation)")
                #expect(validation.valid == !validation.diagnostics.containsErrors)
                let result: NormaliseResult
                do {
                    result = try normaliser.normalise(mutant, format: source.format, options: options)
                } catch {
                    #expect(!validation.valid, "\(path): normalise threw but validate says valid")
                    // Allowed by the adapter contract only when nothing can be read at all, with an error at that key.
                    #expect(Self.unresolved(error.diagnostics, in: mutant).isEmpty, "\(path): \(error.diagnostics)")
                    #expect(
                        error.kind == .rejected
                            && error.diagnostics.contains { $0.severity == .error && $0.path == path },
                        "\(source.format) \(path) = \(replacement.compactText): normalise threw \(error) \(error.diagnostics)"
                    )
                    continue
                }
                let bad = Self.unresolved(result.diagnostics, in: mutant)
                #expect(bad.isEmpty, "\(path) = \(replacement.compactText): \(bad)")
                // Every error normalise reports, validate reports too (validate adds the model checks).
                for finding in result.diagnostics where finding.severity == .error {
                    #expect(
                        validation.diagnostics.contains(finding),
                        "\(path) = \(replacement.compactText): validate misses \(finding)")
                }
                if result.diagnostics.contains(where: { $0.severity == .error && $0.path == path }) { continue }
                // A documented normalisation (`true` for `mutable-content`, …) is a warning at exactly that key.
                if result.diagnostics.contains(where: { $0.severity == .warning && $0.path == path }) { continue }
                let rendered = try normaliser.render(result.notification, format: source.format, options: options)
                if path.resolve(in: rendered.payload) == replacement { continue }
                Issue.record(
                    """
                    \(source.testDescription): \(path) = \(replacement.compactText) (was \(original.compactText)) \
                    neither reported as an error at \(path) nor carried verbatim.
                    findings: \(result.diagnostics)
                    rendered: \(rendered.payload.compactText)
                    """)
            }
        }
        #expect(checked > 0)
    }

    /// Every key of every action catalogue fixture (`hive-actions`), given every other JSON type: validating
    /// and reading never trap, findings resolve in the input, and a catalogue read renders to a fixed point.
    @Test("hive-actions: every key given every wrong JSON type", arguments: ConversionMatrixTests.catalogues)
    func catalogueWrongTypeAtEveryKey(_ folder: String) throws {
        let normaliser = Normaliser()
        let input = try #require(try Golden.load(folder + "/input.json"))
        var checked = 0
        for (path, original) in Self.locations(in: input) {
            for replacement in Self.replacements where replacement.typeName != original.typeName {
                let mutant = Self.replacing(path, in: input, with: replacement)
                checked += 1
                let validation = normaliser.validate(mutant, format: Normaliser.catalogueFormat)
                let bad = Self.unresolved(validation.diagnostics, in: mutant)
                #expect(bad.isEmpty, "\(path) = \(replacement.compactText): \(bad)")
                guard let read = try? normaliser.normaliseCatalogue(mutant) else {
                    #expect(mutant.objectValue == nil, "\(path): a catalogue object was refused")
                    continue
                }
                #expect(read.diagnostics == validation.diagnostics, "\(path): normalise and validate disagree")
                let again = try normaliser.renderCatalogue(read.catalogue)
                #expect(
                    Golden.isExactlyEqual(again.catalogue, read.catalogue, keyOrder: .asWritten),
                    "\(path) = \(replacement.compactText): the rendering is not a fixed point")
            }
        }
        #expect(checked > 0)
    }

    /// A string that holds JSON (ZEGO's `payload`, SNS's `APNS`, …), found in any valid fixture, replaced
    /// by JSON text nested 100 000 deep and by ~900 KB of JSON: never a trap, findings resolve, and the
    /// deep one is reported at that key (or carried verbatim).
    @Test("embedded JSON strings that are deeply nested or huge", arguments: validSources)
    func hostileEmbeddedJSON(_ source: Source) throws {
        let normaliser = Normaliser()
        let options = ConversionMatrixTests.options(source)
        let input = try #require(try Golden.load(source.path + "/input.json"))
        let embedded = Self.locations(in: input).filter { _, value in
            guard let text = value.stringValue, let nested = try? JSONValue(parsing: text) else { return false }
            return nested.objectValue != nil
        }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let huge =
            "{\"image_attachment\":\"https://cdn.example.com/a.png\",\"pad\":\""
            + String(repeating: "x", count: 900_000) + "\"}"
        for (path, _) in embedded {
            for (name, text) in [("deep", deep), ("huge", huge)] {
                let mutant = Self.replacing(path, in: input, with: .string(text))
                let result: NormaliseResult
                do {
                    result = try normaliser.normalise(mutant, format: source.format, options: options)
                } catch {
                    Issue.record("\(path) \(name): normalise threw \(error)")
                    continue
                }
                #expect(Self.unresolved(result.diagnostics, in: mutant).isEmpty, "\(path) \(name)")
                _ = normaliser.validate(mutant, format: source.format, options: options)
                if name == "deep" {
                    let reported = result.diagnostics.contains { $0.severity == .error && $0.path == path }
                    let rendered = try normaliser.render(result.notification, format: source.format, options: options)
                    #expect(
                        reported || path.resolve(in: rendered.payload) == .string(text),
                        "\(source.testDescription): 100 000-deep JSON in \(path) neither reported nor carried: \(result.diagnostics)"
                    )
                }
            }
        }
    }

    /// Regression (fuzz, FuzzNormalise/FuzzConvert): render findings such as `amazon.sns.default-missing`
    /// were returned with canonical-model paths (`/extensions/amazon/sns`) by `validate(target:)` and
    /// `convert`, which do not resolve in the input. Every format from every format, on the minimal
    /// payloads the fuzzer found, and (below) on every valid fixture.
    @Test("validate(target:) and convert locate every finding in the input", arguments: [#"{}"#, #"{"aps":{}}"#])
    func renderFindingsAreLocatedInTheInput(_ text: String) throws {
        try Self.expectFindingsLocated(in: JSONValue(parsing: text))
    }

    /// The same for each valid fixture (once each: the two payloads above used to repeat every fixture).
    @Test("validate(target:) and convert locate every finding in a fixture", arguments: validSources)
    func renderFindingsAreLocatedInTheFixture(_ source: ConversionMatrixTests.Source) throws {
        try Self.expectFindingsLocated(in: #require(try Golden.load(source.path + "/input.json")))
    }

    /// Every format from every format (and `auto`) on `input`: `validate(target:)` and `convert` findings resolve in it.
    static func expectFindingsLocated(in input: JSONValue) throws {
        let normaliser = Normaliser()
        for source in ["auto"] + ConversionMatrixTests.formats {
            for target in ConversionMatrixTests.formats {
                let validation = normaliser.validate(input, format: source, target: target)
                #expect(
                    Self.unresolved(validation.diagnostics, in: input).isEmpty,
                    "validate \(source) → \(target): \(input.compactText)")
                if let converted = try? normaliser.convert(input, from: source, to: target) {
                    #expect(
                        Self.unresolved(converted.diagnostics, in: input).isEmpty,
                        "convert \(source) → \(target): \(input.compactText)")
                }
            }
        }
    }

    /// Regression (fuzz, FuzzConvert): custom data `groupId: 42` in a Pinpoint payload became Hive's
    /// group key with the wrong type, so the Hive payload the conversion returned was invalid as Hive,
    /// silently. The value is still carried verbatim; the conversion now says the output is invalid.
    @Test func aCustomKeyCollidingWithAVendorKeyIsAnnounced() throws {
        let input = try JSONValue(parsing: #"{"aps":{"alert":"Hello","thread-id":"news"},"groupId":42}"#)
        let result = try Normaliser().convert(input, from: "pinpoint", to: "hive")
        #expect(result.payload["groupId"] == .integer(42))
        let announced = try #require(result.diagnostics.first { $0.code == .conversionInvalidOutput })
        #expect(announced.severity == .warning && announced.path == .root)
        #expect(announced.message.contains("core.type.mismatch at /groupId"))
    }

    /// Regression (fuzz, FuzzConvert, the declared-loss law): an unknown `aps` key kept in `extensions.apns` that is
    /// the Amazon media key is read back as media, so it is lost, and reported.
    @Test func anUnknownApsKeyThatIsTheMediaKeyIsReportedLost() throws {
        let input = try JSONValue(
            parsing:
                #"{"aps":{"alert":{"title":"Raid","body":"Tonight"},"attachment-url":"https://cdn.example.com/r.gif"}}"#
        )
        for (from, to) in [("hive", "sns"), ("apns", "amazon")] {
            let result = try Normaliser().convert(input, from: from, to: to)
            #expect(
                result.lost.map(\.path.description).contains("/extensions/apns/aps/attachment-url"), "\(from) → \(to)")
        }
    }

    // MARK: - Whole-payload cases

    @Test(
        "top-level values that are not objects",
        arguments: ["[]", "\"aps\"", "1", "null", "true", "[{\"aps\":{}}]"])
    func notAnObject(_ text: String) {
        let result = Normaliser().validate(Array(text.utf8))
        #expect(!result.valid)
        #expect(result.diagnostics.map(\.code) == [.notAnObject])
        #expect(result.diagnostics.first?.path == .root)
    }

    @Test func truncatedPayloadIsAJSONFindingAtTheRoot() throws {
        let bytes = Array(#"{"aps":{"alert":"hi","badge":3}}"#.utf8)
        for length in 0..<bytes.count {
            let result = Normaliser().validate(Array(bytes[..<length]))
            #expect(!result.valid)
            #expect(result.diagnostics.count == 1)
            let code = result.diagnostics.first?.code.rawValue ?? ""
            #expect(code == "json.truncated" || code == "json.syntax", "\(length): \(code)")
            #expect(result.diagnostics.first?.path == .root)
        }
    }

    @Test func deepNestingInsideAPayloadIsRefusedByTheParser() {
        let text =
            #"{"aps":{"alert":"hi"},"data":"# + String(repeating: "[", count: 100_000)
            + String(repeating: "]", count: 100_000) + "}"
        let result = Normaliser().validate(Array(text.utf8))
        #expect(result.diagnostics.map(\.code.rawValue) == ["json.too-deep"])
        #expect(result.diagnostics.first?.path == .root)
    }

    @Test func oversizedPayloadHitsTheParserLimitAndARaisedLimitReadsIt() throws {
        let body = String(repeating: "é", count: 600_000)  // 1.2 MB of UTF-8
        let text = #"{"aps":{"alert":{"body":""# + body + #""}}}"#
        let refused = Normaliser().validate(Array(text.utf8))
        #expect(refused.diagnostics.map(\.code.rawValue) == ["json.too-large"])
        let raised = Normaliser(parser: JSONParser(maximumBytes: 4 << 20)).validate(Array(text.utf8))
        #expect(raised.format == "apns")
        #expect(
            raised.diagnostics.contains { $0.code == .apnsPayloadTooLarge && $0.path == .root && $0.severity == .error }
        )
    }

    @Test func duplicateKeysInAPayloadAreRefusedWithTheirLine() throws {
        let text = "{\"aps\":{\"badge\":1,\n\"badge\":2}}"
        let result = Normaliser().validate(Array(text.utf8))
        #expect(result.diagnostics.map(\.code.rawValue) == ["json.duplicate-key"])
        #expect(result.diagnostics.first?.message.contains("line 2") == true)
    }
}

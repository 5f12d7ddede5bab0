import APNsAdapter
import JSONCodec
import PushCore
import PushTestSupport
import Testing

@testable import PushNormaliser

/// The size Apple's rules check a notification that was not read from a delivered payload against: its APNs
/// rendering's compact size, told without building the rendering (``APNsAdapter/APNsRules/renderedSize(_:)``).
@Suite("APNs rendered size")
struct APNsRenderedSizeTests {
    /// The rendering built as a value, and its size: the reference.
    static func builtSize(_ n: PushNotification) -> Int {
        JSONWriter.compactSize(of: .object(APNsPayloadWriter.payload(for: n)))
    }

    @Test(
        "the size of the rendering built as a value, for what every fixture reads as",
        arguments: ConversionMatrixTests.sources)
    func sameAsTheBuiltRendering(_ source: ConversionMatrixTests.Source) throws {
        let payload = try #require(try Golden.load(source.path + "/input.json"))
        let options = ConversionMatrixTests.options(source)
        guard let read = try? Normaliser().normalise(payload, format: source.format, options: options) else { return }
        #expect(APNsRules.renderedSize(read.notification) == Self.builtSize(read.notification), "\(source.path)")
    }

    @Test("custom data beside aps, a data key named aps, no aps at all, escaped text")
    func edgeCases() {
        var n = PushNotification()
        #expect(APNsRules.renderedSize(n) == Self.builtSize(n))
        n.data = JSONObject(uniqueKeysWithValues: [("k", .string("v\"\n")), ("aps", .integer(1)), ("n", .double(1.5))])
        #expect(APNsRules.renderedSize(n) == Self.builtSize(n))
        n.title = "T \u{1} é"
        n.body = "B"
        #expect(APNsRules.renderedSize(n) == Self.builtSize(n))
        n.data = JSONObject()
        #expect(APNsRules.renderedSize(n) == Self.builtSize(n))
    }
}

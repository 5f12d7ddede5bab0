import JSONCodec
import PushCore
import Testing

@testable import ZegoAdapter

@Suite("ZEGO payload string")
struct ZegoPayloadStringTests {
    @Test func theMediaKeyBecomesMediaAndTheOtherKeysStayInOrder() {
        var diagnostics: [Diagnostic] = []
        let read = ZegoPayloadString.read(
            #"{"b":1,"image_attachment":"https://a.example/1.jpg","a":2}"#, at: "/payload",
            mediaKey: "image_attachment", &diagnostics)
        #expect(read.mediaURL == "https://a.example/1.jpg")
        #expect(read.kept?.objectValue?.keys == ["b", "a"])
        #expect(diagnostics.isEmpty)
        let written = ZegoPayloadString.render(kept: read.kept, mediaURL: read.mediaURL, mediaKey: "image_attachment")
        #expect(written.text == #"{"image_attachment":"https://a.example/1.jpg","b":1,"a":2}"#)
        #expect(written.placedMedia)
    }

    @Test func anObjectWithOnlyTheMediaKeyKeepsNothing() {
        var diagnostics: [Diagnostic] = []
        let read = ZegoPayloadString.read(#"{"k":"u"}"#, at: "/payload", mediaKey: "k", &diagnostics)
        #expect(read.mediaURL == "u")
        #expect(read.kept == nil)
    }

    @Test func theEmptyStringIsKeptWithoutAWarning() {
        var diagnostics: [Diagnostic] = []
        let read = ZegoPayloadString.read("", at: "/payload", mediaKey: "k", &diagnostics)
        #expect(read.kept == .string(""))
        #expect(diagnostics.isEmpty)
        #expect(ZegoPayloadString.render(kept: read.kept, mediaURL: nil, mediaKey: "k") == ("", false))
        #expect(ZegoPayloadString.render(kept: read.kept, mediaURL: "u", mediaKey: "k") == (#"{"k":"u"}"#, true))
    }

    @Test(arguments: ["not json", "[1,2]", "\"text\"", "12", "{\"a\":1,\"a\":2}"])
    func aStringThatIsNotAJSONObjectIsKeptVerbatim(_ text: String) {
        var diagnostics: [Diagnostic] = []
        let read = ZegoPayloadString.read(text, at: "/payload", mediaKey: "k", &diagnostics)
        #expect(read.kept == .string(text))
        #expect(read.mediaURL == nil)
        #expect(diagnostics.map(\.severity) == [.info])  // free text is what ZEGO's docs show
        #expect(ZegoPayloadString.render(kept: read.kept, mediaURL: "u", mediaKey: "k") == (text, false))
    }
}

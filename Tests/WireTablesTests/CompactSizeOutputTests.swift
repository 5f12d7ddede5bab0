import JSONCodec
import PushCore
import Testing

/// ``CompactSizeOutput`` counts exactly what ``CompactOutput`` writes, and ``CompactOutput`` writes a literal key of
/// any length (copied as overlapping words) byte for byte.
@Suite struct CompactSizeOutputTests {
    /// Every call of a writer, once, with keys of every length a literal key is copied by.
    static func writeAll<O: WireOutput>(to out: inout O) {
        out.beginObject()
        out.key("")
        out.integer(0)
        out.key("a")
        out.integer(-12)
        out.key("ab")
        out.bool(true)
        out.key("abc")
        out.bool(false)
        out.key("abcd")
        out.string("plain")
        out.key("abcdefg")
        out.string("esc \" \\ \n \u{1} é")
        out.key("abcdefgh")
        out.number(1.0)
        out.key("abcdefghijklmnop")
        out.number(0.25)
        out.key("abcdefghijklmnopq")
        out.value(.array([.null, .object(JSONObject(uniqueKeysWithValues: [("k", .string("v"))]))]))
        out.key("dynamic \"key\"")
        out.beginArray()
        out.strings(["x", "y"])
        out.endArray()
        out.endObject()
    }

    @Test func literalKeysOfEveryLengthAreWrittenAsTheyAre() {
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        CompactOutput.appending(to: &bytes) { Self.writeAll(to: &$0) }
        let expected =
            #"#{"":0,"a":-12,"ab":true,"abc":false,"abcd":"plain","abcdefg":"esc \" \\ \n \u0001 é","#
            + #""abcdefgh":1,"abcdefghijklmnop":0.25,"abcdefghijklmnopq":[null,{"k":"v"}],"#
            + #""dynamic \"key\"":[["x","y"]]}"#
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    @Test func theSizeIsTheCountOfTheBytesWritten() {
        var bytes: [UInt8] = []
        CompactOutput.appending(to: &bytes) { Self.writeAll(to: &$0) }
        var counted = CompactSizeOutput()
        Self.writeAll(to: &counted)
        #expect(counted.size == bytes.count)
    }
}

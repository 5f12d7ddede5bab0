import Testing
import JSONCodec
import PushCore

@Suite("JSON writing")
struct SerialisationTests {
    @Test func decimalsUseTheShortestForm() throws {
        let value = try JSONParser().parse("[86.795456,0.1,1e2,1.5e-7,5e-324]")
        #expect(value.compactText == "[86.795456,0.1,100.0,1.5e-07,5e-324]")
        #expect(try JSONParser().parse(value.compactText) == value)
    }

    @Test func nonASCIIIsNeverEscaped() {
        let value: JSONValue = ["t": "é中😀", "c": "a\"b\\c\n\u{01}"]
        #expect(value.compactText == #"{"t":"é中😀","c":"a\"b\\c\n\u0001"}"#)
        #expect(JSONWriter.compactSize(of: value) == value.compactText.utf8.count)
    }

    @Test func canonicalStyleSortsAndIndents() {
        let value: JSONValue = ["b": [1, 2], "a": ["d": [:], "c": []]]
        #expect(
            value.canonicalText
                == "{\n  \"a\": {\n    \"c\": [],\n    \"d\": {}\n  },\n  \"b\": [\n    1,\n    2\n  ]\n}\n")
    }

    @Test func integersAndBooleansStayApart() {
        #expect(
            JSONValue.array([1, true, 1.0, .unsignedInteger(18_446_744_073_709_551_615)]).compactText
                == "[1,true,1.0,18446744073709551615]")
    }

    @Test(
        "round trip through the writer",
        arguments: [
            #"{"aps":{"alert":"hi","badge":0}}"#, #"[null,true,false,-1,0.5,"x\u0000y",{"":[]}]"#, #""😀""#,
        ])
    func roundTrip(_ text: String) throws {
        let value = try JSONParser().parse(text)
        #expect(try JSONParser().parse(value.compactText) == value)
        #expect(try JSONParser().parse(value.canonicalText) == value)
    }
}

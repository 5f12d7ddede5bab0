import JSONCodec
import Testing

/// A borrowed document lives inside the closure that lends it; documents lent inside it take this thread's next
/// parser, so nothing picks a slot and an inner parse never overwrites the outer document.
@Suite struct BorrowedDocumentTests {
    static func withBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    static func firstString(_ document: BorrowedDocument) -> String? {
        for member in document.members(document.root) { return document.string(member.value) }
        return nil
    }

    /// `compactSize(_:ifOver:)` answers the size exactly when it is over the limit and nil when it is not, at every
    /// limit around it: whether the input's length settles it (reals written longer than they came, escapes
    /// written shorter, whitespace dropped) or the tape is walked.
    @Test(arguments: [
        "[1e5,1e5,1e5,1e5,1e5,1e5,1e5,1e5,1e5,1e5]", "[-0,-0,-0,-0,-0,-0]", "[5e-324,1e-7,1E22,2.5E-3]",
        #"{"q":"\u0022\u005c\u000a\u0001\u00e9\ud83d\ude00\/","n":[0.1e1,-0.0,1e+2]}"#,
        "  [ 1 ,\n 2 ,\t\"a b\" , { \"k\" : [ ] } ]  ", #""\u0000\u0000\u0000""#,
        #"{"a":1,"b":[true,false,null],"c":{"d":"x\u00e9\n\"q\"","e":[]},"f":{}}"#,
    ])
    func compactSizeOverALimitIsExactAtEveryLimit(_ text: String) {
        let parser = JSONParser()
        let parsed = Self.withBytes(text) { bytes in
            parser.withBorrowedDocument(bytes) { document in
                let root = document.root
                let size = document.compactSize(root)
                for limit in 0...(size + text.utf8.count + 64) {
                    #expect(document.compactSize(root, ifOver: limit) == (size > limit ? size : nil), "limit \(limit)")
                }
            }
        }
        #expect(parsed != nil)
    }

    /// `compactSize(_:)` (FCM's message limit over the parsed document) counts what the compact writer writes: the
    /// same as `JSONWriter.compactSize(of:)` of the node's `JSONValue`, for the whole document and for a member.
    @Test(arguments: [
        #"{"a":1,"b":[true,false,null],"c":{"d":"x\u00e9\n\"q\"","e":[]},"f":{}}"#,
        #"[1.0,-0,1e300,0.1,-12.5e-3,18446744073709551615,-9223372036854775808]"#,
        #"  { "spaced" : [ 1 , 2 ] , "\ud83d\ude00" : "\/slash\t" }  "#,
        #""just a string""#, "42",
        #"{"long plain key, over sixteen bytes":"0123456789abcdef\u0001ghij\\klm\"nop\r","arr":[[],[{}],[1,[2]]],"k\u001fey":"v\b\f"}"#,
        #"[{"a":[{"b":{"c":[]}}]},"",true,{"":null}]"#,
    ])
    func compactSizeIsWhatTheWriterWrites(_ text: String) {
        let parser = JSONParser()
        var checked = false
        let parsed = Self.withBytes(text) { bytes in
            parser.withBorrowedDocument(bytes) { document in
                let root = document.root
                var written: [UInt8] = []
                document.writeCompact(root, into: &written)
                #expect(document.compactSize(root) == written.count)
                #expect(document.compactSize(root) == JSONWriter.compactSize(of: document.jsonValue(root)))
                // Over a limit: the size when it is over, nil when it is not.
                let size = written.count
                #expect(document.compactSize(root, ifOver: size - 1) == size)
                #expect(document.compactSize(root, ifOver: size) == nil)
                #expect(document.compactSize(root, ifOver: 0) == size)
                for member in document.isObject(root) ? Array(document.members(root)) : [] {
                    #expect(
                        document.compactSize(member.value)
                            == JSONWriter.compactSize(of: document.jsonValue(member.value)))
                }
                checked = true
            }
        }
        #expect(parsed && checked)
    }

    @Test func nestedDocumentsDoNotOverwriteTheOuterOne() {
        let parser = JSONParser()
        var seen: [String?] = []
        let lent = Self.withBytes(#"{"a":"outer"}"#) { outerBytes in
            parser.withBorrowedDocument(outerBytes) { outer in
                // Three levels deep: each takes a parser of its own, and the outer one still reads its text.
                _ = Self.withBytes(#"{"b":"middle"}"#) { middleBytes in
                    parser.withBorrowedDocument(middleBytes) { middle in
                        _ = Self.withBytes(#"{"c":"inner"}"#) { innerBytes in
                            parser.withBorrowedDocument(innerBytes) { inner in
                                seen.append(Self.firstString(inner))
                                seen.append(Self.firstString(middle))
                                seen.append(Self.firstString(outer))
                            }
                        }
                    }
                }
                seen.append(Self.firstString(outer))
            }
        }
        #expect(lent)
        #expect(seen == ["inner", "middle", "outer", "outer"])
    }

    @Test func aFailedParseLendsNothingAndFreesItsParser() {
        let parser = JSONParser()
        var called = false
        let failed = Self.withBytes(#"{"a":"#) { parser.withBorrowedDocument($0) { _ in called = true } }
        #expect(!failed && !called)
        // Inside a lent document, a failing nested parse leaves the outer one intact, and the next nested one works.
        var texts: [String?] = []
        _ = Self.withBytes(#"{"a":"outer"}"#) { outerBytes in
            parser.withBorrowedDocument(outerBytes) { outer in
                let bad = Self.withBytes("[1,") { parser.withBorrowedDocument($0) { _ in texts.append("bad") } }
                _ = Self.withBytes(#"{"x":"next"}"#) {
                    parser.withBorrowedDocument($0) { texts.append(Self.firstString($0)) }
                }
                texts.append(bad ? "lent" : "failed")
                texts.append(Self.firstString(outer))
            }
        }
        #expect(texts == ["next", "failed", "outer"])
    }

    @Test func compactBytesUsesALentDocument() {
        let bytes = Self.withBytes(#"{ "a" : [1, 2] }"#) { JSONParser().compactBytes($0) }
        #expect(bytes.map { String(decoding: $0, as: UTF8.self) } == #"{"a":[1,2]}"#)
    }

    /// `stringsHold(_:_:under:)` finds a byte pair in any string at or under a node (escaped input unescaped, a member
    /// name included), and only there: not across two strings, not in numbers or structure, not at a string's end.
    @Test(arguments: [
        (#"{"a":"x{{y"}"#, true), (#"{"a":"x{ {y"}"#, false), (#"{"a":"x{","b":"{y"}"#, false),
        (#"{"a":["p",{"q":"\u007b\u007bname}}"}]}"#, true), (#"{"{{k":1}"#, true), (#"{"a":"{"}"#, false),
        (#"[1,2.5,true,null,{"b":[]}]"#, false), (#"{"a":"0123456789abcdefghij{{"}"#, true),
        (#"{"a":"{x{y{z{"}"#, false),
    ])
    func stringsHoldAPair(_ text: String, _ expected: Bool) {
        let open = UInt8(ascii: "{")
        var found: Bool?
        _ = Self.withBytes(text) { bytes in
            JSONParser().withBorrowedDocument(bytes) { document in
                found = document.stringsHold(open, open, under: document.root)
            }
        }
        #expect(found == expected, "\(text)")
    }

    /// A string whose 4-byte length is `{{` in the parser's buffer (31,611 bytes: 0x7B7B) holds no pair of its own:
    /// none is found (the run of strings holds one, so each string is searched on its own); one `{{` in it is.
    @Test(arguments: [false, true])
    func aLengthSpeltLikeThePairIsNotAPair(_ holdsPair: Bool) {
        let open = UInt8(ascii: "{")
        let long = String(repeating: "a", count: 0x7B7B - 2) + (holdsPair ? "{{" : "aa")
        var found: Bool?
        _ = Self.withBytes(#"{"k":"\#(long)","m":"{"}"#) { bytes in
            JSONParser().withBorrowedDocument(bytes) { document in
                found = document.stringsHold(open, open, under: document.root)
            }
        }
        #expect(found == holdsPair)
    }

    /// Under a member's value only: a pair in a sibling is not found.
    @Test func stringsHoldUnderOneMember() {
        let open = UInt8(ascii: "{")
        _ = Self.withBytes(#"{"a":{"b":"plain"},"c":"{{x}}"}"#) { bytes in
            JSONParser().withBorrowedDocument(bytes) { document in
                let members = Array(document.members(document.root))
                #expect(!document.stringsHold(open, open, under: members[0].value))
                #expect(document.stringsHold(open, open, under: members[1].value))
            }
        }
    }
}

import JSONCodec
import PushCore
import Testing
@testable import WireTables

/// ``WireKeySet`` and ``WireLengthIndex``: a key node is found by its length, then its bytes, in either of a key's
/// spellings, over the parser's borrowed document and over a `JSONValue` alike.
@Suite struct WireKeySetTests {
    static let set = WireKeySet([
        "Title", "Body", WireKey(camel: "clickAction", snake: "click_action"), "Data", "ImageUrl",
    ])

    /// Each key of `object`'s members and whether the set holds it, over the borrowed document.
    static func borrowed(_ object: String) -> [String: Bool] {
        var found: [String: Bool] = [:]
        let bytes = Array(object.utf8)
        _ = bytes.withUnsafeBufferPointer { buffer in
            JSONParser().withBorrowedDocument(buffer) { document in
                for member in document.members(document.root) {
                    found[document.keyString(member.key)] = set.contains(member.key, of: document)
                }
            }
        }
        return found
    }

    @Test func aKeyIsFoundInEitherSpellingAndOnlyByItsExactBytes() {
        let found = Self.borrowed(
            #"{"Title":1,"Body":2,"click_action":3,"clickAction":4,"Data":5,"Date":6,"title":7,"ImageUrl":8,"#
                + #""ImageURL":9,"":10,"TitleX":11,"Ti\u0074le2":12}"#)
        #expect(found["Title"] == true && found["Body"] == true && found["Data"] == true)
        #expect(found["click_action"] == true && found["clickAction"] == true && found["ImageUrl"] == true)
        // Same length, other bytes; other lengths (the set's lengths as a mask tell those at once).
        #expect(found["Date"] == false && found["title"] == false && found["ImageURL"] == false)
        #expect(found[""] == false && found["TitleX"] == false && found["Title2"] == false)
    }

    @Test func aJSONValueIsAskedTheSameWay() {
        let source = JSONValueSource()
        #expect(Self.set.contains(.string("click_action"), of: source))
        #expect(Self.set.contains(.string("Body"), of: source))
        #expect(!Self.set.contains(.string("Bodies"), of: source))
        // A key node that is no string has no length: no key spells it.
        #expect(!Self.set.contains(.integer(4), of: source))
    }

    /// A key of 69 bytes: its length equals 5 modulo 64.
    static let long = String(repeating: "k", count: 69)
    /// Built once: a `WireKey` of a `String` keeps its bytes for the life of the process (LeakSanitizer reports a
    /// set built per run).
    static let moduloSet = WireKeySet(["kkkkk", long])

    @Test func keysOfLengthsEqualModulo64AreToldApartByTheirBytes() {
        let long = Self.long
        let set = Self.moduloSet
        #expect(set.contains(.string(long), of: JSONValueSource()))
        #expect(set.contains(.string("kkkkk"), of: JSONValueSource()))
        #expect(!set.contains(.string("kkkkkk"), of: JSONValueSource()))
        #expect(!set.contains(.string(String(repeating: "k", count: 133)), of: JSONValueSource()))
    }

    @Test func theIndexGroupsPositionsByLengthInListOrder() {
        let index = WireLengthIndex(["Body", "Title", "Data", WireKey(camel: "clickAction", snake: "click_action")])
        let four = index.slots(ofLength: 4).map { index.positions[$0] }
        #expect(four == [0, 2])
        #expect(index.slots(ofLength: 5).map { index.positions[$0] } == [1])
        #expect(index.slots(ofLength: 11).map { index.positions[$0] } == [3])
        #expect(index.slots(ofLength: 12).map { index.positions[$0] } == [3])
        #expect(index.slots(ofLength: 7).isEmpty)
    }
}

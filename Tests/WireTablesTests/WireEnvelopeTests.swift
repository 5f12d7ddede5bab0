import JSONCodec
import PushCore
import Testing
import WireTables

/// Optional envelope levels (`WireEnvelope`): a level is entered only when its object holds one of its keys, the
/// first key in the level's order wins, and the object's other members come back in input order; the same over a
/// `JSONValue` and over the parser's borrowed document.
@Suite struct WireEnvelopeTests {
    static let envelope = WireEnvelope([
        .init(["Request", "UsersRequest"]),
        .init(["Configuration"]),
    ])

    static let input =
        #"{"Id":"app","UsersRequest":{"Users":{},"Configuration":{"Message":{"Title":"t"}}},"Request":1}"#

    @Test func aLevelIsEnteredThroughItsFirstKeyWithTheOtherMembersKept() throws {
        let root = try JSONParser().parse(Self.input)
        let source = JSONValueSource()
        let outer = try #require(Self.envelope.entry(0, in: source, root, at: .root))
        // `Request` is looked for first, whatever its type or place: the format reports a value that is not an object.
        #expect(outer.key.description == "Request")
        #expect(outer.value == 1)
        #expect(outer.path == JSONPointer(tokens: ["Request"]))
        #expect(outer.siblings.map { source.keyString($0.key) } == ["Id", "UsersRequest"])
        let users = try #require(root["UsersRequest"])
        let inner = try #require(Self.envelope.entry(1, in: source, users, at: JSONPointer(tokens: ["UsersRequest"])))
        #expect(inner.path == JSONPointer(tokens: ["UsersRequest", "Configuration"]))
        #expect(inner.siblings.map { source.keyString($0.key) } == ["Users"])
    }

    @Test func noLevelWithoutItsKeyOrOutsideAnObject() throws {
        let source = JSONValueSource()
        #expect(Self.envelope.entry(1, in: source, try JSONParser().parse(#"{"Message":{}}"#), at: .root) == nil)
        #expect(Self.envelope.entry(0, in: source, "Request", at: .root) == nil)
        #expect(Self.envelope.entry(2, in: source, try JSONParser().parse(#"{"Request":{}}"#), at: .root) == nil)
        #expect(Self.envelope.levels[0].holds("UsersRequest") && !Self.envelope.levels[0].holds("Configuration"))
    }

    @Test func theBorrowedDocumentIsWalkedTheSameWay() throws {
        var keys: [String] = []
        var siblings: [String] = []
        let bytes = Array(Self.input.utf8)
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            JSONParser().withBorrowedDocument(buffer) { document in
                guard let entry = Self.envelope.entry(0, in: document, document.root, at: .root) else { return }
                keys.append(entry.key.description)
                siblings = entry.siblings.map { document.keyString($0.key) }
            }
        }
        #expect(parsed)
        #expect(keys == ["Request"] && siblings == ["Id", "UsersRequest"])
    }
}

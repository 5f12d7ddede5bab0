import Testing
import PushCore

@Suite("JSON Pointer")
struct JSONPointerTests {
    @Test("RFC 6901 escaping round-trips", arguments: ["", "/a", "/a~1b/c~0d", "/0/ü/", "/~0~1", "/plain/a~1b/ü~0/"])
    func roundTrip(_ text: String) throws {
        let pointer = try #require(JSONPointer(parsing: text))
        #expect(pointer.description == text)
    }

    @Test func rejectsMalformedPointers() {
        #expect(JSONPointer(parsing: "a") == nil)
        #expect(JSONPointer(parsing: "/a~2") == nil)
        #expect(JSONPointer(parsing: "/a~") == nil)
    }

    @Test func resolvesIntoObjectsAndArrays() {
        let document: JSONValue = ["aps": ["alert": ["title": "T"]], "list": [1, 2], "a/b": ["~": true]]
        #expect(JSONPointer(parsing: "/aps/alert/title")?.resolve(in: document) == "T")
        #expect(JSONPointer(parsing: "/list/1")?.resolve(in: document) == 2)
        #expect(JSONPointer(parsing: "/list/01")?.resolve(in: document) == nil)
        #expect(JSONPointer(parsing: "/list/2")?.resolve(in: document) == nil)
        #expect(JSONPointer(parsing: "/a~1b/~0")?.resolve(in: document) == true)
        #expect(JSONPointer.root.resolve(in: document) == document)
    }
}

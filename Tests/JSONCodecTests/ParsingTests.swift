import Foundation
import Testing
import JSONCodec
import PushCore
import PushTestSupport

@Suite("JSON parsing")
struct ParsingTests {
    static let fixtures = Golden.fixturesDirectory()
    /// The fixture files; a missing or empty folder gives one name that fails (``Golden/files(in:suffix:)``).
    static let valid = Golden.files(in: fixtures + "/valid", suffix: ".json")
    static let invalid = Golden.files(in: fixtures + "/invalid", suffix: ".json").filter {
        !$0.hasSuffix(".expected.json")
    }

    static func bytes(_ path: String) -> [UInt8] { Array(FileManager.default.contents(atPath: path) ?? Data()) }

    @Test("simdjson and Jansson agree on every valid fixture", arguments: valid)
    func validAgrees(_ name: String) throws {
        let input = Self.bytes(Self.fixtures + "/valid/" + name)
        let ours = try JSONParser().parse(input)
        switch JanssonReference.parse(input) {
        case .success(let reference):
            #expect(ours == reference, "simdjson and Jansson disagree on \(name)")
        case .failure(let error):
            // Documented difference: Jansson refuses integers above Int64.max.
            #expect(name == "unsigned-beyond-int64.json" && error.kind == .numberOutOfRange, "\(error)")
        }
    }

    @Test("every invalid fixture fails with its expected kind, located by Jansson", arguments: invalid)
    func invalidIsLocated(_ name: String) throws {
        let input = Self.bytes(Self.fixtures + "/invalid/" + name)
        let expected = try #require(
            try Golden.load(
                Self.fixtures + "/invalid/" + name.replacingOccurrences(of: ".json", with: ".expected.json")))
        #expect(throws: JSONParseError.self) { try JSONParser().parse(input) }
        do {
            _ = try JSONParser().parse(input)
            Issue.record("\(name) parsed without an error")
        } catch {
            #expect(error.kind.rawValue == expected["kind"]?.stringValue, "\(name): \(error)")
            #expect(error.line >= 1 && error.column >= 1)
            #expect(error.byteOffset <= input.count)
        }
        if case .success = JanssonReference.parse(input) {
            #expect(name == "too-deep.json", "Jansson accepted \(name) (only the depth limit differs)")
        }
    }

    @Test func errorLocationsHaveLineAndColumn() {
        #expect(
            throws: JSONParseError(
                kind: .duplicateKey, line: 2, column: 4, byteOffset: 12, message: "duplicate object key near '\"a\"'")
        ) {
            try JSONParser().parse(#"{"a":1,"# + "\n" + #" "a":2}"#)
        }
        do {
            _ = try JSONParser().parse("{\"a\":\n  [1,2")
            Issue.record("a truncated text parsed")
        } catch {
            #expect(error.kind == .truncated)
            #expect(error.line == 2)
            #expect(error.column == 6)
            #expect(error.byteOffset == 12)
        }
    }

    @Test func numbersKeepTheirMeaning() throws {
        let value = try JSONParser().parse("[1, 1.0, true, 18446744073709551615, -9223372036854775808]")
        #expect(value == [.integer(1), .double(1.0), .bool(true), .unsignedInteger(.max), .integer(.min)])
    }

    @Test func sizeAndDepthLimitsAreEnforced() {
        do {
            _ = try JSONParser(maximumBytes: 10).parse(#"{"a":"0123456789"}"#)
            Issue.record("no error")
        } catch {
            #expect(error.kind == .tooLarge)
        }
        do {
            _ = try JSONParser(maximumDepth: 3).parse("[[[[1]]]]")
            Issue.record("no error")
        } catch {
            #expect(error.kind == .tooDeep)
            #expect(error.byteOffset == 3)
        }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONParser(maximumBytes: 1 << 20).parse(deep) }
    }

    @Test func manyKeysStillDetectDuplicates() {
        var text = "{"
        for i in 0..<100 { text += "\"k\(i)\":\(i)," }
        text += "\"k50\":0}"
        #expect(throws: JSONParseError.self) { try JSONParser().parse(text) }
    }
}

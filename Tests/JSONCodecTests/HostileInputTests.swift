import Foundation
import Testing
import JSONCodec
import PushCore
import PushTestSupport

/// Inputs an attacker (or a broken client) would send. Each case names the error kind it must get
/// (`json.<kind>`, located at the document root as a finding) and where; none may trap.
@Suite("JSON codec: hostile input")
struct HostileInputTests {
    static let payload =
        Array(
            #"{"aps":{"alert":{"title":"Raid","body":"Join at 20:00 ✓"},"badge":12,"sound":"default","#
                .utf8)
        + Array(
            #""relevance-score":0.75,"mutable-content":1,"loc-args":[null,true,false]},"data":{"k":[1,-2.5e3]}}"#.utf8)

    static func failure(_ bytes: [UInt8], _ parser: JSONParser = JSONParser()) -> JSONParseError? {
        do {
            _ = try parser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Truncation

    @Test func theWholePayloadParses() throws {
        _ = try JSONParser().parse(Self.payload)
    }

    /// Every proper prefix of a real payload is refused: `truncated` when the cut falls between tokens
    /// or inside a string, `syntax` when it splits a literal (`tru`, `nul`, `0.`, `-2.5e`), `invalid-utf8`
    /// when it splits a multi-byte character (the `✓`); never a trap,
    /// always located inside the prefix, and the finding is `json.<kind>` at the root.
    @Test func truncatedAtEveryByteOffset() {
        var kinds: [JSONParseError.Kind: Int] = [:]
        for length in 0..<Self.payload.count {
            let prefix = Array(Self.payload[..<length])
            guard let error = Self.failure(prefix) else {
                Issue.record("prefix of \(length) bytes parsed")
                continue
            }
            kinds[error.kind, default: 0] += 1
            #expect(error.byteOffset <= length, "\(length): \(error)")
            #expect(error.line == 1 && error.column >= 1)
            let expected: Set<JSONParseError.Kind> =
                Self.endsInsideCharacter(prefix)
                ? [.invalidUTF8]
                : Self.endsInsideLiteral(prefix) ? [.syntax, .truncated] : [.truncated]
            #expect(
                expected.contains(error.kind), "\(length) bytes `\(String(decoding: prefix, as: UTF8.self))`: \(error)")
            let finding = error.diagnostic()
            #expect(
                finding.severity == .error && finding.path == .root
                    && finding.code.rawValue == "json.\(error.kind.rawValue)")
        }
        #expect(kinds[.truncated, default: 0] > Self.payload.count / 2, "\(kinds)")
    }

    /// True when `prefix` ends with an incomplete multi-byte UTF-8 sequence.
    static func endsInsideCharacter(_ prefix: [UInt8]) -> Bool {
        var continuation = 0
        for byte in prefix.reversed() {
            if byte & 0xC0 == 0x80 {
                continuation += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return length > continuation + 1
        }
        return false
    }

    /// True when `prefix` ends inside a number or a `true`/`false`/`null` literal (outside strings).
    static func endsInsideLiteral(_ prefix: [UInt8]) -> Bool {
        var strings = JSONStringScanner()
        var literal = false
        for byte in prefix {
            if strings.advance(byte) {
                literal = false
                continue
            }
            literal =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
        }
        return literal && !strings.isInString
    }

    // MARK: - Size and depth limits

    @Test("nesting 100 000 deep is refused at the 129th level", arguments: [("[", "]"), (#"{"a":"#, "}")])
    func deepNesting(open: String, close: String) throws {
        let text = Array(
            (String(repeating: open, count: 100_000) + "1" + String(repeating: close, count: 100_000)).utf8)
        let error = try #require(Self.failure(text, JSONParser(maximumBytes: 4 << 20)))
        #expect(error.kind == .tooDeep)
        #expect(error.byteOffset == 128 * open.utf8.count, "\(error)")
        #expect(error.diagnostic().code.rawValue == "json.too-deep")
        // A raised limit is capped at 4096 levels: still refused, and without exhausting the stack.
        let raised = JSONParser(maximumBytes: 4 << 20, maximumDepth: 1_000_000)
        #expect(raised.maximumDepth == 4096)
        #expect(Self.failure(text, raised)?.kind == .tooDeep)
    }

    @Test func depthAtTheLimitParses() throws {
        let text = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
        _ = try JSONParser().parse(text)
        #expect(Self.failure(Array(("[" + text + "]").utf8))?.kind == .tooDeep)
    }

    @Test func fiftyMegabyteStringHitsTheSizeLimitThenParsesWithARaisedOne() throws {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 50 << 20)
        bytes[0] = UInt8(ascii: "\"")
        bytes[bytes.count - 1] = UInt8(ascii: "\"")
        let error = try #require(Self.failure(bytes))
        #expect(error.kind == .tooLarge)
        #expect(error.byteOffset == JSONParser.defaultMaximumBytes)
        #expect(error.diagnostic().code.rawValue == "json.too-large")
        let value = try JSONParser(maximumBytes: 64 << 20).parse(bytes)
        #expect(value.stringValue?.utf8.count == (50 << 20) - 2)
    }

    // MARK: - Encodings

    /// Bytes that are not UTF-8: `invalid-utf8`, located at (or before) the offending byte.
    @Test(
        "invalid UTF-8 and overlong encodings",
        arguments: [
            ("stray continuation byte", [0x80]),
            ("0xFF", [0xFF]),
            ("overlong slash (C0 AF)", [0xC0, 0xAF]),
            ("overlong NUL (C0 80)", [0xC0, 0x80]),
            ("overlong three-byte slash (E0 80 AF)", [0xE0, 0x80, 0xAF]),
            ("overlong four-byte slash (F0 80 80 AF)", [0xF0, 0x80, 0x80, 0xAF]),
            ("UTF-8-encoded surrogate (ED A0 80)", [0xED, 0xA0, 0x80]),
            ("beyond U+10FFFF (F4 90 80 80)", [0xF4, 0x90, 0x80, 0x80]),
            ("cut multi-byte sequence (E2 9C)", [0xE2, 0x9C]),
        ] as [(String, [UInt8])])
    func invalidUTF8(_ name: String, _ bad: [UInt8]) throws {
        let inString = Array(#"{"k":"ok"#.utf8) + bad + Array(#""}"#.utf8)
        let error = try #require(Self.failure(inString), "\(name) was accepted")
        #expect(error.kind == .invalidUTF8, "\(name): \(error)")
        #expect(error.byteOffset <= 8, "\(name): \(error)")
        #expect(error.diagnostic().code.rawValue == "json.invalid-utf8")
        let inKey = Array(#"{"k"#.utf8) + bad + Array(#"":1}"#.utf8)
        #expect(Self.failure(inKey)?.kind == .invalidUTF8, "\(name) in a key")
    }

    @Test(
        "lone surrogates in \\u escapes are refused",
        arguments: [
            #""\uD800""#, #""\uDBFF""#, #""\uDC00""#, #""\uDFFF""#, #""\uD800\u0041""#, #""\uD800x""#,
            #""\uDC00\uD800""#, #"{"\uD83D":1}"#,
        ])
    func loneSurrogates(_ text: String) throws {
        let error = try #require(Self.failure(Array(text.utf8)), "\(text) was accepted")
        #expect(error.kind == .invalidUTF8, "\(text): \(error)")
    }

    @Test func surrogatePairsDecode() throws {
        #expect(try JSONParser().parse(#""\uD83D\uDE00""#) == .string("😀"))
    }

    @Test func nulInsideStringsIsKeptAndWrittenEscaped() throws {
        let value = try JSONParser().parse(#"{"a\u0000b":"x\u0000y"}"#)
        #expect(value.objectValue?.keys == ["a\u{0}b"])
        #expect(value["a\u{0}b"] == .string("x\u{0}y"))
        #expect(value.compactText == #"{"a\u0000b":"x\u0000y"}"#)
        #expect(try JSONParser().parse(value.compactText) == value)
        // A raw NUL byte is a control character: not allowed unescaped.
        let raw: [UInt8] = [0x22, 0x78, 0x00, 0x79, 0x22]
        #expect(Self.failure(raw)?.kind == .syntax)
        // A NUL byte (which Jansson reads as the end of input) is a syntax error where it is, not `truncated`.
        let lone = Self.failure([0x00])
        #expect(lone?.kind == .syntax)
        #expect(lone?.byteOffset == 0)
        #expect(lone?.message.contains("NUL") == true)
        let leading = Self.failure([0x00, 0x01, 0xFF, 0xFE] + Array(" binary".utf8))
        #expect(leading?.kind == .syntax)
        #expect(leading?.byteOffset == 0)
        let trailing = Self.failure(Array(#"{"a":1}"#.utf8) + [0x00])
        #expect(trailing?.kind == .syntax)
        #expect(trailing?.byteOffset == 7)
    }

    // MARK: - Duplicate keys

    @Test(
        "duplicate keys are refused where they occur",
        arguments: [
            (#"{"a":1,"a":2}"#, 1, 8),
            ("{\"aps\":{\"badge\":1,\n\"badge\":2}}", 2, 1),
            (#"{"x":[{"k":1,"k":1}]}"#, 1, 14),
        ] as [(String, Int, Int)])
    func duplicateKeys(_ text: String, line: Int, column: Int) throws {
        let error = try #require(Self.failure(Array(text.utf8)))
        #expect(error.kind == .duplicateKey)
        #expect(error.line == line, "\(error)")
        #expect(error.column >= column, "\(error)")
        #expect(error.diagnostic().code.rawValue == "json.duplicate-key")
    }

    /// Objects up to 64 members are checked by comparing bytes, larger ones through a set: both find every
    /// repeated key, and neither refuses distinct keys that share a length and first, second and last bytes.
    @Test("every repeated key is found, in small and large objects", arguments: [2, 3, 16, 17, 40, 64, 65, 200])
    func duplicateKeysInObjectsOfEverySize(_ count: Int) throws {
        let keys = (0..<count).map { "k\($0 % 10)x\($0 / 10)k\($0 % 10)" }
        let members = keys.enumerated().map { "\"\($0.element)\":\($0.offset)" }
        #expect(Self.failure(Array(("{" + members.joined(separator: ",") + "}").utf8)) == nil)
        for repeated in Set([0, count / 2, count - 1]) {
            let text = "{" + members.joined(separator: ",") + ",\"\(keys[repeated])\":0}"
            #expect(Self.failure(Array(text.utf8))?.kind == .duplicateKey, "\(count) keys, #\(repeated) repeated")
        }
    }

    @Test func duplicateKeyAfterManyKeysIsFound() throws {
        let keys = (0..<1000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let error = try #require(Self.failure(Array(("{" + keys + ",\"k999\":0}").utf8)))
        #expect(error.kind == .duplicateKey)
    }

    /// Regression: keys that differ in bytes but are canonically equivalent (`é` precomposed and `e` + U+0301)
    /// are one key to `String` and `JSONObject`, so they are a duplicate; they were reported at byte 0 because
    /// Jansson, which compares bytes, accepts them. Now located at the second key.
    @Test(
        "canonically equivalent keys are duplicates, located at the second",
        arguments: [
            (Array("{\"aps\":{},\n \"\u{E9}\":1, \"e\u{301}\":2}".utf8), 20, 2, 9),
            (Array(#"{"aps":{"\u00e9":1,"e\u0301":2}}"#.utf8), 19, 1, 20),
        ] as [([UInt8], Int, Int, Int)])
    func canonicallyEquivalentKeys(_ bytes: [UInt8], offset: Int, line: Int, column: Int) throws {
        let error = try #require(Self.failure(bytes))
        #expect(error.kind == .duplicateKey)
        #expect(error.byteOffset == offset && error.line == line && error.column == column, "\(error)")
    }

    @Test func canonicallyEquivalentKeysInDifferentObjectsAreFine() throws {
        let value = try JSONParser().parse(
            "{\"a\":{\"\u{E9}\":1},\"b\":{\"e\u{301}\":2},\"x\":[\"\u{E9}\",\"e\u{301}\"]}")
        #expect(value["a"]?.objectValue?.count == 1 && value["b"]?.objectValue?.count == 1)
    }

    // MARK: - Numbers

    @Test(
        "numbers at and beyond the edges",
        arguments: [
            ("1e999", nil),
            ("-1e999", nil),
            ("18446744073709551616", nil),
            ("-9223372036854775809", nil),
            ("18446744073709551615", JSONValue.unsignedInteger(.max)),
            ("9223372036854775807", .integer(.max)),
            ("-9223372036854775808", .integer(.min)),
            ("-0", .integer(0)),
            ("-0.0", .double(-0.0)),
            // Underflow is refused as overflow is (issue 22): a non-zero number that would read as 0.
            ("1e-999", nil),
            ("-1e-400", nil),
            ("0e-999", .double(0)),
            ("0.000e-400", .double(0)),
            ("5e-324", .double(.leastNonzeroMagnitude)),
            ("1.7976931348623157e308", .double(.greatestFiniteMagnitude)),
        ] as [(String, JSONValue?)])
    func numbers(_ text: String, _ expected: JSONValue?) throws {
        if let expected {
            let value = try JSONParser().parse(text)
            #expect(value == expected, "\(text) → \(value)")
            #expect(try JSONParser().parse(value.compactText) == value)
        } else {
            let error = try #require(Self.failure(Array(text.utf8)), "\(text) was accepted")
            #expect(error.kind == .numberOutOfRange, "\(text): \(error)")
            #expect(error.byteOffset <= text.utf8.count)
            #expect(error.diagnostic().code.rawValue == "json.number-out-of-range")
        }
    }
}

import Testing
import JSONCodec
import PushCore

/// The writer's fast paths (8-byte skipping in strings, counting without writing) must agree with
/// the plain byte-by-byte definitions on every position of a special byte.
@Suite("JSON writer fast paths")
struct WriterFastPathTests {
    static let specials: [String] = [
        "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{01}", "\u{1F}", "é", "中", "😀", "\u{7F}", " ",
    ]

    @Test("a special character at every offset of a long string", arguments: specials)
    func specialAtEveryOffset(_ special: String) throws {
        for length in 0..<24 {
            for offset in 0...length {
                let plain = String(repeating: "a", count: length)
                let text = String(plain.prefix(offset)) + special + String(plain.dropFirst(offset))
                let value: JSONValue = [
                    "k" + special: .string(text), "n": [.string(text), 12, -7, 0.25, .null, false],
                ]
                let bytes = JSONWriter().bytes(value)
                #expect(JSONWriter.compactSize(of: value) == bytes.count)
                #expect(try JSONParser().parse(bytes) == value)
                #expect(value.compactText == Self.reference(value))
            }
        }
    }

    @Test("an integer appended on its own: the bytes the writer writes for it, after what the buffer held")
    func integerAppended() {
        for value: Int64 in [0, 7, 10, -1, -10, 65_535, .max, .min] {
            var out = Array("x".utf8)
            JSONWriter.appendInteger(value, to: &out)
            #expect(out == Array("x".utf8) + JSONWriter().bytes(.integer(value)), "\(value)")
        }
    }

    @Test("a pointer written as a JSON string without building its text: the same bytes as its description")
    func pointerWrittenInPieces() {
        let tokens = [
            "", "a", "~", "/", "a~b/c", "~01", "\"", "\\", "\n", "é", "😀", "k" + String(repeating: "x", count: 40),
        ]
        var pointers: [JSONPointer] = [.root]
        for first in tokens {
            pointers.append(JSONPointer(tokens: [first]))
            for second in tokens { pointers.append(JSONPointer(tokens: ["extensions", first, second])) }
        }
        for pointer in pointers {
            var pieces: [UInt8] = [UInt8(ascii: "[")]
            var whole: [UInt8] = [UInt8(ascii: "[")]
            JSONWriter.writeString(pointer: pointer, into: &pieces)
            JSONWriter.writeString(pointer.description, into: &whole)
            #expect(pieces == whole, "\(pointer.tokens)")
        }
    }

    @Test func compactSizeOfEveryScalarAndContainer() {
        let values: [JSONValue] = [
            .null, true, false, 0, 9, 10, -1, .integer(.min), .integer(.max), .unsignedInteger(.max), 1.5, -0.0, 1e300,
            .double(.infinity), "", [], [:], [[]], ["": [:]], [1, [2, [3]]], ["a": ["b": ["c": "d"]]],
        ]
        for value in values {
            #expect(JSONWriter.compactSize(of: value) == JSONWriter().bytes(value).count)
        }
    }

    /// The writer's output for strings, one byte at a time (the definition the fast path must match).
    static func reference(_ value: JSONValue) -> String {
        func string(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\u{08}": out += "\\b"
                case "\u{0C}": out += "\\f"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        }
        switch value {
        case .string(let s): return string(s)
        case .array(let a): return "[" + a.map(reference).joined(separator: ",") + "]"
        case .object(let o):
            return "{" + o.members.map { string($0.key) + ":" + reference($0.value) }.joined(separator: ",") + "}"
        default: return value.compactText
        }
    }
}

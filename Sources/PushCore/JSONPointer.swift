/// An RFC 6901 JSON Pointer: the location of every diagnostic (`/aps/alert/title`).
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral, Codable {
    /// The unescaped reference tokens.
    public var tokens: [String]

    /// The whole document (`""`).
    public static let root = JSONPointer(tokens: [])

    /// A pointer from unescaped tokens.
    public init(tokens: [String]) { self.tokens = tokens }

    /// Parses the string form (`""` or `/a/b~1c`); nil when it does not start with `/` or has a bad `~` escape.
    public init?(parsing text: String) {
        if text.isEmpty {
            tokens = []
            return
        }
        guard text.hasPrefix("/") else { return nil }
        var result: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var iterator = raw.makeIterator()
            while let character = iterator.next() {
                if character == "~" {
                    switch iterator.next() {
                    case "0": token.append("~")
                    case "1": token.append("/")
                    default: return nil
                    }
                } else {
                    token.append(character)
                }
            }
            result.append(token)
        }
        tokens = result
    }

    public init(stringLiteral value: String) {
        self = JSONPointer(parsing: value) ?? JSONPointer(tokens: [value])
    }

    /// This pointer extended by an object key.
    public func appending(_ key: String) -> JSONPointer {
        // One buffer, sized once (`tokens + [key]` built an array for the key too): every finding and every
        // recorded field of every record builds one.
        var extended: [String] = []
        extended.reserveCapacity(tokens.count + 1)
        extended.append(contentsOf: tokens)
        extended.append(key)
        return JSONPointer(tokens: extended)
    }

    /// This pointer extended by an array index.
    public func appending(index: Int) -> JSONPointer {
        appending(String(index))
    }

    /// This pointer followed by `other`'s tokens.
    public func appending(_ other: JSONPointer) -> JSONPointer {
        var extended: [String] = []
        extended.reserveCapacity(tokens.count + other.tokens.count)
        extended.append(contentsOf: tokens)
        extended.append(contentsOf: other.tokens)
        return JSONPointer(tokens: extended)
    }

    /// The string form, with `~` and `/` escaped.
    public var description: String {
        // Over UTF-8 bytes (`~` and `/` are ASCII, so no grapheme breaking is needed): this runs for every
        // reported path. Nearly every token has nothing to escape: the string is then written once, at its exact
        // size.
        var count = 0
        for token in tokens {
            var token = token
            let plain = token.withUTF8 { bytes in
                !bytes.contains { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }
            }
            guard plain else { return escapedDescription }
            count += token.utf8.count + 1
        }
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var at = 0
            for token in tokens {
                buffer[at] = UInt8(ascii: "/")
                at += 1
                var token = token
                token.withUTF8 { bytes in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[at...]).initialize(fromContentsOf: bytes)
                    at += bytes.count
                }
            }
            return at
        }
    }

    /// ``description`` byte by byte, `~` and `/` escaped.
    private var escapedDescription: String {
        var out: [UInt8] = []
        out.reserveCapacity(tokens.reduce(0) { $0 + $1.utf8.count + 3 })
        for token in tokens {
            out.append(UInt8(ascii: "/"))
            for byte in token.utf8 {
                switch byte {
                case UInt8(ascii: "~"): out.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "0")])
                case UInt8(ascii: "/"): out.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "1")])
                default: out.append(byte)
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The value this pointer designates in `document`, if any.
    public func resolve(in document: JSONValue) -> JSONValue? {
        var current = document
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let array):
                guard let index = Int(token), index >= 0, index < array.count,
                    token == String(index)
                else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let pointer = JSONPointer(parsing: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a JSON Pointer"))
        }
        self = pointer
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
public import PushCore
import CSimdjson

/// Parses JSON text into ``PushCore/JSONValue``.
///
/// simdjson (`csimdjson_parse`, its DOM parser) parses every input. When it rejects one, the same
/// bytes are parsed again by Jansson (`json_loadb` with `JSON_REJECT_DUPLICATES | JSON_DECODE_ANY |
/// JSON_ALLOW_NUL`) only to say where and why, since simdjson gives just an error code.
///
/// Differences from Jansson, documented: integers in `Int64.max+1 ... UInt64.max` are accepted (as
/// ``PushCore/JSONValue/unsignedInteger(_:)``; Jansson refuses them); integers beyond 64 bits are refused with
/// ``JSONParseError/Kind/numberOutOfRange``, as Jansson does.
public struct JSONParser: Sendable {
    /// Largest input accepted, in bytes. Default 1 MiB.
    public var maximumBytes: Int
    /// Deepest nesting accepted (arrays and objects). Default 128.
    public var maximumDepth: Int

    /// The default limits: 1 MiB, depth 128.
    public static let defaultMaximumBytes = 1 << 20
    /// The default depth limit.
    public static let defaultMaximumDepth = 128

    /// A parser refusing more than `maximumBytes` (default 1 MiB) and nesting deeper than `maximumDepth` (default
    /// 128, capped at 4096).
    public init(maximumBytes: Int = JSONParser.defaultMaximumBytes, maximumDepth: Int = JSONParser.defaultMaximumDepth)
    {
        self.maximumBytes = maximumBytes
        self.maximumDepth = max(1, min(maximumDepth, 4096))
    }

    /// Parses `bytes`. Throws a located error for anything that is not exactly one JSON value,
    /// for duplicate keys, and past the size and depth limits.
    public func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> =
            bytes.withContiguousStorageIfAvailable { buffer in parseBuffer(buffer) }
            ?? Array(bytes).withUnsafeBufferPointer { buffer in parseBuffer(buffer) }
        return try result.get()
    }

    /// Parses the UTF-8 of `text`.
    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { parseBuffer($0) }
        return try result.get()
    }

    func parseBuffer(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONParseError> {
        withDocument(buffer) { document in document.map { $0.jsonValue($0.root) } }
    }

    /// Parses `buffer` and lends the document to `body`, in which alone it is valid: the parser that holds it is
    /// this thread's next free one, taken for the call and freed when `body` returns, so documents lent while
    /// another is in use (one parsed from a string of it) nest without a slot being picked by hand. Nil on any
    /// error (size, depth, syntax, duplicate key), without calling `body`; the caller that needs the error parses
    /// with ``parse(_:)-(some Collection<UInt8>)``.
    package func withBorrowedDocument(_ buffer: UnsafeBufferPointer<UInt8>, _ body: (BorrowedDocument) -> Void) -> Bool
    {
        guard let document = lend(buffer) else { return false }
        defer { csimdjson_return_dom() }
        body(document)
        return true
    }

    /// `body` given `value` as a borrowed document: written compact (the bytes ``JSONWriter`` writes for it) into this
    /// thread's scratch buffer, which is reused (nothing allocated), then parsed. `body` is also given the compact
    /// size. False, without calling `body`, when the bytes do not make a document this parser takes (over
    /// ``maximumBytes`` or ``maximumDepth``, or a key repeated in one object).
    package func withBorrowedDocument(
        of value: JSONValue, _ body: (_ document: BorrowedDocument, _ size: Int) -> Void
    ) -> Bool {
        var scratch = ByteBuffer.lend(capacity: 256)
        defer { scratch.release() }
        JSONWriter.writeCompact(value, into: &scratch)
        let bytes = scratch.bytes
        return withBorrowedDocument(bytes) { body($0, bytes.count) }
    }

    /// The document of `buffer` from this thread's next free parser, which `csimdjson_return_dom` frees; nil
    /// (nothing lent) on any error.
    private func lend(_ buffer: UnsafeBufferPointer<UInt8>) -> BorrowedDocument? {
        guard buffer.count <= maximumBytes, let base = buffer.baseAddress, buffer.count > 0 else { return nil }
        let raw = csimdjson_lend_dom(base, buffer.count, maximumDepth)
        guard raw.error == 0, let tape = raw.tape, let strings = raw.strings, raw.tape_length > 2 else {
            csimdjson_return_dom()
            return nil
        }
        let document = BorrowedDocument(tape: tape, count: raw.tape_length, strings: strings, inputCount: buffer.count)
        guard document.firstDuplicateKey() == nil else {
            csimdjson_return_dom()
            return nil
        }
        return document
    }

    /// Parses `buffer` and writes it back compactly (minified, byte for byte what ``JSONWriter`` writes for the
    /// parsed value) without building a ``PushCore/JSONValue``; nil when it does not parse.
    package func compactBytes(_ buffer: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        let parsed = withBorrowedDocument(buffer) { document in
            out.reserveCapacity(buffer.count)
            document.writeCompact(document.root, into: &out)
        }
        return parsed ? out : nil
    }

    /// Parses `buffer` and lends the document to `body` (no ``PushCore/JSONValue`` is built), valid only inside it
    /// (see ``withBorrowedDocument(_:_:)``). The same errors as ``parse(_:)-(some Collection<UInt8>)``, duplicate
    /// keys included.
    package func withDocument<R>(
        _ buffer: UnsafeBufferPointer<UInt8>, _ body: (Result<BorrowedDocument, JSONParseError>) -> R
    ) -> R {
        if buffer.count > maximumBytes {
            return body(
                .failure(
                    .located(
                        .tooLarge, at: maximumBytes, in: buffer,
                        "input is \(buffer.count) bytes, over the limit of \(maximumBytes)")))
        }
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            return body(
                .failure(
                    JSONParseError(
                        kind: .bom, line: 1, column: 1, byteOffset: 0,
                        message: "the input starts with a UTF-8 byte-order mark (EF BB BF), which JSON text must not "
                            + "have: remove it")))
        }
        // simdjson's dom parser needs a valid pointer even for empty input.
        guard let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1) else {
            return body(.failure(.located(.truncated, at: 0, in: buffer, "empty input")))
        }
        let raw = csimdjson_lend_dom(base, buffer.count, maximumDepth)
        defer { csimdjson_return_dom() }
        if raw.error != 0 {
            return body(.failure(JanssonLocator.locate(buffer, simdjsonError: raw.error, maximumDepth: maximumDepth)))
        }
        guard let tape = raw.tape, let strings = raw.strings, raw.tape_length > 2 else {
            return body(.failure(.located(.syntax, at: 0, in: buffer, "parser returned no document")))
        }
        if let offset = Self.firstUnderflow(in: buffer) {
            // simdjson reads `1e-400` as 0.0: refused as `1e999` is, since neither fits a Double.
            return body(
                .failure(
                    .located(
                        .numberOutOfRange, at: offset, in: buffer,
                        "real number underflow: a non-zero number too small for a Double (it would read as 0)")))
        }
        let document = BorrowedDocument(tape: tape, count: raw.tape_length, strings: strings, inputCount: buffer.count)
        if let key = document.firstDuplicateKey() {
            // A duplicate key: let Jansson locate it (it rejects duplicates too).
            return body(
                .failure(
                    JanssonLocator.locate(buffer, simdjsonError: 0, maximumDepth: maximumDepth, duplicateKey: key)))
        }
        return body(.success(document))
    }
}

extension JSONParser {
    /// The byte offset of the first number that is not zero but reads as 0.0 (`1e-400`); nil when there is none.
    /// Only input with a negative exponent (`e-`, found with `memchr` over the `-` signs) is scanned number by
    /// number, so the common case costs one vectorised pass.
    static func firstUnderflow(in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        var from = 1
        var negativeExponent = false
        while from < buffer.count, let found = memchr(base + from, 0x2D, buffer.count - from) {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if buffer[at - 1] | 0x20 == UInt8(ascii: "e") {
                negativeExponent = true
                break
            }
            from = at + 1
        }
        guard negativeExponent else { return nil }
        var index = 0
        var inString = false
        while index < buffer.count {
            let byte = buffer[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) else {
                index += 1
                continue
            }
            let start = index
            var nonZeroMantissa = false
            var exponent = false
            while index < buffer.count {
                let c = buffer[index]
                if c | 0x20 == UInt8(ascii: "e") {
                    exponent = true
                } else if !exponent && c >= 0x31 && c <= 0x39 {
                    nonZeroMantissa = true
                } else if !(c >= 0x30 && c <= 0x39) && c != UInt8(ascii: "-") && c != UInt8(ascii: "+")
                    && c != UInt8(ascii: ".")
                {
                    break
                }
                index += 1
            }
            if exponent && nonZeroMantissa {
                let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
                if let value = Double(text), value == 0 { return start }
            }
        }
        return nil
    }
}

import PushNormaliser
import Testing

/// The array splitter (string contents skipped eight bytes at a time) and the NDJSON splitter against a plain
/// byte-at-a-time reference, over generated inputs full of the bytes that matter (quotes, backslashes, newlines,
/// brackets, commas, stray bytes), fed whole, in blocks of every size from 1 to 17, and as spans of a buffer the
/// caller keeps (``RecordSplitter/split(_:carried:into:)``, as `pushnorm` reads).
@Suite("Record splitting against a byte-at-a-time reference")
struct RecordSplitterReferenceTests {
    struct Split: Equatable, CustomStringConvertible {
        var text: String
        var line: Int
        var index: Int
        var after: RecordSplitter.Position
        var description: String { "\(index)@\(line):\(text) -> \(after.offset)/\(after.line)/\(after.closed)" }
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// The elements of a top-level array, one byte at a time (the splitter's rules, written plainly).
    static func reference(array bytes: [UInt8]) -> (records: [Split], stray: Bool) {
        var records: [Split] = []
        var pending: [UInt8] = []
        var line = 1
        var recordLine = 1
        var depth = 0
        var inString = false
        var escaped = false
        var started = false
        var finished = false
        var stray = false
        func emit(_ next: Int) {
            var start = 0
            var end = pending.count
            while start < end, isSpace(pending[start]) { start += 1 }
            while end > start, isSpace(pending[end - 1]) { end -= 1 }
            if start < end {
                records.append(
                    Split(
                        text: String(decoding: pending[start..<end], as: UTF8.self), line: recordLine,
                        index: records.count + 1,
                        after: .init(offset: next, line: line, records: records.count + 1, closed: finished)))
            }
            pending = []
        }
        for (at, byte) in bytes.enumerated() {
            if byte == 0x0A { line += 1 }
            if finished {
                if !isSpace(byte) { stray = true }
                continue
            }
            if !started {
                if byte == UInt8(ascii: "[") {
                    started = true
                    recordLine = line
                } else if !isSpace(byte) {
                    stray = true
                }
                continue
            }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                pending.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                if pending.isEmpty { recordLine = line }
                inString = true
                pending.append(byte)
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if pending.isEmpty { recordLine = line }
                depth += 1
                pending.append(byte)
            case UInt8(ascii: "]") where depth == 0:
                finished = true
                emit(at + 1)
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                pending.append(byte)
            case UInt8(ascii: ",") where depth == 0:
                emit(at + 1)
            default:
                if pending.isEmpty && !isSpace(byte) { recordLine = line }
                if !(pending.isEmpty && isSpace(byte)) { pending.append(byte) }
            }
        }
        emit(bytes.count)
        return (records, stray)
    }

    static func viaFeed(_ bytes: [UInt8], _ shape: RecordSplitter.Shape, blockSize: Int) -> ([Split], Bool) {
        var splitter = RecordSplitter(shape: shape)
        var records: [RecordSplitter.Record] = []
        var start = 0
        while start < bytes.count {
            records += splitter.feed(bytes[start..<min(bytes.count, start + blockSize)])
            start += blockSize
        }
        records += splitter.finish()
        let splits = records.map {
            Split(text: String(decoding: $0.bytes, as: UTF8.self), line: $0.line, index: $0.index, after: $0.after)
        }
        return (splits, splitter.strayBytes)
    }

    /// As `pushnorm` reads: one growing buffer, records as spans of it, the unconsumed tail carried.
    static func viaSpans(_ bytes: [UInt8], _ shape: RecordSplitter.Shape, blockSize: Int) -> ([Split], Bool) {
        var splitter = RecordSplitter(shape: shape)
        var buffer: [UInt8] = []
        var spans: [RecordSplitter.Span] = []
        var splits: [Split] = []
        func take(_ buffer: UnsafeBufferPointer<UInt8>) {
            for span in spans {
                splits.append(
                    Split(
                        text: String(decoding: buffer[span.start..<span.end], as: UTF8.self), line: span.line,
                        index: span.index, after: span.after))
            }
            spans = []
        }
        var start = 0
        while start < bytes.count {
            let carried = buffer.count
            buffer += bytes[start..<min(bytes.count, start + blockSize)]
            start += blockSize
            let consumed = buffer.withUnsafeBufferPointer { all in
                let consumed = splitter.split(all, carried: carried, into: &spans)
                take(all)
                return consumed
            }
            buffer.removeFirst(consumed)
        }
        buffer.withUnsafeBufferPointer { rest in
            splitter.splitEnd(rest, into: &spans)
            take(rest)
        }
        return (splits, splitter.strayBytes)
    }

    /// Deterministic inputs: pieces that stress strings (long runs, escapes at word boundaries, newlines inside
    /// strings), nesting and separators.
    static func inputs(count: Int) -> [[UInt8]] {
        let pieces = [
            "\"", "\\", "\\\"", "\\\\", ",", "[", "]", "{", "}", "\n", " ", "\r\n", "1", "x", ":",
            "\"abcdefghijklmnop\"",
            "\"é€😀\"", "\"a,b]c[d\"", "\"\\\\\\\"\"", "{\"k\":[1,2,{\"n\":\"]\"}]}", "    ", "\t",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var out: [[UInt8]] = []
        for _ in 0..<count {
            var text = next(4) == 0 ? " x" : ""
            text += next(8) == 0 ? "" : "[\n"
            for _ in 0..<next(40) { text += pieces[next(pieces.count)] }
            if next(3) > 0 { text += "]" }
            if next(4) == 0 { text += " trailing\n" }
            out.append(Array(text.utf8))
        }
        return out
    }

    @Test("arrays: feed, spans and the reference agree at every block size")
    func arrays() {
        for bytes in Self.inputs(count: 400) {
            let expected = Self.reference(array: bytes)
            for blockSize in [1, 2, 3, 5, 7, 8, 9, 16, 17, bytes.count + 1] {
                let fed = Self.viaFeed(bytes, .jsonArray, blockSize: blockSize)
                #expect(fed.0 == expected.records && fed.1 == expected.stray, "feed/\(blockSize): \(Array(bytes))")
                let spans = Self.viaSpans(bytes, .jsonArray, blockSize: blockSize)
                #expect(spans.0 == expected.records && spans.1 == expected.stray, "spans/\(blockSize)")
            }
        }
    }

    @Test("NDJSON: feed and spans agree at every block size, lines trimmed")
    func lines() {
        for bytes in Self.inputs(count: 200) {
            let whole = Self.viaFeed(bytes, .ndjson, blockSize: bytes.count + 1).0
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated().compactMap {
                offset, line -> (Int, String)? in
                let trimmed = line.drop(while: Self.isSpace).reversed().drop(while: Self.isSpace).reversed()
                return trimmed.isEmpty ? nil : (offset + 1, String(decoding: Array(trimmed), as: UTF8.self))
            }
            #expect(whole.map(\.line) == lines.map(\.0) && whole.map(\.text) == lines.map(\.1))
            for blockSize in [1, 2, 3, 8, 13] {
                #expect(Self.viaFeed(bytes, .ndjson, blockSize: blockSize).0 == whole)
                #expect(Self.viaSpans(bytes, .ndjson, blockSize: blockSize).0 == whole)
            }
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import PushCore

/// Splits a byte stream into records without parsing them: NDJSON lines, or the elements of one
/// top-level JSON array (tracked by bracket depth outside strings). Feed blocks with ``feed(_:)``;
/// complete records come out in order with their 1-based line number; memory holds at most one
/// partial record.
public struct RecordSplitter: Sendable {
    /// The input shape.
    public enum Shape: Sendable, Hashable {
        /// One JSON text per line.
        case ndjson
        /// One JSON array whose elements are the records.
        case jsonArray
    }

    /// A point between two records of the stream: where a splitter can start again (``init(shape:resumingAt:)``)
    /// to produce exactly the records after it, numbered as they would have been. What a checkpoint stores.
    public struct Position: Sendable, Hashable {
        /// Bytes of the stream before this point.
        public var offset: Int
        /// 1-based line of the byte at `offset`.
        public var line: Int
        /// Records before this point.
        public var records: Int
        /// True after the closing `]` of an array (only stray bytes can follow).
        public var closed: Bool

        public init(offset: Int = 0, line: Int = 1, records: Int = 0, closed: Bool = false) {
            self.offset = offset
            self.line = line
            self.records = records
            self.closed = closed
        }
    }

    /// One record's bytes and where it started.
    public struct Record: Sendable {
        /// The record's bytes (no surrounding whitespace or separators).
        public var bytes: [UInt8]
        /// 1-based line of the record's first byte.
        public var line: Int
        /// 1-based record number.
        public var index: Int
        /// The point just after the record and its separator (newline or `,`): where the next one is looked for.
        public var after: Position

        public init(bytes: [UInt8], line: Int, index: Int, after: Position? = nil) {
            self.bytes = bytes
            self.line = line
            self.index = index
            self.after = after ?? Position(offset: 0, line: line, records: index)
        }
    }

    public let shape: Shape
    private var pending: [UInt8] = []
    private var line = 1
    private var recordLine = 1
    private var count = 0
    /// Bytes fed before the current block (plus the offset resumed at).
    private var consumed = 0
    // jsonArray state
    private var depth = 0
    private var strings = JSONStringScanner()
    private var started = false
    private var finished = false
    /// Bytes outside the array or between elements that are not `,` or whitespace.
    public private(set) var strayBytes = false

    public init(shape: Shape) { self.shape = shape }

    /// A splitter that continues a stream at `position` (a record's ``Record/after``): feed it the bytes from
    /// `position.offset` on. An array is taken as opened, between two elements.
    public init(shape: Shape, resumingAt position: Position) {
        self.shape = shape
        consumed = position.offset
        line = position.line
        recordLine = position.line
        count = position.records
        started = shape == .jsonArray
        finished = position.closed
    }

    /// The point after everything fed so far (meaningful between records: after ``finish()``).
    public var position: Position {
        Position(offset: consumed, line: line, records: count, closed: finished)
    }

    /// The shape of an input whose first non-whitespace byte is `first`.
    public static func shape(startingWith first: UInt8?) -> Shape {
        first == UInt8(ascii: "[") ? .jsonArray : .ndjson
    }

    /// How an input that does not start with `[` is laid out, decided from its first bytes without parsing.
    public enum Layout: Sendable, Hashable {
        /// One record per line: the first non-blank line is a whole JSON value (its brackets close on it) and
        /// another non-blank line follows.
        case lines
        /// One document (a single line, or a value spread over several lines, such as a pretty-printed object):
        /// read whole, so a syntax error is reported at its real line and column.
        case document
    }

    /// The layout of an input beginning with `head`; nil until the bytes seen decide it (`atEnd`: there are no more).
    public static func layout(of head: some Collection<UInt8>, atEnd: Bool) -> Layout? {
        var scanner = JSONStringScanner()
        var depth = 0
        var started = false
        var firstLineComplete = false
        for byte in head {
            let isBlank = byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
            if firstLineComplete {
                if !isBlank { return .lines }
                continue
            }
            if !started {
                if isBlank { continue }
                started = true
            }
            if scanner.advance(byte) { continue }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case 0x0A:
                // The end of the first line: a value still open continues on the next lines.
                if depth > 0 { return .document }
                firstLineComplete = true
            default: break
            }
        }
        return atEnd ? .document : nil
    }

    /// Consumes `block` and returns the records completed by it.
    public mutating func feed(_ block: some Collection<UInt8>) -> [Record] {
        var out: [Record] = []
        // Work on contiguous bytes: a loop over a concrete buffer, not over a generic collection's
        // iterator (which, unspecialised across modules, cost more than the conversions themselves).
        let fed: Void? = block.withContiguousStorageIfAvailable { feed(buffer: $0, into: &out) }
        if fed == nil { Array(block).withUnsafeBufferPointer { feed(buffer: $0, into: &out) } }
        consumed += block.count
        return out
    }

    private mutating func feed(buffer: UnsafeBufferPointer<UInt8>, into out: inout [Record]) {
        switch shape {
        case .ndjson: feedLines(buffer, into: &out)
        case .jsonArray: feedArray(buffer, into: &out)
        }
    }

    /// Ends the input and returns the last record, if any (an unterminated last line, or an
    /// unterminated array element, which then fails to parse and is reported).
    public mutating func finish() -> [Record] {
        var out: [Record] = []
        emit(into: &out, next: 0, line: line)
        return out
    }

    /// Emits the pending record, which ends before byte `next` of the current block; `line` is that byte's line.
    private mutating func emit(into out: inout [Record], next: Int, line: Int) {
        if let bytes = pending.withUnsafeBufferPointer(Self.trimmed) {
            count += 1
            out.append(Record(bytes: bytes, line: recordLine, index: count, after: after(next, line)))
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// `emit(into:)` for a record that lies whole in the fed block (nothing pending): no copy through `pending`.
    private mutating func emit(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [Record], next: Int, line: Int) {
        if let bytes = Self.trimmed(bytes) {
            count += 1
            out.append(Record(bytes: bytes, line: recordLine, index: count, after: after(next, line)))
        }
    }

    private func after(_ next: Int, _ line: Int) -> Position {
        Position(offset: consumed + next, line: line, records: count, closed: finished)
    }

    /// The bytes without surrounding whitespace; nil when nothing is left.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return start < end ? Array(bytes[start..<end]) : nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private mutating func feedLines(_ block: UnsafeBufferPointer<UInt8>, into out: inout [Record]) {
        var start = 0
        while start < block.count {
            // memchr: the C library's vectorised scan (a byte-by-byte loop cost more than a conversion's parse).
            guard let base = block.baseAddress,
                let found = memchr(base + start, 0x0A, block.count - start)
            else {
                pending.append(contentsOf: block[start...])
                return
            }
            let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if pending.isEmpty {
                emit(
                    UnsafeBufferPointer(rebasing: block[start..<newline]), into: &out, next: newline + 1, line: line + 1
                )
            } else {
                pending.append(contentsOf: block[start..<newline])
                emit(into: &out, next: newline + 1, line: line + 1)
            }
            line += 1
            recordLine = line
            start = newline + 1
        }
    }

    private mutating func feedArray(_ block: UnsafeBufferPointer<UInt8>, into out: inout [Record]) {
        for (at, byte) in block.enumerated() {
            if byte == 0x0A { line += 1 }
            if finished {
                if !Self.isSpace(byte) { strayBytes = true }
                continue
            }
            if !started {
                if byte == UInt8(ascii: "[") {
                    started = true
                    recordLine = line
                } else if !Self.isSpace(byte) {
                    strayBytes = true
                }
                continue
            }
            let opensString = !strings.isInString
            if strings.advance(byte) {
                if opensString && pending.isEmpty { recordLine = line }
                pending.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if pending.isEmpty { recordLine = line }
                depth += 1
                pending.append(byte)
            case UInt8(ascii: "]") where depth == 0:
                finished = true
                emit(into: &out, next: at + 1, line: line)
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                pending.append(byte)
            case UInt8(ascii: ",") where depth == 0:
                emit(into: &out, next: at + 1, line: line)
            default:
                if pending.isEmpty && !Self.isSpace(byte) { recordLine = line }
                if !(pending.isEmpty && Self.isSpace(byte)) { pending.append(byte) }
            }
        }
    }
}

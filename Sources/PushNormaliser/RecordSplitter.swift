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

        /// A position after `records` records, at byte `offset` and `line`.
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

        /// A record: its bytes, its 1-based line and 0-based index, and the position after it.
        public init(bytes: [UInt8], line: Int, index: Int, after: Position? = nil) {
            self.bytes = bytes
            self.line = line
            self.index = index
            self.after = after ?? Position(offset: 0, line: line, records: index)
        }
    }

    /// Where a record lies in the buffer given to ``split(_:carried:into:)`` (no copy of its bytes), and where it
    /// started in the stream.
    public struct Span: Sendable {
        /// The record's first byte in the buffer (surrounding whitespace and separators left out).
        public var start: Int
        /// One past its last byte.
        public var end: Int
        /// 1-based line of the record's first byte.
        public var line: Int
        /// 1-based record number.
        public var index: Int
        /// The point just after the record and its separator, as ``Record/after``.
        public var after: Position

        /// A record span: its byte range, 1-based line and 0-based index, and the position after it.
        public init(start: Int, end: Int, line: Int, index: Int, after: Position) {
            self.start = start
            self.end = end
            self.line = line
            self.index = index
            self.after = after
        }
    }

    /// How the input holds its records.
    public let shape: Shape
    /// The bytes fed and not yet consumed by a record (``feed(_:)`` only; ``split(_:carried:into:)`` leaves them
    /// with the caller).
    private var pending: [UInt8] = []
    private var line = 1
    private var recordLine = 1
    private var count = 0
    /// Bytes of the stream before the buffer the next ``split(_:carried:into:)`` gets (plus the offset resumed at).
    private var base = 0
    // jsonArray state
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var started = false
    private var finished = false
    /// True while nothing but whitespace has been seen since the last separator.
    private var atRecordStart = true
    /// Bytes outside the array or between elements that are not `,` or whitespace.
    public private(set) var strayBytes = false
    /// The line of the first empty array element (`[,`, `,,` or a trailing `,]`); nil when there is none.
    public private(set) var firstEmptyElementLine: Int?
    /// True once a `,` has separated two elements at the array's top level.
    private var sawSeparator = false

    /// True when an array was opened and its closing `]` has not been seen (at the end: the input was cut).
    public var isUnclosed: Bool { shape == .jsonArray && started && !finished }
    /// True inside an array element that is not complete (inside a nested value or a string).
    public var isInsideElement: Bool { shape == .jsonArray && started && !finished && (depth > 0 || inString) }
    /// The current line (after everything scanned).
    public var currentLine: Int { line }

    /// A splitter for input of `shape`.
    public init(shape: Shape) { self.shape = shape }

    /// A splitter that continues a stream at `position` (a record's ``Record/after``): feed it the bytes from
    /// `position.offset` on. An array is taken as opened, between two elements.
    public init(shape: Shape, resumingAt position: Position) {
        self.shape = shape
        base = position.offset
        line = position.line
        recordLine = position.line
        count = position.records
        started = shape == .jsonArray
        finished = position.closed
    }

    /// The point after everything fed so far (meaningful between records: after ``finish()``).
    public var position: Position {
        Position(offset: base + pending.count, line: line, records: count, closed: finished)
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
        var scanner = LayoutScanner()
        return scanner.scan(head, atEnd: atEnd)
    }

    /// ``layout(of:atEnd:)`` over an input that arrives in blocks: each byte is scanned once, however many blocks
    /// it takes to decide (rescanning the head on every read would make a long first line quadratic).
    public struct LayoutScanner: Sendable {
        private var scanner = JSONStringScanner()
        private var depth = 0
        private var started = false
        private var firstLineComplete = false
        private var decided: Layout?
        /// Bytes scanned so far: pass the input from here on.
        public private(set) var scanned = 0

        /// A scanner that has seen no byte yet.
        public init() {}

        /// Scans `bytes` (the input after the first ``scanned`` bytes); the layout once decided.
        public mutating func scan(_ bytes: some Collection<UInt8>, atEnd: Bool) -> Layout? {
            if let decided { return decided }
            decided = Self.decide(
                bytes, atEnd: atEnd, scanner: &scanner, depth: &depth, started: &started,
                firstLineComplete: &firstLineComplete, scanned: &scanned)
            return decided
        }

        private static func decide(
            _ head: some Collection<UInt8>, atEnd: Bool, scanner: inout JSONStringScanner, depth: inout Int,
            started: inout Bool, firstLineComplete: inout Bool, scanned: inout Int
        ) -> Layout? {
            for byte in head {
                scanned += 1
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
    }

    // MARK: - Records in the caller's buffer

    /// Finds the records that end in `buffer` without copying them: appends each one's ``Span`` (offsets into
    /// `buffer`) to `spans` and returns how many bytes of `buffer` they consumed (with their separators, and any
    /// bytes that belong to no record). The caller keeps the rest, `buffer[consumed...]`, and passes it again at
    /// the start of the next buffer, saying how long it is (`carried`): those bytes were scanned already.
    /// The first call passes `carried: 0`.
    public mutating func split(
        _ buffer: UnsafeBufferPointer<UInt8>, carried: Int, into spans: inout [Span]
    ) -> Int {
        let consumed: Int
        switch shape {
        case .ndjson: consumed = splitLines(buffer, from: carried, into: &spans)
        case .jsonArray: consumed = splitArray(buffer, from: carried, into: &spans)
        }
        base += consumed
        return consumed
    }

    /// Leaves `count` bytes of the stream out: those after the carried bytes and before the next buffer (the middle
    /// of a line over the size limit, read and not kept). Positions after them stay true to the stream.
    public mutating func skip(_ count: Int) { base += count }

    /// Ends the input: the bytes left over (`buffer`, as carried by the last ``split(_:carried:into:)``) make
    /// the last record, if they hold one (an unterminated last line, or an unterminated array element, which then
    /// fails to parse and is reported).
    public mutating func splitEnd(_ buffer: UnsafeBufferPointer<UInt8>, into spans: inout [Span]) {
        emit(buffer, from: 0, to: buffer.count, next: buffer.count, line: line, into: &spans)
        base += buffer.count
    }

    /// Appends the span of the record in `buffer[from..<to]` without its surrounding whitespace, if anything is
    /// left; `next` is where the stream goes on (relative to `buffer`, whose first byte is at `base`), `line` that
    /// point's line.
    private mutating func emit(
        _ buffer: UnsafeBufferPointer<UInt8>, from: Int, to: Int, next: Int, line: Int, into spans: inout [Span]
    ) {
        var start = from
        var end = to
        while start < end, Self.isSpace(buffer[start]) { start += 1 }
        while end > start, Self.isSpace(buffer[end - 1]) { end -= 1 }
        guard start < end else { return }
        count += 1
        spans.append(
            Span(
                start: start, end: end, line: recordLine, index: count,
                after: Position(offset: base + next, line: line, records: count, closed: finished)))
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// NDJSON: every newline ends a record (blank lines make none). The carried bytes hold no newline.
    private mutating func splitLines(
        _ buffer: UnsafeBufferPointer<UInt8>, from carried: Int, into spans: inout [Span]
    ) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var start = 0
        var scan = carried
        // memchr: the C library's vectorised scan (a byte-by-byte loop cost more than a conversion's parse).
        while scan < buffer.count, let found = memchr(base + scan, 0x0A, buffer.count - scan) {
            let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            emit(buffer, from: start, to: newline, next: newline + 1, line: line + 1, into: &spans)
            line += 1
            recordLine = line
            start = newline + 1
            scan = start
        }
        return start
    }

    /// A JSON array: a `,` or the closing `]` at depth 0, outside strings, ends an element. The carried bytes
    /// were scanned by the previous call (the state here is after them). The state lives in locals for the loop;
    /// string contents are skipped 8 bytes at a time up to the next `"`, `\\` or newline.
    private mutating func splitArray(
        _ buffer: UnsafeBufferPointer<UInt8>, from carried: Int, into spans: inout [Span]
    ) -> Int {
        guard let bytes = buffer.baseAddress else { return 0 }
        let count = buffer.count
        var start = 0  // the first byte not yet consumed
        var at = carried
        var line = self.line
        var depth = self.depth
        var inString = self.inString
        var escaped = self.escaped
        var atRecordStart = self.atRecordStart
        defer {
            self.line = line
            self.depth = depth
            self.inString = inString
            self.escaped = escaped
            self.atRecordStart = atRecordStart
        }
        scan: while at < count {
            if inString && !escaped {
                // A string's contents up to its closing quote, in one tight loop: plain bytes 8 at a time, an escape
                // as a pair, newlines counted.
                while true {
                    at = Self.stringBytesEnd(bytes, from: at, to: count)
                    if at == count { break scan }
                    switch bytes[at] {
                    case UInt8(ascii: "\""):
                        inString = false
                        at += 1
                        continue scan
                    case 0x0A:
                        line += 1
                        at += 1
                    default:  // a backslash
                        if at + 1 == count {
                            escaped = true
                            at += 1
                            break scan
                        }
                        if bytes[at + 1] == 0x0A { line += 1 }
                        at += 2
                    }
                }
            }
            let byte = bytes[at]
            let next = at + 1
            defer { at = next }
            if byte == 0x0A { line += 1 }
            if finished {
                if !Self.isSpace(byte) { strayBytes = true }
                start = next
                continue
            }
            if !started {
                if byte == UInt8(ascii: "[") {
                    started = true
                    recordLine = line
                } else if !Self.isSpace(byte) {
                    strayBytes = true
                }
                start = next
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
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                if atRecordStart { recordLine = line }
                inString = true
                atRecordStart = false
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if atRecordStart { recordLine = line }
                depth += 1
                atRecordStart = false
            case UInt8(ascii: "]") where depth == 0:
                finished = true
                let before = spans.count
                emit(buffer, from: start, to: at, next: next, line: line, into: &spans)
                if spans.count == before && (sawSeparator || count > 0) && firstEmptyElementLine == nil {
                    firstEmptyElementLine = line
                }
                atRecordStart = true
                start = next
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                atRecordStart = false
            case UInt8(ascii: ",") where depth == 0:
                let before = spans.count
                emit(buffer, from: start, to: at, next: next, line: line, into: &spans)
                if spans.count == before && firstEmptyElementLine == nil { firstEmptyElementLine = line }
                sawSeparator = true
                atRecordStart = true
                start = next
            default:
                if atRecordStart && !Self.isSpace(byte) {
                    recordLine = line
                    atRecordStart = false
                }
            }
        }
        return start
    }

    /// The first index from `from` on (before `end`) that holds a `"`, a `\\` or a newline: the bytes of a string
    /// the array splitter can skip. Eight bytes at a time: XORed with each of the three, a word that holds one has a
    /// zero byte, and the lowest bit of the zero-byte mask (exact for the first zero byte) says which.
    @inline(__always)
    private static func stringBytesEnd(_ bytes: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int {
        var at = from
        #if _endian(little)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            @inline(__always) func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
            while at + 8 <= end {
                let word = UnsafeRawPointer(bytes + at).loadUnaligned(as: UInt64.self)
                let found =
                    zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C))
                    | zeroBytes(word ^ (ones &* 0x0A))
                if found != 0 { return at + found.trailingZeroBitCount >> 3 }
                at += 8
            }
        #endif
        while at < end {
            let byte = bytes[at]
            if byte == 0x22 || byte == 0x5C || byte == 0x0A { return at }
            at += 1
        }
        return end
    }

    // MARK: - Resynchronisation

    /// Where the elements after a broken one start, in `buffer` (the broken element and everything after it, when
    /// the input ended inside that element): the first `,` outside strings followed by whitespace and a `{` or `[`
    /// from which the rest splits into at least one element and ends the array cleanly (or ends inside another
    /// broken element). `comma` is that `,`, `resume` the byte after it, `lines` the newlines before `resume`.
    /// At most 16 candidates are tried, so the search costs at most 16 passes over `buffer`.
    public static func resynchronisationPoint(
        in buffer: UnsafeBufferPointer<UInt8>
    ) -> (comma: Int, resume: Int, lines: Int)? {
        var index = 0
        var inString = false
        var tried = 0
        while index < buffer.count && tried < 16 {
            let byte = buffer[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") || byte == 0x0A { inString = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            guard byte == UInt8(ascii: ",") else {
                index += 1
                continue
            }
            var next = index + 1
            while next < buffer.count, isSpace(buffer[next]) { next += 1 }
            if next < buffer.count && (buffer[next] == UInt8(ascii: "{") || buffer[next] == UInt8(ascii: "[")) {
                tried += 1
                var trial = RecordSplitter(shape: .jsonArray, resumingAt: Position())
                var spans: [Span] = []
                let rest = UnsafeBufferPointer(rebasing: buffer[(index + 1)...])
                let consumed = trial.split(rest, carried: 0, into: &spans)
                let inside = trial.isInsideElement
                trial.splitEnd(UnsafeBufferPointer(rebasing: rest[consumed...]), into: &spans)
                if !spans.isEmpty && !trial.strayBytes && (trial.finished || inside) {
                    let lines = buffer[..<(index + 1)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                    return (index, index + 1, lines)
                }
            }
            index += 1
        }
        return nil
    }

    /// Counts, without keeping them, the elements that follow a broken array element too long to hold: the streaming
    /// counterpart of ``resynchronisationPoint(in:)`` for an element that ran past the size limit, whose bytes were
    /// dropped as they streamed. Fed the element and everything after it, it finds the same candidates (a `,`
    /// outside strings, then whitespace and a `{` or `[`, at most 16) and splits the rest from each, keeping no more
    /// than `limit` bytes of any element. At the end, the first candidate whose rest splits into at least one
    /// element and ends the array cleanly (or inside another broken element) says how many elements there were.
    public struct UnreadElementCounter: Sendable {
        private struct Trial: Sendable {
            var splitter = RecordSplitter(shape: .jsonArray, resumingAt: Position())
            var pending: [UInt8] = []
            var elements = 0
        }

        private let limit: Int
        private var trials: [Trial] = []
        private var inString = false
        private var escaped = false
        private var afterComma = false

        /// A counter keeping at most `limit` bytes of any one element.
        public init(limit: Int) { self.limit = max(1, limit) }

        /// Scans the next bytes of the stream.
        public mutating func feed(_ buffer: UnsafeBufferPointer<UInt8>) {
            var starts: [Int] = []
            for index in buffer.indices {
                let byte = buffer[index]
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") || byte == 0x0A {
                        inString = false
                    }
                    continue
                }
                if afterComma {
                    if RecordSplitter.isSpace(byte) { continue }
                    afterComma = false
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "["), trials.count + starts.count < 16 {
                        starts.append(index)
                    }
                }
                if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: ",") {
                    afterComma = true
                }
            }
            let old = trials.count
            trials.append(contentsOf: starts.map { _ in Trial() })
            for index in trials.indices {
                let from = index < old ? 0 : starts[index - old]
                Self.feed(&trials[index], UnsafeBufferPointer(rebasing: buffer[from...]), limit: limit)
            }
        }

        private static func feed(_ trial: inout Trial, _ bytes: UnsafeBufferPointer<UInt8>, limit: Int) {
            let scanned = trial.pending.count
            trial.pending.append(contentsOf: bytes)
            var spans: [Span] = []
            let consumed = trial.pending.withUnsafeBufferPointer {
                trial.splitter.split($0, carried: scanned, into: &spans)
            }
            trial.elements += spans.count
            trial.pending.removeSubrange(..<consumed)
            // Scanned already: only the element's start is needed (to tell an empty element from one).
            if trial.pending.count > limit { trial.pending.removeSubrange(limit...) }
        }

        /// The elements after the broken one, counted from the first candidate that splits the rest cleanly; nil
        /// when none does.
        public mutating func finish() -> Int? {
            for index in trials.indices {
                var trial = trials[index]
                let inside = trial.splitter.isInsideElement
                var spans: [Span] = []
                trial.pending.withUnsafeBufferPointer { trial.splitter.splitEnd($0, into: &spans) }
                let elements = trial.elements + spans.count
                if elements > 0 && !trial.splitter.strayBytes && (trial.splitter.finished || inside) {
                    return elements
                }
            }
            return nil
        }
    }

    // MARK: - Records as arrays

    /// Consumes `block` and returns the records completed by it (each one's bytes copied out).
    public mutating func feed(_ block: some Collection<UInt8>) -> [Record] {
        var out: [Record] = []
        var spans: [Span] = []
        if pending.isEmpty {
            // Work on contiguous bytes: a loop over a concrete buffer, not over a generic collection's
            // iterator (which, unspecialised across modules, cost more than the conversions themselves).
            let fed: Void? = block.withContiguousStorageIfAvailable { buffer in
                let consumed = split(buffer, carried: 0, into: &spans)
                records(spans, in: buffer, into: &out)
                pending = Array(buffer[consumed...])
            }
            if fed != nil { return out }
        }
        var bytes = pending
        pending = []
        let carried = bytes.count
        bytes.append(contentsOf: block)
        let consumed = bytes.withUnsafeBufferPointer { buffer in
            let consumed = split(buffer, carried: carried, into: &spans)
            records(spans, in: buffer, into: &out)
            return consumed
        }
        bytes.removeSubrange(..<consumed)
        pending = bytes
        return out
    }

    private func records(_ spans: [Span], in buffer: UnsafeBufferPointer<UInt8>, into out: inout [Record]) {
        for span in spans {
            out.append(
                Record(
                    bytes: Array(buffer[span.start..<span.end]), line: span.line, index: span.index, after: span.after))
        }
    }

    /// Ends the input and returns the last record, if any (an unterminated last line, or an
    /// unterminated array element, which then fails to parse and is reported).
    public mutating func finish() -> [Record] {
        var out: [Record] = []
        var spans: [Span] = []
        let rest = pending
        pending = []
        rest.withUnsafeBufferPointer { buffer in
            splitEnd(buffer, into: &spans)
            records(spans, in: buffer, into: &out)
        }
        return out
    }
}

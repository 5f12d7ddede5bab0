#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
/// Splits a byte stream into messages: bytes in, messages out, no I/O.
///
/// Each message's framing is detected on its own: if it starts with a `Content-Length:` or
/// `Content-Type:` header (any case) it is LSP-framed, otherwise it is one line of NDJSON (a final
/// line without `\n` counts at end of input; a `\r` before `\n` is dropped). Whitespace and blank
/// lines between messages are skipped.
///
/// Problems are ``Event/failure(_:)`` events, after which the framer recovers:
/// - an NDJSON line over the limit is reported once and skipped to its `\n`;
/// - a Content-Length message over the limit is reported (once the head of its body has arrived, to read its id)
///   and its declared bytes skipped;
/// - a bad header block (missing, negative or non-numeric `Content-Length`, a line without `:`, bytes
///   that are not ASCII, a foreign charset) is reported and the framer *resynchronises*: it discards
///   bytes up to the next `Content-Length:` header name or the next line starting with `{` or `[`;
/// - a header block cut by a line starting with `{` or `[` before its blank line (a stray header before NDJSON
///   requests) is reported as soon as that line's first byte arrives, and the line is read as the next message;
/// - a Content-Length body that turns out not to be JSON (its length lied) is given back by the caller
///   with ``resynchroniseAfterLastMessage()``, which resynchronises from just inside that body, so a
///   following message swallowed by a too-large length is still found.
/// Unparsable NDJSON lines are ordinary messages here: the server answers them with -32700.
///
/// A Content-Length that is larger than the bytes that follow makes the framer wait for more input;
/// at end of input the message is reported as truncated.
public struct MessageFramer: Sendable {
    /// What ``next(atEndOfInput:)`` yields.
    public enum Event: Sendable, Hashable {
        /// A message body and the framing it came in.
        case message([UInt8], MessageFraming)
        /// A message that could not be delimited or was refused.
        case failure(FramingError)
    }

    /// The largest body accepted.
    public let maximumMessageBytes: Int
    /// The largest header block accepted.
    public static let maximumHeaderBytes = 8 * 1024

    private enum State: Sendable, Hashable {
        case idle
        case skipping(Int)
        case discardingLine
        case resynchronising
        /// After an unreadable Content-Length body that starts at the associated index: where the next message
        /// starts is decided once the bytes that decide it have arrived (a header name or a `\n{` that runs past
        /// the body's end, the byte after the body), so the decision never depends on how reads split the input.
        case decidingAfterBadBody(Int)
    }

    private var buffer: [UInt8] = []
    private var head = 0
    private var state = State.idle
    /// Where the search for the current NDJSON line's `\n` resumes.
    private var newlineSearchStart = 0
    /// Start of the last non-empty Content-Length body delivered (until the next `append`).
    private var lastBodyStart: Int?
    /// Set by ``next(atEndOfInput:lendingTo:)`` while it runs: a message is returned as an empty body and its bytes'
    /// range recorded in `lentBody` instead of being copied.
    private var lending = false
    private var lentBody: Range<Int>?

    /// A framer refusing bodies over `maximumMessageBytes`.
    public init(maximumMessageBytes: Int = 1 << 20) {
        // Capped far below `Int.max`: the framer adds to the limit (an oversized line is one byte over it).
        self.maximumMessageBytes = min(max(1, maximumMessageBytes), Int.max / 2)
    }

    /// Bytes received and not yet consumed.
    public var bufferedByteCount: Int { buffer.count - head }

    /// Adds input.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        var deciding = false
        if case .decidingAfterBadBody = state { deciding = true }
        if !deciding && head > 0 && (head == buffer.count || head >= 64 * 1024) {
            buffer.removeSubrange(0..<head)
            newlineSearchStart = max(0, newlineSearchStart - head)
            head = 0
        }
        lastBodyStart = nil
        buffer.append(contentsOf: bytes)
    }

    /// Treats the last Content-Length body delivered as unreadable (its length may have lied) and decides
    /// where the next message starts:
    /// - if the body holds a resynchronisation point (a `Content-Length:` header name, or a line starting
    ///   with `{` or `[`), the length was too large and swallowed what follows: resume there;
    /// - else, if the byte after the body can start a message (whitespace, `{`, `[`, a header name) or has
    ///   not arrived yet, the length was right and the content bad: carry on after the body;
    /// - else the length was too small: skip to the next resynchronisation point after the body.
    public mutating func resynchroniseAfterLastMessage() {
        guard let start = lastBodyStart else { return }
        lastBodyStart = nil
        state = .decidingAfterBadBody(start)
    }

    /// The decision ``resynchroniseAfterLastMessage()`` describes; false while the bytes that decide it have not
    /// arrived (never at the end of the input).
    private mutating func decideAfterBadBody(start: Int, atEndOfInput: Bool) -> Bool {
        let end = head
        if let point = resynchronisationPoint(from: start + 1, before: end) {
            head = point
            state = .idle
            return true
        }
        if !atEndOfInput && resynchronisationPointMayFollow(from: start + 1, before: end) { return false }
        guard end < buffer.count else {
            if atEndOfInput { state = .idle }
            return atEndOfInput
        }
        if !atEndOfInput && headerName(at: end) == .partial { return false }
        state = canStartMessage(at: end) ? .idle : .resynchronising
        return true
    }

    /// Whether a message start in `from..<before` may show once more input arrives: a header name or a `\n`
    /// cut off by the end of the buffer.
    private func resynchronisationPointMayFollow(from start: Int, before end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = buffer[index]
            if byte == Self.newline, index + 1 == buffer.count { return true }
            if byte | 0x20 == UInt8(ascii: "c"), headerName(at: index) == .partial { return true }
            index += 1
        }
        return false
    }

    /// Whether the byte at `index` can begin a message (or whitespace before one).
    private func canStartMessage(at index: Int) -> Bool {
        let byte = buffer[index]
        return Self.isWhitespace(byte) || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
            || headerName(at: index) != .none
    }

    /// The message event of the bytes at `range` (copied, or recorded for ``next(atEndOfInput:lendingTo:)``).
    private mutating func message(_ range: Range<Int>, _ framing: MessageFraming) -> Event {
        if lending {
            lentBody = range
            return .message([], framing)
        }
        return .message(Array(buffer[range]), framing)
    }

    /// What ``next(atEndOfInput:lendingTo:)`` gives.
    package enum LentEvent {
        /// A message the handler answered from the lent bytes.
        case handled
        /// Anything else, as ``next(atEndOfInput:)`` returns it (a message the handler declined, copied).
        case event(Event)
    }

    /// ``next(atEndOfInput:)``, but a message's body is first lent to `handler` in place (valid only during the
    /// call; no copy); when the handler declines it (returns false) the message is returned as an event, copied.
    package mutating func next(
        atEndOfInput: Bool, lendingTo handler: (UnsafeBufferPointer<UInt8>, MessageFraming) -> Bool
    ) -> LentEvent? {
        lending = true
        lentBody = nil
        let event = next(atEndOfInput: atEndOfInput)
        lending = false
        guard let event else { return nil }
        guard case .message(_, let framing) = event, let range = lentBody else { return .event(event) }
        lentBody = nil
        let handled = buffer.withUnsafeBufferPointer { handler(UnsafeBufferPointer(rebasing: $0[range]), framing) }
        return handled ? .handled : .event(.message(Array(buffer[range]), framing))
    }

    /// The next complete message or failure; nil when more input is needed (or, at end of input, when
    /// nothing is left).
    public mutating func next(atEndOfInput: Bool = false) -> Event? {
        while true {
            switch state {
            case .skipping(let remaining):
                let count = min(remaining, buffer.count - head)
                head += count
                if count < remaining {
                    state = atEndOfInput ? .idle : .skipping(remaining - count)
                    return nil
                }
                state = .idle
            case .discardingLine:
                if let newline = buffer[head...].firstIndex(of: Self.newline) {
                    head = newline + 1
                    state = .idle
                } else {
                    head = buffer.count
                    if atEndOfInput { state = .idle }
                    return nil
                }
            case .resynchronising:
                if !resynchronise(atEndOfInput: atEndOfInput) { return nil }
            case .decidingAfterBadBody(let start):
                if !decideAfterBadBody(start: start, atEndOfInput: atEndOfInput) { return nil }
            case .idle:
                while head < buffer.count, Self.isWhitespace(buffer[head]) { head += 1 }
                guard head < buffer.count else { return nil }
                switch headerName(at: head) {
                case .partial where !atEndOfInput: return nil
                case .match: return readHeaderFramed(atEndOfInput: atEndOfInput)
                default: return readLine(atEndOfInput: atEndOfInput)
                }
            }
        }
    }

    // MARK: - NDJSON

    private mutating func readLine(atEndOfInput: Bool) -> Event? {
        let searchFrom = max(head, newlineSearchStart)
        let newline = Self.firstNewline(in: buffer, from: searchFrom)
        guard newline != nil || atEndOfInput else {
            newlineSearchStart = buffer.count
            if buffer.count - head > maximumMessageBytes + 1 {
                let id = RequestIDScanner.id(in: buffer[head...], limit: idScanWindow)
                head = buffer.count
                state = .discardingLine
                return .failure(tooLarge(.newlineDelimited, "more than \(maximumMessageBytes)", id: id))
            }
            return nil
        }
        let lineEnd = newline ?? buffer.count
        var bodyEnd = lineEnd
        if bodyEnd > head && buffer[bodyEnd - 1] == UInt8(ascii: "\r") { bodyEnd -= 1 }
        let start = head
        head = min(lineEnd + 1, buffer.count)
        newlineSearchStart = head
        if bodyEnd - start > maximumMessageBytes {
            return .failure(
                tooLarge(
                    .newlineDelimited, "more than \(maximumMessageBytes)",
                    id: RequestIDScanner.id(in: buffer[start..<bodyEnd], limit: idScanWindow)))
        }
        return message(start..<bodyEnd, .newlineDelimited)
    }

    // MARK: - Content-Length

    private mutating func readHeaderFramed(atEndOfInput: Bool) -> Event? {
        let headerEnd: Int
        let bodyStart: Int
        switch scanHeaderBlock() {
        case .end(let end, let start):
            (headerEnd, bodyStart) = (end, start)
        case .cutByMessage(let lineStart):
            // A request line where a header or the blank line should be: the header block was never finished. It
            // is answered now and the line is read as the message it starts, so a caller that sent a stray header
            // is not left waiting for 8 KiB of header block.
            head = lineStart
            return .failure(
                FramingError(
                    .badHeader, framing: .contentLength,
                    "the header block has no blank line: a line starting with `{` or `[` came before it"))
        case .undecided:
            if buffer.count >= head + Self.headerDecisionBytes {
                head += 1
                state = .resynchronising
                return .failure(
                    FramingError(
                        .badHeader, framing: .contentLength, "header block over \(Self.maximumHeaderBytes) bytes"))
            }
            if atEndOfInput {
                head = buffer.count
                return .failure(FramingError(.truncated, framing: .contentLength, "input ended inside a header block"))
            }
            return nil
        }
        let length: Int
        switch parseHeaders(buffer[head..<headerEnd]) {
        case .success(let value):
            length = value
        case .failure(let error):
            head = bodyStart
            state = .resynchronising
            return .failure(error)
        }
        if length > maximumMessageBytes {
            // Wait for the head of the body (or the end of input) to read the id the reply should carry.
            let available = buffer.count - bodyStart
            guard available >= idScanWindow || atEndOfInput else { return nil }
            let id = RequestIDScanner.id(
                in: buffer[bodyStart..<(bodyStart + min(available, length))], limit: idScanWindow)
            head = bodyStart
            state = .skipping(length)
            return .failure(tooLarge(.contentLength, String(length), id: id))
        }
        guard buffer.count - bodyStart >= length else {
            if atEndOfInput {
                let received = buffer.count - bodyStart
                head = buffer.count
                return .failure(
                    FramingError(
                        .truncated, framing: .contentLength,
                        "Content-Length is \(length) but the input ended after \(received) bytes"))
            }
            return nil
        }
        lastBodyStart = length > 0 ? bodyStart : nil
        head = bodyStart + length
        return message(bodyStart..<head, .contentLength)
    }

    /// What the lines after a header name say, read in order within the header window.
    private enum HeaderBlockScan {
        /// The blank line: the header text ends at the first index, the body starts at the second.
        case end(Int, Int)
        /// A line starting with `{` or `[` (a message, never a header) at this index came before any blank line.
        case cutByMessage(Int)
        /// Neither has arrived within the window.
        case undecided
    }

    /// The bytes from `head` that decide a header block: `maximumHeaderBytes + 4` bytes in which a line break may
    /// sit, and the two bytes after it. The block is refused as too long only once all of them have arrived, so the
    /// decision is the same however reads split the input.
    private static let headerDecisionBytes = maximumHeaderBytes + 6

    /// Reads the header block's line breaks in order: the first blank line ends it, and a line starting with `{` or
    /// `[` before that cuts it. Each decision depends only on bytes that have arrived, never on where a read ended.
    private func scanHeaderBlock() -> HeaderBlockScan {
        var index = head
        let limit = min(buffer.count, head + Self.maximumHeaderBytes + 4)
        while index < limit {
            if buffer[index] == Self.newline {
                guard index + 1 < buffer.count else { return .undecided }
                let next = buffer[index + 1]
                if next == Self.newline { return .end(index, index + 2) }
                if next == UInt8(ascii: "{") || next == UInt8(ascii: "[") { return .cutByMessage(index + 1) }
                if next == Self.carriageReturn {
                    guard index + 2 < buffer.count else { return .undecided }
                    if buffer[index + 2] == Self.newline { return .end(index, index + 3) }
                }
            }
            index += 1
        }
        return .undecided
    }

    private func parseHeaders(_ bytes: ArraySlice<UInt8>) -> Result<Int, FramingError> {
        func failure(_ kind: FramingError.Kind, _ message: String) -> Result<Int, FramingError> {
            .failure(FramingError(kind, framing: .contentLength, message))
        }
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return failure(.badHeader, "a header has bytes that are not ASCII")
        }
        var length: Int?
        for rawLine in bytes.split(separator: Self.newline, omittingEmptySubsequences: false) {
            var line = String(decoding: rawLine, as: UTF8.self)
            if line.hasSuffix("\r") { line.removeLast() }
            guard let colon = line.firstIndex(of: ":") else {
                return failure(.badHeader, "header line \"\(line.prefix(80))\" has no `:`")
            }
            let name = line[..<colon].trimmingSpaces.lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            switch name {
            case "content-length":
                guard !value.isEmpty, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                    let reason = value.hasPrefix("-") ? "negative" : "not a number"
                    return failure(.badContentLength, "Content-Length \"\(value.prefix(40))\" is \(reason)")
                }
                guard let parsed = Int(value) else {
                    return failure(.badContentLength, "Content-Length \(value.prefix(40)) is too large")
                }
                if let length, length != parsed {
                    return failure(.badContentLength, "Content-Length given twice (\(length) and \(parsed))")
                }
                length = parsed
            case "content-type":
                let lowered = value.lowercased()
                if let range = lowered.firstRange(of: "charset=") {
                    let charset = lowered[range.upperBound...].prefix { $0 != ";" }.trimmingSpaces
                        .trimmingCharacters(in: "\"")
                    guard charset == "utf-8" || charset == "utf8" else {
                        return failure(.unsupportedContentType, "charset \(charset) is not supported; send UTF-8")
                    }
                }
            default:
                continue
            }
        }
        guard let length else { return failure(.badContentLength, "the header block has no Content-Length") }
        return .success(length)
    }

    private func tooLarge(_ framing: MessageFraming, _ size: String, id: RPCRequestID?) -> FramingError {
        FramingError(
            .tooLarge, framing: framing,
            "message of \(size) bytes is over the limit of \(maximumMessageBytes) (--max-message-bytes)",
            id: id ?? .null)
    }

    /// How much of an oversized message's head is searched for its id: 64 KiB, or the limit + 1 when smaller. The
    /// same window whatever the chunking of the input (an oversized message always has that many bytes), so the
    /// reply does not depend on how reads split the stream.
    static let idScanBytes = 64 * 1024
    private var idScanWindow: Int { min(Self.idScanBytes, maximumMessageBytes + 1) }

    // MARK: - Resynchronisation

    /// Skips to the next message start; false when more input is needed.
    private mutating func resynchronise(atEndOfInput: Bool) -> Bool {
        if let point = resynchronisationPoint(from: head, before: buffer.count) {
            head = point
            state = .idle
            return true
        }
        // Keep a possible partial header name or a final `\n` whose next byte has not arrived.
        var keep = buffer.count
        var index = max(head, buffer.count - Self.headerNames[0].count)
        while index < buffer.count {
            if buffer[index] == Self.newline || headerName(at: index) == .partial {
                keep = index
                break
            }
            index += 1
        }
        head = atEndOfInput ? buffer.count : keep
        if atEndOfInput { state = .idle }
        return false
    }

    /// The first message start in `from..<before`: a header name, or the `{`/`[` after a `\n`.
    private func resynchronisationPoint(from start: Int, before end: Int) -> Int? {
        var index = start
        while index < end {
            let byte = buffer[index]
            if byte == Self.newline, index + 1 < buffer.count {
                let following = buffer[index + 1]
                if following == UInt8(ascii: "{") || following == UInt8(ascii: "[") { return index + 1 }
            } else if byte | 0x20 == UInt8(ascii: "c"), headerName(at: index) == .match {
                return index
            }
            index += 1
        }
        return nil
    }

    // MARK: - Bytes

    private enum HeaderMatch { case match, partial, none }

    private static let headerNames: [[UInt8]] = [Array("content-length:".utf8), Array("content-type:".utf8)]

    /// Whether a header name (any case) starts at `index`; `partial` when the input ends inside one.
    private func headerName(at index: Int) -> HeaderMatch {
        var result = HeaderMatch.none
        for name in Self.headerNames {
            var offset = 0
            while offset < name.count, index + offset < buffer.count {
                let byte = buffer[index + offset]
                let lowered = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
                guard lowered == name[offset] else { break }
                offset += 1
            }
            if offset == name.count { return .match }
            if index + offset == buffer.count { result = .partial }
        }
        return result
    }

    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }

    /// Without leading and trailing `character`s.
    fileprivate func trimmingCharacters(in character: Character) -> String {
        guard let first = firstIndex(where: { $0 != character }), let last = lastIndex(where: { $0 != character })
        else {
            return ""
        }
        return String(self[first...last])
    }
}

extension MessageFramer {
    /// The index of the first newline at or after `start` (memchr: the C library's vectorised scan).
    static func firstNewline(in buffer: [UInt8], from start: Int) -> Int? {
        guard start < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { bytes -> Int? in
            guard let base = bytes.baseAddress, let found = memchr(base + start, Int32(newline), bytes.count - start)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }
}

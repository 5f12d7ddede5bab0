public import PushCore

/// Where a format's generic writer writes: compact bytes into the caller's buffer (the conversion path) or a
/// ``JSONValue`` (the public `render` API). One writer interprets a table into either, so a mapping is written once.
///
/// Calls follow JSON's grammar: a `key` before every value inside an object, containers closed in order.
@usableFromInline package protocol WireOutput {
    mutating func beginObject()
    mutating func endObject()
    mutating func beginArray()
    mutating func endArray()
    mutating func key(_ key: StaticString)
    mutating func key(_ key: String)
    /// A key from UTF-8 bytes.
    mutating func key(bytes key: UnsafeBufferPointer<UInt8>)
    mutating func string(_ value: String)
    /// A text of the model (written from its bytes when it holds bytes).
    mutating func text(_ value: PushNotification.Text)
    mutating func integer(_ value: Int64)
    mutating func bool(_ value: Bool)
    /// A kept value, verbatim.
    mutating func value(_ value: JSONValue)
}

extension WireOutput {
    @inlinable package mutating func text(_ value: PushNotification.Text) { string(value.string) }

    /// A real as APNs wants it: an integral real as an integer (`1.0` → `1`), else the real.
    @inlinable package mutating func number(_ value: Double) {
        if abs(value) < 9.0e15, let integer = Int64(exactly: value) {
            self.integer(integer)
        } else {
            self.value(.double(value))
        }
    }

    /// An array of strings.
    @inlinable package mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }
}

/// Compact JSON bytes appended to a buffer, byte for byte what ``JSONWriter`` writes for the same value.
@usableFromInline package struct CompactOutput: WireOutput {
    /// The bytes written so far (appended to the caller's buffer when ``appending(to:_:)`` ends).
    @usableFromInline var buffer: ByteBuffer
    @usableFromInline var needsComma = false

    @usableFromInline init(capacity: Int) { buffer = ByteBuffer.lend(capacity: capacity) }

    /// Runs `body` writing at the end of `buffer`: into this thread's scratch buffer (``ByteBuffer``, reused from
    /// one call to the next, so no allocation), appended to `buffer` in one copy at the end.
    @usableFromInline package static func appending<R>(to buffer: inout [UInt8], _ body: (inout CompactOutput) -> R)
        -> R
    {
        var output = CompactOutput(capacity: max(buffer.capacity &- buffer.count, 256))
        defer {
            buffer.append(contentsOf: output.buffer.bytes)
            output.buffer.release()
        }
        return body(&output)
    }

    @inlinable @inline(__always) mutating func separate() {
        if needsComma { buffer.appendByte(UInt8(ascii: ",")) }
    }
    @inlinable package mutating func beginObject() {
        separate()
        buffer.appendByte(UInt8(ascii: "{"))
        needsComma = false
    }
    @inlinable package mutating func endObject() {
        buffer.appendByte(UInt8(ascii: "}"))
        needsComma = true
    }
    @inlinable package mutating func beginArray() {
        separate()
        buffer.appendByte(UInt8(ascii: "["))
        needsComma = false
    }
    @inlinable package mutating func endArray() {
        buffer.appendByte(UInt8(ascii: "]"))
        needsComma = true
    }
    /// A literal key, written as it is: one capacity check for the separator, the quoted key and the colon, and a
    /// key of 8 to 16 bytes (most table keys) copied as two overlapping words (a shorter one as two smaller ones) instead of through `memcpy`.
    @inlinable package mutating func key(_ key: StaticString) {
        let length = key.utf8CodeUnitCount
        let needed = length &+ 4
        if buffer.capacity &- buffer.count < needed { buffer.grow(toHold: needed) }
        var at = buffer.base + buffer.count
        if needsComma {
            at.pointee = UInt8(ascii: ",")
            at += 1
        }
        at.pointee = UInt8(ascii: "\"")
        at += 1
        let source = UnsafeRawPointer(key.utf8Start)
        let target = UnsafeMutableRawPointer(at)
        if length >= 8 && length <= 16 {
            Self.copyOverlapping(UInt64.self, length, from: source, to: target)
        } else if length >= 4 && length < 8 {
            Self.copyOverlapping(UInt32.self, length, from: source, to: target)
        } else if length >= 2 && length < 4 {
            Self.copyOverlapping(UInt16.self, length, from: source, to: target)
        } else {
            at.update(from: key.utf8Start, count: length)
        }
        at += length
        at.pointee = UInt8(ascii: "\"")
        (at + 1).pointee = UInt8(ascii: ":")
        buffer.count = at + 2 - buffer.base
        needsComma = false
    }
    @inlinable package mutating func key(_ key: String) {
        separate()
        buffer.appendJSONString(key)
        buffer.appendByte(UInt8(ascii: ":"))
        needsComma = false
    }
    /// Copies `length` bytes (from one to two words of `Word`) as the first and the last word, overlapping.
    @inlinable @inline(__always) static func copyOverlapping<Word: FixedWidthInteger>(
        _ word: Word.Type, _ length: Int, from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer
    ) {
        let size = MemoryLayout<Word>.size
        let first = source.loadUnaligned(as: Word.self)
        let last = source.loadUnaligned(fromByteOffset: length &- size, as: Word.self)
        target.storeBytes(of: first, as: Word.self)
        target.storeBytes(of: last, toByteOffset: length &- size, as: Word.self)
    }
    /// A key given as the bytes of a borrowed string.
    @inlinable package mutating func key(bytes key: UnsafeBufferPointer<UInt8>) {
        separate()
        buffer.appendJSONString(bytes: key)
        buffer.appendByte(UInt8(ascii: ":"))
        needsComma = false
    }
    @inlinable package mutating func string(_ value: String) {
        separate()
        buffer.appendJSONString(value)
        needsComma = true
    }
    @inlinable package mutating func text(_ value: PushNotification.Text) {
        separate()
        switch value.storage {
        case .string(let string): buffer.appendJSONString(string)
        case .bytes: value.withUTF8 { buffer.appendJSONString(bytes: $0) }
        }
        needsComma = true
    }
    @inlinable package mutating func integer(_ value: Int64) {
        separate()
        buffer.appendInteger(value)
        needsComma = true
    }
    @inlinable package mutating func bool(_ value: Bool) {
        separate()
        if value { buffer.appendLiteral("true") } else { buffer.appendLiteral("false") }
        needsComma = true
    }
    @inlinable package mutating func value(_ value: JSONValue) {
        separate()
        // A kept `JSONValue` (rare on the wire path) or a real: written as the writer writes it.
        buffer.appendCompact(value: value)
        needsComma = true
    }
    /// A value of a borrowed document, verbatim (minified).
    @inlinable package mutating func value(_ node: BorrowedDocument.Node, of document: BorrowedDocument) {
        separate()
        buffer.appendCompact(node: node, of: document)
        needsComma = true
    }
}

/// The compact size of what a writer writes, counted and never written: byte for byte the count of what
/// ``CompactOutput`` writes for the same calls (a size check measures a rendering it does not keep, so no scratch
/// buffer is lent and no byte is copied). Its methods are compiled in this module, where the string and value
/// writers are specialised for the counting sink.
@usableFromInline package struct CompactSizeOutput: WireOutput {
    /// The bytes counted so far.
    @usableFromInline var counter = ByteCounter()
    @usableFromInline var needsComma = false

    /// An empty count.
    @usableFromInline package init() {}

    /// The compact size of what was written.
    package var size: Int { counter.count }

    @inline(__always) mutating func separate() {
        if needsComma { counter.count &+= 1 }
    }
    @usableFromInline package mutating func beginObject() {
        separate()
        counter.count &+= 1
        needsComma = false
    }
    @usableFromInline package mutating func endObject() {
        counter.count &+= 1
        needsComma = true
    }
    @usableFromInline package mutating func beginArray() {
        separate()
        counter.count &+= 1
        needsComma = false
    }
    @usableFromInline package mutating func endArray() {
        counter.count &+= 1
        needsComma = true
    }
    @usableFromInline package mutating func key(_ key: StaticString) {
        separate()
        // Quotes and colon around a literal written as it is.
        counter.count &+= key.utf8CodeUnitCount &+ 3
        needsComma = false
    }
    @usableFromInline package mutating func key(_ key: String) {
        separate()
        JSONWriter.writeString(key, into: &counter)
        counter.count &+= 1
        needsComma = false
    }
    @usableFromInline package mutating func key(bytes key: UnsafeBufferPointer<UInt8>) {
        separate()
        JSONWriter.writeString(bytes: key, into: &counter)
        counter.count &+= 1
        needsComma = false
    }
    @usableFromInline package mutating func string(_ value: String) {
        separate()
        JSONWriter.writeString(value, into: &counter)
        needsComma = true
    }
    @usableFromInline package mutating func text(_ value: PushNotification.Text) {
        separate()
        value.withUTF8 { JSONWriter.writeString(bytes: $0, into: &counter) }
        needsComma = true
    }
    @usableFromInline package mutating func integer(_ value: Int64) {
        separate()
        JSONWriter.writeInteger(value, into: &counter)
        needsComma = true
    }
    @usableFromInline package mutating func bool(_ value: Bool) {
        separate()
        counter.count &+= value ? 4 : 5
        needsComma = true
    }
    @usableFromInline package mutating func value(_ value: JSONValue) {
        separate()
        JSONWriter.writeCompact(value, into: &counter)
        needsComma = true
    }
}

/// A ``JSONValue`` built by a writer.
@usableFromInline package struct JSONValueOutput: WireOutput {
    /// The open containers, innermost last. Objects and arrays are kept in their own stacks and appended to in
    /// place there: a container taken out of an enum to append to it was a second reference, so every append
    /// copied all of its members (quadratic in the members of one object, issue 22).
    private enum Container {
        case object
        case array
    }
    private var stack: [Container] = []
    private var objects: [JSONObject] = []
    /// The key of the member each open object is about to receive.
    private var keys: [String?] = []
    private var arrays: [[JSONValue]] = []
    /// The value written (once the outermost container is closed).
    @usableFromInline package private(set) var result: JSONValue = .null

    @usableFromInline package init() {}

    private mutating func put(_ value: JSONValue) {
        switch stack.last {
        case nil:
            result = value
        case .object:
            let last = objects.count - 1
            objects[last].appendUnchecked(keys[last] ?? "", value)
            keys[last] = nil
        case .array:
            arrays[arrays.count - 1].append(value)
        }
    }
    @usableFromInline package mutating func beginObject() {
        stack.append(.object)
        objects.append(JSONObject())
        keys.append(nil)
    }
    @usableFromInline package mutating func endObject() {
        guard stack.last == .object else { return }
        stack.removeLast()
        keys.removeLast()
        put(.object(objects.removeLast()))
    }
    @usableFromInline package mutating func beginArray() {
        stack.append(.array)
        arrays.append([])
    }
    @usableFromInline package mutating func endArray() {
        guard stack.last == .array else { return }
        stack.removeLast()
        put(.array(arrays.removeLast()))
    }
    @usableFromInline package mutating func key(_ key: StaticString) { self.key(key.description) }
    @usableFromInline package mutating func key(bytes key: UnsafeBufferPointer<UInt8>) {
        self.key(String(decoding: key, as: UTF8.self))
    }
    @usableFromInline package mutating func key(_ key: String) {
        guard stack.last == .object else { return }
        keys[keys.count - 1] = key
    }
    @usableFromInline package mutating func string(_ value: String) { put(.string(value)) }
    @usableFromInline package mutating func integer(_ value: Int64) { put(.integer(value)) }
    @usableFromInline package mutating func bool(_ value: Bool) { put(.bool(value)) }
    @usableFromInline package mutating func value(_ value: JSONValue) { put(value) }
}

extension ByteBuffer {
    // The writers a ``CompactOutput`` calls, compiled here, where their generic routines are specialised for this
    // buffer: inlined into another module, a call to the generic routine itself ran the unspecialised one, each byte
    // appended through the protocol's witness.

    /// Appends `value` as a JSON string.
    @usableFromInline mutating func appendJSONString(_ value: String) { JSONWriter.writeString(value, into: &self) }

    /// Appends UTF-8 `bytes` as a JSON string.
    @usableFromInline mutating func appendJSONString(bytes: UnsafeBufferPointer<UInt8>) {
        JSONWriter.writeString(bytes: bytes, into: &self)
    }

    /// Appends an integer in decimal.
    @usableFromInline mutating func appendInteger(_ value: Int64) { JSONWriter.writeInteger(value, into: &self) }

    /// Appends `value` compact.
    @usableFromInline mutating func appendCompact(value: JSONValue) { JSONWriter.writeCompact(value, into: &self) }

    /// Appends the value `node` of `document` compact.
    @usableFromInline mutating func appendCompact(node: BorrowedDocument.Node, of document: BorrowedDocument) {
        document.writeCompact(node, into: &self)
    }
}

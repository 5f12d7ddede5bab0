/// Where the compact writer appends bytes: the caller's `[UInt8]`, or a ``ByteBuffer`` (the wire engine's output,
/// which appends through a pointer with no uniqueness check per byte). One writing routine serves both.
@usableFromInline package protocol ByteSink {
    mutating func appendByte(_ byte: UInt8)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension ByteSink {
    /// Appends the UTF-8 of a literal.
    @inlinable @inline(__always)
    package mutating func appendLiteral(_ text: StaticString) {
        appendBytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

extension Array: ByteSink where Element == UInt8 {
    @inlinable @inline(__always)
    package mutating func appendByte(_ byte: UInt8) { append(byte) }

    @inlinable @inline(__always)
    package mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// A sink that only counts what it is given (the compact size of a document's value, with nothing written).
@usableFromInline package struct ByteCounter: ByteSink {
    @usableFromInline package var count = 0

    @inlinable package init() {}

    @inlinable @inline(__always)
    package mutating func appendByte(_ byte: UInt8) { count += 1 }

    @inlinable @inline(__always)
    package mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) { count += bytes.count }
}

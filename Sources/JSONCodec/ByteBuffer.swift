/// A growable run of bytes behind a pointer: what ``CompactOutput`` writes into. Appending checks the capacity
/// only (an `Array` also checks that its storage is unique, and its `append(contentsOf:)` goes through a
/// generic sequence path), which is most of the cost of writing short keys and strings.
///
/// The memory is the owner's to free (``release()``): a buffer lives inside one ``CompactOutput/appending(to:_:)``
/// scope and is never copied out of it.
package struct ByteBuffer: ByteSink {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count: Int
    @usableFromInline var capacity: Int

    /// An empty buffer with room for `capacity` bytes (at least one).
    package init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
        count = 0
    }

    /// The bytes written.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Frees the memory; the buffer is not used again.
    package func release() { base.deallocate() }

    @inlinable @inline(__always)
    package mutating func appendByte(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count &+= 1
    }

    @inlinable @inline(__always)
    package mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if capacity &- count < bytes.count { grow(toHold: bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count &+= bytes.count
    }

    /// Makes room for `extra` more bytes (at least doubling).
    @usableFromInline
    mutating func grow(toHold extra: Int) {
        let newCapacity = max(capacity &* 2, count &+ extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

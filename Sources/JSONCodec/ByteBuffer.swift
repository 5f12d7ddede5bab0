import CSimdjson

/// A growable run of bytes behind a pointer: what ``CompactOutput`` writes into. Appending checks the capacity
/// only (an `Array` also checks that its storage is unique, and its `append(contentsOf:)` goes through a
/// generic sequence path), which is most of the cost of writing short keys and strings.
///
/// The memory is this thread's scratch, lent for one ``CompactOutput/appending(to:_:)`` scope (``lend(capacity:)``)
/// and handed back at its end (``release()``): a buffer is never copied out of that scope. The scratch is reused
/// from one record to the next (it grows to the largest record and is freed when the thread ends), so writing a
/// record allocates nothing.
@usableFromInline package struct ByteBuffer: ByteSink {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count: Int
    @usableFromInline var capacity: Int
    /// The depth of this buffer in the thread's stack of scratch buffers.
    @usableFromInline let slot: Int

    /// This thread's next free scratch buffer, empty, with room for at least `capacity` bytes.
    package static func lend(capacity: Int) -> ByteBuffer {
        let lent = csimdjson_lend_bytes(max(capacity, 1))
        // Never null: the shim aborts when memory is exhausted, as a Swift allocation does.
        return ByteBuffer(base: lent.base.unsafelyUnwrapped, capacity: lent.capacity, slot: lent.slot)
    }

    private init(base: UnsafeMutablePointer<UInt8>, capacity: Int, slot: Int) {
        self.base = base
        self.capacity = capacity
        self.slot = slot
        count = 0
    }

    /// The bytes written.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Hands the memory back to the thread's scratch; the buffer is not used again. Buffers are released in the
    /// reverse order of ``lend(capacity:)``.
    package func release() { csimdjson_return_bytes() }

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
        let grown = csimdjson_grow_bytes(slot, count, max(capacity &* 2, count &+ extra))
        base = grown.base.unsafelyUnwrapped
        capacity = grown.capacity
    }
}

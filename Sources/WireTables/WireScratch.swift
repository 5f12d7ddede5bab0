#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
package import JSONCodec
package import PushCore

/// The arrays a ``WireNotification`` holds (custom data, kept objects and their members, provenance, the model's
/// media) and the facade's lost paths, kept per thread and reused from one record to the next: the facade hands a
/// notification's arrays back when it is done with it (``WireNotification/recycle()``) and the next notification
/// read on the thread takes them, cleared but with their capacity (``WireNotification/scratchMembers()``,
/// ``WireNotification/reuseScratch()``, ``WireNotification/scratchMedia()``). So reading a record allocates no array
/// once the thread has read a record as large. An array still referenced elsewhere when it is taken is copied when
/// it is cleared (copy on write): reuse is an optimisation, never a sharing.
final class WireScratch {
    typealias Members = [(key: BorrowedDocument.Node, value: BorrowedDocument.Node)]
    /// The pools, behind a pointer: reached through a class's stored properties, every take and give would be a
    /// dynamic exclusivity check (`swift_beginAccess`), several per record.
    struct Pools {
        var members: [Members] = []
        var kept: [[WireNotification.Kept]] = []
        var provenance: [[(field: String, input: JSONPointer)]] = []
        var media: [[PushNotification.Media]] = []
        var pointers: [[JSONPointer]] = []
    }
    let pools: UnsafeMutablePointer<Pools>

    init() {
        pools = .allocate(capacity: 1)
        pools.initialize(to: Pools())
    }

    deinit {
        pools.deinitialize(count: 1)
        pools.deallocate()
    }

    /// This thread's pools (created on first use, released when the thread ends).
    static var current: UnsafeMutablePointer<Pools> {
        if let pointer = pthread_getspecific(wireScratchKey) {
            return Unmanaged<WireScratch>.fromOpaque(pointer).takeUnretainedValue().pools
        }
        let scratch = WireScratch()
        pthread_setspecific(wireScratchKey, Unmanaged.passRetained(scratch).toOpaque())
        return scratch.pools
    }

    /// The last array of `pool`, cleared (keeping its capacity), or a new one.
    @inline(__always)
    static func take<Element>(_ pool: inout [[Element]]) -> [Element] {
        guard var array = pool.popLast() else { return [] }
        // One by one: `removeAll(keepingCapacity:)` goes through `replaceSubrange`, several times the cost for the
        // few elements a record has.
        while !array.isEmpty { array.removeLast() }
        return array
    }

    /// Hands `array` back to `pool` (at most a few are kept; an array that never grew is not worth keeping).
    @inline(__always)
    static func give<Element>(_ array: [Element], to pool: inout [[Element]]) {
        guard array.capacity > 0, pool.count < 8 else { return }
        pool.append(array)
    }
}

/// The key of each thread's ``WireScratch``, whose destructor releases it when the thread ends.
private let wireScratchKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { pointer in
        if let pointer { Unmanaged<WireScratch>.fromOpaque(pointer).release() }
    }
    return key
}()

extension WireNotification {
    /// An empty array for members of a borrowed object (a kept object's, custom data), reused from an earlier
    /// record of this thread when there is one: see ``recycle()``.
    package static func scratchMembers() -> [(key: BorrowedDocument.Node, value: BorrowedDocument.Node)] {
        WireScratch.take(&WireScratch.current.pointee.members)
    }

    /// Hands back an array taken with ``scratchMembers()`` that no notification keeps, for the next record of this
    /// thread.
    package static func recycleMembers(_ members: [(key: BorrowedDocument.Node, value: BorrowedDocument.Node)]) {
        WireScratch.give(members, to: &WireScratch.current.pointee.members)
    }

    /// An empty array for the model's media, reused from an earlier record of this thread (``recycle()`` hands
    /// the model's back).
    package static func scratchMedia() -> [PushNotification.Media] {
        WireScratch.take(&WireScratch.current.pointee.media)
    }

    /// An empty array of pointers (the facade's lost paths), reused from an earlier record of this thread.
    package static func scratchPointers() -> [JSONPointer] { WireScratch.take(&WireScratch.current.pointee.pointers) }

    /// Hands an array of pointers taken with ``scratchPointers()`` back, for the next record of this thread.
    package static func recyclePointers(_ pointers: [JSONPointer]) {
        WireScratch.give(pointers, to: &WireScratch.current.pointee.pointers)
    }

    /// Takes this notification's `kept` and `provenance` arrays (empty) from this thread's scratch: those of an
    /// earlier notification handed back by ``recycle()``, so appending to them allocates nothing.
    package mutating func reuseScratch() {
        let scratch = WireScratch.current
        kept = WireScratch.take(&scratch.pointee.kept)
        provenance = WireScratch.take(&scratch.pointee.provenance)
    }

    /// Hands this notification's arrays (custom data, kept objects and their members, provenance, the model's
    /// media) to this thread's scratch, for the next notification read on the thread, and leaves them empty.
    /// Called by whoever owns the notification once it is done with it (the facade, after a conversion); not
    /// calling it only forgoes the reuse.
    package mutating func recycle() {
        let scratch = WireScratch.current
        var kept = self.kept
        self.kept = []
        for index in kept.indices {
            WireScratch.give(kept[index].members, to: &scratch.pointee.members)
            kept[index].members = []
        }
        // Last, so that the next notification's custom data (taken first) gets this one's, of a like size.
        WireScratch.give(data, to: &scratch.pointee.members)
        data = []
        // Cleared now (the array is this function's alone): a kept object names its document, whose borrow ends
        // with the conversion, so none is held past it. (Members and custom data are node indices only.)
        while !kept.isEmpty { kept.removeLast() }
        WireScratch.give(kept, to: &scratch.pointee.kept)
        WireScratch.give(provenance, to: &scratch.pointee.provenance)
        provenance = []
        WireScratch.give(model.media, to: &scratch.pointee.media)
        model.media = []
    }
}

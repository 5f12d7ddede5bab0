extension BorrowedDocument {
    /// ``compactSize(_:)`` in one pass over `node`'s stretch of the tape: brackets and separators from each
    /// container's child count, a string without a byte to escape from its length (any other string, and every
    /// number, counted as ``writeCompact(_:into:)`` writes it).
    @usableFromInline func compactLength(_ node: Node) -> Int {
        let end = after(node)
        var length = 0
        var position = node
        while position < end {
            switch tag(position) {
            case Kind.object.rawValue:
                // `{}`, a colon per member, a comma between members.
                let members = childCount(position)
                length += 2 + members + max(members - 1, 0)
                position += 1
            case Kind.array.rawValue:
                length += 2 + max(childCount(position) - 1, 0)
                position += 1
            case Kind.string.rawValue:
                let bytes = stringBytes(position)
                if Self.needsEscaping(bytes) {
                    var counter = ByteCounter()
                    JSONWriter.writeString(bytes: bytes, into: &counter)
                    length += counter.count
                } else {
                    length += bytes.count + 2
                }
                position += 1
            case Kind.int64.rawValue, Kind.uint64.rawValue, Kind.double.rawValue:
                var counter = ByteCounter()
                writeCompact(position, into: &counter)
                length += counter.count
                position += 2
            case Kind.true.rawValue, Kind.null.rawValue:
                length += 4
                position += 1
            case Kind.false.rawValue:
                length += 5
                position += 1
            default:
                // A container's closing entry: its brackets are counted with its opening one.
                position += 1
            }
        }
        return length
    }

    /// True when `bytes` hold a byte a JSON string escapes (a control character, `"` or `\`).
    @inline(__always)
    static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        guard count >= 8 else {
            for index in 0..<count where !JSONWriter.isPlain(base[index]) { return true }
            return false
        }
        var index = 0
        while index &+ 16 <= count {
            if JSONWriter.hasSpecialByte(base + index, base + (index &+ 8)) { return true }
            index &+= 16
        }
        if index &+ 8 <= count {
            if JSONWriter.hasSpecialByte(base + index) { return true }
            index &+= 8
        }
        // The last bytes, as the word ending with them (it overlaps bytes already checked).
        return index < count && JSONWriter.hasSpecialByte(base + (count &- 8))
    }
}

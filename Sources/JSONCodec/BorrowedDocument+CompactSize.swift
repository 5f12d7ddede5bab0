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

    /// ``compactSize(_:)`` when it is over `limit`, nil when it is not: bounded first from the document's input
    /// (``inputBound``), then from the tape alone (a string at most six bytes a byte, as `\u00XX`; a number at most
    /// 32 bytes), counted only when both bounds are over.
    package func compactSize(_ node: Node, ifOver limit: Int) -> Int? {
        guard inputBound > limit, compactBound(node) > limit else { return nil }
        let size = compactLength(node)
        return size > limit ? size : nil
    }

    /// At least the compact size of the document, and so of any node of it, from the length of its input alone:
    /// written compactly, the input loses its whitespace, a string's escapes are the shortest JSON has (the input
    /// had to escape the same characters, in as many bytes or more), an integer is written as it came or shorter
    /// (`-0`), `true`, `false` and `null` as they came; only a real may be written longer (Swift's shortest form, at
    /// most 24 bytes, from at least one). A real takes two words of the tape, so there are at most half its length.
    var inputBound: Int { inputCount &+ 23 &* (count &>> 1) }

    /// At least ``compactSize(_:)``, from the tape alone (no string's bytes are read).
    func compactBound(_ node: Node) -> Int {
        let end = after(node)
        var bound = 0
        var position = node
        while position < end {
            switch tag(position) {
            case Kind.object.rawValue, Kind.array.rawValue:
                // Brackets, and at most a colon and a comma per child.
                bound += 2 + 2 * childCount(position)
                position += 1
            case Kind.string.rawValue:
                bound += 2 + 6 * stringBytes(position).count
                position += 1
            case Kind.int64.rawValue, Kind.uint64.rawValue, Kind.double.rawValue:
                bound += 32
                position += 2
            case Kind.true.rawValue, Kind.false.rawValue, Kind.null.rawValue:
                bound += 5
                position += 1
            default:
                position += 1
            }
        }
        return bound
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

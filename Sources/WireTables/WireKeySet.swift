public import JSONCodec

/// Where the keys of a list are, grouped by the length of their spellings (modulo 64): a key node of some length is
/// compared only with the keys that have a spelling of that length, found without walking the list. Built once,
/// with its list (a table's lines, a format's known keys).
@usableFromInline package struct WireLengthIndex: Sendable {
    /// The keys' positions in the list, grouped by length, each group in list order.
    @usableFromInline let positions: [Int]
    /// Where each length's group starts in ``positions`` (65 entries: the last is where the last group ends).
    @usableFromInline let starts: [Int]

    /// The index of `keys` (a key with two spellings of different lengths is in both groups).
    package init(_ keys: [WireKey]) {
        var groups = [[Int]](repeating: [], count: 64)
        for (position, key) in keys.enumerated() {
            let length = key.bytes.count & 63
            groups[length].append(position)
            if let snake = key.snake, snake.count & 63 != length { groups[snake.count & 63].append(position) }
        }
        positions = groups.flatMap { $0 }
        var starts = [0]
        starts.reserveCapacity(65)
        for group in groups { starts.append(starts[starts.count - 1] + group.count) }
        self.starts = starts
    }

    /// The slots of ``positions`` holding the keys that may spell a key node of `length` bytes (a negative length,
    /// no key node, gives keys none of which matches it).
    @inlinable @inline(__always) package func slots(ofLength length: Int) -> Range<Int> {
        starts[length & 63]..<starts[(length & 63) + 1]
    }
}

/// A fixed set of wire keys (a format's known keys) asked whether a key node spells one of them: by length, then
/// bytes, comparing only the keys of that length (no key decoded, no list walked).
package struct WireKeySet: Sendable {
    @usableFromInline let keys: [WireKey]
    @usableFromInline let index: WireLengthIndex
    /// The lengths of the keys' spellings (``WireKey/lengthBit(_:)``): a key node of none of them is told absent
    /// without looking at the keys.
    @usableFromInline let lengths: UInt64

    /// The set of `keys`.
    package init(_ keys: [WireKey]) {
        self.keys = keys
        index = WireLengthIndex(keys)
        lengths = keys.reduce(0) { lengths, key in
            lengths | WireKey.lengthBit(key.bytes.count) | (key.snake.map { WireKey.lengthBit($0.count) } ?? 0)
        }
    }

    /// The set of the keys spelt by `names`.
    package init(_ names: some Sequence<String>) {
        self.init(names.map(WireKey.init))
    }

    /// True when `key` (a key node of `source`) spells one of the keys.
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    @inlinable package func contains<S: WireSource>(_ key: S.Node, of source: S) -> Bool {
        let length = source.keyLength(key)
        guard lengths & WireKey.lengthBit(length) != 0 else { return false }
        for slot in index.slots(ofLength: length) where keys[index.positions[slot]].spells(source, key, length: length)
        {
            return true
        }
        return false
    }
}

extension WireKey {
    /// ``matches(_:_:length:)`` compared in place: for the readers that ask it of every member they read (a table's
    /// lines, a ``WireKeySet``), without a call per comparison.
    @inlinable @inline(__always) package func spells<S: WireSource>(_ source: S, _ key: S.Node, length: Int) -> Bool {
        if length == bytes.count { return source.key(key, isBytes: bytes) }
        guard let snake, length == snake.count else { return false }
        return source.key(key, isBytes: snake)
    }
}

public import JSONCodec
package import PushCore

// Reading an object whose keys come in either of two spellings (FCM's snake_case and lowerCamelCase), where the
// input's spelling matters: findings name the key as the input spelt it, both spellings present is a finding, and
// the format remembers which keys came in the declared spelling so that it writes them back that way.

extension WireKey {
    /// Which of this key's spellings `key` (a key node of `source`) is, if any.
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    @inlinable package func spelling<S: WireSource>(of source: S, _ key: S.Node) -> WireTableSpelling? {
        let length = source.keyLength(key)
        if length == bytes.count, source.key(key, isBytes: bytes) { return .declared }
        if let snake, length == snake.count, source.key(key, isBytes: snake) { return .snakeCase }
        return nil
    }

    /// True when the key has a snake_case spelling besides the declared one.
    package var hasSnakeSpelling: Bool { snake != nil }

    /// This key spelt only as `spelling` (a key without a snake_case spelling is itself).
    package func only(_ spelling: WireTableSpelling) -> WireKey {
        if spelling == .snakeCase, let snake { return WireKey(bytes: snake, snake: nil, literal: nil) }
        return WireKey(bytes: bytes, snake: nil, literal: literal)
    }

    init(bytes: UnsafeBufferPointer<UInt8>, snake: UnsafeBufferPointer<UInt8>?, literal: StaticString?) {
        self.bytes = bytes
        self.snake = snake
        self.literal = literal
    }
}

extension WireScalar {
    /// The same field under `key` (the spelling the input used, so that findings name it).
    package func respelled(_ key: WireKey) -> WireScalar { WireScalar(key: key, field: field) }
}

/// One object of `source` read line by line, each key in either of its spellings (``WireKey/init(camel:snake:)``):
/// - both spellings present: the snake_case one is read; the other is reported (`duplicate`) and left with the
///   object's unmodelled members;
/// - a value of the wrong type is reported under the key as spelt and set aside: it comes after the other unmodelled
///   members, in the order found;
/// - the keys read in their declared (camelCase) spelling are remembered (``declaredUsed``), so that the format
///   writes them back as they came. An object holding only empty objects is not remembered: it is never written.
package struct WireSpeltObject<S: WireSource> {
    package let source: S
    /// Where the object is in the input.
    package let path: JSONPointer
    /// The object read: its members are walked in the source itself at each take (nothing is copied out of it, so
    /// reading an object allocates nothing unless a key comes in its declared spelling or a value is set aside).
    private let node: S.Node
    /// Its number of members.
    private let count: Int
    /// The input paths of the keys read in their declared spelling where it differs from the snake_case one.
    package var declaredUsed: [JSONPointer] = []
    /// Members taken, one bit each (objects have a few dozen members at most; a larger one spills into ``takenBeyond``).
    private var taken: UInt64 = 0
    private var takenBeyond: [Bool] = []
    private var aside: [Int] = []
    /// One bit for each length of the members' keys (modulo 64): a key none of whose spellings has such a length is
    /// absent, told without looking at a member (most of a table's keys are absent from any one object).
    @usableFromInline var keyLengths: UInt64 = 0
    private let duplicate: DiagnosticCode
    /// False when the reader builds no locations (``location(of:)`` is then ``path``, and so are the paths in
    /// ``declaredUsed``): a read that gives up at anything that would need one, to start over with locations.
    package let locates: Bool

    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    package init(
        _ source: S, _ node: S.Node, at path: JSONPointer, duplicate: DiagnosticCode, locates: Bool = true
    ) {
        self.source = source
        self.path = path
        self.node = node
        var count = 0
        var keyLengths: UInt64 = 0
        for member in source.members(node) {
            count += 1
            keyLengths |= WireKey.lengthBit(source.keyLength(member.key))
        }
        self.count = count
        self.keyLengths = keyLengths
        if count > 64 { takenBeyond = [Bool](repeating: false, count: count - 64) }
        self.duplicate = duplicate
        self.locates = locates
    }

    /// The members of the object, in input order.
    package var members: [(key: S.Node, value: S.Node)] { Array(source.members(node)) }

    /// The location of the member `key` (as spelt, ``take(_:snakeOnly:context:)``'s key) names; ``path`` itself
    /// when the object builds no locations.
    package func location(of key: WireKey) -> JSONPointer {
        locates ? path.appending(key.description) : path
    }

    /// Takes the member `key` spells (see the type's rules); nil when there is none. `snakeOnly`: the declared
    /// spelling is not looked for (a dialect that spells the key one way).
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    package mutating func take(
        _ key: WireKey, snakeOnly: Bool = false, context: inout NormaliseContext
    ) -> (value: S.Node, key: WireKey, index: Int)? {
        guard mayHold(key) else { return nil }
        // The first untaken member in each spelling, with its value. A spelling no member's key has the length of is
        // not looked for: the walk stops once each spelling looked for is found.
        var declared: (index: Int, value: S.Node)?
        var snake: (index: Int, value: S.Node)?
        var seekingDeclared = keyLengths & WireKey.lengthBit(key.bytes.count) != 0
        var seekingSnake = key.snake.map { keyLengths & WireKey.lengthBit($0.count) != 0 } ?? false
        var index = 0
        for member in source.members(node) {
            defer { index += 1 }
            if isTaken(index) { continue }
            switch key.spelling(of: source, member.key) {
            case .declared?:
                if declared == nil {
                    declared = (index, member.value)
                    seekingDeclared = false
                }
            case .snakeCase?:
                if snake == nil {
                    snake = (index, member.value)
                    seekingSnake = false
                }
            case nil: continue
            }
            if !seekingDeclared && !seekingSnake { break }
        }
        if !key.hasSnakeSpelling {
            guard let declared else { return nil }
            markTaken(declared.index)
            return (declared.value, key.only(.declared), declared.index)
        }
        if let declared, !snakeOnly {
            if snake != nil {
                let camel = key.name(.declared)
                let snakeName = key.name(.snakeCase)
                context.diagnostics.error(
                    duplicate, at: path.appending(camel),
                    "`\(camel)` and `\(snakeName)` are the same field; `\(snakeName)` was read, this one kept aside")
            } else {
                markTaken(declared.index)
                if !Self.holdsOnlyEmptyObjects(source, declared.value) {
                    declaredUsed.append(locates ? path.appending(key.name(.declared)) : path)
                }
                return (declared.value, key.only(.declared), declared.index)
            }
        }
        guard let snake else { return nil }
        markTaken(snake.index)
        return (snake.value, key.only(.snakeCase), snake.index)
    }

    /// Reads a line's scalar part (``WireTable/Line/scalar``, with its codes) into `n`: true when taken. A value of
    /// the wrong type is reported and set aside. (Not generic over the table's hook, so that a caller reading a
    /// concrete source gets the specialisation below.)
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    package mutating func read(
        _ scalar: WireScalar, codes: WireScalar.Codes, snakeOnly: Bool = false, into n: inout PushNotification,
        context: inout NormaliseContext
    ) -> Bool {
        guard let found = take(scalar.key, snakeOnly: snakeOnly, context: &context) else { return false }
        let outcome = scalar.respelled(found.key).read(
            source, found.value, at: path, into: &n, context: &context, strict: false, codes: codes)
        if outcome != .taken { setAside(found.index) }
        return outcome == .taken
    }

    /// Reads a line's scalar part into the Android part `android` itself, as the read into a notification does
    /// (a line of the Android part: FCM's `android` and `android.notification`): true when taken.
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    package mutating func read(
        _ scalar: WireScalar, codes: WireScalar.Codes, snakeOnly: Bool = false,
        into android: inout PushNotification.Android, context: inout NormaliseContext
    ) -> Bool {
        guard let found = take(scalar.key, snakeOnly: snakeOnly, context: &context) else { return false }
        let outcome = scalar.respelled(found.key).read(
            source, found.value, at: path, into: &android, context: &context, strict: false, codes: codes)
        if outcome != .taken { setAside(found.index) }
        return outcome == .taken
    }

    /// Puts a taken member back, after the other unmodelled members (a value of the wrong type, kept as it was).
    package mutating func setAside(_ index: Int) {
        aside.append(index)
    }

    /// False when no member of the object can be `key`: none has a key of the length of either of its spellings
    /// (``take(_:snakeOnly:context:)`` would find nothing). Told from the key alone, so a reader walking a table
    /// asks it before copying a line to read it.
    @inlinable package func mayHold(_ key: WireKey) -> Bool { key.mayBeIn(keyLengths) }

    private func isTaken(_ index: Int) -> Bool {
        index < 64 ? taken & (1 << UInt64(index)) != 0 : takenBeyond[index - 64]
    }

    private mutating func markTaken(_ index: Int) {
        if index < 64 { taken |= 1 << UInt64(index) } else { takenBeyond[index - 64] = true }
    }

    /// True when every member was taken and none set aside.
    package var isExhausted: Bool {
        @_specialize(exported:true,where S == BorrowedDocument)
        @_specialize(exported:true,where S == JSONValueSource)
        get { exhausted }
    }

    private var exhausted: Bool {
        guard aside.isEmpty else { return false }
        if count <= 64 { return count == 64 ? taken == .max : taken == (1 << UInt64(count)) - 1 }
        return taken == .max && !takenBeyond.contains(false)
    }

    /// The members not taken, in input order, then those set aside, in the order found.
    package var rest: [(key: S.Node, value: S.Node)] {
        @_specialize(exported:true,where S == BorrowedDocument)
        @_specialize(exported:true,where S == JSONValueSource)
        get { makeRest() }
    }

    private func makeRest() -> [(key: S.Node, value: S.Node)] {
        if isExhausted { return [] }
        let members = self.members
        return members.indices.filter { !isTaken($0) }.map { members[$0] } + aside.map { members[$0] }
    }

    /// ``rest`` as an object.
    package var restObject: JSONObject {
        @_specialize(exported:true,where S == BorrowedDocument)
        @_specialize(exported:true,where S == JSONValueSource)
        get { makeRestObject() }
    }

    private func makeRestObject() -> JSONObject {
        if isExhausted { return JSONObject() }
        return JSONObject(
            uncheckedMembers: rest.map {
                JSONObject.Member(key: source.keyString($0.key), value: source.jsonValue($0.value))
            })
    }

    /// An empty object, or one holding only such objects.
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    package static func holdsOnlyEmptyObjects(_ source: S, _ node: S.Node) -> Bool {
        guard source.isObject(node) else { return false }
        for member in source.members(node) where !holdsOnlyEmptyObjects(source, member.value) { return false }
        return true
    }
}

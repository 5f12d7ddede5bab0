package import JSONCodec

/// A wire key as a table spells it: a literal (compared as bytes, never turned into a `String` on the conversion
/// path) or a vendor's key constant, with the snake_case spelling the vendor also accepts when it has one (FCM's
/// REST reference spells `clickAction` what the Admin SDKs send as `click_action`).
///
/// A table declares each key once; which of its spellings the table writes is the table's ``WireTable/spelling``.
package struct WireKey: Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    enum Storage: Sendable {
        case literal(StaticString)
        case text(String)
    }

    let storage: Storage
    /// The snake_case spelling, when it differs from the declared one.
    let snake: StaticString?

    /// A key literal (`"thread-id"`).
    package init(stringLiteral value: StaticString) {
        storage = .literal(value)
        snake = nil
    }

    /// A key spelt by a vendor's key constant.
    package init(_ text: String) {
        storage = .text(text)
        snake = nil
    }

    /// A key with a camelCase spelling (declared) and the snake_case one the vendor accepts too.
    package init(camel: StaticString, snake: StaticString) {
        storage = .literal(camel)
        self.snake = snake
    }

    /// The declared spelling as a `String` (for findings and paths).
    package var description: String {
        switch storage {
        case .literal(let text): return text.description
        case .text(let text): return text
        }
    }

    /// The spelling `spelling` writes, as a `String`.
    package func name(_ spelling: WireTableSpelling) -> String {
        if spelling == .snakeCase, let snake { return snake.description }
        return description
    }

    /// The UTF-8 length of the declared spelling.
    var declaredLength: Int {
        switch storage {
        case .literal(let text): return text.utf8CodeUnitCount
        case .text(let text): return text.utf8.count
        }
    }

    /// True when `key` (a key node of `source`) spells this key in either of its spellings.
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    package func matches<S: WireSource>(_ source: S, _ key: S.Node) -> Bool {
        matches(source, key, length: source.keyLength(key))
    }

    /// ``matches(_:_:)`` for a key node whose UTF-8 length is `length` (compared first, so most keys are told apart
    /// without comparing bytes).
    @_specialize(exported:true,where S == BorrowedDocument)
    @_specialize(exported:true,where S == JSONValueSource)
    package func matches<S: WireSource>(_ source: S, _ key: S.Node, length: Int) -> Bool {
        switch storage {
        case .literal(let text):
            if length == text.utf8CodeUnitCount, source.key(key, is: text) { return true }
        case .text(let text):
            if source.key(key, isString: text) { return true }
        }
        guard let snake else { return false }
        return length == snake.utf8CodeUnitCount && source.key(key, is: snake)
    }

    /// True when `text` is one of this key's spellings.
    package func matches(_ text: String) -> Bool {
        if text == description { return true }
        guard let snake else { return false }
        return text == snake.description
    }

    /// Writes the key in `spelling`.
    @_specialize(exported:true,where O == CompactOutput)
    @_specialize(exported:true,where O == JSONValueOutput)
    package func write<O: WireOutput>(
        to out: inout O, spelling: WireTableSpelling = .declared
    ) {
        if spelling == .snakeCase, let snake {
            out.key(snake)
            return
        }
        switch storage {
        case .literal(let text): out.key(text)
        case .text(let text): out.key(text)
        }
    }
}

/// Which spelling of its keys a table writes: as declared (APNs' kebab-case, Pinpoint's PascalCase, FCM's
/// camelCase), or the snake_case alternatives its lines give.
package enum WireTableSpelling: Sendable, Equatable {
    case declared
    case snakeCase
}

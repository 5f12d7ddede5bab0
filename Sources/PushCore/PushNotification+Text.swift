#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// The model's texts read from a parsed document: their bytes are copied into a per-thread arena, and a `String` is
// made only when someone asks for one (a property's getter). A conversion that writes the text back out copies its
// bytes twice and allocates nothing for it.

extension PushNotification {
    /// A text field's value as the model holds it: a `String` (what a property's setter stores), or bytes copied from
    /// a parsed document into this thread's ``TextArena`` (what the wire readers store), made a `String` only when a
    /// getter asks. Equal and hashed as the `String` it spells, whichever way it is held.
    @usableFromInline package struct Text: Sendable, Hashable {
        @usableFromInline package enum Storage: Sendable {
            case string(String)
            /// `count` bytes of valid UTF-8 at `start` in `arena`, which this text keeps alive.
            case bytes(TextArena, start: UInt32, count: UInt32)
        }

        @usableFromInline package let storage: Storage

        @inlinable package init(_ string: String) { storage = .string(string) }

        /// The UTF-8 `bytes` (valid UTF-8: a parsed document's string), copied: into a small `String` when they fit
        /// in one (15 bytes, no allocation), else into this thread's arena.
        @inlinable package init(copying bytes: UnsafeBufferPointer<UInt8>) {
            if bytes.count <= 15 || bytes.count > TextArena.largest {
                storage = .string(String(decoding: bytes, as: UTF8.self))
            } else {
                storage = TextArena.copy(bytes)
            }
        }

        /// The text as a `String` (made from the bytes when it is held as bytes).
        @inlinable package var string: String {
            switch storage {
            case .string(let string): return string
            case .bytes(let arena, let start, let count): return arena.string(start: start, count: count)
            }
        }

        /// Lends the text's UTF-8 to `body`.
        @inlinable package func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            switch storage {
            case .string(var string): return string.withUTF8(body)
            case .bytes(let arena, let start, let count):
                return withExtendedLifetime(arena) {
                    body(UnsafeBufferPointer(start: arena.base + Int(start), count: Int(count)))
                }
            }
        }

        /// True when `other` holds the same UTF-8 bytes (a text read from one place of a payload is told from another
        /// by its bytes: a reader keeps a value that differs in any byte, so that it is written back as it came, even
        /// where it is canonically equivalent to the other, as ``==`` compares).
        @inlinable package func hasSameBytes(as other: Text?) -> Bool {
            guard let other else { return false }
            return withUTF8 { mine in other.withUTF8 { theirs in mine.elementsEqual(theirs) } }
        }

        /// Equal as the `String`s they spell (canonical equivalence), told from their bytes when that settles it: the
        /// same bytes are equal; different bytes made only of characters no other spelling is equivalent to are not
        /// (``isNormalised(_:)``). Only the rest are made `String`s to compare.
        @inlinable package static func == (lhs: Text, rhs: Text) -> Bool {
            if case .string(let left) = lhs.storage, case .string(let right) = rhs.storage { return left == right }
            let settled = lhs.withUTF8 { left in
                rhs.withUTF8 { right -> Bool? in
                    if left.elementsEqual(right) { return true }
                    return isNormalised(left) && isNormalised(right) ? false : nil
                }
            }
            return settled ?? (lhs.string == rhs.string)
        }

        /// True when the valid UTF-8 `bytes` hold only characters that are their own canonical form and combine with
        /// nothing (NFC quick check "yes", combining class 0): such a text is in normal form C, so it is canonically
        /// equivalent to another such text only when their bytes are the same. Conservative: ASCII, U+0080–U+02FF
        /// (Latin), U+0400–U+057F but Cyrillic's combining marks (Cyrillic, Armenian), U+2002–U+203F
        /// (punctuation), U+2600–U+27BF (symbols), U+3000–U+3029 and U+3040–U+30FF but U+3099 and U+309A (CJK
        /// punctuation, kana), U+3400–U+9FFF (CJK ideographs), U+AC00–U+D77F (Hangul syllables), U+FE00–U+FE0F
        /// (variation selectors) and U+1F000–U+1FFFF (emoji); any other character answers false.
        @usableFromInline static func isNormalised(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let count = bytes.count
            var index = 0
            while index < count {
                let lead = bytes[index]
                if lead < 0x80 {
                    index &+= 1
                    continue
                }
                if lead < 0xE0 {
                    guard index &+ 1 < count else { return false }
                    switch lead {
                    case 0xC2...0xCB, 0xD0, 0xD1, 0xD3, 0xD4, 0xD5: break
                    case 0xD2 where !(0x83...0x89).contains(bytes[index &+ 1]): break
                    default: return false
                    }
                    index &+= 2
                } else if lead < 0xF0 {
                    guard index &+ 2 < count else { return false }
                    let second = bytes[index &+ 1]
                    let third = bytes[index &+ 2]
                    switch lead {
                    case 0xE4...0xE9, 0xEB, 0xEC: break
                    case 0xEA where second >= 0xB0: break
                    case 0xED where second < 0x9E: break
                    case 0xE2 where (0x98...0x9E).contains(second) || (second == 0x80 && third >= 0x82): break
                    case 0xEF where second == 0xB8 && third <= 0x8F: break
                    // U+3000–U+3029, U+3040–U+30FF but the combining sound marks U+3099 and U+309A, U+3400–U+3FFF.
                    case 0xE3
                    where second >= 0x90 || (second == 0x80 && third < 0xAA) || second == 0x81
                        || second == 0x83 || (second == 0x82 && third != 0x99 && third != 0x9A):
                        break
                    default: return false
                    }
                    index &+= 3
                } else {
                    guard index &+ 3 < count, lead == 0xF0, bytes[index &+ 1] == 0x9F else { return false }
                    index &+= 4
                }
            }
            return true
        }

        @inlinable package func hash(into hasher: inout Hasher) { hasher.combine(string) }
    }
}

/// Where the texts a thread reads from documents are copied (``PushNotification/Text``): a fixed block of bytes,
/// appended to and never moved, kept alive by the texts that name it. Each thread appends to its own current arena;
/// when no text names it any more it is started again from its beginning, so a thread converting one record after
/// another reuses one block and allocates nothing for its texts. A text another thread holds keeps its arena, whose
/// bytes under it are never written again (the owning thread appends only past them, or moves to a new arena).
@usableFromInline package final class TextArena: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int
    /// The bytes in use; written only by the thread whose current arena this is (so no dynamic exclusivity check).
    @exclusivity(unchecked) @usableFromInline var count = 0

    /// The size of a thread's arena.
    @usableFromInline static let size = 1 << 16
    /// The longest text copied into an arena (a longer one is held as its own `String`).
    @usableFromInline static let largest = 1 << 12

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// The bytes at `start` as a `String`.
    @usableFromInline func string(start: UInt32, count: UInt32) -> String {
        String(decoding: UnsafeBufferPointer(start: base + Int(start), count: Int(count)), as: UTF8.self)
    }

    /// Copies `bytes` (at most ``largest``) into this thread's arena.
    @usableFromInline static func copy(_ bytes: UnsafeBufferPointer<UInt8>) -> PushNotification.Text.Storage {
        let slot = TextArenaSlot.current
        // No text names the arena but the slot: start it again.
        if isKnownUniquelyReferenced(&slot.arena) { slot.arena.count = 0 }
        if slot.arena.capacity &- slot.arena.count < bytes.count { slot.arena = TextArena(capacity: size) }
        let arena = slot.arena
        let start = arena.count
        if let source = bytes.baseAddress { (arena.base + start).update(from: source, count: bytes.count) }
        arena.count = start &+ bytes.count
        return .bytes(arena, start: UInt32(truncatingIfNeeded: start), count: UInt32(truncatingIfNeeded: bytes.count))
    }
}

/// A thread's current ``TextArena``.
final class TextArenaSlot {
    // Reached only by its own thread (``current``): no dynamic exclusivity check per text.
    @exclusivity(unchecked) var arena = TextArena(capacity: TextArena.size)

    /// This thread's slot (made on first use, released when the thread ends).
    static var current: TextArenaSlot {
        if let pointer = pthread_getspecific(textArenaKey) {
            return Unmanaged<TextArenaSlot>.fromOpaque(pointer).takeUnretainedValue()
        }
        let slot = TextArenaSlot()
        pthread_setspecific(textArenaKey, Unmanaged.passRetained(slot).toOpaque())
        return slot
    }
}

/// The key of each thread's ``TextArenaSlot``, whose destructor releases it when the thread ends.
private let textArenaKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { pointer in
        if let pointer { Unmanaged<TextArenaSlot>.fromOpaque(pointer).release() }
    }
    return key
}()

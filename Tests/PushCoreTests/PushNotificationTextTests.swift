import Foundation
import Testing

@testable import PushCore

/// The model's texts held as bytes copied from a document (``PushNotification/Text``): they read back as the
/// strings they spell, compare and hash as those strings do, and outlive the arena's reuse.
@Suite("model texts")
struct PushNotificationTextTests {
    /// A text copied from `string`'s bytes.
    static func copied(_ string: String) -> PushNotification.Text {
        var string = string
        return string.withUTF8 { PushNotification.Text(copying: $0) }
    }

    /// Spellings that are canonically equivalent (equal as `String`s) but not the same bytes, and texts that differ.
    static let pairs: [(String, String)] = [
        ("caf\u{E9} au lait, a long enough title", "cafe\u{301} au lait, a long enough title"),
        ("\u{212A}elvin degrees, a long enough title", "Kelvin degrees, a long enough title"),
        (
            "\u{439}\u{43E}\u{434} \u{43A}\u{43E}\u{440}\u{43E}\u{43A}\u{43E}",
            "\u{438}\u{306}\u{43E}\u{434} \u{43A}\u{43E}\u{440}\u{43E}\u{43A}\u{43E}"
        ),
        (
            "\u{304C}\u{3063}\u{3053}\u{3046}\u{306E}\u{304A}\u{77E5}\u{3089}\u{305B}",
            "\u{304B}\u{3099}\u{3063}\u{3053}\u{3046}\u{306E}\u{304A}\u{77E5}\u{3089}\u{305B}"
        ),
        ("Season pass \u{1F3AE} on sale tonight", "Season pass \u{1F3AE} on sale tomorrow"),
        (
            "\u{41D}\u{43E}\u{432}\u{44B}\u{439} \u{441}\u{435}\u{437}\u{43E}\u{43D} starts",
            "\u{41D}\u{43E}\u{432}\u{44B}\u{439} \u{441}\u{435}\u{437}\u{43E}\u{43D} ends!"
        ),
        ("short", "short"),
        ("", ""),
    ]

    @Test func aCopiedTextReadsBackAsItsString() {
        for (left, right) in Self.pairs {
            for string in [left, right] {
                let text = Self.copied(string)
                #expect(text.string == string)
                #expect(text.withUTF8 { Array($0) } == Array(string.utf8))
            }
        }
    }

    /// Texts held as bytes or as `String`s compare as the strings do (canonical equivalence), hash alike when equal,
    /// and have the same bytes only when their bytes are the same.
    @Test func textsCompareAsTheirStrings() {
        for (left, right) in Self.pairs {
            let forms = [
                (Self.copied(left), Self.copied(right)), (PushNotification.Text(left), Self.copied(right)),
                (Self.copied(left), PushNotification.Text(right)),
                (PushNotification.Text(left), PushNotification.Text(right)),
            ]
            for (a, b) in forms {
                #expect((a == b) == (left == right), "\(left) / \(right)")
                if a == b { #expect(a.hashValue == b.hashValue) }
                #expect(a.hasSameBytes(as: b) == (Array(left.utf8) == Array(right.utf8)))
            }
        }
        #expect(!Self.copied("a long enough text to be copied").hasSameBytes(as: nil))
    }

    /// Every character ``PushNotification/Text/isNormalised(_:)`` accepts is a starter that is its own canonical form
    /// and composes with no character before it (checked against Foundation's NFC, after each accepted character
    /// and after characters it might compose with); characters that combine, or have another canonical form, are
    /// refused.
    @Test func normalisedCharactersAreTheirOwnCanonicalForm() {
        var accepted: [Unicode.Scalar] = []
        for value in UInt32(0x80)...UInt32(0x1FFFF) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var string = String(Character(scalar))
            let normalised = string.withUTF8 { PushNotification.Text.isNormalised($0) }
            guard normalised else { continue }
            accepted.append(scalar)
            #expect(scalar.properties.canonicalCombiningClass == .notReordered, "U+\(String(value, radix: 16))")
            #expect(
                Array(string.precomposedStringWithCanonicalMapping.unicodeScalars) == [scalar],
                "U+\(String(value, radix: 16))")
        }
        #expect(accepted.count > 40_000)
        // After letters that take marks (Latin, Cyrillic, kana, Hangul), an accepted character stays as it is.
        let before: [Unicode.Scalar] = ["e", "A", "\u{438}", "\u{435}", "\u{304B}", "\u{30CF}", "\u{1100}", "\u{AC00}"]
        for previous in before {
            for scalar in accepted {
                let pair = String(String.UnicodeScalarView([previous, scalar]))
                #expect(
                    Array(pair.precomposedStringWithCanonicalMapping.unicodeScalars) == [previous, scalar],
                    "U+\(String(previous.value, radix: 16)) U+\(String(scalar.value, radix: 16))")
            }
        }
        for refused in ["\u{301}", "\u{3099}", "\u{212A}", "\u{2000}", "\u{483}", "\u{F900}", "\u{1161}", "\u{387}"] {
            var string = refused
            #expect(!string.withUTF8 { PushNotification.Text.isNormalised($0) }, "\(refused.unicodeScalars.first!)")
        }
    }

    /// Texts kept past many more copied after them (the arena filled, started again and replaced) still read as
    /// they were, on this thread and on another that goes on copying.
    @Test func aKeptTextOutlivesItsArenasReuse() async {
        let strings = (0..<2_000).map { "text number \($0) " + String(repeating: "\u{44F}", count: $0 % 300 + 1) }
        let kept = strings.map(Self.copied)
        for _ in 0..<2_000 { _ = Self.copied(String(repeating: "overwrite ", count: 40)) }
        #expect(kept.map(\.string) == strings)
        let held = await Task.detached { () -> [PushNotification.Text] in
            let texts = strings.map(Self.copied)
            for _ in 0..<2_000 { _ = Self.copied(String(repeating: "again ", count: 60)) }
            return texts
        }.value
        for _ in 0..<2_000 { _ = Self.copied(String(repeating: "here ", count: 60)) }
        #expect(held.map(\.string) == strings)
        #expect(kept.map(\.string) == strings)
    }

    /// URLs of every shape the kind is told from: an extension, none, a query or fragment, a trailing slash, text
    /// beyond ASCII, an extension in capitals.
    static let urls = [
        "https://cdn.example.com/c4tr7/m64xhaommjm.jpg", "https://cdn.example.com/a/b", "https://e.com/x.mp4?w=1#t",
        "https://e.com/dir.png/", "https://e.com/caf\u{E9}/photo.GIF", "https://e.com/\u{1F3AE}/clip.m4a", "not a url",
    ]

    /// A media item whose URL is copied bytes is the item made from the URL's `String`: the same URL, the same kind
    /// told from it, equal and hashed alike.
    @Test func aMediaItemOfCopiedBytesIsTheItemOfItsString() {
        for url in Self.urls {
            let copied = PushNotification.Media(urlText: Self.copied(url))
            let given = PushNotification.Media(url: url)
            #expect(copied == given && copied.hashValue == given.hashValue, "\(url)")
            #expect(copied.url == url && copied.kind == given.kind, "\(url)")
            #expect(PushNotification.MediaKind(urlText: Self.copied(url)) == PushNotification.MediaKind(url: url))
            #expect(TemplateValue.holdsPlaceholder(Self.copied(url)) == TemplateValue.holdsPlaceholder(url))
        }
        #expect(TemplateValue.holdsPlaceholder(Self.copied("https://e.com/{{Attributes.image}}.png")))
    }

    /// A notification whose title, subtitle and body are copied bytes is equal to one given the same `String`s, and
    /// its properties read them back.
    @Test func aNotificationHoldsCopiedTextsAsItsStrings() {
        var copied = PushNotification()
        copied.titleText = Self.copied(Self.pairs[0].0)
        copied.subtitleText = Self.copied(Self.pairs[2].0)
        copied.bodyText = Self.copied(Self.pairs[3].0)
        var android = PushNotification.Android()
        android.titleText = Self.copied(Self.pairs[4].0)
        copied.android = android
        var given = PushNotification()
        given.title = Self.pairs[0].1
        given.subtitle = Self.pairs[2].1
        given.body = Self.pairs[3].1
        given.android = PushNotification.Android()
        given.android?.title = Self.pairs[4].0
        #expect(copied == given)
        #expect(copied.hashValue == given.hashValue)
        #expect(copied.title == Self.pairs[0].0 && copied.body == Self.pairs[3].0)
        #expect(copied.android?.title == Self.pairs[4].0)
        #expect(copied.isVisible && copied.hasAlert)
        #expect(copied.canonicalJSON == given.canonicalJSON)
    }
}

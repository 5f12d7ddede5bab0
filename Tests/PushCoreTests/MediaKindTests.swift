import Testing
import PushCore

/// `MediaKind(url:)` takes a byte path for ASCII URLs; it must agree with the `Character` definition.
@Suite("Media kind from a URL")
struct MediaKindTests {
    static let urls: [String] = [
        "", "/", "a", ".jpg", "x.jpg", "https://cdn.example.com/p/1.JPG", "https://cdn.example.com/p/1.jpg/",
        "https://cdn.example.com/p/1.jpg?x=y.mp4", "https://cdn.example.com/p/1.mp4#t=1.png", "https://h/a.b/c",
        "https://h/a.b/c.", "https://h//v.mov//", "//", "?a.jpg", "#.gif", "a.tar.gz", "https://h/file.m4a?",
        "https://h/x.jpeg#", "h/.", "h/..png", "https://h/a.png\r\n", "https://h/é.png", "https://h/a.pn\u{301}g",
        "https://h/a.png?\u{301}", "https://h/a/b.gif?q=1#f", "https://h/a.wav/?x", "noext", "https://h/a.MP3",
        // The extension compared as one word: each of them, in mixed case, and near misses of every length.
        "a.jpg", "a.JPEG", "a.Png", "a.gIf", "a.mpg", "a.MPEG", "a.mp2", "a.Mp4", "a.AVI", "a.m4V", "a.mov", "a.aif",
        "a.AIFF", "a.wav", "a.mp3", "a.M4A", "a.jp", "a.jpgs", "a.jpegs", "a.j", "a.mp5", "a.m4b", "a.aiffx",
        "a.jpe", "a.pn", "a.jp@", "a.[pg", "a.jpg\u{0}", "a.\u{0}jpg",
    ]

    @Test("agrees with the Character definition", arguments: urls)
    func agreesWithReference(_ url: String) {
        #expect(PushNotification.MediaKind(url: url) == Self.reference(url))
    }

    /// The `Character` definition (the original implementation).
    static func reference(_ url: String) -> PushNotification.MediaKind? {
        var path = Substring(url)
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        guard let lastComponent = path.split(separator: "/").last,
            let dot = lastComponent.lastIndex(of: "."), !path.hasSuffix("/")
        else { return nil }
        return PushNotification.MediaKind(fileExtension: String(lastComponent[lastComponent.index(after: dot)...]))
    }
}

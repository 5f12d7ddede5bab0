import Testing
@testable import PushNormaliser
import PushCore

@Suite("Layout paths")
struct LayoutTrieTests {
    @Test("a path is layout when it is one of the paths or lies under one, never when it is only above one")
    func coversPathsAndWhatLiesUnderThem() {
        let trie = LayoutTrie([["extensions", "amazon", "pinpointGCM", "present"], ["sameAsShared"]])
        #expect(trie.coversPath(["extensions", "amazon", "pinpointGCM", "present"]))
        #expect(trie.coversPath(["extensions", "amazon", "pinpointGCM", "present", "x", "0"]))
        #expect(trie.coversPath(["sameAsShared", "title"]))
        #expect(!trie.coversPath(["extensions", "amazon", "pinpointGCM"]))
        #expect(!trie.coversPath(["extensions", "amazon", "pinpointGCM", "fields"]))
        #expect(!trie.coversPath(["title"]))
        #expect(!trie.coversPath([]))
        #expect(LayoutTrie([[]]).coversPath(["anything"]))
    }

    @Test("the registry's layout paths are never lost, and what lies beside them is")
    func registryLayoutPaths() {
        let registry = FormatRegistry.standard
        for layout in registry.layoutPaths {
            #expect(registry.isLayout(layout.tokens), "\(layout)")
            #expect(registry.isLayout(layout.tokens + ["deeper"]), "\(layout)")
        }
        #expect(!registry.isLayout(["title"]))
        #expect(!registry.isLayout(["extensions", "amazon", "pinpointMessage", "input", "ApplicationId"]))
    }
}

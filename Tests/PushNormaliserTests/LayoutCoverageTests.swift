import PushCore
@testable import PushNormaliser
import Testing

/// ``LayoutCoverage`` (``FormatRegistry/layoutCovers(extensionsOf:key:)`` by lookups) answers as a scan of the layout
/// paths does: whole coverage by a path at or above `/extensions/<namespace>/<key>`, partial by a deeper one, none
/// otherwise.
@Suite("layout coverage")
struct LayoutCoverageTests {
    /// The answer scanned from the paths (the registry's former implementation).
    static func scanned(_ layouts: [[String]], namespace: String, key: String) -> Bool? {
        var deeper = false
        for layout in layouts {
            switch layout.count {
            case 0: return true
            case 1: if layout[0] == "extensions" { return true }
            case 2: if layout[0] == "extensions" && layout[1] == namespace { return true }
            default:
                guard layout[0] == "extensions" && layout[1] == namespace && layout[2] == key else { continue }
                if layout.count == 3 { return true }
                deeper = true
            }
        }
        return deeper ? nil : false
    }

    /// The standard layout paths, alone and with each shape of path added.
    static let layoutSets: [[[String]]] = {
        let standard = FormatRegistry.standard.layoutPaths.map(\.tokens)
        let added: [[String]] = [
            [], ["extensions"], ["extensions", "x"], ["extensions", "y", "k", "deep"], ["extensions", "y", "k"],
            ["android", "z", "k"], ["extensions", "amazon", "sns", "inner"],
        ]
        return [standard] + added.map { standard + [$0] } + [added.reversed()]
    }()

    @Test(arguments: layoutSets)
    func answersAsAScanOfTheLayoutPaths(_ layouts: [[String]]) {
        let coverage = LayoutCoverage(layouts)
        #expect(coverage.touchesFields == layouts.contains { $0.first != "extensions" })
        var asked: [(String, String)] = [("x", "k"), ("y", "k"), ("y", "other"), ("z", "k"), ("unknown", "k")]
        for layout in layouts where layout.count >= 2 {
            asked.append((layout[1], layout.count >= 3 ? layout[2] : "any"))
            asked.append((layout[1], "not-a-layout-key"))
        }
        for (namespace, key) in asked {
            #expect(
                coverage.covers(namespace: namespace, key: key)
                    == Self.scanned(layouts, namespace: namespace, key: key), "\(namespace).\(key)")
        }
    }

    @Test func theStandardLayoutsCoverWhatTheyName() {
        let registry = FormatRegistry.standard
        #expect(registry.layoutCovers(extensionsOf: "fcm", key: "layout") == true)
        #expect(registry.layoutCovers(extensionsOf: "fcm", key: "notification") == false)
        #expect(registry.layoutCovers(extensionsOf: "amazon", key: "sns") == false)
    }
}

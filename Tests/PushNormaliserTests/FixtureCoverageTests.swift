import AdapterContract
import Foundation
import PushCore
import PushNormaliser
import PushTestSupport
import Testing

/// Every fixture folder in the repository is visited by a runner, and no runner walks an empty folder.
///
/// ``FixtureCoverageTests/roots`` is the one table of fixture roots. A folder holding files anywhere under
/// `Tests/*/Fixtures`, `Tests/*/Transcripts` or `Tests/*/Help` must be a root (of files) or a scenario of one, so a
/// new folder no runner reads fails here. Adapter scenarios are run here too, with the adapter the registry
/// names, through the same ``FixtureSuite`` the adapter targets use.
@Suite("Fixture coverage")
struct FixtureCoverageTests {
    /// How a root is laid out, and who runs it.
    enum Layout: Sendable {
        /// Scenario folders checked by ``FixtureSuite`` with the registry's adapter of this format.
        case adapter(format: String)
        /// Scenario folders run by the named test file (which must name the folder).
        case scenarios(runner: String)
        /// Files directly in the folder (named `*<suffix>`), run by the named test file (which must name the folder).
        case files(runner: String, suffix: String = ".json")
    }

    struct Root: Sendable, CustomStringConvertible {
        var path: String
        var layout: Layout
        var description: String { path }
    }

    static let packageRoot = PushnormExecutable.packageRoot

    /// Every registered format's fixture folder (``FormatFixtures``: `Tests/*/Fixtures/<format>`), from the registry:
    /// a format added to the registry is run here without another line.
    static let formatRoots: [Root] = FormatRegistry.standard.descriptors.flatMap { descriptor in
        FormatFixtures.folders(of: descriptor.name).map { Root(path: $0, layout: .adapter(format: descriptor.name)) }
    }

    /// The other fixture roots (not formats), each with its runner.
    static let otherRoots: [Root] = [
        Root(
            path: "Tests/HiveAdapterTests/Fixtures/hive-actions",
            layout: .scenarios(runner: "Tests/HiveAdapterTests/HiveActionCatalogueTests.swift")),
        Root(
            path: "Tests/PushNormaliserTests/Fixtures/validation-fcm-legacy",
            layout: .scenarios(runner: "Tests/PushNormaliserTests/FCMValidationTests.swift")),
        Root(
            path: "Tests/PushNormaliserTests/Fixtures/validation-fcm",
            layout: .scenarios(runner: "Tests/PushNormaliserTests/FCMValidationTests.swift")),
        Root(
            path: "Tests/PushNormaliserTests/Fixtures/validation-hms",
            layout: .scenarios(runner: "Tests/PushNormaliserTests/HMSValidationTests.swift")),
        Root(
            path: "Tests/PushNormaliserTests/Fixtures/validation",
            layout: .scenarios(runner: "Tests/PushNormaliserTests/ValidationTests.swift")),
        Root(
            path: "Tests/JSONCodecTests/Fixtures/valid",
            layout: .files(runner: "Tests/JSONCodecTests/ParsingTests.swift")),
        Root(
            path: "Tests/JSONCodecTests/Fixtures/invalid",
            layout: .files(runner: "Tests/JSONCodecTests/ParsingTests.swift")),
        Root(
            path: "Tests/PushRPCTests/Transcripts",
            layout: .scenarios(runner: "Tests/PushRPCTests/TranscriptTests.swift")),
        Root(
            path: "Tests/CommandLineTests/Fixtures/commands",
            layout: .scenarios(runner: "Tests/CommandLineTests/CommandGoldenTests.swift")),
        Root(
            path: "Tests/CommandLineTests/Help",
            layout: .files(runner: "Tests/CommandLineTests/CommandLineOptionsTests.swift", suffix: ".txt")),
    ]

    static let roots: [Root] = formatRoots + otherRoots

    /// Every folder that directly holds a file, under the fixture trees (relative to the package root).
    static func foldersHoldingFiles() -> [String] {
        var out: Set<String> = []
        let manager = FileManager.default
        let tests = packageRoot + "/Tests"
        for target in (try? manager.contentsOfDirectory(atPath: tests)) ?? [] {
            for tree in ["Fixtures", "Transcripts", "Help"] {
                let base = "Tests/\(target)/\(tree)"
                guard let walker = manager.enumerator(atPath: packageRoot + "/" + base) else { continue }
                while let relative = walker.nextObject() as? String {
                    var isDirectory: ObjCBool = false
                    let full = packageRoot + "/" + base + "/" + relative
                    if manager.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                        out.insert(((base + "/" + relative) as NSString).deletingLastPathComponent)
                    }
                }
            }
        }
        return out.sorted()
    }

    @Test func everyRegisteredFormatHasOneFixtureFolder() {
        for descriptor in FormatRegistry.standard.descriptors {
            let folders = FormatFixtures.folders(of: descriptor.name)
            #expect(
                folders.count == 1,
                "\(descriptor.name): fixture folders \(folders) (want one Tests/*/Fixtures/\(descriptor.name))")
        }
    }

    @Test func everyFixtureFolderIsVisitedByARunner() {
        let folders = Self.foldersHoldingFiles()
        #expect(folders.count > 100, "found only \(folders.count) fixture folders")
        for folder in folders {
            let parent = (folder as NSString).deletingLastPathComponent
            let claimed = Self.roots.contains { root in
                switch root.layout {
                case .files: return root.path == folder
                case .adapter, .scenarios: return root.path == parent
                }
            }
            #expect(claimed, "\(folder): no runner visits this fixture folder (add it to FixtureCoverageTests.roots)")
        }
    }

    @Test("every root holds fixtures and names its runner", arguments: roots)
    func rootIsRun(_ root: Root) throws {
        let full = Self.packageRoot + "/" + root.path
        switch root.layout {
        case .adapter(let format):
            #expect(FormatRegistry.standard.adapter(named: format) != nil, "no adapter \(format)")
            #expect(Golden.scenarios(in: full) != [Golden.noScenarios], "\(root.path) is empty")
        case .scenarios(let runner):
            #expect(Golden.scenarios(in: full) != [Golden.noScenarios], "\(root.path) is empty")
            let source = try String(contentsOfFile: Self.packageRoot + "/" + runner, encoding: .utf8)
            let name = (root.path as NSString).lastPathComponent
            #expect(source.contains("\"\(name)\"") || source.contains("/\(name)\""), "\(runner) does not read \(name)")
        case .files(let runner, let suffix):
            #expect(Golden.files(in: full, suffix: suffix) != [Golden.noScenarios], "\(root.path) is empty")
            let source = try String(contentsOfFile: Self.packageRoot + "/" + runner, encoding: .utf8)
            let name = (root.path as NSString).lastPathComponent
            #expect(
                source.contains("/\(name)\"") || source.contains("\"\(name)\""), "\(runner) does not read \(name)")
        }
    }

    /// Every adapter scenario, in one place, with the adapter the registry gives its format.
    static let adapterScenarios: [String] = roots.flatMap { root -> [String] in
        guard case .adapter(let format) = root.layout else { return [] }
        return FormatFixtures.sampled(Golden.scenarios(in: packageRoot + "/" + root.path)).map {
            "\(format)|\(root.path)/\($0)"
        }
    }

    @Test("every adapter scenario through the registry's adapter", arguments: adapterScenarios)
    func adapterScenario(_ entry: String) throws {
        let parts = entry.split(separator: "|", maxSplits: 1).map(String.init)
        let adapter = try #require(FormatRegistry.standard.adapter(named: parts[0]))
        let folder = Self.packageRoot + "/" + parts[1]
        let declared = FormatRegistry.standard.optionDeclarations
        let problems =
            FixtureSuite.run(adapter, scenario: folder, declared: declared)
            + FixtureSuite.contract(adapter, scenario: folder, declared: declared)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}

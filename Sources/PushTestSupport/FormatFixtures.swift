import Foundation

/// The one fixture convention for every format: its golden scenarios live in
/// `Tests/<Target>/Fixtures/<format name>/<scenario>/` (the files ``FixtureSuite`` reads). The registry-driven
/// runners find a registered format's folder here, so adding a format needs its fixture folder and nothing else in
/// the tests.
public enum FormatFixtures {
    /// The fixture folders of `format` (relative to the package root): every `Tests/*/Fixtures/<format>`.
    public static func folders(of format: String, packageRoot: String = PushnormExecutable.packageRoot) -> [String] {
        let manager = FileManager.default
        let targets = (try? manager.contentsOfDirectory(atPath: packageRoot + "/Tests")) ?? []
        return targets.sorted().compactMap { target in
            let relative = "Tests/\(target)/Fixtures/\(format)"
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: packageRoot + "/" + relative, isDirectory: &isDirectory),
                isDirectory.boolValue
            else { return nil }
            return relative
        }
    }

    /// Every n-th of `items`, the first always kept, where n is the environment's `PUSH_FIXTURE_SAMPLE`; all of
    /// them when it is unset or below 2. `make test-asan` sets it: under AddressSanitizer the per-fixture tests of
    /// the conversion matrix (every fixture through every format) take a sample of each format's fixtures, in
    /// name order, while the plain run (`make test`) takes every one.
    public static func sampled<Item>(_ items: [Item]) -> [Item] {
        guard let text = ProcessInfo.processInfo.environment["PUSH_FIXTURE_SAMPLE"], let every = Int(text), every > 1
        else { return items }
        return items.enumerated().filter { $0.offset % every == 0 }.map(\.element)
    }

    /// The scenario folders of `format` (absolute paths), in name order.
    public static func scenarios(of format: String, packageRoot: String = PushnormExecutable.packageRoot) -> [String] {
        folders(of: format, packageRoot: packageRoot).flatMap { folder in
            Golden.scenarios(in: packageRoot + "/" + folder).filter { $0 != Golden.noScenarios }.map {
                packageRoot + "/" + folder + "/" + $0
            }
        }
    }
}

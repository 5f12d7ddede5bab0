public import Foundation

/// The built `pushnorm` executable under test, run with files for its standard streams so no pipe can
/// deadlock.
///
/// It is the one built with the running test bundle (`swift test` builds every product into the bundle's
/// folder, so `make test-asan` runs the AddressSanitizer build), or `$PUSHNORM_EXECUTABLE` when set. When it
/// cannot be found, ``run(_:input:in:)`` and ``requirePath()`` throw: a test that needs it fails, never skips.
public enum PushnormExecutable {
    /// The package root (three levels above this file).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Why the executable cannot be run.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    /// Where the executable should be: `$PUSHNORM_EXECUTABLE` (`make test` sets it to the optimised `make dist`
    /// build), else ``builtWithTests``.
    public static let path: String = {
        if let explicit = ProcessInfo.processInfo.environment["PUSHNORM_EXECUTABLE"], !explicit.isEmpty {
            return explicit
        }
        return builtWithTests
    }()

    /// `pushnorm` next to the running test binary: the one `swift test` built with the tests, in the same
    /// configuration (debug, or a sanitizer's build). The complexity tests measure this one whatever
    /// `$PUSHNORM_EXECUTABLE` says: their input sizes are chosen so that its per-record cost stands well above
    /// start-up and noise, which the optimised build's (about ten times smaller) would not.
    public static let builtWithTests: String = {
        let runner = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "")
        var folder = runner.resolvingSymlinksInPath().deletingLastPathComponent()
        // The bundle's executable may sit inside `<name>.xctest/` on some platforms.
        if folder.pathExtension == "xctest" { folder = folder.deletingLastPathComponent() }
        return folder.appendingPathComponent("pushnorm").path
    }()

    /// True when it is there.
    public static var exists: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// The path (``path``, or ``builtWithTests`` when `builtWithTests` is true), or an error saying how to
    /// build it.
    public static func requirePath(builtWithTests: Bool = false) throws -> String {
        let path = builtWithTests ? Self.builtWithTests : Self.path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Missing(
                description: "the pushnorm executable is missing at \(path): `swift test` builds it with the tests "
                    + "(run `swift build --build-tests` or `make test`), or set PUSHNORM_EXECUTABLE")
        }
        return path
    }

    /// What one run produced.
    public struct Run: Sendable {
        public var status: Int32
        public var stdout: [UInt8]
        public var stderr: String

        /// Standard output as text.
        public var output: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs `pushnorm arguments…` with `input` on standard input, in `directory` (a fresh temporary one
    /// when nil, removed afterwards). Throws ``Missing`` when the executable is not there.
    public static func run(_ arguments: [String], input: [UInt8] = [], in directory: URL? = nil) throws -> Run {
        let executable = try requirePath()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("pushnorm-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inputURL = scratch.appendingPathComponent("in")
        let outputURL = scratch.appendingPathComponent("out")
        let errorURL = scratch.appendingPathComponent("err")
        try Data(input).write(to: inputURL)
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? scratch
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: Array(try Data(contentsOf: outputURL)),
            stderr: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }
}

public import Foundation

/// The built `pushnorm` executable (`<package root>/.build/debug/pushnorm`), run with files for its
/// standard streams so no pipe can deadlock. Build it first: `swift build --product pushnorm`.
public enum PushnormExecutable {
    /// The package root (three levels above this file).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// `<package root>/.build/debug/pushnorm`.
    public static let path = packageRoot + "/.build/debug/pushnorm"

    /// True when it has been built.
    public static var exists: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// What one run produced.
    public struct Run: Sendable {
        public var status: Int32
        public var stdout: [UInt8]
        public var stderr: String

        /// Standard output as text.
        public var output: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs `pushnorm arguments…` with `input` on standard input, in `directory` (a fresh temporary one
    /// when nil, removed afterwards).
    public static func run(_ arguments: [String], input: [UInt8] = [], in directory: URL? = nil) throws -> Run {
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
        process.executableURL = URL(fileURLWithPath: path)
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

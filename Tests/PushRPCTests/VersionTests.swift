import Foundation
import JSONCodec
import PushCore
import Testing

@testable import PushRPC

/// One version number, in `rpc-spec/VERSION`: every copy (`make version` writes them) says the same.
@Suite struct VersionTests {
    private func read(_ path: String) throws -> String {
        try String(contentsOfFile: RPCTestSupport.packageRoot + "/" + path, encoding: .utf8)
    }

    private var version: String {
        get throws { try read("rpc-spec/VERSION").trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    @Test func theCompiledInVersionIsTheVersionFile() throws {
        let version = try version
        #expect(version.split(separator: ".").count == 3, "rpc-spec/VERSION: \(version)")
        #expect(PackageVersion.current == version, "run `make version`")
        let document = try OpenRPCDocument.embedded.get()
        #expect(document["info"]?["version"] == .string(version), "run `make version`")
    }

    @Test(arguments: [
        ("Clients/python/pyproject.toml", "\nversion = \"@\"\n"),
        ("Clients/python/src/pushnormaliser/_version.py", "\n__version__ = \"@\"\n"),
        ("Clients/node/package.json", "\n  \"version\": \"@\",\n"),
        ("Clients/go/version.go", "\nconst Version = \"@\"\n"),
    ])
    func everyClientCarriesTheVersionFile(path: String, line: String) throws {
        let expected = line.replacingOccurrences(of: "@", with: try version)
        #expect(try read(path).contains(expected), "\(path) has not \(expected.debugDescription): run `make version`")
    }
}

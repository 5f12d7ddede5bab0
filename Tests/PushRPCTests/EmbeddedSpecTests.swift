import Foundation
import JSONCodec
import PushCore
import Testing

@testable import PushRPC

/// The rpc-spec files compiled into the binary (`RPCSpecFiles.swift`, from `make rpc-spec`) are the checked-in
/// files, and the document served is them, bundled.
@Suite struct EmbeddedSpecTests {
    @Test func theCompiledInCopyEqualsTheCheckedInFiles() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: RPCTestSupport.packageRoot + "/rpc-spec")
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(RPCSpecFiles.files.map(\.name).sorted() == names)
        for name in names {
            let file = try String(contentsOfFile: RPCTestSupport.packageRoot + "/rpc-spec/" + name, encoding: .utf8)
            #expect(OpenRPCDocument.embeddedFile(name) == file, "\(name) changed: run `make rpc-spec`")
        }
    }

    @Test func theBuiltInDocumentIsSelfContained() throws {
        let document = try OpenRPCDocument.embedded.get()
        try RPCTestSupport.expectSelfContained(document)
        let schemas = try #require(document["components"]?["schemas"])
        #expect(schemas["Notification"]?["$schema"] == nil)
        #expect(schemas["Notification"]?["properties"]?["body"] != nil)
        #expect(schemas["HiveActions"]?["properties"]?["actions"] != nil)
        #expect(
            schemas["Notification"]?["properties"]?["sound"]?["$ref"] == "#/components/schemas/Notification/$defs/sound"
        )
    }

    @Test func anOverridingDocumentIsBundledFromTheFilesBesideIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("openrpc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in RPCSpecFiles.files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let loaded = try OpenRPCDocument.load(path: directory.appendingPathComponent("openrpc.json").path).get()
        #expect(loaded == (try OpenRPCDocument.embedded.get()))
        try FileManager.default.removeItem(at: directory.appendingPathComponent("notification.schema.json"))
        let missing = OpenRPCDocument.load(path: directory.appendingPathComponent("openrpc.json").path)
        #expect(throws: RPCError.self) { try missing.get() }
    }

    @Test func formatsListsTheCatalogueFormatMarked() throws {
        let formats = try #require(try RPCTestSupport.result("formats").arrayValue)
        #expect(formats.last?["name"] == "hive-actions")
        #expect(formats.last?["kind"] == "catalogue")
        #expect(formats.dropLast().allSatisfy { $0["kind"] == "notification" })
    }
}

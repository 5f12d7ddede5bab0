import Foundation
import Testing
import PushNormaliser
import PushCore
import JSONCodec

/// The documents generated from the format registry match their checked-in copies. Run with
/// `PUSHNORM_UPDATE_DOCS=1` to rewrite the README's formats table and the OpenRPC format enums.
@Suite("Generated documentation")
struct GeneratedDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let update = ProcessInfo.processInfo.environment["PUSHNORM_UPDATE_DOCS"] == "1"
    static let begin = "<!-- generated from FormatRegistry.formatsTable: edit the descriptors, not this table -->\n"
    static let end = "<!-- end of generated table -->\n"

    @Test func readmeFormatsTable() throws {
        try checkReadme(begin: Self.begin, generated: FormatRegistry.standard.formatsTable)
    }

    @Test func readmeOptionsTable() throws {
        try checkReadme(
            begin: "<!-- generated from FormatRegistry.optionsTable: declare options in the formats, not here -->\n",
            generated: FormatRegistry.standard.optionsTable)
    }

    @Test func readmeModelTable() throws {
        try checkReadme(
            begin:
                "<!-- generated from FormatRegistry.modelTable: declare fields in PushNotification+Model.swift -->\n",
            generated: FormatRegistry.standard.modelTable)
    }

    /// The README's generated section that starts with `begin` is `generated` (rewritten when updating).
    func checkReadme(begin: String, generated: String) throws {
        let path = Self.root + "/README.md"
        let readme = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(readme.range(of: begin), "README.md has no section starting \(begin)")
        let stop = try #require(readme.range(of: Self.end, range: start.upperBound..<readme.endIndex))
        if Self.update {
            try (readme[..<start.upperBound] + generated + readme[stop.lowerBound...]).write(
                toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(readme[start.upperBound..<stop.lowerBound]) == generated, "run with PUSHNORM_UPDATE_DOCS=1")
    }

    @Test func openRPCFormatEnums() throws {
        let path = Self.root + "/rpc-spec/openrpc.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let spec = try JSONParser(maximumBytes: 1 << 24).parse(text)
        let schemas = spec["components"]?["schemas"]
        let names = FormatRegistry.standard.openRPCFormatNames
        let formatName = schemas?["FormatName"]?["enum"]
        let sourceFormat = schemas?["SourceFormat"]?["enum"]
        if Self.update {
            var updated = text
            // Each enum is replaced after its own schema's name: FormatName's list is a tail of SourceFormat's.
            for (schema, current, wanted) in [
                ("\"FormatName\"", formatName, names), ("\"SourceFormat\"", sourceFormat, ["auto"] + names),
            ] {
                guard let current, case .array(let items) = current, let anchor = updated.range(of: schema) else {
                    continue
                }
                let indent = "          "
                let old = items.map { indent + $0.compactText }.joined(separator: ",\n")
                let new = wanted.map { indent + JSONValue.string($0).compactText }.joined(separator: ",\n")
                if let range = updated.range(of: old, range: anchor.upperBound..<updated.endIndex) {
                    updated.replaceSubrange(range, with: new)
                }
            }
            try updated.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(formatName == .array(names.map(JSONValue.string)), "run with PUSHNORM_UPDATE_DOCS=1")
        #expect(sourceFormat == .array((["auto"] + names).map(JSONValue.string)), "run with PUSHNORM_UPDATE_DOCS=1")
    }
}

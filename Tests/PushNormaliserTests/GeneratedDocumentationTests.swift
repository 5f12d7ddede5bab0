import Foundation
import Testing
import PushNormaliser
import PushCore
import JSONCodec
import PushRPC

/// The documents generated from the declarations match their checked-in copies: the DocC catalog's reference pages
/// (formats, model, options, diagnostics, JSON-RPC) and the OpenRPC format enums. `make reference` (that is,
/// `PUSHNORM_UPDATE_DOCS=1` on this suite) rewrites them.
@Suite("Generated documentation")
struct GeneratedDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let update = ProcessInfo.processInfo.environment["PUSHNORM_UPDATE_DOCS"] == "1"
    /// The DocC catalog's generated reference pages.
    static let reference = root + "/Sources/PushNormaliser/PushNormaliser.docc/Reference/"

    @Test func formatReferencePage() throws {
        try checkPage("FormatReference.md", FormatRegistry.standard.formatsReferencePage)
    }

    @Test func modelReferencePage() throws {
        try checkPage("ModelReference.md", FormatRegistry.standard.modelReferencePage)
    }

    @Test func optionReferencePage() throws {
        try checkPage("OptionReference.md", FormatRegistry.standard.optionsReferencePage)
    }

    @Test func diagnosticsCataloguePage() throws {
        try checkPage("DiagnosticsCatalogue.md", DiagnosticCatalogue.rpcServer.referencePage)
    }

    @Test func jsonRPCReferencePage() throws {
        let spec = try JSONParser(maximumBytes: 1 << 24).parse(
            try String(contentsOfFile: Self.root + "/rpc-spec/openrpc.json", encoding: .utf8))
        try checkPage("JSONRPCReference.md", try #require(OpenRPCDocument.referencePage(spec)))
    }

    /// The checked-in page `name` is `generated` (rewritten when updating: `make reference`).
    func checkPage(_ name: String, _ generated: String) throws {
        let path = Self.reference + name
        if Self.update {
            try FileManager.default.createDirectory(atPath: Self.reference, withIntermediateDirectories: true)
            try generated.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let current = try? String(contentsOfFile: path, encoding: .utf8)
        #expect(current == generated, "\(name) differs from the declarations: run `make reference`")
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

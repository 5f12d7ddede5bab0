import PushNormaliser
import Testing

/// Catalogue formats go through the facade by the ``CatalogueFormat`` protocol, never by a name compared as a
/// string: a registry with another catalogue format reads, validates, renders and lists it like `hive-actions`.
@Suite struct CatalogueFormatTests {
    /// A catalogue of emoji shortcodes: an object of strings.
    struct ShortcodeCatalogue: CatalogueFormat {
        var descriptor: FormatDescriptor {
            FormatDescriptor(
                name: "test-shortcodes", vendor: "test", summary: "Shortcodes.", isDelivered: false,
                carries: ["shortcodes"])
        }

        func normalise(_ json: JSONValue, diagnostics: inout [Diagnostic]) -> JSONValue? {
            guard case .object = json else { return nil }
            diagnostics += validate(json)
            return json
        }

        func validate(_ json: JSONValue) -> [Diagnostic] {
            guard case .object(let object) = json else { return [] }
            return object.compactMap { key, value in
                if case .string = value { return nil }
                return Diagnostic(.error, .wrongType, at: JSONPointer(tokens: [key]), "a shortcode is a string")
            }
        }

        var notACatalogue: String { "a shortcode catalogue must be a JSON object" }
    }

    let normaliser = Normaliser(
        registry: FormatRegistry(adapters: FormatRegistry.standard.adapters, catalogues: [ShortcodeCatalogue()]))

    @Test func anotherCatalogueFormatIsReadValidatedAndListed() throws {
        let result = try normaliser.normaliseCatalogue(["smile": "🙂", "bad": 1], format: "test-shortcodes")
        #expect(result.diagnostics.map(\.code) == [.wrongType])
        #expect(result.diagnostics.first?.path.description == "/bad")
        let validation = normaliser.validate(["smile": "🙂"], format: "test-shortcodes")
        #expect(validation.valid && validation.format == "test-shortcodes")
        #expect(normaliser.registry.descriptorsWithCatalogue.last?.name == "test-shortcodes")
        #expect(normaliser.registry.formatNameList.hasSuffix("test-shortcodes (catalogue)"))
        #expect(!normaliser.registry.isCatalogue(Normaliser.catalogueFormat))  // this registry has no hive-actions
        #expect(throws: NormalisationFailure.self) { try normaliser.normaliseCatalogue(["a": "b"]) }
        #expect(throws: NormalisationFailure.self) {
            try normaliser.normaliseCatalogue(.array([]), format: "test-shortcodes")
        }
    }

    @Test func theStandardRegistryHasHiveActions() throws {
        let standard = Normaliser()
        #expect(standard.registry.catalogues.map(\.descriptor.name) == ["hive-actions"])
        let result = try standard.normaliseCatalogue(Normaliser.builtInCatalogue)
        #expect(!result.diagnostics.containsErrors)
        #expect(result.catalogue == Normaliser.builtInCatalogue)
    }
}

public import PushCore
import JSONCodec
import HiveAdapter

/// Catalogue formats (``PushCore/CatalogueFormat``: `hive-actions`, Hive's `hive_push_actions.json`) go through the
/// facade beside notifications: they are not notifications, so they have their own entry points. Their canonical
/// form is the file layout itself (`rpc-spec/hive-actions.schema.json`).
extension Normaliser {
    /// The public name of the action-catalogue format (`HiveActionsCatalogueFormat`, in the Hive module).
    public static let catalogueFormat = HiveActionsCatalogueFormat.name

    /// What reading a catalogue returns.
    public struct CatalogueResult: Sendable {
        /// The catalogue in canonical form (best effort when `diagnostics` has errors).
        public var catalogue: JSONValue
        /// Findings, located in the input: reading and the catalogue rules (buttons, ids, languages).
        public var diagnostics: [Diagnostic]
    }

    /// Reads and checks a catalogue of the catalogue format `format`. Throws when it is not a catalogue (for
    /// `hive-actions`: not a JSON object), or when `format` names no catalogue format.
    public func normaliseCatalogue(
        _ json: JSONValue, format: String = Normaliser.catalogueFormat
    ) throws(NormalisationFailure) -> CatalogueResult {
        guard let catalogueFormat = registry.catalogue(named: format) else { throw unknownFormat(format) }
        var diagnostics: [Diagnostic] = []
        guard let catalogue = catalogueFormat.normalise(json, diagnostics: &diagnostics) else {
            throw NormalisationFailure(.rejected, catalogueFormat.notACatalogue, diagnostics: diagnostics)
        }
        return CatalogueResult(catalogue: catalogue, diagnostics: diagnostics)
    }

    /// Validates a catalogue of the catalogue format `format`; never throws.
    public func validateCatalogue(_ json: JSONValue, format: String = Normaliser.catalogueFormat) -> ValidationResult {
        guard let catalogueFormat = registry.catalogue(named: format) else {
            return ValidationResult(valid: false, diagnostics: unknownFormat(format).diagnostics, format: nil)
        }
        let diagnostics = catalogueFormat.validate(json)
        return ValidationResult(valid: !diagnostics.containsErrors, diagnostics: diagnostics, format: format)
    }

    /// Renders a catalogue given in canonical form back to its file (`hive_push_actions.json`).
    public func renderCatalogue(
        _ json: JSONValue, format: String = Normaliser.catalogueFormat
    ) throws(NormalisationFailure) -> CatalogueResult {
        try normaliseCatalogue(json, format: format)
    }

    /// Hive's nine built-in action sets, as a catalogue.
    public static var builtInCatalogue: JSONValue { HiveActionCatalogue.builtIn.render() }
}

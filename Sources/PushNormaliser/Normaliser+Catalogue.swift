public import PushCore
import JSONCodec
import HiveAdapter

/// Action catalogues (`hive-actions`, Hive's `hive_push_actions.json`) go through the facade beside
/// notifications: they are not notifications, so they have their own entry points. Their canonical form
/// is the file layout itself (`rpc-spec/hive-actions.schema.json`).
extension Normaliser {
    /// The public name of the action-catalogue format.
    public static let catalogueFormat = "hive-actions"

    /// What reading a catalogue returns.
    public struct CatalogueResult: Sendable {
        /// The catalogue in canonical form (best effort when `diagnostics` has errors).
        public var catalogue: JSONValue
        /// Findings, located in the input: reading and the catalogue rules (buttons, ids, languages).
        public var diagnostics: [Diagnostic]
    }

    /// Reads and checks a catalogue. Throws only when it is not a JSON object.
    public func normaliseCatalogue(_ json: JSONValue) throws(NormalisationFailure) -> CatalogueResult {
        var diagnostics: [Diagnostic] = []
        guard let catalogue = HiveActionCatalogue.normalise(json, diagnostics: &diagnostics) else {
            throw NormalisationFailure(.rejected, "an action catalogue must be a JSON object", diagnostics: diagnostics)
        }
        return CatalogueResult(catalogue: catalogue.render(), diagnostics: diagnostics + catalogue.validate())
    }

    /// Validates a catalogue; never throws.
    public func validateCatalogue(_ json: JSONValue) -> ValidationResult {
        let diagnostics = HiveActionCatalogue.validate(json)
        return ValidationResult(
            valid: !diagnostics.containsErrors, diagnostics: diagnostics, format: Self.catalogueFormat)
    }

    /// Renders a catalogue given in canonical form back to `hive_push_actions.json`.
    public func renderCatalogue(_ json: JSONValue) throws(NormalisationFailure) -> CatalogueResult {
        try normaliseCatalogue(json)
    }

    /// Hive's nine built-in action sets, as a catalogue.
    public static var builtInCatalogue: JSONValue { HiveActionCatalogue.builtIn.render() }
}

public import PushCore

/// `hive-actions`: Hive's `hive_push_actions.json` action catalogue as a ``PushCore/CatalogueFormat``.
public struct HiveActionsCatalogueFormat: CatalogueFormat {
    /// The format's name.
    public static let name = "hive-actions"

    /// A catalogue format.
    public init() {}

    public var descriptor: FormatDescriptor {
        FormatDescriptor(
            name: Self.name, vendor: "hive",
            summary: "The hive_push_actions.json action catalogue (actions, categories): not a notification.",
            isDelivered: false, carries: ["actions", "categories"])
    }

    public func normalise(_ json: JSONValue, diagnostics: inout [Diagnostic]) -> JSONValue? {
        guard let catalogue = HiveActionCatalogue.normalise(json, diagnostics: &diagnostics) else { return nil }
        diagnostics += catalogue.validate()
        return catalogue.render()
    }

    public func validate(_ json: JSONValue) -> [Diagnostic] { HiveActionCatalogue.validate(json) }

    public var notACatalogue: String { "an action catalogue must be a JSON object" }
}

public import PushCore

/// The format names callers see. The action catalogue format (`hive-actions`) has no adapter (a catalogue is
/// not a notification) but is read, validated and rendered through the facade, so every list of formats (the
/// CLI's help and errors, RPC `formats`) takes it from here, marked as a catalogue.
extension FormatRegistry {
    /// `hive-actions`: Hive's `hive_push_actions.json` action catalogue.
    public static let catalogueDescriptor = FormatDescriptor(
        name: Normaliser.catalogueFormat, vendor: "hive",
        summary: "The hive_push_actions.json action catalogue (actions, categories): not a notification.",
        isDelivered: false, carries: ["actions", "categories"])

    /// Every format's descriptor, then the catalogue format's.
    public var descriptorsWithCatalogue: [FormatDescriptor] { descriptors + [Self.catalogueDescriptor] }

    /// `apns, hive, …, hive-actions (catalogue)`: every name, the catalogue marked.
    public var formatNameList: String {
        (descriptors.map(\.name) + ["\(Normaliser.catalogueFormat) (catalogue)"]).joined(separator: ", ")
    }
}

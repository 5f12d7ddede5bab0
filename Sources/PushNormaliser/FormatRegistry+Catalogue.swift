public import PushCore
import HiveAdapter

/// The format names callers see. A catalogue format (`hive-actions`) has no adapter (a catalogue is not a
/// notification) but is read, validated and rendered through the facade, so every list of formats (the CLI's help
/// and errors, RPC `formats`) takes the registry's ``FormatRegistry/catalogues`` from here, marked as catalogues.
extension FormatRegistry {
    /// `hive-actions`: Hive's `hive_push_actions.json` action catalogue.
    public static var catalogueDescriptor: FormatDescriptor { HiveActionsCatalogueFormat().descriptor }

    /// Every format's descriptor, then the catalogue formats'.
    public var descriptorsWithCatalogue: [FormatDescriptor] { descriptors + catalogues.map(\.descriptor) }

    /// `apns, hive, …, hive-actions (catalogue)`: every name, the catalogues marked.
    public var formatNameList: String {
        (descriptors.map(\.name) + catalogues.map { "\($0.descriptor.name) (catalogue)" }).joined(separator: ", ")
    }

    /// True when `name` is a catalogue format's.
    public func isCatalogue(_ name: String) -> Bool { catalogue(named: name) != nil }
}

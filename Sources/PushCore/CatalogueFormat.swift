/// A format that is not a notification: a catalogue of definitions an app ships beside its pushes (Hive's
/// `hive_push_actions.json`, the action buttons its notifications name). The registry lists catalogue formats with
/// the notification formats; the facade, the CLI and the JSON-RPC server read, validate and render them through
/// this protocol, never by comparing a format name.
public protocol CatalogueFormat: Sendable {
    /// Its name, vendor and summary, as every list of formats shows them.
    var descriptor: FormatDescriptor { get }

    /// The catalogue in its canonical form, with every finding (reading and the catalogue's rules) appended to
    /// `diagnostics`; nil when the input is not a catalogue at all.
    func normalise(_ json: JSONValue, diagnostics: inout [Diagnostic]) -> JSONValue?

    /// The findings of reading `json` and of the catalogue's rules.
    func validate(_ json: JSONValue) -> [Diagnostic]

    /// What `normalise` refusing an input says (for example "an action catalogue must be a JSON object").
    var notACatalogue: String { get }
}

/// The catalogue's one-line summary of a diagnostic code, for the summary JSON's `codes.CODE.summary` and the
/// report's findings table.
///
/// The one place the summary is looked up: it is to answer from the diagnostics catalogue's API once the codes carry
/// their summaries in code. Until then no summary is known here, and the field is left out (the report shows the
/// code alone); no copy of the catalogue is kept in this module.
public enum DiagnosticSummaries {
    /// The one-line summary of `code`, or nil when the catalogue has none.
    public static func summary(for code: String) -> String? {
        nil
    }
}

import PushCore
public import PushNormaliser

extension DiagnosticEntry {
    /// The catalogue entries of the batch summary and the report: each code with its severity and one-line summary.
    package static let reportCodes: [DiagnosticEntry] = [
        DiagnosticEntry(
            .summaryInvalid, .error,
            summary:
                "A summary given to `pushnorm report` or the RPC `report` method is not one; located at the member.")
    ]
}

extension DiagnosticCatalogue {
    /// ``DiagnosticCatalogue/standard`` and the codes of the summary and the report.
    public static let report = DiagnosticCatalogue.standard.adding(DiagnosticEntry.reportCodes)
}

/// The catalogue's one-line summary of a diagnostic code, for the summary JSON's `codes.CODE.summary` and the
/// report's findings table: the one place the summary is looked up, in ``DiagnosticCatalogue/report``.
public enum DiagnosticSummaries {
    /// The one-line summary of `code`, or nil when the catalogue has none.
    public static func summary(for code: String) -> String? {
        DiagnosticCatalogue.report.entry(for: DiagnosticCode(rawValue: code))?.summary
    }
}

/// One entry of the diagnostics catalogue: a code, the severities it is reported at, a one-line summary, and where
/// the rule is declared.
///
/// Each module declares the entries of its codes beside the codes (`APNsDiagnostics+Catalogue.swift`, …);
/// `DiagnosticCatalogue.standard` in `PushNormaliser` gathers them, and the documentation's catalogue and
/// `pushnorm explain CODE` are generated from them.
public struct DiagnosticEntry: Sendable, Hashable {
    /// The stable dotted code (`apns.badge.negative`).
    public var code: DiagnosticCode
    /// The severities the code is reported at, most severe first; most codes have exactly one.
    public var severities: [Diagnostic.Severity]
    /// What the finding means, in one line (Markdown code spans allowed).
    public var summary: String
    /// Where the rule is declared, as `Module/File.swift` (the `#fileID` of the entry's declaration), for example
    /// `APNsAdapter/APNsDiagnostics+Catalogue.swift`.
    public var source: String

    /// An entry; `severities` are sorted most severe first.
    public init(
        _ code: DiagnosticCode, _ severities: Diagnostic.Severity..., summary: String, source: String = #fileID
    ) {
        self.code = code
        self.severities = severities.sorted(by: >)
        self.summary = summary
        self.source = source
    }

    /// The most severe severity the code is reported at.
    public var severity: Diagnostic.Severity { severities.first ?? .error }

    /// The module that declares the rule (`APNsAdapter`): the part of ``source`` before its first `/`.
    public var module: String { String(source.prefix { $0 != "/" }) }

    /// The entry as JSON: `{"code", "severities", "summary", "source"}`.
    public var jsonValue: JSONValue {
        .object(
            JSONObject(uncheckedMembers: [
                .init(key: "code", value: .string(code.rawValue)),
                .init(key: "severities", value: .array(severities.map { .string($0.rawValue) })),
                .init(key: "summary", value: .string(summary)),
                .init(key: "source", value: .string(source)),
            ]))
    }
}

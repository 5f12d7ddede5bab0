public import PushCore
import JSONCodec

/// Every diagnostic code with its severities, one-line summary and the file that declares its rule.
///
/// ```swift
/// if let entry = DiagnosticCatalogue.standard.entry(for: "apns.badge.negative") {
///     print(entry.severity, entry.summary)  // error `badge` is negative.
/// }
/// ```
///
/// ``standard`` holds the codes of the library (the JSON codec, the canonical model, every registered format, the
/// facade); `PushRPC`'s `DiagnosticCatalogue.rpcServer` adds the server's `rpc.params.*` codes. The documentation's
/// catalogue and `pushnorm explain CODE` are generated from it.
public struct DiagnosticCatalogue: Sendable {
    /// One code's entry.
    public typealias Entry = DiagnosticEntry

    /// The entries, sorted by code.
    public let entries: [Entry]
    private let index: [DiagnosticCode: Int]

    /// A catalogue of `entries`; when a code appears twice, the first entry is kept.
    public init(_ entries: [Entry]) {
        var seen = Set<DiagnosticCode>()
        let unique = entries.filter { seen.insert($0.code).inserted }
        self.entries = unique.sorted { $0.code.rawValue < $1.code.rawValue }
        index = Dictionary(uniqueKeysWithValues: self.entries.enumerated().map { ($0.element.code, $0.offset) })
    }

    /// The entry of `code`, or nil when no module declares it.
    public func entry(for code: DiagnosticCode) -> Entry? {
        index[code].map { entries[$0] }
    }

    /// This catalogue with `more` entries added (an entry for a code already here is ignored).
    public func adding(_ more: [Entry]) -> DiagnosticCatalogue {
        DiagnosticCatalogue(entries + more)
    }

    /// The codes the library reports: JSON parsing, the canonical model, every standard format, the facade.
    public static let standard = DiagnosticCatalogue(
        DiagnosticEntry.jsonCodes + DiagnosticEntry.coreCodes + DiagnosticEntry.apnsCodes
            + DiagnosticEntry.amazonCodes + DiagnosticEntry.admCodes + DiagnosticEntry.pinpointTemplateCodes
            + DiagnosticEntry.qconnectPushTemplateCodes + DiagnosticEntry.pinpointCampaignCodes
            + DiagnosticEntry.fcmCodes
            + DiagnosticEntry.hiveCodes + DiagnosticEntry.hmsCodes + DiagnosticEntry.zegoCodes
            + DiagnosticEntry.facadeCodes)
}

import PushCore
import PushNormaliser
import PushReport

/// What a worker notes about a chunk's records beyond the tally, for the run's summary (``RunSummary``): the
/// counts of the chunk's records (with `--summary` or `--report`), its first failures, a sample candidate for the
/// first record of each distinct set of lost paths in the chunk, the run notices, and a single payload's losses.
/// Filled by ``RecordFormatter`` on a worker, read by the writing thread (``RecordChunk``'s hand-over rules).
struct ChunkSummary {
    /// A lossy record that may become a sample: the first of its loss set in this chunk, and where its bytes are in
    /// the chunk's input (the writer converts it again when it becomes a sample: at most the limit, per run).
    struct Candidate {
        var record: Int
        var line: Int
        var start: Int
        var end: Int
        var lost: [LostField]
    }

    /// True when the run summarises (`--summary`, `--report`): ``part`` counts the records.
    var summarising = false
    /// The counts (inputs left to the writer). Not optional: a mutation through an optional may copy it.
    var part = BatchSummary(operation: "", version: "", command: [], from: "", to: nil)
    var candidates: [Candidate] = []
    /// The distinct sets of lost paths of the chunk's converted records, in order of first appearance: the first
    /// record's fields (with their reasons) and the number of records. The paths are counted from them
    /// (``finishLost()``): one hash per lossy record.
    var lossSets: [(fields: [LostField], records: Int)] = []
    /// The indexes in ``lossSets`` of the sets with each hash of their paths (no array built per record).
    var lossSetIndex: [Int: [Int]] = [:]
    /// Each run notice's first diagnostic and the records that had it.
    var notices: [DiagnosticCode: (first: Diagnostic, records: Int)] = [:]
    /// A single payload's lost fields (printed on stderr, as `render` does).
    var singleLost: [LostField] = []
    /// A single payload's template findings (`convert --substitutions`: a variable or helper left verbatim; a
    /// campaign or send request whose push template was not given, `--templates DIR`), printed on stderr before its
    /// lost fields.
    var singleTemplateFindings: [Diagnostic] = []

    /// The codes of the findings about templates a single payload's conversion prints on stderr.
    static func isTemplateFinding(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.code.rawValue.hasPrefix("core.template.")
            || diagnostic.code.rawValue == "pinpoint-campaign.template.missing"
            || diagnostic.code.rawValue == "amazon.pinpoint.template-missing"
    }

    /// Notes `outcome`; `span` is where the record's bytes are in the chunk (nil when not there), `from` the format
    /// asked for.
    mutating func note(_ outcome: BatchConverter.Outcome, span: Range<Int>?, from: String, single: Bool) {
        for notice in outcome.notices {
            notices[notice.code, default: (notice, 0)].records += 1
        }
        if single {
            singleLost = outcome.failed ? [] : outcome.lost
            singleTemplateFindings =
                outcome.failed ? [] : outcome.diagnostics.filter(Self.isTemplateFinding)
        }
        guard summarising else { return }
        let format = outcome.format ?? (from == "auto" ? nil : from)
        let lossy = !outcome.failed && !outcome.lost.isEmpty
        part.add(
            failed: outcome.failed, lossy: lossy,
            diagnostics: outcome.notices.isEmpty ? outcome.diagnostics : outcome.diagnostics + outcome.notices,
            source: format, input: -1)
        // A record converted into one message per recipient: its other messages (the summary counts outputs too).
        if !outcome.failed && outcome.messages.count > 1 { part.outputs += outcome.messages.count - 1 }
        if outcome.failed {
            // Built only while the part keeps failures (most failed records of a large run are only counted).
            guard part.failures.count < part.limits.failures else { return }
            let first = outcome.diagnostics.first { $0.severity == .error } ?? outcome.diagnostics.first
            part.addFailure(
                BatchSummary.Failure(
                    file: "", record: outcome.index, line: outcome.line, code: first?.code.rawValue ?? "core.unknown",
                    path: first?.path.description ?? "", message: first?.message ?? "failed"))
        } else if lossy {
            var hasher = Hasher()
            for field in outcome.lost { hasher.combine(field.path) }
            let hash = hasher.finalize()
            for index in lossSetIndex[hash] ?? [] where Self.samePaths(lossSets[index].fields, outcome.lost) {
                lossSets[index].records += 1
                return
            }
            lossSetIndex[hash, default: []].append(lossSets.count)
            lossSets.append((outcome.lost, 1))
            if let span, part.limits.samples > 0 {
                candidates.append(
                    Candidate(
                        record: outcome.index, line: outcome.line, start: span.lowerBound, end: span.upperBound,
                        lost: outcome.lost))
            }
        }
    }

    /// True when `a` and `b` lose the same paths in the same order.
    static func samePaths(_ a: [LostField], _ b: [LostField]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where x.path != y.path { return false }
        return true
    }

    /// Counts the lost paths of ``lossSets`` into ``part`` (in order of first appearance: each path's reason is its
    /// first record's). Called once, by the writer, before the part is merged.
    mutating func finishLost() {
        for set in lossSets { part.addLost(set.fields, records: set.records) }
        lossSets.removeAll(keepingCapacity: true)
    }

    /// Empty, for the next chunk; `summarising` when the run keeps counts.
    mutating func reset(summarising: Bool, limits: BatchSummary.Limits) {
        if summarising {
            part = BatchSummary(operation: "", version: "", command: [], from: "", to: nil)
            part.limits = limits
        }
        self.summarising = summarising
        candidates.removeAll(keepingCapacity: true)
        lossSets.removeAll(keepingCapacity: true)
        lossSetIndex.removeAll(keepingCapacity: true)
        notices.removeAll()
        singleLost = []
        singleTemplateFindings = []
    }
}

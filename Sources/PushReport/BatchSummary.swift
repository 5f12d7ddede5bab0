public import PushCore

/// What a batch run did, as counts: the one model behind `pushnorm convert --summary`, the Spark job's
/// `summary.json`, the HTML report and the RPC `report` method.
///
/// The counts grow with the number of distinct lost paths, codes, source formats and inputs, never with the
/// number of records; ``failures`` and ``samples`` hold at most ``limits`` entries. Adding the records of a run in
/// any grouping (``merge(_:)`` of consecutive parts, in input order) gives the same summary.
public struct BatchSummary: Sendable, Equatable {
    /// `convert` or `validate`.
    public var operation: String
    /// `pushnorm --version`'s number.
    public var version: String
    /// The command line (argv, the program first).
    public var command: [String]
    /// The source format asked for (`auto` or a name); validate's `--format`.
    public var from: String
    /// The target format (validate: `--target`, nil without it).
    public var to: String?
    public var strict = false
    public var allowInvalid = false
    public var reportLoss = false
    /// `ndjson`, `json`, `directory`, `parquet`: how the records were read.
    public var inputFormat = "ndjson"
    /// Records read, converted (validate: valid), lossy (converted with at least one lost field), failed.
    public var records = 0
    public var converted = 0
    /// Messages written: one per converted record, one per recipient (or chunk) for a record converted into several
    /// (`Normaliser.convertMessages`). `records` counts the inputs, this the outputs.
    public var outputs = 0
    public var lossy = 0
    public var failed = 0
    /// Wall-clock seconds of the run.
    public var seconds = 0.0
    /// Records that lost each canonical path (JSON Pointer text).
    public var lost: [String: Int] = [:]
    /// The reason given for each lost path (the first record's, in input order).
    public var lostReasons: [String: String] = [:]
    /// Records that had each diagnostic code.
    public var codes: [String: CodeCount] = [:]
    /// Records read as each source format (`unknown` when the record could not be read).
    public var sources: [String: Int] = [:]
    /// The counts of each input, in the order given.
    public var inputs: [InputCounts] = []
    /// The first failed records, in input order.
    public var failures: [Failure] = []
    /// The first record of each distinct set of lost paths, in input order.
    public var samples: [Sample] = []
    /// How many ``failures`` and ``samples`` are kept.
    public var limits = Limits()

    public init(operation: String, version: String, command: [String], from: String, to: String?) {
        self.operation = operation
        self.version = version
        self.command = command
        self.from = from
        self.to = to
    }

    /// The count and severity of one diagnostic code.
    public struct CodeCount: Sendable, Equatable {
        public var count: Int
        public var severity: Diagnostic.Severity
        public init(count: Int, severity: Diagnostic.Severity) {
            self.count = count
            self.severity = severity
        }
    }

    /// One input's counts.
    public struct InputCounts: Sendable, Equatable {
        /// The path given (`-` for standard input).
        public var file: String
        /// Its name in the output (the Spark job's relative name; the CLI's is the path).
        public var name: String
        /// The lines read, up to the end of the last record.
        public var lines = 0
        public var records = 0
        public var converted = 0
        public var lossy = 0
        public var failed = 0
        public init(file: String, name: String) {
            self.file = file
            self.name = name
        }
    }

    /// A failed record: where, and its first error.
    public struct Failure: Sendable, Equatable {
        public var file: String
        public var record: Int
        public var line: Int
        public var code: String
        public var path: String
        public var message: String
        public init(file: String, record: Int, line: Int, code: String, path: String, message: String) {
            self.file = file
            self.record = record
            self.line = line
            self.code = code
            self.path = path
            self.message = message
        }
    }

    /// A lossy record shown whole: the payload read, the payload written, what was lost, and what a person would
    /// see on each platform before and after.
    public struct Sample: Sendable, Equatable {
        public var file: String
        public var record: Int
        public var line: Int
        /// The source format read.
        public var from: String
        /// The lost paths (canonical JSON Pointers) and their reasons.
        public var lost: [LostField]
        /// The source payload and the converted one (as written).
        public var source: JSONValue
        public var converted: JSONValue
        /// The notification as each payload shows it.
        public var before: NotificationPreview
        public var after: NotificationPreview
        public init(
            file: String, record: Int, line: Int, from: String, lost: [LostField], source: JSONValue,
            converted: JSONValue, before: NotificationPreview, after: NotificationPreview
        ) {
            self.file = file
            self.record = record
            self.line = line
            self.from = from
            self.lost = lost
            self.source = source
            self.converted = converted
            self.before = before
            self.after = after
        }

        /// The lost paths as a set key.
        var lossSet: [String] { lost.map(\.path.description) }
    }

    /// How many failures and samples a summary keeps.
    public struct Limits: Sendable, Equatable {
        public var failures = 20
        public var samples = 8
        public init(failures: Int = 20, samples: Int = 8) {
            self.failures = max(0, failures)
            self.samples = max(0, samples)
        }
    }

    // MARK: - Adding records

    /// Counts one record (convert or validate): its outcome, lost fields, findings and source format. Failures and
    /// samples are added apart (``addFailure(_:)``, ``wantsSample(lostPaths:)``).
    public mutating func add(
        failed: Bool, lost: [LostField], diagnostics: [Diagnostic], source: String?, input: Int
    ) {
        add(failed: failed, lossy: !failed && !lost.isEmpty, diagnostics: diagnostics, source: source, input: input)
        if !failed && !lost.isEmpty { addLost(lost, records: 1) }
    }

    /// ``add(failed:lost:diagnostics:source:input:)`` without counting the lost paths: the caller counts them per
    /// distinct set of lost fields (``addLost(_:records:)``), which costs one hash per record rather than a text per
    /// lost path.
    public mutating func add(
        failed: Bool, lossy: Bool, diagnostics: [Diagnostic], source: String?, input: Int
    ) {
        records += 1
        if failed { self.failed += 1 } else { converted += 1 }
        if !failed { outputs += 1 }
        if lossy { self.lossy += 1 }
        for diagnostic in diagnostics {
            codes[diagnostic.code.rawValue, default: CodeCount(count: 0, severity: diagnostic.severity)].count += 1
        }
        sources[source ?? "unknown", default: 0] += 1
        if input >= 0 && input < inputs.count {
            inputs[input].records += 1
            if failed { inputs[input].failed += 1 } else { inputs[input].converted += 1 }
            if lossy { inputs[input].lossy += 1 }
        }
    }

    /// Counts `records` records that lost `fields` (their paths and, for a path not seen before, its reason).
    public mutating func addLost(_ fields: [LostField], records: Int) {
        for field in fields {
            let path = field.path.description
            if let count = lost[path] {
                lost[path] = count + records
            } else {
                lost[path] = records
                lostReasons[path] = field.reason
            }
        }
    }

    /// Keeps `failure` when fewer than the limit are kept.
    public mutating func addFailure(_ failure: Failure) {
        if failures.count < limits.failures { failures.append(failure) }
    }

    /// True when a record losing `lostPaths` would be a new sample: no sample has that set and there is room.
    public func wantsSample(lostPaths: [String]) -> Bool {
        samples.count < limits.samples && !samples.contains { $0.lossSet == lostPaths }
    }

    /// Keeps `sample` when it is wanted (``wantsSample(lostPaths:)``).
    public mutating func addSample(_ sample: Sample) {
        if wantsSample(lostPaths: sample.lossSet) { samples.append(sample) }
    }

    /// Adds the counts of `later`, a summary of the records that follow this one's (another part of the same run):
    /// counts add up, reasons and severities seen first stay, failures and samples follow in order up to the limits.
    /// Inputs are matched by position and file.
    public mutating func merge(_ later: BatchSummary) {
        records += later.records
        converted += later.converted
        outputs += later.outputs
        lossy += later.lossy
        failed += later.failed
        for (path, count) in later.lost {
            lost[path, default: 0] += count
            if lostReasons[path] == nil, let reason = later.lostReasons[path] { lostReasons[path] = reason }
        }
        for (code, count) in later.codes {
            codes[code, default: CodeCount(count: 0, severity: count.severity)].count += count.count
        }
        for (source, count) in later.sources { sources[source, default: 0] += count }
        for (index, counts) in later.inputs.enumerated() {
            if index < inputs.count && inputs[index].file == counts.file {
                inputs[index].lines = max(inputs[index].lines, counts.lines)
                inputs[index].records += counts.records
                inputs[index].converted += counts.converted
                inputs[index].lossy += counts.lossy
                inputs[index].failed += counts.failed
            } else if index >= inputs.count {
                inputs.append(counts)
            }
        }
        for failure in later.failures { addFailure(failure) }
        for sample in later.samples { addSample(sample) }
    }
}

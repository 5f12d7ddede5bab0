#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import JSONCodec
import PushCore
import PushNormaliser

/// Where a resumable batch run (`--resume -o OUT`) stands, in `OUT.pushnorm-checkpoint` beside the output:
/// which command wrote it, the identity of every input, the input in progress and the point in it after the
/// last record whose output is in `OUT.pushnorm-partial` (and `--errors` partial), how many bytes of those
/// files that is, and the counts so far. Rewritten (temporary file, then rename) at batch boundaries, so a killed
/// run leaves the last one whole; the partial files may hold more than it says and are cut back on resuming.
struct Checkpoint {
    static let suffix = ".pushnorm-checkpoint"
    static let version: Int64 = 1

    /// The command line, without what may change between runs (`--jobs`, `--resume`).
    var command: [String]
    var inputs: [InputIdentity]
    /// Index in `inputs` of the input in progress.
    var input = 0
    /// The point in that input after the last record written.
    var position = RecordSplitter.Position()
    var shape: RecordSplitter.Shape = .ndjson
    var single = false
    /// Records placed in the output so far (for a JSON array's separators).
    var outputRecords = 0
    /// Committed length of the output's partial file.
    var outputBytes = 0
    /// Committed length of the `--errors` partial file, when there is one.
    var errorsBytes: Int?
    var tally = BatchTally()
    /// The partial files are whole and synced; only the renames may be missing.
    var complete = false

    init(command: [String], inputs: [InputIdentity]) {
        self.command = command
        self.inputs = inputs
    }

    /// The command line a checkpoint compares: the arguments without `--jobs N` and `--resume`.
    static func commandLine(_ argv: [String]) -> [String] {
        var out: [String] = []
        var skipNext = false
        for argument in argv {
            if skipNext {
                skipNext = false
                continue
            }
            if argument == "--resume" || argument.hasPrefix("--jobs=") { continue }
            if argument == "--jobs" {
                skipNext = true
                continue
            }
            out.append(argument)
        }
        return out
    }

    var json: JSONValue {
        let value: JSONValue = [
            "pushnorm-checkpoint": .integer(Self.version),
            "command": .array(command.map(JSONValue.string)),
            "inputs": .array(inputs.map(\.json)),
            "input": .integer(Int64(input)),
            "position": [
                "offset": .integer(Int64(position.offset)), "line": .integer(Int64(position.line)),
                "records": .integer(Int64(position.records)), "closed": .bool(position.closed),
            ],
            "shape": .string(shape == .jsonArray ? "array" : "ndjson"),
            "single": .bool(single),
            "outputRecords": .integer(Int64(outputRecords)),
            "outputBytes": .integer(Int64(outputBytes)),
            "tally": tally.json,
            "complete": .bool(complete),
        ]
        guard var object = value.objectValue else { return value }
        if let errorsBytes { object["errorsBytes"] = .integer(Int64(errorsBytes)) }
        return .object(object)
    }

    init?(json: JSONValue) {
        guard json["pushnorm-checkpoint"]?.int64Value == Self.version,
            let command = json["command"]?.arrayValue?.compactMap(\.stringValue),
            let inputs = json["inputs"]?.arrayValue?.compactMap(InputIdentity.init(json:)),
            let input = json["input"]?.int64Value, let position = json["position"],
            let offset = position["offset"]?.int64Value, let line = position["line"]?.int64Value,
            let records = position["records"]?.int64Value, let closed = position["closed"]?.boolValue,
            let shape = json["shape"]?.stringValue, let single = json["single"]?.boolValue,
            let outputRecords = json["outputRecords"]?.int64Value, let outputBytes = json["outputBytes"]?.int64Value,
            let tally = json["tally"].flatMap(BatchTally.init(json:)), let complete = json["complete"]?.boolValue,
            input >= 0, Int(input) <= inputs.count, offset >= 0, outputBytes >= 0
        else { return nil }
        self.command = command
        self.inputs = inputs
        self.input = Int(input)
        self.position = RecordSplitter.Position(
            offset: Int(offset), line: Int(line), records: Int(records), closed: closed)
        self.shape = shape == "array" ? .jsonArray : .ndjson
        self.single = single
        self.outputRecords = Int(outputRecords)
        self.outputBytes = Int(outputBytes)
        self.errorsBytes = json["errorsBytes"]?.int64Value.map { Int($0) }
        self.tally = tally
        self.complete = complete
    }

    /// Reads the checkpoint at `path`: nil when there is none; throws a usage error when it is unreadable.
    static func load(_ path: String) throws(Arguments.UsageError) -> Checkpoint? {
        guard access(path, F_OK) == 0 else { return nil }
        let bytes = try IO.readInput(path, limit: JSONParser.defaultMaximumBytes + 1)
        guard let json = try? JSONParser().parse(bytes), let checkpoint = Checkpoint(json: json) else {
            throw Arguments.UsageError(
                message: "--resume: the checkpoint \(path) is not one this version of pushnorm can read; "
                    + "remove it (and \(path.dropLast(suffix.count))\(OutputFile.partialSuffix)) to start over")
        }
        return checkpoint
    }

    /// Writes the checkpoint to `path` whole: a temporary file beside it, renamed over it.
    func save(_ path: String) throws(OutputError) {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw OutputError(file: temporary, operation: "create", code: errno) }
        var bytes = JSONWriter(style: .compact).bytes(json)
        bytes.append(0x0A)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + done }, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let code = errno
                close(fd)
                unlink(temporary)
                throw OutputError(file: temporary, operation: "write", code: code)
            }
            done += n
        }
        guard close(fd) == 0 || errno == EINTR, rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw OutputError(file: path, operation: "write", code: code)
        }
    }
}

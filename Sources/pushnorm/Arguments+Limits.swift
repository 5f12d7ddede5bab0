import JSONCodec
import PushNormaliser

extension Arguments {
    /// The whole-number options and the values each accepts, checked as the command line is parsed: a value
    /// outside its range is a usage error saying "out of range", never a number that traps later in arithmetic.
    static let wholeNumberRanges: [String: ClosedRange<Int>] = [
        "--max-bytes": 1...maximumByteLimit,
        "--max-depth": 1...4096,
        "--max-message-bytes": 1...maximumByteLimit,
        "--max-batch-reply-bytes": 1...maximumByteLimit,
        "--jobs": 1...maximumJobs,
    ]

    /// The largest `--max-bytes`, `--max-message-bytes` and `--max-batch-reply-bytes`: 1 GiB.
    static let maximumByteLimit = 1 << 30
    /// The most worker threads `--jobs` starts.
    static let maximumJobs = 256

    /// Checks a whole-number option's value against ``wholeNumberRanges`` (other options pass).
    static func checkRange(_ name: String, _ text: String, command: String?) throws(UsageError) {
        guard let range = wholeNumberRanges[name] else { return }
        let digits = text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            digits.contains(where: { $0 != "0" })
        else {
            throw UsageError(message: "\(name) takes a positive whole number, got \"\(text)\"", command: command)
        }
        guard let value = Int(digits), range.contains(value) else {
            throw UsageError(
                message: "\(name) \(text) is out of range: it takes a whole number from \(range.lowerBound) to "
                    + "\(range.upperBound)", command: command)
        }
    }

    /// The JSON parser limits of `--max-bytes N` (default 1 MiB) and `--max-depth N` (default 128, at most 4096).
    func parser() throws(UsageError) -> JSONParser {
        JSONParser(
            maximumBytes: try int("--max-bytes") ?? JSONParser.defaultMaximumBytes,
            maximumDepth: try int("--max-depth") ?? JSONParser.defaultMaximumDepth)
    }

    /// A normaliser with the standard formats and the parser limits of ``parser()``.
    func normaliser() throws(UsageError) -> Normaliser {
        Normaliser(parser: try parser())
    }
}

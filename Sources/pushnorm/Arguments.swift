/// Hand-rolled command-line parsing (no outside packages): `--flag`, `--key value`, `--key=value`,
/// and positionals; `-` is a positional (standard input).
struct Arguments {
    var command: String?
    var flags: Set<String> = []
    var values: [String: String] = [:]
    var positionals: [String] = []

    /// Options that take a value.
    static let valued: Set<String> = [
        "--format", "--from", "--to", "--target", "--options", "--jobs", "--errors", "-o", "--output",
        "--max-message-bytes", "--log-level", "--max-bytes", "--max-depth", "--openrpc",
    ]

    /// Options that take no value.
    static let switches: Set<String> = [
        "--pretty", "--full", "--strict", "--report-loss", "--records", "--resume", "--help", "-h", "--version",
    ]

    struct UsageError: Error { var message: String }

    init(_ argv: [String]) throws(UsageError) {
        var iterator = argv.makeIterator()
        while let argument = iterator.next() {
            if argument.hasPrefix("-") && argument != "-" {
                if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                    values[String(argument[..<equals])] = String(argument[argument.index(after: equals)...])
                } else if Self.valued.contains(argument) {
                    guard let value = iterator.next() else { throw UsageError(message: "\(argument) needs a value") }
                    values[argument] = value
                } else {
                    flags.insert(argument)
                }
                if let unknown = flags.subtracting(Self.switches).first
                    ?? values.keys.first(where: {
                        !Self.valued.contains($0)
                    })
                {
                    throw UsageError(message: "unknown option \(unknown)")
                }
            } else if command == nil {
                command = argument
            } else {
                positionals.append(argument)
            }
        }
    }

    func value(_ name: String, or alias: String? = nil) -> String? {
        values[name] ?? alias.flatMap { values[$0] }
    }

    func int(_ name: String) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), value > 0 else {
            throw UsageError(message: "\(name) takes a positive whole number")
        }
        return value
    }
}

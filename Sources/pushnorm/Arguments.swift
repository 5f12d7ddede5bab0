/// The parsed command line, checked against the command's option table (``CommandSpec``): `--flag`,
/// `--key value`, `--key=value`, positionals (`-` is standard input), `--` ends the options. Global options
/// (``CommandSpec/globalOptions``) may come before or after the command name.
///
/// Anything not in the table is a ``UsageError`` (exit 2) naming it, with the closest known spelling.
struct Arguments {
    /// The command (nil when none was given: `pushnorm`, `pushnorm --version`).
    var spec: CommandSpec?
    /// The command's name as typed.
    var command: String?
    /// Flags given, under every spelling (`-h` and `--help`).
    var flags: Set<String> = []
    /// Values given, under every spelling (`-o` and `--output`).
    var values: [String: String] = [:]
    /// Operands.
    var positionals: [String] = []

    /// A command-line mistake: exit 2 with this message.
    struct UsageError: Error {
        var message: String
        /// The command whose usage to point at.
        var command: String?
    }

    init(_ argv: [String]) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < argv.count {
            let argument = argv[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                if spec == nil && command == nil {
                    guard let found = CommandSpec.named(argument) else {
                        var message = "unknown command \"\(argument)\""
                        if let near = Suggestion.closest(
                            to: argument, among: CommandSpec.all.flatMap { [$0.name] + $0.aliases })
                        {
                            message += " (did you mean \(near)?)"
                        }
                        throw UsageError(message: message)
                    }
                    spec = found
                    command = argument
                } else {
                    positionals.append(argument)
                }
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            let table = spec?.acceptedOptions ?? CommandSpec.globalOptions
            guard let option = table.first(where: { $0.spellings.contains(name) }) else {
                throw unknownOption(name, table: table)
            }
            var value: String?
            if option.isFlag {
                if inlineValue != nil { throw UsageError(message: "\(name) takes no value", command: spec?.name) }
            } else if let inlineValue {
                value = inlineValue
            } else {
                let next = index < argv.count ? argv[index] : nil
                guard let next, !(next.hasPrefix("--") && next.count > 2) else {
                    throw UsageError(message: "\(name) needs a value (\(option.value ?? "VALUE"))", command: spec?.name)
                }
                value = next
                index += 1
            }
            try record(option, value: value, as: name)
        }
    }

    private mutating func record(_ option: CommandOption, value: String?, as typed: String) throws(UsageError) {
        if let value {
            try Self.checkRange(option.name, value, command: spec?.name)
            if let earlier = values[option.name], earlier != value {
                throw UsageError(
                    message: "\(typed) given twice (\"\(earlier)\" and \"\(value)\")", command: spec?.name)
            }
            for spelling in option.spellings { values[spelling] = value }
        } else {
            for spelling in option.spellings { flags.insert(spelling) }
        }
    }

    private func unknownOption(_ name: String, table: [CommandOption]) -> UsageError {
        let owner = spec.map { " for \($0.name)" } ?? ""
        var message = "unknown option \(name)\(owner)"
        if let near = Suggestion.closest(to: name, among: table.flatMap(\.spellings)) {
            message += " (did you mean \(near)?)"
        } else if spec == nil, let command = CommandSpec.all.first(where: { $0.options.contains { $0.name == name } }) {
            message += " (\(name) is an option of \(command.name): put it after the command)"
        }
        return UsageError(message: message, command: spec?.name)
    }

    /// The value of an option, under any of its spellings.
    func value(_ name: String, or alias: String? = nil) -> String? {
        values[name] ?? alias.flatMap { values[$0] }
    }

    /// A positive whole number option, or nil when absent.
    func int(_ name: String) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), value > 0 else {
            throw UsageError(message: "\(name) takes a positive whole number, got \"\(text)\"", command: spec?.name)
        }
        return value
    }

    /// Checks the operand count against the command's.
    func checkOperands() throws(UsageError) {
        guard let spec, let maximum = spec.maximumOperands, positionals.count > maximum else { return }
        let what = maximum == 0 ? "takes no operands" : "takes at most \(maximum) operand\(maximum == 1 ? "" : "s")"
        throw UsageError(
            message: "\(spec.name) \(what); got \(positionals.map { "\"\($0)\"" }.joined(separator: " "))",
            command: spec.name)
    }
}

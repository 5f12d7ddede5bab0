/// One command-line option: its spelling, whether it takes a value, and its help line.
///
/// Every command declares its options in ``CommandSpec/options``; parsing (``Arguments``), `--help`,
/// `pushnorm help CMD` and the "did you mean" suggestions all read those tables.
struct CommandOption: Sendable, Hashable {
    /// `--format`, `-o`.
    var name: String
    /// A second spelling (`--output` for `-o`, `-h` for `--help`).
    var alias: String?
    /// The placeholder of the value (`FORMAT`, `FILE`, `N`); nil for a flag.
    var value: String?
    /// Shown bare in the synopsis (not in brackets) when true.
    var isRequired = false
    /// One line of help.
    var help: String

    /// A flag (no value).
    static func flag(_ name: String, alias: String? = nil, _ help: String) -> CommandOption {
        CommandOption(name: name, alias: alias, value: nil, help: help)
    }

    /// An option taking a value.
    static func valued(
        _ name: String, alias: String? = nil, _ value: String, required: Bool = false, _ help: String
    ) -> CommandOption {
        CommandOption(name: name, alias: alias, value: value, isRequired: required, help: help)
    }

    /// True for a flag.
    var isFlag: Bool { value == nil }

    /// Both spellings.
    var spellings: [String] { [name] + (alias.map { [$0] } ?? []) }

    /// `--format FORMAT`, `-o, --output OUT`.
    var usage: String {
        let names = spellings.joined(separator: ", ")
        return value.map { "\(names) \($0)" } ?? names
    }

    /// `[--format FORMAT]`, or `--to FORMAT` when required.
    var synopsis: String {
        let text = value.map { "\(name) \($0)" } ?? name
        return isRequired ? text : "[\(text)]"
    }
}

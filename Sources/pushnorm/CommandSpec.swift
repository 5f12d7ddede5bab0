/// A command: its name, what it does, its operands and its option table. ``all`` is the command line's one
/// declaration: parsing, `--help`, `pushnorm help CMD`, the synopsis and suggestions come from it.
struct CommandSpec: Sendable {
    /// `convert`.
    var name: String
    /// Other spellings (`normalize`).
    var aliases: [String] = []
    /// One line on what it does.
    var summary: String
    /// The operands, as shown in the synopsis (`[IN ...|-]`); empty when it takes none.
    var operands: String = ""
    /// How many operands it accepts at most (nil: any number).
    var maximumOperands: Int? = 0
    /// Its options (the global ones, ``globalOptions``, are accepted by every command too).
    var options: [CommandOption]
    /// Further help paragraphs.
    var details: String = ""

    /// The options every command accepts, before or after the command name.
    static let globalOptions: [CommandOption] = [
        .valued(
            "--log-level", "LEVEL",
            "error|warning|info|debug: rpc's log verbosity on stderr (default warning); accepted by every command"),
        .flag("--help", alias: "-h", "show help (for a command: `pushnorm CMD --help` or `pushnorm help CMD`)"),
        .flag("--version", "print the version"),
    ]

    /// `--max-bytes` and `--max-depth`, shared by the commands that parse payloads.
    static let limitOptions: [CommandOption] = [
        .valued("--max-bytes", "N", "largest payload accepted, in bytes (default 1048576)"),
        .valued("--max-depth", "N", "deepest nesting accepted (default 128, at most 4096)"),
    ]

    static let optionsFile = CommandOption.valued(
        "--options", "FILE", "a JSON file of format options (`pushnorm options` lists them)")
    static let substitutions = CommandOption.valued(
        "--substitutions", "FILE",
        "render templates' {{variables}} with these values (JSON: name -> [strings] or string)")
    static let templates = CommandOption.valued(
        "--templates", "DIR",
        "the Pinpoint push templates campaigns and send requests name: DIR/Name.json, DIR/Name/Version.json (option pinpointTemplates)"
    )
    static let pretty = CommandOption.flag("--pretty", "indent the JSON output")
    static let jobs = CommandOption.valued("--jobs", "N", "worker threads (default: every core)")
    static let ndjson = CommandOption.flag(
        "--ndjson", "read NDJSON whatever the first bytes (a line starting with [ is one record); no look-ahead")
    static let output = CommandOption.valued(
        "-o", alias: "--output", "OUT", "write the output here (a directory for a directory input); default stdout")
    static let resume = CommandOption.flag(
        "--resume", "with -o: keep a partial output and a checkpoint beside it; the same command again continues")
    static let summary = CommandOption.valued(
        "--summary", "FILE", "write the run's summary here as JSON: counts per lost path, code, source format, input")
    static let report = CommandOption.valued(
        "--report", "FILE", "write an HTML migration report of the run here (one self-contained file)")

    /// Every command, in help order.
    static let all: [CommandSpec] = [
        CommandSpec(
            name: "normalise", aliases: ["normalize"],
            summary: "read one payload and print its canonical notification", operands: "[FILE|-]",
            maximumOperands: 1,
            options: [
                .valued("--format", "FORMAT", "the payload's format (default auto: detect it)"),
                optionsFile, substitutions, templates, pretty,
                .flag("--full", "print {notification, format, evidence, diagnostics}"),
            ] + limitOptions,
            details: """
                Findings go to stderr; exit 1 when the payload has errors. --substitutions renders the notification's
                templates as convert does.
                """),
        CommandSpec(
            name: "validate", summary: "check payloads against the model and the vendors' rules",
            operands: "[IN ...|-]", maximumOperands: nil,
            options: [
                .valued("--format", "FORMAT", "the payloads' format (default auto: detect each)"),
                .valued("--target", "FORMAT", "also check the payloads can be rendered in this format"),
                optionsFile, substitutions, templates, pretty,
                .flag("--records", "many records: one NDJSON result per record on stdout (summary on stderr)"),
                .flag("--full", "add the format read and the notification validated to each result"),
                ndjson, jobs, output, resume, summary, report,
            ] + limitOptions,
            details: """
                One payload: {valid, diagnostics} on stdout. Many (NDJSON, an array, a directory): a summary with a
                count per diagnostic code on stdout, or with --records one line per record on stdout and the summary
                on stderr. --substitutions renders the templates as convert does and checks the rendered values (a
                URL a variable fills in is checked as a URL); what stays verbatim is reported.
                """),
        CommandSpec(
            name: "render", summary: "render a canonical notification in a vendor format", operands: "[FILE|-]",
            maximumOperands: 1,
            options: [
                .valued("--format", alias: "--to", "FORMAT", required: true, "the format to write"),
                optionsFile, substitutions, pretty,
            ] + limitOptions,
            details: """
                Fields the format cannot carry are listed on stderr (`lost PATH: reason`). --substitutions renders
                the notification's templates first; what stays verbatim is said on stderr.
                """),
        CommandSpec(
            name: "convert", summary: "convert payloads from one format to another", operands: "[IN ...|-]",
            maximumOperands: nil,
            options: [
                .valued("--from", "FORMAT", "the input format (default auto: detect each record)"),
                .valued("--to", "FORMAT", required: true, "the output format"),
                .flag("--strict", "fail a record that would lose a field"),
                .flag(
                    "--allow-invalid",
                    "convert records with error findings anyway (--report-loss adds their diagnostics)"),
                optionsFile, substitutions, templates, jobs,
                .valued("--errors", "FILE", "write error records here (NDJSON) and leave null in their place"),
                .flag("--report-loss", "wrap every output record as {payload, lost}"),
                ndjson, output, resume, summary, report,
            ] + limitOptions,
            details: """
                Inputs: one JSON object, NDJSON (one payload per line), a JSON array, or a directory of .json files
                (needs -o DIR); the output has the same shape, in input order. -o OUT and --errors FILE are written
                to a temporary file and renamed into place once complete and synced; with --resume the partial file
                (OUT.pushnorm-partial) and a checkpoint (OUT.pushnorm-checkpoint) stay after a kill or a full disk.
                --substitutions renders every text holding a placeholder, the first value of each list: an address's
                Substitutions over its message's over the default messages' over the file's over a template's
                DefaultSubstitutions or defaultAttributes; a variable with no value (core.template.unrendered) and a
                Handlebars helper (core.template.helper-kept) are kept verbatim and reported. Without it placeholders
                are kept verbatim.
                """),
        CommandSpec(
            name: "variables", summary: "list the {{…}} template variables a payload uses, with their locations",
            operands: "[FILE|-]", maximumOperands: 1, options: [pretty] + limitOptions,
            details: """
                Prints {variables: [{path, placeholder, variable}], names}: each placeholder of each string, with the
                JSON Pointer of the string holding it (variable absent for a Handlebars helper, which is not
                rendered), then each variable name once. Any JSON document is read: a template, a send request, a
                vendor payload.
                """),
        CommandSpec(
            name: "report", summary: "render the HTML migration report of a --summary JSON file",
            operands: "SUMMARY.json", maximumOperands: 1,
            options: [
                .valued("-o", alias: "--output", "FILE", required: true, "write the report here (HTML)")
            ],
            details: "The summary is the JSON `convert --summary` and the Spark job's summary.json write."),
        CommandSpec(
            name: "formats", summary: "list the formats (name, vendor, form, summary)", options: []),
        CommandSpec(
            name: "rpc", summary: "serve JSON-RPC 2.0 on stdin/stdout (NDJSON or Content-Length framing)",
            options: [
                .valued("--max-message-bytes", "N", "largest message accepted (default 1048576)"),
                .valued(
                    "--max-batch-reply-bytes", "N",
                    "largest reply to a batch (default 16777216); past it each remaining request gets -32603"),
                .valued(
                    "--options", "FILE",
                    "server-wide default format options; a call's `options` overrides them key by key"),
                .valued("--openrpc", "PATH", "serve this OpenRPC document instead of the built-in one"),
            ],
            details: """
                stdout carries only replies; logs go to stderr and are dropped (and counted) rather than block
                when stderr is not read. Exits 0 at end of input or when stdout is closed.
                """),
        explain, options,
        CommandSpec(
            name: "help", summary: "show help for a command", operands: "[COMMAND]", maximumOperands: 1,
            options: []),
    ]

    /// The command named `name` (or one of its aliases).
    static func named(_ name: String) -> CommandSpec? {
        all.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// Every option this command accepts: its own, then the global ones.
    var acceptedOptions: [CommandOption] { options + Self.globalOptions }

    /// `pushnorm convert --from FORMAT --to FORMAT [--strict] … [IN ...|-]`.
    var synopsis: String {
        (["pushnorm", name] + options.map(\.synopsis) + (operands.isEmpty ? [] : [operands])).joined(separator: " ")
    }
}

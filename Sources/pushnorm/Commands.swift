import PushCore
import JSONCodec
import PushNormaliser

/// The commands. Each returns the exit status.
enum Commands {
    static func run(_ arguments: Arguments) throws(Arguments.UsageError) -> Int32 {
        if arguments.flags.contains("--version") {
            IO.stdout("pushnorm \(CommandSpec.version)\n")
            return 0
        }
        guard let spec = arguments.spec else {
            if arguments.flags.contains("--help") {
                IO.stdout(CommandSpec.overview())
                return 0
            }
            IO.stderr(CommandSpec.overview())
            return 2
        }
        if arguments.flags.contains("--help") {
            IO.stdout(spec.help)
            return 0
        }
        try arguments.checkOperands()
        switch spec.name {
        case "normalise": return try normalise(arguments)
        case "validate": return try BatchCommand.validate(arguments)
        case "render": return try render(arguments)
        case "convert": return try BatchCommand.convert(arguments)
        case "report": return try ReportCommand.run(arguments)
        case "formats": return formats()
        case "rpc": return try RPCCommand.run(arguments)
        case "variables": return try variables(arguments)
        case "explain": return try ReferenceCommands.explain(arguments)
        case "options": return ReferenceCommands.options(arguments)
        default: return try help(arguments)
        }
    }

    /// `pushnorm help [COMMAND]`.
    static func help(_ arguments: Arguments) throws(Arguments.UsageError) -> Int32 {
        guard let name = arguments.positionals.first else {
            IO.stdout(CommandSpec.overview())
            return 0
        }
        guard let spec = CommandSpec.named(name) else {
            var message = "unknown command \"\(name)\""
            if let near = Suggestion.closest(to: name, among: CommandSpec.all.map(\.name)) {
                message += " (did you mean \(near)?)"
            }
            throw Arguments.UsageError(message: message)
        }
        IO.stdout(spec.help)
        return 0
    }

    /// `--options FILE`, decoded (the defaults when absent), with the push templates `--templates DIR` gives over
    /// the file's `pinpointTemplates`.
    static func options(_ arguments: Arguments) throws(Arguments.UsageError) -> FormatOptions {
        var options =
            try decodedFile("--options", arguments) { FormatOptions(json: $0, diagnostics: &$1) } ?? FormatOptions()
        if let templates = try templates(arguments) {
            var all = options.pinpointTemplates ?? JSONObject()
            for (key, value) in templates { all[key] = value }
            options.pinpointTemplates = all
        }
        return options
    }

    /// `--templates DIR`: the Pinpoint push templates campaigns and send requests name, each `DIR/Name.json` as `Name` and each
    /// `DIR/Name/Version.json` as `Name/Version` (the `pinpointTemplates` option); nil when absent. A directory
    /// without one, or a file that is not JSON, is a usage error.
    static func templates(_ arguments: Arguments) throws(Arguments.UsageError) -> JSONObject? {
        guard let directory = arguments.value("--templates") else { return nil }
        guard IO.isDirectory(directory) else {
            throw Arguments.UsageError(
                message: "--templates \(directory): not a directory", command: arguments.spec?.name)
        }
        var files: [(key: String, path: String)] = []
        for name in IO.directoryEntries(directory).sorted() {
            let path = directory + "/" + name
            if IO.isDirectory(path) {
                for version in IO.directoryEntries(path).sorted() where version.hasSuffix(".json") {
                    files.append(("\(name)/\(version.dropLast(5))", path + "/" + version))
                }
            } else if name.hasSuffix(".json") {
                files.append((String(name.dropLast(5)), path))
            }
        }
        guard !files.isEmpty else {
            throw Arguments.UsageError(
                message: "--templates \(directory): no template (DIR/Name.json or DIR/Name/Version.json)",
                command: arguments.spec?.name)
        }
        var templates = JSONObject()
        for (key, path) in files {
            let bytes = try IO.readInput(path, limit: JSONParser.defaultMaximumBytes + 1)
            do {
                templates[key] = try JSONParser().parse(bytes)
            } catch {
                throw Arguments.UsageError(message: "--templates \(path): \(error)", command: arguments.spec?.name)
            }
        }
        return templates
    }

    /// `--substitutions FILE` (a JSON object: variable name → list of strings, or a string), decoded; nil when
    /// absent. A file that is not such an object is a usage error naming each bad entry (code
    /// `core.template.substitutions-invalid`, JSON Pointer into the file).
    static func substitutions(_ arguments: Arguments) throws(Arguments.UsageError) -> TemplateSubstitutions? {
        try decodedFile("--substitutions", arguments) { TemplateSubstitutions(json: $0, diagnostics: &$1) }
    }

    /// The JSON file `flag` names, decoded by `decode`; nil when the flag is absent. What the decoder finds is a
    /// usage error naming each finding (its code and its JSON Pointer into the file).
    static func decodedFile<Value>(
        _ flag: String, _ arguments: Arguments, _ decode: (JSONValue, inout [Diagnostic]) -> Value
    ) throws(Arguments.UsageError) -> Value? {
        guard let json = try jsonFile(flag, arguments), let path = arguments.value(flag) else { return nil }
        var diagnostics: [Diagnostic] = []
        let value = decode(json, &diagnostics)
        if !diagnostics.isEmpty {
            throw Arguments.UsageError(
                message: "\(flag) \(path): " + diagnostics.map(\.description).joined(separator: "; "),
                command: arguments.spec?.name)
        }
        return value
    }

    /// `pushnorm variables [FILE|-]`: the `{{…}}` placeholders of one payload, as JSON
    /// `{variables: [{path, placeholder, variable}], names: [...]}` (`variable` absent for a Handlebars helper).
    static func variables(_ arguments: Arguments) throws(Arguments.UsageError) -> Int32 {
        let normaliser = try arguments.normaliser()
        let bytes = try single(arguments)
        if IO.isBlank(bytes) { return noRecords(arguments.positionals.first) }
        let payload: JSONValue
        do { payload = try normaliser.parse(bytes) } catch {
            report(error.diagnostics)
            return 1
        }
        printJSON(normaliser.templateVariablesJSON(in: payload), arguments)
        return 0
    }

    /// `--options FILE`, parsed; nil when absent.
    static func optionsJSON(_ arguments: Arguments) throws(Arguments.UsageError) -> JSONValue? {
        try jsonFile("--options", arguments)
    }

    /// The JSON file `flag` names, parsed; nil when the flag is absent. Bounded as a payload is (1 MiB):
    /// `--options /dev/zero` ends.
    static func jsonFile(_ flag: String, _ arguments: Arguments) throws(Arguments.UsageError) -> JSONValue? {
        guard let path = arguments.value(flag) else { return nil }
        let bytes = try IO.readInput(path, limit: JSONParser.defaultMaximumBytes + 1)
        do { return try JSONParser().parse(bytes) } catch {
            throw Arguments.UsageError(message: "\(flag) \(path): \(error)", command: arguments.spec?.name)
        }
    }

    static func writer(_ arguments: Arguments) -> JSONWriter {
        JSONWriter(style: arguments.flags.contains("--pretty") ? .canonical : .compact)
    }

    static func printJSON(_ value: JSONValue, _ arguments: Arguments) {
        var bytes = writer(arguments).bytes(value)
        if !arguments.flags.contains("--pretty") { bytes.append(0x0A) }
        IO.writeStdout(bytes)
    }

    static func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { IO.stderr("\(diagnostic)\n") }
    }

    static func single(_ arguments: Arguments) throws(Arguments.UsageError) -> [UInt8] {
        guard arguments.positionals.count <= 1 else { throw Arguments.UsageError(message: "one input at a time") }
        return try IO.readInput(arguments.positionals.first, limit: try arguments.parser().maximumBytes + 1)
    }

    /// `pushnorm: no records in INPUT (empty input)` on stderr: exit 1, for an input with nothing but whitespace.
    static func noRecords(_ input: String?) -> Int32 {
        let name = input.map { $0 == "-" ? "standard input" : $0 } ?? "standard input"
        IO.stderr("pushnorm: no records in \(name) (empty input)\n")
        return 1
    }

    static func normalise(_ arguments: Arguments) throws(Arguments.UsageError) -> Int32 {
        var options = try options(arguments)
        options.substitutions = try substitutions(arguments)
        let normaliser = try arguments.normaliser()
        let bytes = try single(arguments)
        if IO.isBlank(bytes) { return noRecords(arguments.positionals.first) }
        if let format = arguments.value("--format"), normaliser.registry.isCatalogue(format) {
            return catalogue(bytes, format: format, arguments, normaliser)
        }
        do {
            let result = try normaliser.normalise(
                bytes, format: arguments.value("--format") ?? "auto", options: options)
            if arguments.flags.contains("--full") {
                printJSON(
                    [
                        "notification": result.notification.canonicalJSON, "format": .string(result.format),
                        "evidence": .array(result.evidence.map(JSONValue.string)),
                        "diagnostics": .array(result.diagnostics.map(\.jsonValue)),
                    ], arguments)
            } else {
                printJSON(result.notification.canonicalJSON, arguments)
            }
            report(result.diagnostics)
            return result.diagnostics.containsErrors ? 1 : 0
        } catch {
            report(error.diagnostics)
            if error.diagnostics.isEmpty { IO.stderr("pushnorm: \(error)\n") }
            return error.kind == .unknownFormat ? 2 : 1
        }
    }

    /// `normalise`/`render --format hive-actions`: an action catalogue in, its canonical form out.
    static func catalogue(_ bytes: [UInt8], format: String, _ arguments: Arguments, _ normaliser: Normaliser) -> Int32 {
        do {
            let result = try normaliser.normaliseCatalogue(normaliser.parse(bytes), format: format)
            printJSON(result.catalogue, arguments)
            report(result.diagnostics)
            return result.diagnostics.containsErrors ? 1 : 0
        } catch {
            report(error.diagnostics)
            return 1
        }
    }

    static func render(_ arguments: Arguments) throws(Arguments.UsageError) -> Int32 {
        guard let format = arguments.value("--format", or: "--to") else {
            throw Arguments.UsageError(message: "render needs --format")
        }
        var options = try options(arguments)
        options.substitutions = try substitutions(arguments)
        let normaliser = try arguments.normaliser()
        let bytes = try single(arguments)
        if IO.isBlank(bytes) { return noRecords(arguments.positionals.first) }
        if normaliser.registry.isCatalogue(format) { return catalogue(bytes, format: format, arguments, normaliser) }
        let json: JSONValue
        do { json = try normaliser.parser.parse(bytes) } catch {
            report([error.diagnostic()])
            return 1
        }
        var diagnostics: [Diagnostic] = []
        guard let notification = PushNotification(canonical: json, diagnostics: &diagnostics) else {
            report(diagnostics)
            return 1
        }
        do {
            let result = try normaliser.render(notification, format: format, options: options)
            printJSON(result.payload, arguments)
            report(result.diagnostics)
            for lost in result.lost { IO.stderr("lost \(lost.path): \(lost.reason)\n") }
            return 0
        } catch {
            report(error.diagnostics)
            return error.kind == .unknownFormat ? 2 : 1
        }
    }

    static func formats() -> Int32 {
        for descriptor in FormatRegistry.standard.descriptorsWithCatalogue {
            let form =
                FormatRegistry.standard.isCatalogue(descriptor.name)
                ? "catalogue" : descriptor.isDelivered ? "delivered" : "send"
            IO.stdout("\(descriptor.name)\t\(descriptor.vendor)\t\(form)\t\(descriptor.summary)\n")
        }
        return 0
    }
}

import PushCore
import JSONCodec
import PushNormaliser

/// The commands. Each returns the exit status.
enum Commands {
    static let version = "0.1.0"

    static let help = """
        pushnorm \(version): normalise, validate, render and convert push-notification payloads.

        USAGE
          pushnorm normalise [--format F] [--options FILE] [--pretty] [--full] [FILE|-]
          pushnorm validate  [--format F] [--target T] [--options FILE] [--pretty] [IN ...|-]
          pushnorm render    --format F [--options FILE] [--pretty] [FILE|-]
          pushnorm convert   --from F --to T [--strict] [--options FILE] [--jobs N] [--errors FILE]
                             [--report-loss] [-o OUT [--resume]] [IN ...|-]
          pushnorm formats
          pushnorm rpc       [--max-message-bytes N] [--log-level error|warning|info|debug]
          pushnorm --help | --version

        Every command but rpc takes the JSON limits --max-bytes N (per payload; default 1048576) and
        --max-depth N (nesting; default 128, at most 4096).

        Formats: auto (detect; default for --format/--from), apns, hive, hive-local, amazon, pinpoint,
        pinpoint-message, sns, zego, zego-push-config, zego-offline-push (`pushnorm formats` lists them).
        Inputs of convert/validate: one JSON object, NDJSON (one payload per line), a JSON array, or a
        directory of .json files; output has the same shape. -o OUT (and --errors FILE) are written to a
        temporary file and renamed into place once complete; --resume keeps OUT.pushnorm-partial and a
        checkpoint beside it, so running the same command again after a kill or a full disk continues.

        EXIT STATUS
          0 ok; 1 invalid input (or some records failed); 2 usage; 3 an output could not be written (disk
          full, I/O error: the run stopped, the message names the file and the last record written);
          4 standard output was closed by its reader (e.g. `| head`): stopped quietly.
        """

    static func run(_ arguments: Arguments) throws(Arguments.UsageError) -> Int32 {
        if arguments.flags.contains("--version") {
            IO.stdout("pushnorm \(version)\n")
            return 0
        }
        guard let command = arguments.command, !arguments.flags.contains("--help"), !arguments.flags.contains("-h")
        else {
            IO.stdout(help + "\n")
            return arguments.command == nil && !arguments.flags.contains("--help") && !arguments.flags.contains("-h")
                ? 2 : 0
        }
        switch command {
        case "normalise", "normalize": return try normalise(arguments)
        case "validate": return try BatchCommand.validate(arguments)
        case "render": return try render(arguments)
        case "convert": return try BatchCommand.convert(arguments)
        case "formats": return formats()
        case "rpc": return try RPCCommand.run(arguments)
        case "help": IO.stdout(help + "\n"); return 0
        default: throw Arguments.UsageError(message: "unknown command \"\(command)\"")
        }
    }

    static func options(_ arguments: Arguments) throws(Arguments.UsageError) -> FormatOptions {
        guard let path = arguments.value("--options") else { return FormatOptions() }
        let bytes = try IO.readInput(path)
        let json: JSONValue
        do { json = try JSONParser().parse(bytes) } catch {
            throw Arguments.UsageError(message: "--options \(path): \(error)")
        }
        var diagnostics: [Diagnostic] = []
        let options = FormatOptions(json: json, diagnostics: &diagnostics)
        if !diagnostics.isEmpty {
            throw Arguments.UsageError(
                message: "--options \(path): " + diagnostics.map(\.description).joined(separator: "; "))
        }
        return options
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
        return try IO.readInput(arguments.positionals.first)
    }

    static func normalise(_ arguments: Arguments) throws(Arguments.UsageError) -> Int32 {
        let options = try options(arguments)
        let normaliser = try arguments.normaliser()
        let bytes = try single(arguments)
        if arguments.value("--format") == Normaliser.catalogueFormat { return catalogue(bytes, arguments, normaliser) }
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
    static func catalogue(_ bytes: [UInt8], _ arguments: Arguments, _ normaliser: Normaliser) -> Int32 {
        do {
            let result = try normaliser.normaliseCatalogue(normaliser.parse(bytes))
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
        let options = try options(arguments)
        let normaliser = try arguments.normaliser()
        let bytes = try single(arguments)
        if format == Normaliser.catalogueFormat { return catalogue(bytes, arguments, normaliser) }
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
        for descriptor in FormatRegistry.standard.descriptors {
            IO.stdout(
                "\(descriptor.name)\t\(descriptor.vendor)\t\(descriptor.isDelivered ? "delivered" : "send")\t\(descriptor.summary)\n"
            )
        }
        IO.stdout("hive-actions\thive\tcatalogue\tThe hive_push_actions.json action catalogue (RPC and library).\n")
        return 0
    }
}

import JSONCodec
import PushCore
import PushNormaliser
import PushRPC

/// `pushnorm explain CODE` and `pushnorm options`: the diagnostics catalogue and the option reference, read from
/// the declarations (``DiagnosticCatalogue``, the formats' ``FormatOption``s), so an installed binary documents
/// itself.
extension CommandSpec {
    static let explain = CommandSpec(
        name: "explain", summary: "print what a diagnostic code means, its severity and where its rule is declared",
        operands: "CODE", maximumOperands: 1,
        options: [.flag("--json", "print the entry as JSON {code, severities, summary, source}")],
        details: """
            CODE is a code as findings report it (apns.badge.negative). A prefix followed by a dot or nothing
            (apns.badge, fcm) lists the codes under it. An unknown code exits 1.
            """)

    static let options = CommandSpec(
        name: "options", summary: "list the format options: type, default and the formats that read them",
        options: [.flag("--json", "print a JSON array of {name, type, default, formats, summary}")],
        details: """
            Options go in a JSON object: `--options FILE` for normalise, validate, render, convert and rpc, or
            `options` in a JSON-RPC call. An unknown option or a bad value is an error (core.options.invalid).
            """)
}

enum ReferenceCommands {
    /// The catalogue `explain` reads: every code the library and the server report.
    static let catalogue = DiagnosticCatalogue.rpcServer

    /// `pushnorm explain CODE [--json]`: 0 when the code (or a prefix) is known, 1 when it is not.
    static func explain(_ arguments: Arguments) throws(Arguments.UsageError) -> Int32 {
        guard let code = arguments.positionals.first else {
            throw Arguments.UsageError(
                message: "explain needs a diagnostic code (pushnorm explain apns.badge.negative)", command: "explain")
        }
        let json = arguments.flags.contains("--json")
        if let entry = catalogue.entry(for: DiagnosticCode(rawValue: code)) {
            IO.stdout(json ? entry.jsonValue.compactText + "\n" : describe(entry))
            return 0
        }
        let prefix = code.hasSuffix(".") ? code : code + "."
        let under = catalogue.entries.filter { $0.code.rawValue.hasPrefix(prefix) }
        if !under.isEmpty {
            if json {
                IO.stdout(JSONValue.array(under.map(\.jsonValue)).compactText + "\n")
            } else {
                let width = under.map(\.code.rawValue.count).max() ?? 0
                for entry in under {
                    let severities = entry.severities.map(\.rawValue).joined(separator: ", ")
                    IO.stdout("\(pad(entry.code.rawValue, width))  \(pad(severities, 14))  \(entry.summary)\n")
                }
            }
            return 0
        }
        var message = "pushnorm: unknown diagnostic code \"\(code)\""
        if let near = Suggestion.closest(to: code, among: catalogue.entries.map(\.code.rawValue)) {
            message += " (did you mean \(near)?)"
        }
        IO.stderr(message + "; `pushnorm explain PREFIX` lists codes (apns, fcm, core, …)\n")
        return 1
    }

    /// An entry as `explain` prints it.
    static func describe(_ entry: DiagnosticEntry) -> String {
        """
        \(entry.code.rawValue)
          severity: \(entry.severities.map(\.rawValue).joined(separator: ", "))
          meaning:  \(entry.summary)
          declared: \(entry.source)

        """
    }

    /// `pushnorm options [--json]`.
    static func options(_ arguments: Arguments) -> Int32 {
        let references = FormatRegistry.standard.optionReferences
        if arguments.flags.contains("--json") {
            let items = references.map { reference in
                JSONValue.object(
                    JSONObject(uniqueKeysWithValues: [
                        ("name", JSONValue.string(reference.option.name)),
                        ("type", .string(reference.type)),
                        ("default", reference.option.defaultValue ?? .null),
                        ("formats", .array(reference.formats.map(JSONValue.string))),
                        ("summary", .string(reference.option.summary)),
                    ]))
            }
            IO.stdout(JSONValue.array(items).compactText + "\n")
            return 0
        }
        for reference in references {
            IO.stdout("\(reference.option.name)\n")
            IO.stdout("  type:    \(reference.type)\n")
            IO.stdout("  default: \(reference.option.defaultValue == nil ? "none" : reference.defaultText)\n")
            IO.stdout("  formats: \(reference.formats.joined(separator: ", "))\n")
            IO.stdout("  \(reference.option.summary)\n\n")
        }
        IO.stdout("Give them as a JSON object: pushnorm convert --options FILE …, or \"options\" in a JSON-RPC call.\n")
        return 0
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

import PushRPC

/// Help text, generated from the option tables (golden-tested in CommandLineTests/Help).
extension CommandSpec {
    static let version = PackageVersion.current

    /// `pushnorm --help`: every command's synopsis, the formats, the exit status.
    static func overview() -> String {
        var text = "pushnorm \(version): normalise, validate, render and convert push-notification payloads.\n\n"
        text += "USAGE\n"
        for spec in all { text += "  \(spec.synopsis)\n" }
        text += "  pushnorm --help | --version\n\n"
        text += "COMMANDS\n"
        let width = all.map(\.name.count).max() ?? 0
        for spec in all { text += "  \(spec.name.padding(width))  \(spec.summary)\n" }
        text += "\nGLOBAL OPTIONS (before or after the command)\n"
        text += optionLines(globalOptions)
        text += "\n" + formatParagraph()
        text += examplesSection("overview")
        text += "\n`pushnorm help COMMAND` or `pushnorm COMMAND --help` describes a command's options.\n\n"
        text += exitStatus
        return text
    }

    /// `pushnorm help CMD`, `pushnorm CMD --help`.
    var help: String {
        var text = "pushnorm \(name): \(summary).\n\n"
        text += "USAGE\n  \(synopsis)\n"
        if !details.isEmpty { text += "\n" + details + "\n" }
        if !options.isEmpty {
            text += "\nOPTIONS\n" + Self.optionLines(options)
        }
        text += "\nGLOBAL OPTIONS\n" + Self.optionLines(Self.globalOptions)
        if options.contains(where: { $0.value == "FORMAT" }) { text += "\n" + Self.formatParagraph() }
        text += Self.examplesSection(name)
        text += "\n" + Self.exitStatus
        return text
    }

    /// `  --format FORMAT   the payload's format …`, aligned.
    static func optionLines(_ options: [CommandOption]) -> String {
        let width = options.map(\.usage.count).max() ?? 0
        return options.map { "  \($0.usage.padding(width))  \($0.help)\n" }.joined()
    }

    /// The format names, from the registry (``FormatNames``), wrapped at 100 columns.
    static func formatParagraph() -> String {
        var lines: [String] = []
        var line = "FORMATS (`pushnorm formats` describes them):"
        let names = ["auto"] + FormatNames.list()
        for (index, name) in names.enumerated() {
            let item = " " + name + (index < names.count - 1 ? "," : "")
            if line.count + item.count > 100 {
                lines.append(line)
                line = " "
            }
            line += item
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }

    static let exitStatus = """
        EXIT STATUS
          0 ok; 1 invalid input (or some records failed, or no records); 2 usage; 3 an output could not be
          written (disk full, I/O error: the run stopped, the message names the file and the last record
          written); 4 standard output was closed by its reader (e.g. `| head`): stopped quietly.

        """
}

extension String {
    /// Padded with spaces to `width` characters.
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

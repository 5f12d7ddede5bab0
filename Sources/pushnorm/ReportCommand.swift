import JSONCodec
import PushReport

/// `pushnorm report SUMMARY.json -o report.html`: the HTML report of a summary written earlier.
enum ReportCommand {
    static func run(_ arguments: Arguments) throws(Arguments.UsageError) -> Int32 {
        guard let output = arguments.value("-o", or: "--output") else {
            throw Arguments.UsageError(message: "report needs -o FILE", command: "report")
        }
        guard let input = arguments.positionals.first else {
            throw Arguments.UsageError(message: "report needs a summary file (SUMMARY.json)", command: "report")
        }
        let bytes = try IO.readInput(input)
        let summary: BatchSummary
        do {
            summary = try BatchSummary(json: try JSONParser(maximumBytes: 1 << 30, maximumDepth: 4096).parse(bytes))
        } catch let error as SummaryError {
            IO.stderr("pushnorm: \(input): not a batch summary: \(error.diagnostic)\n")
            return ExitStatus.invalidInput
        } catch {
            IO.stderr("pushnorm: \(input): \(error)\n")
            return ExitStatus.invalidInput
        }
        do throws(OutputError) {
            try BatchCommand.writeWhole(Array(HTMLReport.render(summary).utf8), to: output)
        } catch {
            IO.stderr("pushnorm: \(error.message)\n")
            return error.status
        }
        return ExitStatus.ok
    }
}

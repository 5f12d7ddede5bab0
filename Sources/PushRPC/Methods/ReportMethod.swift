import PushCore
import PushReport

/// `report {summary}` → `{html, size}`: the HTML migration report of a batch summary (the JSON `pushnorm convert
/// --summary` and the Spark job's `summary.json` write), rendered from that summary alone. A summary that is not one
/// is -32602, its finding located under `/summary`.
struct ReportMethod: RPCMethod {
    let name = "report"
    let params = ["summary"]

    func call(_ params: RPCParams, context: RPCMethodContext) throws(RPCError) -> JSONValue {
        let json = try params.requiredObject("summary")
        let summary: BatchSummary
        do { summary = try BatchSummary(json: json) } catch {
            var diagnostic = error.diagnostic
            diagnostic.path = JSONPointer(tokens: ["summary"] + diagnostic.path.tokens)
            throw .invalidParams([diagnostic])
        }
        let html = HTMLReport.render(summary)
        return ["html": .string(html), "size": .integer(Int64(html.utf8.count))]
    }
}

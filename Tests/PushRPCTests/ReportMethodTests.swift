import JSONCodec
import PushCore
import PushNormaliser
import PushReport
import Testing

@testable import PushRPC

/// `report {summary}`: the HTML report of a batch summary, the same page `pushnorm convert --report` writes.
@Suite struct ReportMethodTests {
    static let summary: JSONValue = [
        "records": 3, "converted": 2, "lossy": 1, "failed": 1, "lost": ["/badge": 1],
        "lostReasons": ["/badge": "fcm has no place for this field"], "from": "apns", "to": "fcm",
        "codes": ["apns.badge.not-integer": ["count": 1, "severity": "error"]],
    ]

    @Test func reportRendersThePageOfTheSummary() throws {
        let result = try RPCTestSupport.result("report", ["summary": Self.summary])
        let html = try #require(result["html"]?.stringValue)
        #expect(result["size"]?.int64Value == Int64(html.utf8.count))
        #expect(html == HTMLReport.render(try BatchSummary(json: Self.summary)))
        #expect(html.contains("<section id=\"lost-fields\">"))
        #expect(html.contains("fcm has no place for this field"))
        #expect(html.contains("apns.badge.not-integer"))
    }

    @Test func aSummaryThatIsNotOneIsInvalidParamsLocatedUnderSummary() throws {
        let error = try RPCTestSupport.error("report", ["summary": ["records": 3, "converted": "two"]])
        #expect(RPCTestSupport.code(error) == -32602)
        #expect(error["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/summary/converted")
        #expect(RPCTestSupport.diagnosticCodes(error) == ["report.summary.invalid"])
        let missing = try RPCTestSupport.error("report", [:])
        #expect(RPCTestSupport.code(missing) == -32602)
    }
}

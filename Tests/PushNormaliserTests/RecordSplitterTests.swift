import Testing
import PushNormaliser

@Suite("Record splitting")
struct RecordSplitterTests {
    static func split(_ text: String, _ shape: RecordSplitter.Shape, blockSize: Int) -> [(String, Int)] {
        var splitter = RecordSplitter(shape: shape)
        var records: [RecordSplitter.Record] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            records += splitter.feed(bytes[start..<min(bytes.count, start + blockSize)])
            start += blockSize
        }
        records += splitter.finish()
        #expect(records.map(\.index) == (0..<records.count).map { $0 + 1 })
        return records.map { (String(decoding: $0.bytes, as: UTF8.self), $0.line) }
    }

    @Test("NDJSON lines, blank lines skipped, CRLF tolerated", arguments: [1, 3, 4096])
    func ndjson(_ blockSize: Int) {
        let records = Self.split("{\"a\":1}\n\n  {\"b\":2}\r\n{\"c\":\"x\\ny\"}", .ndjson, blockSize: blockSize)
        #expect(records.map(\.0) == [#"{"a":1}"#, #"{"b":2}"#, #"{"c":"x\ny"}"#])
        #expect(records.map(\.1) == [1, 3, 4])
    }

    @Test("array elements, with brackets, commas and quotes inside strings", arguments: [1, 2, 7, 4096])
    func array(_ blockSize: Int) {
        let text = "[\n  {\"a\":\"],[\\\"{\"},\n  [1,[2]],\n  \"s\",\n  3\n]\n"
        let records = Self.split(text, .jsonArray, blockSize: blockSize)
        #expect(records.map(\.0) == [#"{"a":"],[\"{"}"#, "[1,[2]]", "\"s\"", "3"])
        #expect(records.map(\.1) == [2, 3, 4, 5])
    }

    @Test func emptyArrayHasNoRecords() {
        #expect(Self.split("[ ]", .jsonArray, blockSize: 10).isEmpty)
    }

    @Test func batchKeepsOrderOnManyJobs() {
        let records = (1...500).map { i in
            RecordSplitter.Record(
                bytes: Array(#"{"aps":{"alert":"n\#(i)","badge":\#(i % 7 == 0 ? "\"x\"" : "1")}}"#.utf8), line: i,
                index: i)
        }
        let outcomes = BatchConverter(operation: .convert(from: "apns", to: "apns", strict: false), jobs: 4).process(
            records)
        #expect(outcomes.map(\.index) == Array(1...500))
        #expect(outcomes.filter(\.failed).map(\.index) == (1...500).filter { $0 % 7 == 0 })
        #expect(outcomes[0].output.map { String(decoding: $0, as: UTF8.self) } == #"{"aps":{"alert":"n1","badge":1}}"#)
    }
}

import PushNormaliser
import Testing

/// ``RecordSplitter/Position``: a splitter started at any record's `after` point, fed the rest of the bytes,
/// yields exactly the records after it, with the numbers and lines of an uninterrupted split.
@Suite("Record splitting resumed at a record boundary")
struct RecordSplitterResumeTests {
    struct Split: Equatable {
        var text: String
        var line: Int
        var index: Int
    }

    static func split(_ bytes: [UInt8], _ splitter: RecordSplitter, from offset: Int, blockSize: Int) -> [Split] {
        var splitter = splitter
        var records: [RecordSplitter.Record] = []
        var start = offset
        while start < bytes.count {
            records += splitter.feed(bytes[start..<min(bytes.count, start + blockSize)])
            start += blockSize
        }
        records += splitter.finish()
        return records.map { Split(text: String(decoding: $0.bytes, as: UTF8.self), line: $0.line, index: $0.index) }
    }

    static let ndjson = "{\"a\":1}\n\n  {\"b\":2}\r\n{\"c\":\"x\\ny\"}\n\n{\"d\":4}"
    static let array = "[\n  {\"a\":\"],[\\\"{\"},\n  [1,[2]]\n  ,\n  \"s\",\n  3\n]\n"

    @Test("every record's `after` resumes to the same remaining records", arguments: [1, 5, 4096])
    func resumesAtEveryRecord(_ blockSize: Int) {
        for (text, shape) in [(Self.ndjson, RecordSplitter.Shape.ndjson), (Self.array, .jsonArray)] {
            let bytes = Array(text.utf8)
            var whole = RecordSplitter(shape: shape)
            let records = whole.feed(bytes) + whole.finish()
            let all = Self.split(bytes, RecordSplitter(shape: shape), from: 0, blockSize: blockSize)
            #expect(all.count == records.count)
            for (k, record) in records.enumerated() {
                #expect(record.after.records == record.index)
                #expect(record.after.offset <= bytes.count)
                let rest = Self.split(
                    bytes, RecordSplitter(shape: shape, resumingAt: record.after), from: record.after.offset,
                    blockSize: blockSize)
                #expect(rest == Array(all[(k + 1)...]), "\(shape) resumed after record \(record.index)")
            }
        }
    }

    @Test func positionsPointJustPastTheSeparator() {
        var lines = RecordSplitter(shape: .ndjson)
        let ndjson = lines.feed(Array("{\"a\":1}\n\n{\"b\":2}\n".utf8)) + lines.finish()
        #expect(ndjson.map(\.after) == [.init(offset: 8, line: 2, records: 1), .init(offset: 17, line: 4, records: 2)])
        var elements = RecordSplitter(shape: .jsonArray)
        let array = elements.feed(Array("[1,\n2]\n".utf8)) + elements.finish()
        #expect(
            array.map(\.after) == [
                .init(offset: 3, line: 1, records: 1), .init(offset: 6, line: 2, records: 2, closed: true),
            ])
    }
}

import CFuzzerDriver
import FuzzSupport
import JSONCodec
import PushCore
import PushNormaliser

/// libFuzzer entry point: `RecordSplitter` on a stream (the first byte picks the block size, 1…256; the rest is
/// the stream, its shape chosen as the CLI chooses it). The records must not depend on the block size; NDJSON
/// records are exactly the non-blank lines, trimmed, with their line numbers; records are numbered 1, 2, …;
/// a stream that parses as one JSON array yields exactly its elements, in order; and the same records, with the same
/// `after` positions, come out of ``RecordSplitter/split(_:carried:into:)`` over a buffer that carries the unconsumed
/// tail (how `pushnorm` reads).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecordSplitter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size > 0, let data else { return 0 }
    let all = UnsafeBufferPointer(start: data, count: size)
    let blockSize = Int(all[0]) + 1
    let stream = Array(all.dropFirst())
    let first = stream.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
    let shape = RecordSplitter.shape(startingWith: first)

    func split(_ block: Int) -> ([RecordSplitter.Record], Bool) {
        var splitter = RecordSplitter(shape: shape)
        var records: [RecordSplitter.Record] = []
        var start = 0
        while start < stream.count {
            records += splitter.feed(stream[start..<min(stream.count, start + block)])
            start += block
        }
        records += splitter.finish()
        return (records, splitter.strayBytes)
    }
    /// As `pushnorm` reads: spans of one growing buffer, the unconsumed tail carried into the next call.
    func spans(_ block: Int) -> ([RecordSplitter.Record], Bool) {
        var splitter = RecordSplitter(shape: shape)
        var buffer: [UInt8] = []
        var spans: [RecordSplitter.Span] = []
        var records: [RecordSplitter.Record] = []
        func take(_ buffer: UnsafeBufferPointer<UInt8>) {
            for span in spans {
                records.append(
                    RecordSplitter.Record(
                        bytes: Array(buffer[span.start..<span.end]), line: span.line, index: span.index,
                        after: span.after))
            }
            spans = []
        }
        var start = 0
        while start < stream.count {
            let carried = buffer.count
            buffer += stream[start..<min(stream.count, start + block)]
            start += block
            let consumed = buffer.withUnsafeBufferPointer { all in
                let consumed = splitter.split(all, carried: carried, into: &spans)
                take(all)
                return consumed
            }
            buffer.removeFirst(consumed)
        }
        buffer.withUnsafeBufferPointer { rest in
            splitter.splitEnd(rest, into: &spans)
            take(rest)
        }
        return (records, splitter.strayBytes)
    }
    let (whole, wholeStray) = split(max(1, stream.count))
    let (blocks, blocksStray) = split(blockSize)
    let (spanned, spannedStray) = spans(blockSize)
    let describe = { (records: [RecordSplitter.Record]) in
        records.map {
            "\($0.index)@\($0.line):\(String(decoding: $0.bytes, as: UTF8.self))→\($0.after.offset)/\($0.after.line)"
        }
    }
    FuzzOracle.require(
        describe(whole) == describe(blocks) && wholeStray == blocksStray,
        "records depend on the block size \(blockSize): \(describe(whole)) vs \(describe(blocks))")
    FuzzOracle.require(
        describe(whole) == describe(spanned) && wholeStray == spannedStray,
        "spans of a carried buffer differ (block size \(blockSize)): \(describe(whole)) vs \(describe(spanned))")
    FuzzOracle.require(
        whole.map(\.index) == Array(stride(from: 1, through: whole.count, by: 1)), "records are not numbered 1…n")

    switch shape {
    case .ndjson:
        var expected: [(line: Int, bytes: [UInt8])] = []
        for (offset, line) in stream.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { [0x20, 0x0A, 0x0D, 0x09].contains($0) }.reversed()
                .drop { [0x20, 0x0A, 0x0D, 0x09].contains($0) }.reversed()
            if !trimmed.isEmpty { expected.append((offset + 1, Array(trimmed))) }
        }
        FuzzOracle.require(
            whole.map(\.line) == expected.map(\.line) && whole.map(\.bytes) == expected.map(\.bytes),
            "NDJSON records are not the non-blank lines: \(describe(whole))")
    case .jsonArray:
        guard case .array(let elements)? = try? JSONParser().parse(stream) else { break }
        FuzzOracle.require(!wholeStray, "a JSON array reported stray bytes")
        FuzzOracle.require(whole.count == elements.count, "\(whole.count) records for \(elements.count) elements")
        for (record, element) in zip(whole, elements) {
            guard let value = try? JSONParser(maximumBytes: 1 << 30).parse(record.bytes) else {
                fatalError("fuzz invariant violated: record \(record.index) of a valid array does not parse")
            }
            FuzzOracle.require(
                value.compactText == element.compactText, "record \(record.index) is not element \(record.index)")
        }
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver.
@_cdecl("FuzzRecordSplitter_main")
public func fuzzRecordSplitterMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    cfuzzer_run_driver(argc, argv)
}

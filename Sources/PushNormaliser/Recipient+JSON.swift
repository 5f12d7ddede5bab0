public import PushCore
import JSONCodec

extension Recipient {
    /// ``PushCore/Recipient/jsonValue`` written compact at the end of `out`, byte for byte as `JSONWriter` writes
    /// it, without building the value (a batch writes one per message).
    public func writeJSON(into out: inout [UInt8]) {
        // `{"index":…,"count":…,"label":` made on the stack and appended in one copy (a batch writes one per message:
        // an append per piece cost more than the pieces).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 80) { head in
            var end = 0
            func put(_ text: StaticString) {
                for offset in 0..<text.utf8CodeUnitCount { head[end + offset] = text.utf8Start[offset] }
                end += text.utf8CodeUnitCount
            }
            func put(decimal value: Int) {
                // At most 20 digits and a sign.
                let start = end
                var rest = value.magnitude
                repeat {
                    head[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                    end += 1
                    rest /= 10
                } while rest > 0
                if value < 0 {
                    head[end] = UInt8(ascii: "-")
                    end += 1
                }
                var low = start
                var high = end - 1
                while low < high {
                    head.swapAt(low, high)
                    low += 1
                    high -= 1
                }
            }
            put("{\"index\":")
            put(decimal: index)
            put(",\"count\":")
            put(decimal: count)
            put(",\"label\":")
            out.append(contentsOf: UnsafeBufferPointer(rebasing: head[0..<end]))
        }
        JSONWriter.writeString(label, into: &out)
        if besidePayload, let token = tokens.first {
            out.append(literal: ",\"deviceToken\":")
            JSONWriter.writeString(token, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

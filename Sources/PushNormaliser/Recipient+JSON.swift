public import PushCore
import JSONCodec

extension Recipient {
    /// ``PushCore/Recipient/jsonValue`` written compact at the end of `out`, byte for byte as `JSONWriter` writes
    /// it, without building the value (a batch writes one per message).
    public func writeJSON(into out: inout [UInt8]) {
        out.append(literal: "{\"index\":")
        JSONWriter.writeInteger(Int64(index), into: &out)
        out.append(literal: ",\"count\":")
        JSONWriter.writeInteger(Int64(count), into: &out)
        out.append(literal: ",\"label\":")
        JSONWriter.writeString(label, into: &out)
        if besidePayload, let token = tokens.first {
            out.append(literal: ",\"deviceToken\":")
            JSONWriter.writeString(token, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

/// How one message is delimited on the stream. Detected per message; a reply uses its request's framing.
public enum MessageFraming: String, Sendable, Hashable, CaseIterable {
    /// One compact JSON text per line (NDJSON), as MCP's stdio transport frames messages.
    case newlineDelimited = "ndjson"
    /// LSP-style: `Content-Length: N\r\n` (and an optional `Content-Type`), a blank line, then N bytes.
    case contentLength = "content-length"

    /// Appends `body` framed this way to `out`. The body must be compact JSON (no raw newline).
    public func frame(_ body: [UInt8], into out: inout [UInt8]) {
        switch self {
        case .newlineDelimited:
            out.append(contentsOf: body)
            out.append(UInt8(ascii: "\n"))
        case .contentLength:
            out.append(contentsOf: "Content-Length: \(body.count)\r\n\r\n".utf8)
            out.append(contentsOf: body)
        }
    }
}

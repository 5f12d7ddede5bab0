/// How much the server writes to stderr (`--log-level`). Default ``warning``.
public enum RPCLogLevel: String, Sendable, Hashable, CaseIterable, Comparable {
    /// I/O failures only.
    case error
    /// Also messages that could not be answered normally: framing and parse errors, oversized messages.
    case warning
    /// Also start, end of input and closed output.
    case info
    /// Also every call: method, id and time taken.
    case debug

    private var rank: Int {
        switch self {
        case .error: return 0
        case .warning: return 1
        case .info: return 2
        case .debug: return 3
        }
    }

    /// Less verbose first: `error < warning < info < debug`.
    public static func < (lhs: RPCLogLevel, rhs: RPCLogLevel) -> Bool { lhs.rank < rhs.rank }
}

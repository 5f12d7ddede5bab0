public import PushCore
import JSONCodec

/// What `normalise` returns.
public struct NormaliseResult: Sendable {
    /// The canonical notification (best effort when `diagnostics` has errors).
    public var notification: PushNotification
    /// The format it was read as.
    public var format: String
    /// The keys that decided the format (`["explicit"]` when the caller named it).
    public var evidence: [String]
    /// Findings, located in the input.
    public var diagnostics: [Diagnostic]
    /// Where each canonical field came from in the input.
    package var context: NormaliseContext
}

/// What `validate` returns. Never an error for a bad payload: findings are the result.
public struct ValidationResult: Sendable {
    /// True when no finding is an error.
    public var valid: Bool
    /// Every finding.
    public var diagnostics: [Diagnostic]
    /// The format validated as (nil when the payload could not be read).
    public var format: String?
    /// The notification read (nil when the payload could not be read): what was validated.
    public var notification: PushNotification? = nil
    /// With a target: what rendering in it says about the target itself rather than the payload
    /// (``Normaliser/runNotices``: no target to send to), at its canonical path; not in `diagnostics`, whose paths
    /// are in the input. A batch reports each once per run.
    public var notices: [Diagnostic] = []
}

/// What `render` returns.
public struct RenderResult: Sendable {
    /// The rendered payload.
    public var payload: JSONValue
    /// APNs request headers derived from `delivery`.
    public var headers: JSONObject
    /// Compact UTF-8 byte size of `payload`.
    public var size: Int
    /// The payload's compact bytes, written once (the size is their count).
    package var compactBytes: [UInt8] = []
    /// Fields the format could not carry.
    public var lost: [LostField]
    /// Findings, located in the canonical model.
    public var diagnostics: [Diagnostic]
}

/// What `convert` returns.
public struct ConversionResult: Sendable {
    /// The converted payload. A conversion through the wire engine holds only its bytes
    /// (``compactBytes``): the value is parsed from them on each read.
    public var payload: JSONValue {
        get {
            switch rendered {
            case .value(let value), .both(let value, _): return value
            case .bytes(let bytes):
                // Bytes the writer produced from a parsed document: they parse (no size or depth limit applies).
                return (try? JSONParser(maximumBytes: .max, maximumDepth: 4096).parse(bytes)) ?? .null
            }
        }
        set { rendered = .value(newValue) }
    }
    /// The converted payload as compact JSON: what the CLI and the RPC server write.
    public var compactBytes: [UInt8] {
        switch rendered {
        case .bytes(let bytes), .both(_, let bytes): return bytes
        case .value(let value): return JSONWriter(style: .compact).bytes(value)
        }
    }

    /// ``compactBytes``, moved out when the result holds them as bytes alone (the result is left holding none).
    mutating func takeCompactBytes() -> [UInt8] {
        guard case .bytes(let bytes) = rendered else { return compactBytes }
        rendered = .bytes([])
        return bytes
    }

    /// APNs request headers derived from `delivery`.
    public var headers: JSONObject
    /// Compact UTF-8 byte size of `payload`.
    public var size: Int
    /// The source format (detected or given).
    public var from: String
    /// Fields the target could not carry.
    public var lost: [LostField]
    /// True when the target does not carry everything the source held: said even when ``lost`` was not built (a
    /// conversion asked for without lost fields, as the CLI converts when nothing reports them).
    package var lossy: Bool
    /// Findings from reading and writing.
    public var diagnostics: [Diagnostic]
    /// What the target format says about the conversion itself rather than this payload (``Normaliser/runNotices``:
    /// the target format sends to a device, topic or condition and the notification names none), at the canonical
    /// path; not in `diagnostics`, whose paths are in the input. A batch reports each once per run.
    public var notices: [Diagnostic] = []
    /// Which recipients this output is for, when the conversion yields one output per recipient (or per chunk of
    /// recipients, or names the device token beside the payload): see `Normaliser.convertMessages`.
    /// Nil for an output that is the whole conversion.
    public var recipient: Recipient? = nil

    /// The payload as a value, as bytes, or both.
    enum Rendered: Sendable {
        case value(JSONValue)
        case bytes([UInt8])
        case both(JSONValue, [UInt8])
    }

    var rendered: Rendered

    /// The result of a conversion through the wire engine, whose payload is `bytes`.
    init(_ converted: Normaliser.WireConversion, bytes: [UInt8]) {
        self.init(
            rendered: .bytes(bytes), headers: converted.headers, size: converted.size, from: converted.from,
            lost: converted.lost, lossy: converted.lossy, diagnostics: converted.diagnostics)
        notices = converted.notices
    }

    /// A result whose payload is `rendered`; `lossy` nil: lossy when `lost` is not empty.
    init(
        rendered: Rendered, headers: JSONObject, size: Int, from: String, lost: [LostField], lossy: Bool? = nil,
        diagnostics: [Diagnostic]
    ) {
        self.rendered = rendered
        self.headers = headers
        self.size = size
        self.from = from
        self.lost = lost
        self.lossy = lossy ?? !lost.isEmpty
        self.diagnostics = diagnostics
    }
}

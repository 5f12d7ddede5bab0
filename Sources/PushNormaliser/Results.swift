public import PushCore

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
}

/// What `render` returns.
public struct RenderResult: Sendable {
    /// The rendered payload.
    public var payload: JSONValue
    /// APNs request headers derived from `delivery`.
    public var headers: JSONObject
    /// Compact UTF-8 byte size of `payload`.
    public var size: Int
    /// Fields the format could not carry.
    public var lost: [LostField]
    /// Findings, located in the canonical model.
    public var diagnostics: [Diagnostic]
}

/// What `convert` returns.
public struct ConversionResult: Sendable {
    /// The converted payload.
    public var payload: JSONValue
    /// APNs request headers derived from `delivery`.
    public var headers: JSONObject
    /// Compact UTF-8 byte size of `payload`.
    public var size: Int
    /// The source format (detected or given).
    public var from: String
    /// Fields the target could not carry.
    public var lost: [LostField]
    /// Findings from reading and writing.
    public var diagnostics: [Diagnostic]
}

/// Reads one named payload format into ``PushNotification`` and renders it back.
///
/// ## Requirements for conformers
/// - **Pure**: no I/O, clock, randomness or global state. The same input and options give the same
///   output and the same diagnostics, in the same order.
/// - **Total**: never traps on any ``JSONValue``. Every problem becomes a ``Diagnostic`` whose `path`
///   resolves in the input (or is the nearest enclosing value that does). Wrong types are errors.
/// - **Lossless on read**: every input key is either mapped to a canonical field, or kept in `data`
///   (custom keys no convention claims) or in `extensions.<namespace>` (vendor keys, unknown keys
///   inside known objects, and values of the wrong type, so they render back where they came from).
/// - **Round-trip**: for every valid input `p`, `render(normalise(p))` equals `p` as JSON values,
///   except for the documented normalisations of the format (the canonical model article lists them); and for every notification `n`
///   this format can carry, `normalise(render(n)) == n` (ignoring `source`).
/// - **Honest render**: ``render(_:context:)`` writes what the format can carry, and
///   ``carriedPart(of:options:)`` declares exactly that part: the facade reports everything else as lost
///   without reading the rendering back; a renderer may add a specific reason with
///   ``RenderContext/explainLoss(at:_:)``.
/// - **Declared losses are true**: reading the rendered payload back gives ``carriedPart(of:options:)``
///   (`AdapterContract.declaredLosses` and the `FuzzConvert` target check this law).
///
/// `PushTestSupport.AdapterContract` checks all of these on every adapter's fixtures.
public protocol PayloadAdapter: Sendable {
    /// Name, vendor and capabilities of the format.
    var descriptor: FormatDescriptor { get }

    /// How strongly `payload` looks like this format; nil when it does not. Cheap, no diagnostics.
    func recognise(_ payload: JSONValue) -> Recognition?

    /// Reads a payload of this format. Returns nil only if an `.error` diagnostic was recorded and no
    /// notification could be produced at all (for example when the payload is not an object).
    func normalise(_ payload: JSONValue, context: inout NormaliseContext) -> PushNotification?

    /// Writes `notification` in this format. Total: never fails; problems become diagnostics.
    func render(_ notification: PushNotification, context: inout RenderContext) -> JSONValue

    /// The part of `notification` that ``render(_:context:)`` carries: what reading its rendering back
    /// gives (ignoring `source`). The facade reports the rest as lost. The default keeps the fields the
    /// descriptor's ``FormatDescriptor/carries`` names; a format that carries a field only in part (one media
    /// URL, a sound name without its dictionary) narrows it here.
    func carriedPart(of notification: PushNotification, options: FormatOptions) -> PushNotification

    /// True when `notification`'s custom data uses a key this format reads itself (`aps`, a media key, a group
    /// key): its rendering then reads back as something else, so the facade reads it back to report what changed
    /// (and announces a rendering that does not read cleanly). Default false.
    func dataCollides(_ notification: PushNotification, options: FormatOptions) -> Bool

    /// The rules of the platform this format delivers through, run by `validate` (the registry runs each
    /// platform's once). Default none.
    var platformRules: [any PlatformRules] { get }
}

extension PayloadAdapter {
    public func carriedPart(of notification: PushNotification, options: FormatOptions) -> PushNotification {
        notification.keeping(descriptor.carriedFields)
    }

    public func dataCollides(_ notification: PushNotification, options: FormatOptions) -> Bool { false }

    public var platformRules: [any PlatformRules] { [] }
}

/// Evidence that a payload is of some format.
public struct Recognition: Sendable, Hashable {
    /// How sure: 1 weak (generic APNs shape), 2 plausible (a vendor key), 3 certain (a key only this format has).
    public var strength: Int
    /// The keys (as JSON Pointers) or facts that decided it.
    public var evidence: [String]

    /// How strongly the format recognises a payload, and the JSON Pointers of the keys that decided it.
    public init(strength: Int, evidence: [String]) {
        self.strength = strength
        self.evidence = evidence
    }

    /// Weak evidence.
    public static func weak(_ evidence: String...) -> Recognition { Recognition(strength: 1, evidence: evidence) }
    /// Plausible evidence.
    public static func plausible(_ evidence: String...) -> Recognition { Recognition(strength: 2, evidence: evidence) }
    /// Certain evidence.
    public static func certain(_ evidence: String...) -> Recognition { Recognition(strength: 3, evidence: evidence) }
}

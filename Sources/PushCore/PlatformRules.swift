/// The rules a delivery platform imposes on a notification (Apple's for APNs; other platforms add theirs): what
/// `validate` adds to `normalise`. A format declares the rules of the platform it delivers through
/// (``PayloadAdapter/platformRules``); the registry runs each platform's rules once.
public protocol PlatformRules: Sendable {
    /// The platform (`apns`): rules are run once per platform, whichever formats declare them.
    var platform: String { get }

    /// True when these rules apply to payloads of `format` (nil: a canonical notification). Default: every format.
    func applies(to format: FormatDescriptor?) -> Bool

    /// The findings for `n`, located in the input through `check.context`'s provenance.
    func check(_ n: PushNotification, _ check: PlatformCheck) -> [Diagnostic]

    /// True when ``check(_:_:)`` would report an error: the conversion path's question, answered without building
    /// locations or messages where the rules can. Default: the errors among ``check(_:_:)``'s findings.
    func hasErrors(_ n: PushNotification, _ check: PlatformCheck) -> Bool
}

extension PlatformRules {
    public func applies(to format: FormatDescriptor?) -> Bool { true }

    public func hasErrors(_ n: PushNotification, _ check: PlatformCheck) -> Bool {
        self.check(n, check).containsErrors
    }
}

/// What platform rules are given besides the notification.
public struct PlatformCheck: Sendable {
    /// The normalisation's context (options, provenance).
    public var context: NormaliseContext
    /// The format read (nil: a canonical notification).
    public var format: FormatDescriptor?
    /// The compact size of the payload as read, when the format is a delivered one (what the device receives);
    /// nil otherwise (rules then size their own rendering).
    public var deliveredSize: Int?
    /// False for a vendor's send form (the vendor completes the delivered payload); by default the format's.
    public var isDelivered: Bool

    /// The state of one check: findings go to `context`; `format` is the format being checked.
    public init(context: NormaliseContext, format: FormatDescriptor?, deliveredSize: Int?, isDelivered: Bool? = nil) {
        self.context = context
        self.format = format
        self.deliveredSize = deliveredSize
        self.isDelivered = isDelivered ?? format?.isDelivered ?? true
    }
}

/// What a format is: its public name, vendor, and what it can carry.
public struct FormatDescriptor: Sendable, Hashable {
    /// Public identifier used by the library, the CLI and the RPC (`apns`, `hive`, `zego-push-config`, …).
    public var name: String
    /// Vendor namespace (`apple`, `hive`, `amazon`, `zego`).
    public var vendor: String
    /// One line on what the format is.
    public var summary: String
    /// True when the format is a delivered payload (what the device receives); false for a send API form.
    public var isDelivered: Bool
    /// Canonical keys (top-level, plus `extensions.<ns>`) this format can carry through a round trip.
    public var carries: [String] { didSet { carriedFields = CarriedFields(carries) } }
    /// ``carries`` compiled once, for `PushNotification.keeping(_:)`.
    public private(set) var carriedFields: CarriedFields
    /// Canonical pointers (`/extensions/amazon/mediaPlacements`) under which this format remembers how its
    /// source payload was laid out (a placement, a wrapper, a spelling) rather than content. They let a
    /// payload render back exactly, mean nothing to other formats, and are never reported lost.
    public var layoutPaths: [JSONPointer]
    /// The options this format reads (``FormatOptions``): declared here, by the format, with their typed accessors.
    public var options: [FormatOption]
    /// How many recipients one message of this format names, and where (``RecipientCapacity``): decides whether a
    /// notification naming several converts to one message or one per recipient. Default
    /// ``RecipientCapacity/undeclared`` (the target is kept as it is).
    public var recipients: RecipientCapacity

    /// A format's description; `carries` is compiled once into ``carriedFields``.
    public init(
        name: String, vendor: String, summary: String, isDelivered: Bool, carries: [String],
        layoutPaths: [JSONPointer] = [], options: [FormatOption] = [], recipients: RecipientCapacity = .undeclared
    ) {
        self.name = name
        self.vendor = vendor
        self.summary = summary
        self.isDelivered = isDelivered
        self.carries = carries
        self.carriedFields = CarriedFields(carries)
        self.layoutPaths = layoutPaths
        self.options = options
        self.recipients = recipients
    }
}

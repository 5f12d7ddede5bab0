import WireTables
import PushCore

/// A format that reads and writes through a wire table, with what every conversion asks of it prepared once by the
/// registry: its descriptor (a computed property on the adapter), the platform rules that apply to its payloads and
/// the check they are given, and its generic loss reason. A class: looked up twice per conversion, so one retain,
/// not a copy of every field.
final class WireEntry: Sendable {
    let format: any WireFormat
    let descriptor: FormatDescriptor
    /// The registry's platform rules that apply to this format's payloads.
    let rules: [any PlatformRules]
    /// What the rules are given on the conversion path: the format, a payload within every platform's limit.
    let check: PlatformCheck
    /// Why this format, as a target, loses a field no table line or format explains.
    let defaultLossReason: String
    /// True when the format carries custom data (`data`): else each member of a wire notification's is lost.
    let carriesData: Bool
    /// True when the format has rules of its own (``PushCore/FormatChecking``): cast once, not per conversion.
    let checksItself: Bool

    init(_ format: any WireFormat, rules: [any PlatformRules]) {
        self.format = format
        let descriptor = format.descriptor
        self.descriptor = descriptor
        self.rules = rules.filter { $0.applies(to: descriptor) }
        check = PlatformCheck(context: NormaliseContext(), format: descriptor, deliveredSize: 0)
        defaultLossReason = Normaliser.defaultLossReason(descriptor)
        carriesData = descriptor.carriedFields.carries(field: "data")
        checksItself = format is any FormatChecking
    }
}

/// A format whose send requests' recipients are read over the borrowed document (``WireTables/WireRecipientReading``),
/// with what every conversion asks of it prepared once by the registry: its name, and the platform rules its
/// notifications are checked with (as ``Normaliser/modelChecks(_:payload:)`` checks a send form's: no delivered size).
final class WireRecipientEntry: Sendable {
    let reader: any WireRecipientReading
    /// The format's name (the results' `from`).
    let name: String
    /// The registry's platform rules that apply to this format's notifications.
    let rules: [any PlatformRules]
    /// What the rules are given: the format, no delivered size (a send form's rules size their own rendering).
    let check: PlatformCheck

    init(_ reader: any WireRecipientReading, descriptor: FormatDescriptor, rules: [any PlatformRules]) {
        self.reader = reader
        name = descriptor.name
        self.rules = rules.filter { $0.applies(to: descriptor) }
        check = PlatformCheck(context: NormaliseContext(), format: descriptor, deliveredSize: nil)
    }

    /// True when a rule finds an error in `n` (asked as a yes or no: no findings are built).
    func findsErrors(_ n: PushNotification) -> Bool { rules.contains { $0.hasErrors(n, check) } }

    /// True when a rule finds an error in one of `notifications`, each lent to the rules in place, through the
    /// array's element accessor (an element handed to an existential's method straight from an array, or through
    /// its buffer, is handed over as a copy of the whole notification; one moved out and back leaves an empty
    /// notification to destroy). The array is as it was.
    func findsErrors(inAny notifications: inout [PushNotification]) -> Bool {
        let rules = rules
        let check = check
        for index in notifications.indices
        where notifications[index].lent({ n in rules.contains { $0.hasErrors(n, check) } }) {
            return true
        }
        return false
    }
}

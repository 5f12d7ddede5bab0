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

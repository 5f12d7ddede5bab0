package import PushCore
import JSONCodec

/// The documentation generated from the registry: the formats table and the OpenRPC format enums (the command line
/// lists the registry at run time: `FormatNames`). `GeneratedDocumentationTests` fails when a checked-in copy differs
/// (`make reference` rewrites them), so the documents cannot drift from the formats. Package API: the public API holds
/// no documentation generators.
extension FormatRegistry {
    /// The formats in documentation order: vendor by vendor (the generic fallback's vendor first, then the others
    /// in registry order); within a vendor, delivered payloads, then send forms, then `extra` (the catalogue), each
    /// in registry order.
    package func documentationOrder(adding extra: [FormatDescriptor] = []) -> [FormatDescriptor] {
        let all = descriptors + extra
        var vendors: [String] = []
        if let fallback = descriptors.last?.vendor { vendors.append(fallback) }
        for descriptor in all where !vendors.contains(descriptor.vendor) { vendors.append(descriptor.vendor) }
        return vendors.flatMap { vendor in
            let own = all.filter { $0.vendor == vendor }
            let delivered = own.filter { $0.isDelivered }
            let send = descriptors.filter { $0.vendor == vendor && !$0.isDelivered }
            return delivered + send + extra.filter { $0.vendor == vendor }
        }
    }

    /// The formats table (Markdown) of the generated format reference.
    package var formatsTable: String {
        var lines = ["| name | vendor | form | what it is |", "| --- | --- | --- | --- |"]
        for descriptor in documentationOrder(adding: catalogues.map(\.descriptor)) {
            let form = isCatalogue(descriptor.name) ? "catalogue" : descriptor.isDelivered ? "delivered" : "send"
            lines.append("| `\(descriptor.name)` | \(descriptor.vendor) | \(form) | \(descriptor.summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The names in the OpenRPC `FormatName` enum (every format and the catalogue).
    package var openRPCFormatNames: [String] {
        documentationOrder(adding: catalogues.map(\.descriptor)).map(\.name)
    }
}

import PushCore
import JSONCodec

/// The model reference table, generated: one row per field of the canonical model (its declaration,
/// `PushNotification+Model.swift`), one column per registered format. Each cell is found, not written: the format
/// renders a notification holding only that field (``PushNotification/documentationSample(_:)``), and the cell
/// names where the rendering differs from the same notification without it (wire paths, `KEY ⟨…⟩` inside an
/// embedded JSON string, `header …` for an APNs request header), or `—` with the reason the format declares for
/// losing it (its `carries` and its renderer's `explainLoss`). So a format on a wire table and one that is not get
/// the same truthful column, and the table changes when a format's behaviour does.
extension FormatRegistry {
    /// The model reference table (Markdown).
    package var modelTable: String {
        let normaliser = Normaliser(registry: self)
        let formats = documentationOrder().map(\.name).filter { adapter(named: $0) != nil }
        var lines = [
            "| canonical field | type | " + formats.map { "`\($0)`" }.joined(separator: " | ") + " |",
            "| --- | --- | " + formats.map { _ in "---" }.joined(separator: " | ") + " |",
        ]
        for field in PushNotification.fieldDescriptions where field.kind != .part {
            let cells = formats.map { format in
                Self.markdownCell(modelCell(field, format: format, normaliser: normaliser))
            }
            lines.append(
                "| `\(field.path)` | \(Self.markdownCell(field.type)) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How `format` carries `field`.
    private func modelCell(_ field: PushNotification.FieldDescription, format: String, normaliser: Normaliser)
        -> String
    {
        switch field.kind {
        case .origin:
            return "— (where the notification was read from; not written)"
        case .namespaces:
            let carried = adapter(named: format)?.descriptor.carries.compactMap { entry -> String? in
                entry.hasPrefix("extensions.") ? String(entry.dropFirst("extensions.".count)) : nil
            }
            guard let carried, !carried.isEmpty else { return "— (no vendor namespace)" }
            return carried.joined(separator: ", ")
        case .value, .part:
            break
        }
        let tokens = field.path.split(separator: ".").map(String.init)
        var sample = PushNotification.documentationSample(tokens)
        // An enumerated field is sampled with a value of its enum (a format may have no place for any other).
        if tokens == ["android", "priority"] { sample.android?.priority = "high" }
        // A part's field is compared with the part holding only its required values (a required one with nothing).
        let base =
            tokens.count > 1 && !field.isRequired
            ? PushNotification.documentationSample([tokens[0]]) : PushNotification()
        guard let rendered = try? normaliser.render(sample, format: format),
            let without = try? normaliser.render(base, format: format)
        else { return "?" }
        var places: [String] = []
        Self.differences(rendered.payload, without.payload, path: "", into: &places)
        // A delivered payload travels with the APNs request headers `delivery` gives; a send form writes its own.
        if adapter(named: format)?.descriptor.isDelivered == true {
            for (key, value) in rendered.headers where without.headers[key] != value { places.append("header \(key)") }
        }
        let pointer = "/" + tokens.joined(separator: "/")
        var reasons: [String] = []
        for lost in rendered.lost {
            // The field, something below it, or a part it is in.
            let path = lost.path.description
            guard path == pointer || path.hasPrefix(pointer + "/") || pointer.hasPrefix(path + "/") else { continue }
            if !reasons.contains(lost.reason) { reasons.append(lost.reason) }
        }
        let wire = places.joined(separator: ", ")
        // Neither written nor declared lost: the format drops it silently (a defect the table makes visible).
        if reasons.isEmpty { return wire.isEmpty ? "not written, not declared lost" : wire }
        let loss = "— (" + reasons.joined(separator: "; ") + ")"
        return wire.isEmpty ? loss : wire + " " + loss
    }

    /// The dotted paths of `value`'s leaves that `other` lacks or holds differently; a string holding a JSON object
    /// is compared inside (`KEY ⟨inner.path⟩`). The sample object key `k1` is shown as `…` (any custom key).
    private static func differences(_ value: JSONValue, _ other: JSONValue?, path: String, into places: inout [String])
    {
        if let other, value == other { return }
        switch value {
        case .object(let object) where !object.isEmpty:
            for (key, member) in object {
                let name = key == "k1" ? "…" : key
                differences(
                    member, other?.objectValue?[key], path: path.isEmpty ? name : path + "." + name, into: &places)
            }
        case .string(let text) where embeddedObject(text) != nil:
            let inner = embeddedObject(text) ?? value
            let before = other?.stringValue.flatMap { try? JSONParser().parse($0) }
            var innerPlaces: [String] = []
            differences(inner, before, path: "", into: &innerPlaces)
            places.append("\(path) ⟨\(innerPlaces.joined(separator: ", "))⟩")
        default:
            places.append(path.isEmpty ? "(the whole payload)" : path)
        }
    }

    /// The JSON object a string holds (an embedded payload), if it holds one.
    private static func embeddedObject(_ text: String) -> JSONValue? {
        guard text.hasPrefix("{"), let value = try? JSONParser().parse(text), value.objectValue != nil else {
            return nil
        }
        return value
    }

    /// `text` safe inside a Markdown table cell (a `|` escaped, a line break as a space).
    private static func markdownCell(_ text: String) -> String {
        text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
            .split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")
    }
}

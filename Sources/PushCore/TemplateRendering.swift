/// Rendering a notification's template variables (``FormatOptions/substitutions``), and listing the variables a
/// payload uses.
package enum TemplateRendering {
    /// `notification` with the plain variables of every text that holds a placeholder filled from `values` (the
    /// value at the placeholder's list index, the first by default), and the findings, located in the canonical
    /// model: one ``DiagnosticCode/templateUnrendered`` warning per text whose variables no value names, one
    /// ``DiagnosticCode/templateHelperKept`` warning per text holding a Handlebars helper, block, partial or comment.
    /// Both are left verbatim.
    ///
    /// Every text of the model is rendered (title, body, URLs, data values, …) except what `extensions` keeps
    /// verbatim for the source format (a Pinpoint template's `Default` section, a `RawContent` string of JSON): a
    /// placeholder there is left verbatim and reported unrendered.
    package static func render(
        _ notification: PushNotification, values: TemplateSubstitutions
    ) -> (notification: PushNotification, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var kept: [TemplateValue.Placeholder] = []  // those left verbatim in the model
        guard case .object(let object) = notification.canonicalJSON else { return (notification, []) }
        var out = JSONObject()
        var changed = false
        for (key, value) in object {
            let path = JSONPointer.root.appending(key)
            if key == "extensions" {
                out.appendUnchecked(key, value)
            } else {
                let member = render(
                    value, at: path, values: values.values, diagnostics: &diagnostics, unrendered: &kept)
                changed = changed || member != value
                out.appendUnchecked(key, member)
            }
        }
        if let extensions = object["extensions"] {
            report(
                extensions, at: JSONPointer.root.appending("extensions"), after: &diagnostics,
                reported: Set(kept.map { $0.variable ?? $0.text }))
        }
        guard changed else { return (notification, diagnostics) }
        var decoding: [Diagnostic] = []
        guard let rendered = PushNotification(canonical: .object(out), diagnostics: &decoding) else {
            // Not expected (only strings change); the notification is then converted as it was read.
            return (notification, diagnostics + decoding)
        }
        return (rendered, diagnostics)
    }

    /// `value` with the variables of every string in it filled from `values`, with no findings: the input as the
    /// checks see it once rendered (`validate` with substitutions checks a format's own rules on it). Member names
    /// are not templates; what is left verbatim is reported by ``render(_:values:)`` on the model.
    package static func renderedJSON(_ value: JSONValue, values: TemplateSubstitutions) -> JSONValue {
        var ignored: [Diagnostic] = []
        var kept: [TemplateValue.Placeholder] = []
        return render(value, at: .root, values: values.values, diagnostics: &ignored, unrendered: &kept)
    }

    /// One use of a placeholder in a payload (``uses(in:)``).
    package struct Use: Sendable, Hashable {
        /// Where the string holding it is.
        package var path: JSONPointer
        /// The placeholder as written (`{{User.UserAttributes.FirstName}}`).
        package var placeholder: String
        /// The variable it names; nil for a helper, block, partial or comment.
        package var variable: String?
    }

    /// Every placeholder of every string in `value` (member names are not templates), in document order.
    package static func uses(in value: JSONValue, at path: JSONPointer = .root) -> [Use] {
        var found: [Use] = []
        collect(value, at: path, into: &found)
        return found
    }

    private static func collect(_ value: JSONValue, at path: JSONPointer, into found: inout [Use]) {
        switch value {
        case .string(let text):
            guard TemplateValue.holdsPlaceholder(text) else { return }
            for placeholder in TemplateValue.placeholders(in: text) {
                found.append(Use(path: path, placeholder: placeholder.text, variable: placeholder.variable))
            }
        case .object(let object):
            for (key, member) in object { collect(member, at: path.appending(key), into: &found) }
        case .array(let items):
            for (index, item) in items.enumerated() { collect(item, at: path.appending(String(index)), into: &found) }
        default:
            return
        }
    }

    private static func render(
        _ value: JSONValue, at path: JSONPointer, values: [String: [String]], diagnostics: inout [Diagnostic],
        unrendered: inout [TemplateValue.Placeholder]
    ) -> JSONValue {
        switch value {
        case .string(let text):
            guard TemplateValue.holdsPlaceholder(text) else { return value }
            let rendered = TemplateValue.render(text, values: values)
            findings(rendered.unrendered, at: path, keptForSource: false, diagnostics: &diagnostics)
            unrendered += rendered.unrendered
            return .string(rendered.text)
        case .object(let object):
            var out = JSONObject()
            for (key, member) in object {
                out.appendUnchecked(
                    key,
                    render(
                        member, at: path.appending(key), values: values, diagnostics: &diagnostics,
                        unrendered: &unrendered))
            }
            return .object(out)
        case .array(let items):
            return .array(
                items.enumerated().map { index, item in
                    render(
                        item, at: path.appending(String(index)), values: values, diagnostics: &diagnostics,
                        unrendered: &unrendered)
                })
        default:
            return value
        }
    }

    /// Reports the placeholders of `value` (what `extensions` keeps verbatim for the source format) as unrendered,
    /// each text once, leaving out the variables and helpers `diagnostics` already reports (the same text read into
    /// the model, as a Pinpoint template's `Default` section is). The message names the canonical path, which the
    /// input may not have.
    private static func report(
        _ value: JSONValue, at path: JSONPointer, after diagnostics: inout [Diagnostic], reported: Set<String>
    ) {
        var byPath: [(JSONPointer, [TemplateValue.Placeholder])] = []
        for use in uses(in: value, at: path) {
            guard !reported.contains(use.variable ?? use.placeholder) else { continue }
            let placeholder = TemplateValue.Placeholder(text: use.placeholder, variable: use.variable, index: 0)
            if let last = byPath.last, last.0 == use.path {
                byPath[byPath.count - 1].1.append(placeholder)
            } else {
                byPath.append((use.path, [placeholder]))
            }
        }
        for (at, placeholders) in byPath {
            findings(placeholders, at: at, keptForSource: true, diagnostics: &diagnostics)
        }
    }

    /// One finding for the variables and one for the helpers among `placeholders` (left verbatim at `path`, a text
    /// kept as the source format wrote it when `keptForSource`).
    private static func findings(
        _ placeholders: [TemplateValue.Placeholder], at path: JSONPointer, keptForSource: Bool,
        diagnostics: inout [Diagnostic]
    ) {
        var variables: [String] = []
        var helpers: [String] = []
        for placeholder in placeholders {
            if let variable = placeholder.variable {
                if !variables.contains(variable) { variables.append(variable) }
            } else if !helpers.contains(placeholder.text) {
                helpers.append(placeholder.text)
            }
        }
        if !variables.isEmpty {
            let names = variables.map { "`\($0)`" }.joined(separator: ", ")
            let why =
                keptForSource
                ? "\(path) is kept as the source format wrote it and is not rendered"
                : "no substitution gives \(variables.count == 1 ? "it" : "them") a value"
            diagnostics.warning(.templateUnrendered, at: path, "\(names) left verbatim: \(why)")
        }
        if !helpers.isEmpty {
            let texts = helpers.map { "`\($0)`" }.joined(separator: ", ")
            let place = keptForSource ? " in \(path)" : ""
            diagnostics.warning(
                .templateHelperKept, at: path,
                "\(texts)\(place) kept verbatim: Handlebars helpers, blocks, partials and comments are not rendered")
        }
    }
}

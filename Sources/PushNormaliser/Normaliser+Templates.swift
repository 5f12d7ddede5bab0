public import PushCore
import JSONCodec

// Templates: rendering a notification's `{{…}}` variables with substitutions (normalise, validate, render, convert),
// and listing the variables a payload uses.

extension Normaliser {
    /// Renders the template variables of `normalised`'s notification (read from `payload`) when
    /// `FormatOptions/substitutions` is set (else does nothing): the option's values over the payload's own defaults
    /// (a Pinpoint template's `DefaultSubstitutions`). The findings (``PushCore/DiagnosticCode/templateUnrendered``,
    /// ``PushCore/DiagnosticCode/templateHelperKept``) join the reading's, located in the input.
    func renderTemplates(_ normalised: inout NormaliseResult, payload: JSONValue) {
        guard let substitutions = normalised.context.options.substitutions else { return }
        let values = normalised.context.templateDefaults.overridden(by: substitutions)
        let (notification, found) = TemplateRendering.render(normalised.notification, values: values)
        normalised.notification = notification
        let context = normalised.context
        normalised.diagnostics += found.map {
            $0.located { context.inputPath(for: $0).nearestResolving(in: payload) }
        }
    }

    /// `payload` as the checks see it when templates are rendered (`FormatOptions/substitutions` set): every string
    /// with its variables filled from the values `result`'s notification was rendered with, so a format's own rules
    /// (FCM's image URL, HMS's https links) check the rendered values. `payload` itself without the option.
    func checkedInput(_ payload: JSONValue, of result: NormaliseResult) -> JSONValue {
        guard let substitutions = result.context.options.substitutions else { return payload }
        let values = result.context.templateDefaults.overridden(by: substitutions)
        return TemplateRendering.renderedJSON(payload, values: values)
    }

    /// A canonical notification with its template variables rendered from `options.substitutions` (nothing changes
    /// without them), and the findings on what is left verbatim, located in the canonical model.
    func renderTemplates(
        of notification: PushNotification, options: FormatOptions
    ) -> (notification: PushNotification, diagnostics: [Diagnostic]) {
        guard let substitutions = options.substitutions else { return (notification, []) }
        return TemplateRendering.render(notification, values: substitutions)
    }

    /// The `{{…}}` placeholders of a payload, in document order, each with the location of the string holding it:
    /// what `pushnorm variables` and the RPC `variables` method list.
    ///
    /// - Parameter payload: any JSON document (a template, a send request, a vendor payload, a canonical
    ///   notification); member names are not read as templates.
    /// - Returns: each placeholder as written, and the variable it names (nil for a Handlebars helper, block,
    ///   partial or comment, which is not rendered).
    public func templateVariables(in payload: JSONValue) -> [TemplateVariable] {
        TemplateRendering.uses(in: payload).map {
            TemplateVariable(path: $0.path, placeholder: $0.placeholder, variable: $0.variable)
        }
    }

    /// ``templateVariables(in:)`` as JSON, `{variables: [{path, placeholder, variable?}], names: [String]}`: every
    /// placeholder, then each variable name once, in order of first use (what `pushnorm variables` prints and the
    /// RPC `variables` method returns).
    public func templateVariablesJSON(in payload: JSONValue) -> JSONValue {
        let variables = templateVariables(in: payload)
        var names: [String] = []
        for name in variables.compactMap(\.variable) where !names.contains(name) { names.append(name) }
        return .object(
            JSONObject(uniqueKeysWithValues: [
                ("variables", .array(variables.map(\.json))), ("names", .array(names.map { .string($0) })),
            ]))
    }
}

/// A `{{…}}` placeholder of a payload (``Normaliser/templateVariables(in:)``).
public struct TemplateVariable: Sendable, Hashable {
    /// The string holding it (a JSON Pointer into the payload).
    public var path: JSONPointer
    /// The placeholder as written, braces included (`{{User.UserAttributes.FirstName}}`).
    public var placeholder: String
    /// The variable it names (`User.UserAttributes.FirstName`); nil for a Handlebars helper, block, partial or
    /// comment (`{{#if …}}`, `{{capitalize …}}`), which rendering keeps verbatim.
    public var variable: String?

    /// The JSON form: `{path, placeholder, variable}` (`variable` absent for a helper).
    public var json: JSONValue {
        var object = JSONObject()
        object.appendUnchecked("path", .string(path.description))
        object.appendUnchecked("placeholder", .string(placeholder))
        if let variable { object.appendUnchecked("variable", .string(variable)) }
        return .object(object)
    }
}

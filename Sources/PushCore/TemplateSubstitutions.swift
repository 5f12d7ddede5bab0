/// Values for the `{{…}}` variables of a template (Pinpoint's and Handlebars' `{{User.UserAttributes.FirstName}}`,
/// `{{Attributes.Item}}`): the `--substitutions FILE` of `pushnorm convert`, `normalise`, `validate` and `render`,
/// the RPC methods' `substitutions`, and a template's defaults (Pinpoint's `DefaultSubstitutions`, Q in Connect's
/// `defaultAttributes`) read into the same form.
///
/// JSON form: an object whose keys name variables and whose values are lists of strings (as Pinpoint's
/// `Substitutions` are: attribute values are lists, and a placeholder without an index takes the first value) or a
/// single string (a list of one, as `DefaultSubstitutions` values are written). Pinpoint documents neither form of
/// `DefaultSubstitutions` keys, so both are read: a dotted key (`{"User.UserAttributes.FirstName": "there"}`) and
/// nested objects (`{"User": {"UserAttributes": {"FirstName": "there"}}}`) name the same variable; a name given twice
/// is an error. A bracketed segment (`{{User.UserAttributes.[Last Name]}}`) is looked up with and without its
/// brackets.
public struct TemplateSubstitutions: Sendable, Hashable {
    /// Each variable's values, by dotted name.
    public var values: [String: [String]]

    /// Substitutions of `values` (none by default).
    public init(_ values: [String: [String]] = [:]) { self.values = values }

    /// Reads the JSON form; every problem is a diagnostic of `code` with `severity`, located under `path`, and the
    /// entry is left out.
    public init(
        json: JSONValue, at path: JSONPointer = .root, severity: Diagnostic.Severity = .error,
        diagnostics: inout [Diagnostic]
    ) {
        self.init()
        guard case .object(let object) = json else {
            diagnostics.append(
                Diagnostic(
                    severity, .templateSubstitutionsInvalid, at: path,
                    "substitutions must be an object of variable names and values, found \(json.typeName)"))
            return
        }
        read(object, prefix: "", at: path, severity: severity, diagnostics: &diagnostics)
    }

    private mutating func read(
        _ object: JSONObject, prefix: String, at path: JSONPointer, severity: Diagnostic.Severity,
        diagnostics: inout [Diagnostic]
    ) {
        for (key, value) in object {
            let at = path.appending(key)
            let name = prefix + key
            func invalid(_ message: String) {
                diagnostics.append(Diagnostic(severity, .templateSubstitutionsInvalid, at: at, message))
            }
            let list: [String]
            switch value {
            case .string(let text):
                list = [text]
            case .array(let items):
                let strings = items.compactMap(\.stringValue)
                guard strings.count == items.count, !strings.isEmpty else {
                    invalid("`\(name)` must be a non-empty list of strings or a string")
                    continue
                }
                list = strings
            case .object(let members):
                read(members, prefix: name + ".", at: at, severity: severity, diagnostics: &diagnostics)
                continue
            default:
                invalid("`\(name)` must be a list of strings or a string, found \(value.typeName)")
                continue
            }
            guard values[name] == nil else {
                invalid("`\(name)` is named twice (once dotted, once nested)")
                continue
            }
            values[name] = list
        }
    }

    /// True when no variable has a value.
    public var isEmpty: Bool { values.isEmpty }

    /// These values with `other`'s over them.
    package func overridden(by other: TemplateSubstitutions) -> TemplateSubstitutions {
        var merged = self
        merged.values.merge(other.values) { $1 }
        return merged
    }
}

extension DiagnosticCode {
    /// A `{{…}}` variable that no substitution names, left verbatim when a template is rendered.
    public static let templateUnrendered: DiagnosticCode = "core.template.unrendered"
    /// A Handlebars helper, block, partial or comment (`{{#if …}}`, `{{capitalize …}}`), which the tool does not
    /// render, kept verbatim when a template is rendered.
    public static let templateHelperKept: DiagnosticCode = "core.template.helper-kept"
    /// Substitutions (`--substitutions FILE`, the RPC `substitutions`, a template's `DefaultSubstitutions`) that are
    /// not an object of variable names and lists of strings (or strings).
    public static let templateSubstitutionsInvalid: DiagnosticCode = "core.template.substitutions-invalid"
}

/// One option a format declares (``FormatDescriptor/options``): its JSON name, type, default and meaning.
///
/// The format that reads an option declares it, next to a typed accessor on ``FormatOptions`` (as
/// `FormatOptions.hiveMediaKey` is declared by the Hive format); the registry collects every declared option, and
/// `FormatOptions(json:)` accepts exactly those.
public struct FormatOption: Sendable, Hashable {
    /// What values an option takes.
    public enum Kind: Sendable, Hashable {
        /// A string; when `allowed` is given, one of those.
        case string(allowed: [String]?)
        /// Any JSON value (a document, such as a catalogue).
        case json
        /// An integer no smaller than `minimum`.
        case integer(minimum: Int64)
        /// A non-empty array of strings.
        case strings
    }

    /// The JSON (camelCase) name, used by the library, the CLI's `--options` file and the RPC's `options`.
    public var name: String
    /// What values the option takes.
    public var kind: Kind
    /// The value when none is given (nil: the option is absent by default).
    public var defaultValue: JSONValue?
    /// One line on what it does and why its default was chosen.
    public var summary: String

    /// An option named `name` taking `kind` values, `defaultValue` when absent (nil: absent by default).
    public init(_ name: String, kind: Kind, default defaultValue: JSONValue? = nil, summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

/// The one options value shared by the library, the CLI (`--options FILE`) and the RPC (`options`): the values of
/// the options formats declare (``FormatOption``), each absent one at its default.
///
/// JSON form: an object with the options' camelCase names, all optional. Formats read their options through typed
/// accessors they declare (`options.hiveMediaKey`), which read ``string(_:)`` and ``value(_:)``.
public struct FormatOptions: Sendable, Hashable {
    /// The values that differ from their option's default, by option name.
    @usableFromInline var values: [String: JSONValue] = [:]

    /// Renders templates with these values when normalising, validating, rendering and converting (`--substitutions
    /// FILE` of `pushnorm normalise`, `validate`, `render` and `convert`, the RPC methods' `substitutions`): every text
    /// of the notification holding a `{{…}}` placeholder gets its variables filled in, whatever the target, and
    /// `validate` checks the rendered values. Nil (the default): nothing is rendered, placeholders are kept verbatim.
    ///
    /// Not a format's option (the `--options` file does not take it): the values join those the payload holds, in
    /// this order, each over the ones after it: an address's or endpoint's `Substitutions`, the send request's
    /// messages' `Substitutions` (a channel message's over the default messages'), these, a Pinpoint template's
    /// `DefaultSubstitutions` or a Q in Connect template's `defaultAttributes`.
    public var substitutions: TemplateSubstitutions? = nil

    /// Every option at its default.
    public init() {}

    /// The option's value, or its default.
    @inlinable public func value(_ option: FormatOption) -> JSONValue? {
        if hasOnlyDefaults { return option.defaultValue }
        return explicitValue(option.name) ?? option.defaultValue
    }

    /// A string option's value, or its default.
    @inlinable public func string(_ option: FormatOption) -> String? {
        if hasOnlyDefaults { return option.defaultValue?.stringValue }
        return (explicitValue(option.name) ?? option.defaultValue)?.stringValue
    }

    /// Sets an option (nil: back to its default).
    public mutating func set(_ option: FormatOption, _ value: JSONValue?) {
        values[option.name] = value == option.defaultValue ? nil : value
    }

    /// True when every option is at its default (the common case: accessors need no lookup).
    @inlinable public var hasOnlyDefaults: Bool { values.isEmpty }

    @usableFromInline func explicitValue(_ name: String) -> JSONValue? { values[name] }

    /// Reads the JSON form against the `declared` options. Unknown keys, wrong types and values outside an option's
    /// allowed ones are errors located under `path`.
    public init(
        json: JSONValue, at path: JSONPointer = .root, declared: [FormatOption], diagnostics: inout [Diagnostic]
    ) {
        self.init()
        guard var o = json.objectValue else {
            diagnostics.error(.wrongType, at: path, "options must be an object, found \(json.typeName)")
            return
        }
        for option in declared {
            switch option.kind {
            case .json:
                if let value = o.take(option.name) { set(option, value) }
            case .integer(let minimum):
                guard let value = o.takeInteger(option.name, at: path, &diagnostics, code: .invalidOption) else {
                    continue
                }
                guard value >= minimum else {
                    diagnostics.error(
                        .invalidOption, at: path.appending(option.name),
                        "`\(option.name)` must be at least \(minimum), found \(value)")
                    continue
                }
                set(option, .integer(value))
            case .strings:
                guard let value = o.take(option.name) else { continue }
                let strings = value.arrayValue?.compactMap(\.stringValue) ?? []
                guard !strings.isEmpty, strings.count == value.arrayValue?.count else {
                    diagnostics.error(
                        .invalidOption, at: path.appending(option.name),
                        "`\(option.name)` must be a non-empty array of strings")
                    continue
                }
                set(option, value)
            case .string(let allowed):
                guard let value = o.takeString(option.name, at: path, &diagnostics, code: .invalidOption) else {
                    continue
                }
                if let allowed, !allowed.contains(value) {
                    diagnostics.error(
                        .invalidOption, at: path.appending(option.name),
                        "`\(option.name)` must be one of \(allowed.joined(separator: ", ")); found \"\(value)\"")
                    continue
                }
                set(option, .string(value))
            }
        }
        var named = diagnostics.keysNamed(under: path)
        for key in o.keys where named.insert(key).inserted {
            diagnostics.error(.invalidOption, at: path.appending(key), "`\(key)` is not a known option")
        }
    }
}

extension DiagnosticCode {
    /// An option is unknown or has a bad value.
    public static let invalidOption: DiagnosticCode = "core.options.invalid"
}

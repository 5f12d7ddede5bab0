public import PushCore

extension FormatOptions {
    /// Reads the JSON form against the options the standard formats declare (``PushNormaliser/FormatRegistry/optionDeclarations``).
    /// Unknown keys and wrong types are errors located under `path`.
    public init(json: JSONValue, at path: JSONPointer = .root, diagnostics: inout [Diagnostic]) {
        self.init(json: json, at: path, registry: .standard, diagnostics: &diagnostics)
    }

    /// Reads the JSON form against the options the formats of `registry` declare.
    public init(
        json: JSONValue, at path: JSONPointer = .root, registry: FormatRegistry, diagnostics: inout [Diagnostic]
    ) {
        self.init(json: json, at: path, declared: registry.optionDeclarations, diagnostics: &diagnostics)
    }
}

/// Where checks put what they find: every diagnostic (``collecting``), or only whether an error was found
/// (``probing``), for a caller that needs a yes or no on the conversion path. One check routine serves both; in a
/// probe the locations and messages are never built (they are autoclosures) and warnings cost nothing.
package struct Findings {
    /// False for a probe: nothing is kept but ``hasErrors``.
    package let collects: Bool
    /// What was found, in order (empty in a probe).
    package private(set) var diagnostics: [Diagnostic] = []
    /// True once any error was found.
    package private(set) var hasErrors = false

    /// Keeps every finding.
    package static var collecting: Findings { Findings(collects: true) }
    /// Keeps only whether an error was found.
    package static var probing: Findings { Findings(collects: false) }

    private init(collects: Bool) { self.collects = collects }

    /// Records an error.
    @inlinable package mutating func error(
        _ code: DiagnosticCode, at path: @autoclosure () -> JSONPointer, _ message: @autoclosure () -> String
    ) {
        hasErrors = true
        if collects { diagnostics.append(Diagnostic(.error, code, at: path(), message())) }
    }

    /// Records a warning.
    @inlinable package mutating func warning(
        _ code: DiagnosticCode, at path: @autoclosure () -> JSONPointer, _ message: @autoclosure () -> String
    ) {
        if collects { diagnostics.append(Diagnostic(.warning, code, at: path(), message())) }
    }
}

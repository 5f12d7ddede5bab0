#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An output that could not be written, created, synced or renamed.
struct OutputError: Error {
    /// What the messages call the output: its path, or `standard output`.
    var file: String
    /// The call that failed (`write`, `fsync`, `rename`, …).
    var operation: String
    /// `errno` of the failure.
    var code: Int32

    /// The reader of a pipe went away (`EPIPE`): not a fault of ours to report, a reason to stop.
    var isClosedReader: Bool { code == EPIPE }

    var status: Int32 { isClosedReader ? ExitStatus.outputClosed : ExitStatus.outputFailed }

    /// `cannot write out.ndjson: No space left on device`.
    var message: String {
        let verb = operation == "write" ? "write" : "\(operation)"
        return "cannot \(verb) \(file): \(String(cString: strerror(code)))"
    }
}

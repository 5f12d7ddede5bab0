/// The exit statuses of every command (README, "Command line").
enum ExitStatus {
    /// Everything read was processed and everything produced was written.
    static let ok: Int32 = 0
    /// Invalid input: the payload, or some records of a batch, failed (their error records were written).
    static let invalidInput: Int32 = 1
    /// Usage: unknown command, option or format, an unreadable input, a refused `--resume`.
    static let usage: Int32 = 2
    /// An output could not be written (`ENOSPC`, `EIO`, a failed `fsync` or rename): the run stopped.
    static let outputFailed: Int32 = 3
    /// Standard output was closed by its reader (`EPIPE`, e.g. `| head`): the run stopped quietly.
    static let outputClosed: Int32 = 4
}

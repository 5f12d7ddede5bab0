#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// Entry point: dispatch to a command. Exit codes (ExitStatus): 0 ok, 1 invalid input (or some records failed),
// 2 usage, 3 output failed, 4 standard output closed by its reader. stdout carries results only; errors and
// summaries go to stderr. SIGPIPE and SIGXFSZ are ignored so a closed pipe (EPIPE) and a file-size limit (EFBIG)
// are write errors the writers handle, not a death that leaves temporary files behind.
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)
let argv = Array(CommandLine.arguments.dropFirst())
let status: Int32
var commandName: String?
do {
    let arguments = try Arguments(argv)
    commandName = arguments.spec?.name
    status = try Commands.run(arguments)
} catch {
    let help = (error.command ?? commandName).map { "pushnorm \($0) --help" } ?? "pushnorm --help"
    IO.stderr("pushnorm: \(error.message)\nRun `\(help)` for usage.\n")
    status = 2
}
exit(status)

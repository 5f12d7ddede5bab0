#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// Entry point: dispatch to a command. Exit codes: 0 ok, 1 invalid input (or some records failed),
// 2 usage. stdout carries results only; errors and summaries go to stderr.
signal(SIGPIPE, SIG_IGN)
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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import Foundation

/// One run of the `pushnorm` executable measured by the kernel: its own CPU time (user + system, from `wait4`,
/// so tests running beside it in this process do not count) and its peak resident set. For the complexity and
/// memory tests of issue 22, which compare one command with itself at two input sizes.
public struct MeasuredRun: Sendable {
    /// The exit status; minus the signal number when a signal ended it.
    public var status: Int32
    /// CPU seconds, user + system.
    public var cpuSeconds: Double
    /// Peak resident set, in KiB.
    public var peakRSSKiB: Int

    /// Runs `pushnorm arguments…` with standard input from `inputPath`, standard output to `outputPath` and
    /// standard error to `errorPath` (both `/dev/null` by default). `addressSpaceKiB` runs it under
    /// `ulimit -v` (through `/bin/sh`). `builtWithTests` runs ``PushnormExecutable/builtWithTests`` instead of
    /// ``PushnormExecutable/path``.
    public static func run(
        _ arguments: [String], inputPath: String = "/dev/null", outputPath: String = "/dev/null",
        errorPath: String = "/dev/null", addressSpaceKiB: Int? = nil, directory: String? = nil,
        builtWithTests: Bool = false
    ) throws -> MeasuredRun {
        let executable = try PushnormExecutable.requirePath(builtWithTests: builtWithTests)
        var argv = [executable] + arguments
        // The peak resident set comes from `/usr/bin/time`, whose child is forked from a small process: a process
        // spawned straight from this one (clone with shared memory, then exec) inherits this process's high-water
        // mark, and `wait4` reports that instead of its own.
        let rssPath = "/tmp/pushnorm-rss-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let timed = access("/usr/bin/time", X_OK) == 0
        if timed { argv = ["/usr/bin/time", "-f", "%M", "-o", rssPath] + argv }
        defer { if timed { unlink(rssPath) } }
        if addressSpaceKiB != nil || directory != nil {
            let limit = addressSpaceKiB.map { "ulimit -v \($0) && " } ?? ""
            let change = directory.map { "cd '\($0)' && " } ?? ""
            argv = ["/bin/sh", "-c", limit + change + "exec \"$0\" \"$@\""] + argv
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = cArguments.withUnsafeBufferPointer { pointer -> Int32 in
            guard let base = pointer.baseAddress else { return EINVAL }
            return posix_spawn(&pid, argv[0], &actions, nil, UnsafeMutablePointer(mutating: base), environ)
        }
        guard spawned == 0 else {
            throw PushnormExecutable.Missing(
                description: "posix_spawn \(argv[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        var signal = status & 0x7F
        var code = (status >> 8) & 0xFF
        var peak = usage.ru_maxrss
        if timed, let text = try? String(contentsOfFile: rssPath, encoding: .utf8) {
            // `Command terminated by signal N` / `Command exited with non-zero status N`, then the figure.
            let lines = text.split(separator: "\n")
            if let last = lines.last, let figure = Int(last.trimmingCharacters(in: .whitespaces)) { peak = figure }
            if let first = lines.first, first.hasPrefix("Command terminated by signal "),
                let number = Int32(first.dropFirst("Command terminated by signal ".count))
            {
                signal = number
                code = 0
            }
        }
        return MeasuredRun(
            status: signal == 0 ? code : -signal,
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime), peakRSSKiB: peak)
    }
}

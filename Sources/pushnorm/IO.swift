#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Small POSIX helpers: large-block reads, buffered writes, the clock, directories, the processor count. The
/// executable does without Foundation (loading it cost about 3 ms of every run's start-up).
enum IO {
    /// Reads all of a file descriptor.
    static func readAll(_ fd: Int32) -> [UInt8] {
        var out: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                out.append(contentsOf: block[0..<n])
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        return out
    }

    /// Reads at most `limit` bytes of a file descriptor (a read error throws, naming `name`).
    static func readBounded(_ fd: Int32, name: String, limit: Int) throws(Arguments.UsageError) -> [UInt8] {
        var out: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while out.count < limit {
            let want = min(block.count, limit - out.count)
            let n = block.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, want) }
            if n > 0 {
                out.append(contentsOf: block[0..<n])
            } else if n < 0 && errno == EINTR {
                continue
            } else if n < 0 {
                throw Arguments.UsageError(message: "cannot read \(name): \(String(cString: strerror(errno)))")
            } else {
                break
            }
        }
        return out
    }

    /// Reads a path, or standard input for `-` / nil: at most `limit` bytes (pass a payload limit + 1, so that
    /// a longer input is refused as too large by the parser without being read whole).
    static func readInput(_ path: String?, limit: Int = Int.max) throws(Arguments.UsageError) -> [UInt8] {
        guard let path, path != "-" else { return try readBounded(0, name: "standard input", limit: limit) }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw Arguments.UsageError(message: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw Arguments.UsageError(
                message: "\(path) is a directory, not a JSON file (convert DIR -o OUT and validate DIR take a directory"
                    + " of .json files)")
        }
        return try readBounded(fd, name: path, limit: limit)
    }

    /// Checks that `path` can be read as a file of records: it opens, and is not a directory (a directory is an
    /// input only alone: `convert DIR -o OUT`, `validate DIR`).
    static func checkReadable(_ path: String) throws(Arguments.UsageError) {
        // stat and access, not open: opening a FIFO would wait for its writer, and closing it again lose its data.
        var info = stat()
        guard stat(path, &info) == 0, access(path, R_OK) == 0 else {
            throw Arguments.UsageError(message: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            throw Arguments.UsageError(
                message: "\(path) is a directory: a directory of .json files is an input only alone "
                    + "(convert DIR -o OUT, validate DIR)")
        }
    }

    /// True when two paths name one file: the same path once their folders are resolved, or the same inode.
    static func sameFile(_ first: String, _ second: String) -> Bool {
        func resolved(_ path: String) -> String {
            let slash = path.lastIndex(of: "/")
            let folder = slash.map { String(path[..<$0]) } ?? "."
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            guard let real = realpath(folder.isEmpty ? "/" : folder, nil) else { return path }
            defer { free(real) }
            return String(cString: real) + "/" + name
        }
        if resolved(first) == resolved(second) { return true }
        var a = stat()
        var b = stat()
        return stat(first, &a) == 0 && stat(second, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// Writes all bytes; false when the descriptor is closed.
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// True when `bytes` hold nothing but JSON whitespace.
    static func isBlank(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// Writes to standard output, checked: on a failure the process ends, quietly with status 4 when the reader
    /// went away (`EPIPE`), else with the reason and status 3. For the single-payload commands, which have no
    /// working file to remove; the batch commands go through ``OutputFile`` and their sink instead.
    static func stdout(_ text: String) { writeStdout(Array(text.utf8)) }

    static func writeStdout(_ bytes: [UInt8]) {
        do { try OutputFile.standardOutput().write(bytes) } catch {
            if !error.isClosedReader { stderr("pushnorm: \(error.message)\n") }
            exit(error.status)
        }
    }
    static func stderr(_ text: String) { writeAll(2, Array(text.utf8)) }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Asks for a 1 MiB buffer when `fd` is a pipe (Linux's default is 64 KiB): the process at its other end is
    /// woken 16 times less often, which matters when it shares the cores with the workers. A refusal (the
    /// per-user limit on pipe buffers) changes nothing.
    static func widenPipe(_ fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return }
        #if os(Linux)
            let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ (fcntl.h, a GNU extension the Glibc module leaves out)
            _ = fcntl(fd, setPipeSize, Int32(1 << 20))
        #endif
    }

    /// Seconds on a monotonic clock (differences only).
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `value` with three decimals (`printf`'s `%.3f`).
    static func threeDecimals(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.3f", $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// True when `path` is a directory (or a link to one).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The names in a directory (not `.` and `..`), in no order; empty when it cannot be read.
    static func directoryEntries(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Creates a directory and any missing parents (`mkdir -p`); failures show when it is written to.
    static func makeDirectories(_ path: String) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            _ = mkdir(prefix, 0o777)
            prefix += "/"
        }
    }

    /// The processors this process may run on: its CPU affinity, capped by a cgroup CPU quota when one is set
    /// (what `--jobs` defaults to).
    static func processorCount() -> Int {
        // The affinity mask as /proc/self/status shows it (`Cpus_allowed:\t3` or `ff,ffffffff`): Glibc's module
        // does not import `sched_getaffinity` (a GNU extension).
        var count = 0
        if let status = text("/proc/self/status"),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") })
        {
            for digit in line.dropFirst("Cpus_allowed:".count) {
                count += digit.hexDigitValue?.nonzeroBitCount ?? 0
            }
        }
        if count <= 0 { count = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
        if let quota = cgroupCPUQuota() { count = min(count, max(1, Int(quota.rounded(.up)))) }
        return count
    }

    /// The text of a small file; nil when it cannot be opened.
    private static func text(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return String(decoding: readAll(fd), as: UTF8.self)
    }

    /// CPUs' worth of time a cgroup quota allows (cgroup v2 `cpu.max`, v1 `cpu.cfs_quota_us`); nil without one.
    private static func cgroupCPUQuota() -> Double? {
        if let max = text("/sys/fs/cgroup/cpu.max") {
            let fields = max.split(whereSeparator: { $0 == " " || $0 == "\n" })
            if fields.count >= 2, let quota = Double(fields[0]), let period = Double(fields[1]), period > 0 {
                return quota / period
            }
            return nil
        }
        if let quota = text("/sys/fs/cgroup/cpu/cpu.cfs_quota_us").flatMap({ Double($0.filter { !$0.isWhitespace }) }),
            let period = text("/sys/fs/cgroup/cpu/cpu.cfs_period_us").flatMap({
                Double($0.filter { !$0.isWhitespace })
            }), quota > 0, period > 0
        {
            return quota / period
        }
        return nil
    }
}

// The C call under a name `IO.readBounded` does not shadow.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }

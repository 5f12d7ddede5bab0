#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One output of a command, every call checked (a failure throws ``OutputError`` naming the file).
///
/// - Standard output, or a path that exists and is not a regular file (`/dev/null`, a FIFO): written in place.
/// - Any other path: written to a working file beside it (same directory, so same filesystem), and
///   ``commit()`` flushes it, `fsync`s it, renames it over the final name and syncs the directory. Until then
///   the final name is untouched: an existing file keeps its old content, a new one does not appear.
///   ``abandon()`` removes the working file. A resumable output's working file has a fixed name
///   (`OUT.pushnorm-partial`) and survives a killed run, to be reopened at the length a checkpoint committed.
final class OutputFile {
    /// What messages call the output: its final path, or `standard output`.
    let name: String
    /// The final path; nil for standard output.
    let path: String?
    /// Where the bytes go until ``commit()``; nil when written in place.
    let workingPath: String?
    /// True when the final name held a file when the output was opened (which a failure leaves as it was).
    private(set) var replacesExisting = false
    /// Bytes in the file: what was kept on reopening plus what was written since.
    private(set) var offset = 0
    private var fd: Int32
    private var isOpen = true

    /// Suffix of a resumable output's working file.
    static let partialSuffix = ".pushnorm-partial"

    private init(name: String, path: String?, workingPath: String?, fd: Int32, offset: Int = 0) {
        self.name = name
        self.path = path
        self.workingPath = workingPath
        self.fd = fd
        self.offset = offset
    }

    /// Standard output, written in place.
    static func standardOutput() -> OutputFile {
        OutputFile(name: "standard output", path: nil, workingPath: nil, fd: 1)
    }

    /// True when `path` can be written atomically: it does not exist or is a regular file (or a link to one).
    static func isReplaceable(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) != 0 || (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The path renames must replace: a symbolic link's target, so the link stays a link.
    private static func resolved(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, let real = realpath(path, nil) else {
            return path
        }
        defer { free(real) }
        return String(cString: real)
    }

    /// The working file of a resumable output at `path`.
    static func partialPath(for path: String) -> String { resolved(path) + partialSuffix }

    /// Opens the output `path`. `resumable`: the working file is `OUT.pushnorm-partial`; with `keeping`, an
    /// existing one is reopened and cut to that many bytes (what a checkpoint committed) instead of emptied.
    init(path: String, resumable: Bool = false, keeping: Int? = nil) throws(OutputError) {
        name = path
        guard Self.isReplaceable(path) else {
            // A device or FIFO: renaming over it would replace it; write in place.
            self.path = path
            workingPath = nil
            fd = open(path, O_WRONLY | O_TRUNC)
            guard fd >= 0 else { throw OutputError(file: path, operation: "open", code: errno) }
            return
        }
        let target = Self.resolved(path)
        self.path = target
        let working = resumable ? target + Self.partialSuffix : target + ".pushnorm-tmp-\(getpid())"
        workingPath = working
        if let keeping {
            fd = open(working, O_WRONLY)
            guard fd >= 0 else { throw OutputError(file: working, operation: "open", code: errno) }
            var info = stat()
            guard fstat(fd, &info) == 0, Int(info.st_size) >= keeping else {
                _ = posixClose(fd)
                throw OutputError(file: working, operation: "resume (shorter than its checkpoint says)", code: EINVAL)
            }
            guard ftruncate(fd, off_t(keeping)) == 0, lseek(fd, off_t(keeping), SEEK_SET) >= 0 else {
                let code = errno
                _ = posixClose(fd)
                throw OutputError(file: working, operation: "truncate", code: code)
            }
            offset = keeping
        } else {
            if !resumable { TemporaryFiles.register(working) }
            fd = open(working, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard fd >= 0 else {
                let code = errno
                TemporaryFiles.forget(working)
                throw OutputError(file: working, operation: "create", code: code)
            }
        }
        // Replacing a file keeps its permissions.
        var existing = stat()
        if stat(target, &existing) == 0 {
            replacesExisting = true
            _ = fchmod(fd, existing.st_mode & 0o7777)
        }
    }

    /// Writes all of `bytes`; ``offset`` counts what reached the file even when a later call fails.
    func write(_ bytes: [UInt8]) throws(OutputError) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { posixWrite(fd, $0.baseAddress.map { $0 + done }, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputError(file: name, operation: "write", code: errno)
            }
            done += n
            offset += n
        }
    }

    /// Flushes what was written to the device (`fsync`), for regular files (a pipe or terminal has nothing to sync).
    func sync() throws(OutputError) {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        while fsync(fd) != 0 {
            if errno == EINTR { continue }
            throw OutputError(file: name, operation: "fsync", code: errno)
        }
    }

    /// Cuts the file back to `length` bytes (a resumable output after a failure, to its last whole record).
    func truncate(to length: Int) throws(OutputError) {
        guard ftruncate(fd, off_t(length)) == 0, lseek(fd, off_t(length), SEEK_SET) >= 0 else {
            throw OutputError(file: workingPath ?? name, operation: "truncate", code: errno)
        }
        offset = length
    }

    /// Makes the output final: `fsync`, close, rename the working file over the final name, sync the directory.
    func commit() throws(OutputError) {
        try sync()
        guard fd != 1 else { return }
        try closeChecked()
        guard let workingPath, let path else { return }
        guard rename(workingPath, path) == 0 else {
            throw OutputError(file: path, operation: "rename \(workingPath) to", code: errno)
        }
        TemporaryFiles.forget(workingPath)
        Self.syncDirectory(of: path)
    }

    /// Closes the working file without renaming it: what a resumable run leaves for the next one.
    func close() throws(OutputError) {
        guard fd != 1 else { return }
        try closeChecked()
    }

    /// Gives up: closes and removes the working file (unless `keeping` it for a resume). The final name is untouched.
    func abandon(keeping: Bool = false) {
        if fd != 1 && isOpen {
            _ = posixClose(fd)
            isOpen = false
        }
        if !keeping, let workingPath {
            unlink(workingPath)
            TemporaryFiles.forget(workingPath)
        }
    }

    private func closeChecked() throws(OutputError) {
        guard isOpen else { return }
        isOpen = false
        if posixClose(fd) != 0 && errno != EINTR {
            throw OutputError(file: name, operation: "close", code: errno)
        }
    }

    /// `fsync` of the directory holding `path`, so a rename survives a crash (best effort: some filesystems refuse).
    static func syncDirectory(of path: String) {
        let directory = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        let dfd = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY)
        guard dfd >= 0 else { return }
        _ = fsync(dfd)
        _ = posixClose(dfd)
    }
}

// The C calls under names the class's own `write` and `close` do not shadow.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
private func posixClose(_ fd: Int32) -> Int32 { close(fd) }

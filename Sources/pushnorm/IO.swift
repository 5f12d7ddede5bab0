#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import Foundation

/// Small POSIX I/O helpers: large-block reads, buffered writes.
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

    /// Reads a path, or standard input for `-` / nil.
    static func readInput(_ path: String?) throws(Arguments.UsageError) -> [UInt8] {
        guard let path, path != "-" else { return readAll(0) }
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
        return readAll(fd)
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
}

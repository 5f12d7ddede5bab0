#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The working files of a run without `--resume`, removed when the process is interrupted (SIGINT, SIGTERM,
/// SIGHUP) so a stopped run leaves nothing behind. (SIGKILL cannot be caught: then the `*.pushnorm-tmp-PID` file
/// stays, never under the final name.) A resumable run's partial files are not registered: they are what the
/// next run continues.
enum TemporaryFiles {
    private static let capacity = 8
    /// Fixed slots of C strings allocated before any signal can arrive: the handler only reads them and calls
    /// `unlink`, both safe in a signal handler.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    nonisolated(unsafe) private static var installed = false

    /// Removes `path` if the process is interrupted, until ``forget(_:)``.
    static func register(_ path: String) {
        install()
        for slot in 0..<capacity where slots[slot] == nil {
            slots[slot] = strdup(path)
            return
        }
    }

    /// Removes the working files (`NAME.pushnorm-tmp-PID`) that runs killed with SIGKILL left in `folder`: those
    /// whose process is gone. `--resume` calls it, so a resumed run leaves nothing of the killed ones behind.
    static func removeStale(in folder: String) {
        let marker = ".pushnorm-tmp-"
        for name in IO.directoryEntries(folder) {
            guard let range = name.ranges(of: marker).last else { continue }
            let digits = name[range.upperBound...]
            guard !digits.isEmpty, digits.allSatisfy(\.isNumber), let pid = Int32(digits), pid != getpid() else {
                continue
            }
            // Signal 0 probes: ESRCH says no such process (EPERM: alive, another user's).
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(folder + "/" + name) }
        }
    }

    static func forget(_ path: String) {
        for slot in 0..<capacity {
            guard let entry = slots[slot], String(cString: entry) == path else { continue }
            slots[slot] = nil
            free(entry)
        }
    }

    private static func install() {
        guard !installed else { return }
        installed = true
        for number in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(number) { received in
                for slot in 0..<TemporaryFiles.capacity {
                    if let path = TemporaryFiles.slots[slot] { unlink(path) }
                }
                _ = signal(received, SIG_DFL)
                _ = raise(received)
            }
            // A signal the parent chose to ignore (a background job's SIGINT, nohup's SIGHUP) stays ignored.
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                _ = signal(number, SIG_IGN)
            }
        }
    }
}

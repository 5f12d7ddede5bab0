#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import PushCore

/// What a checkpoint remembers of an input file to tell it is the same one on resuming: size, modification
/// time and a hash (64-bit FNV-1a) of its first block.
struct InputIdentity: Hashable {
    var path: String
    var size: Int
    /// Modification time, `seconds.nanoseconds`.
    var modified: String
    /// FNV-1a of the first ``blockSize`` bytes, hexadecimal.
    var head: String

    static let blockSize = 1 << 16

    /// The identity of the file at `path` now; nil when it cannot be read.
    static func of(_ path: String) -> InputIdentity? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        var block = [UInt8](repeating: 0, count: blockSize)
        var filled = 0
        while filled < blockSize {
            let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress.map { $0 + filled }, blockSize - filled) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in block[0..<filled] {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let nanoseconds = String(info.st_mtim.tv_nsec)
        return InputIdentity(
            path: path, size: Int(info.st_size),
            modified:
                "\(info.st_mtim.tv_sec).\(String(repeating: "0", count: max(0, 9 - nanoseconds.count)))\(nanoseconds)",
            head: String(hash, radix: 16))
    }

    /// The identity of a directory input: its `.json` files' names, sizes and modification times, hashed.
    static func of(directory: String, names: [String]) -> InputIdentity {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for name in names {
            var info = stat()
            let described =
                stat(directory + "/" + name, &info) == 0
                ? "\(name)\u{0}\(info.st_size)\u{0}\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)\n" : "\(name)\u{0}-\n"
            for byte in described.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        return InputIdentity(path: directory, size: names.count, modified: "directory", head: String(hash, radix: 16))
    }

    /// How `now` differs from this identity, for the refusal message; nil when it is the same input.
    func change(to now: InputIdentity?) -> String? {
        guard let now else { return "\(path) cannot be read any more" }
        if now.size != size { return "\(path) changed size (\(size) bytes then, \(now.size) now)" }
        if now.head != head { return "the first block of \(path) changed" }
        if now.modified != modified { return "\(path) was modified (mtime \(modified) then, \(now.modified) now)" }
        return nil
    }

    var json: JSONValue {
        ["path": .string(path), "size": .integer(Int64(size)), "modified": .string(modified), "head": .string(head)]
    }

    init(path: String, size: Int, modified: String, head: String) {
        self.path = path
        self.size = size
        self.modified = modified
        self.head = head
    }

    init?(json: JSONValue) {
        guard let path = json["path"]?.stringValue, let size = json["size"]?.int64Value,
            let modified = json["modified"]?.stringValue, let head = json["head"]?.stringValue
        else { return nil }
        self.init(path: path, size: Int(size), modified: modified, head: head)
    }
}

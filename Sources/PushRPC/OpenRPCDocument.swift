import JSONCodec
public import PushCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `rpc.discover` gets the OpenRPC document.
///
/// The document is `rpc-spec/openrpc.json`, one file edited by hand and checked by the tests. SwiftPM
/// resources are avoided (bundles are awkward on Linux) and no Swift is generated, so the server reads
/// the file at start from the package root this source file was compiled in (found through `#filePath`),
/// unless `--openrpc PATH` names another copy. A binary moved away from its source tree needs `--openrpc`;
/// without the file `rpc.discover` answers -32603 and every other method works.
public enum OpenRPCDocument {
    /// `<package root>/rpc-spec/openrpc.json`, from this file's compile-time path.
    public static let defaultPath: String = {
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        // …/<root>/Sources/PushRPC/OpenRPCDocument.swift → …/<root>
        components.removeLast(min(3, components.count))
        return components.joined(separator: "/") + "/rpc-spec/openrpc.json"
    }()

    /// Reads and parses the document at `path`.
    public static func load(path: String) -> Result<JSONValue, RPCError> {
        guard let bytes = readFile(path) else {
            return .failure(
                RPCError(
                    .internalError, "the OpenRPC document is unavailable: cannot read \(path) (use --openrpc PATH)",
                    data: ["path": .string(path)]))
        }
        do {
            return .success(try JSONParser(maximumBytes: 16 << 20).parse(bytes))
        } catch {
            return .failure(
                RPCError(
                    .internalError, "the OpenRPC document \(path) is not valid JSON", diagnostics: [error.diagnostic()])
            )
        }
    }

    /// The whole file, or nil.
    static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes.append(contentsOf: block[0..<count])
        }
    }
}

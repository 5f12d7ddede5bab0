#if canImport(Glibc)
    import Glibc
#endif
import CFuzzerDriver
import FuzzSupport
import JSONCodec
import PushCore
import PushNormaliser
import PushRPC

// The command line's own sources (`CLI`, a link to Sources/pushnorm, without its main.swift) compiled into this
// target: what is fuzzed is the code `pushnorm` runs, not a copy.

/// The options document of the current input, written once per input to a file `--options` can name.
private let optionsPath: String = {
    "/tmp/pushnorm-fuzz-cli-options-\(getpid()).json"
}()

/// libFuzzer entry point: command-line arguments and an options document (issue 22). The input is three parts
/// separated by two NUL bytes: the arguments (separated by one NUL; `@OPTIONS` stands for a file holding the second
/// part), the options document, and a payload. The arguments are parsed against the option tables; whatever parses
/// has its whole-number options, parser limits, server options and format options read as the commands read them;
/// then the payload is converted to every format with those options. Nothing may trap (arithmetic on hostile
/// numbers included), and a usage error must name something.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCLIArguments(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let parts = split(bytes, separator: [0, 0], limit: 3)
    let argv = (parts.first ?? []).split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self) == "@OPTIONS" ? optionsPath : String(decoding: $0, as: UTF8.self)
    }
    let options = parts.count > 1 ? parts[1] : []
    let payload = parts.count > 2 ? parts[2] : []
    writeOptions(options)
    defer { unlink(optionsPath) }

    let arguments: Arguments
    do {
        arguments = try Arguments(argv)
        try arguments.checkOperands()
    } catch {
        FuzzOracle.require(!error.message.isEmpty, "a usage error without a message")
        return 0
    }
    var formatOptions = FormatOptions()
    do {
        let normaliser = try arguments.normaliser()
        FuzzOracle.require(normaliser.parser.maximumBytes >= 1, "a parser limit below 1")
        if arguments.spec?.name == "rpc" {
            let server = try RPCCommand.serverOptions(arguments)
            FuzzOracle.require(server.maxMessageBytes >= 1 && server.maxMessageBytes <= 1 << 30, "message limit")
            FuzzOracle.require(server.maxBatchReplyBytes >= 1 && server.maxBatchReplyBytes <= 1 << 30, "reply limit")
        } else if arguments.values["--jobs"] != nil {
            let jobs = try BatchCommand.jobs(arguments)
            FuzzOracle.require(jobs >= 1 && jobs <= Arguments.maximumJobs, "--jobs \(jobs) out of its range")
        }
        formatOptions = try Commands.options(arguments)
    } catch {
        FuzzOracle.require(!error.message.isEmpty, "a usage error without a message")
    }
    // The options, however they came, applied to the payload in every format.
    let normaliser = Normaliser()
    guard let notification = try? normaliser.normalise(payload, format: "auto", options: formatOptions) else {
        return 0
    }
    for format in FormatRegistry.standard.descriptors.map(\.name) {
        _ = try? normaliser.render(notification.notification, format: format, options: formatOptions)
        _ = try? normaliser.convert(
            payload, from: "auto", to: format, strict: false, allowInvalid: true, options: formatOptions)
    }
    return 0
}

/// Writes the options document where `@OPTIONS` points.
private func writeOptions(_ bytes: [UInt8]) {
    let fd = open(optionsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

/// `bytes` split at each `separator`, into at most `limit` parts (the last holds the rest).
private func split(_ bytes: [UInt8], separator: [UInt8], limit: Int) -> [[UInt8]] {
    var parts: [[UInt8]] = []
    var start = 0
    var index = 0
    while index + separator.count <= bytes.count && parts.count < limit - 1 {
        if Array(bytes[index..<(index + separator.count)]) == separator {
            parts.append(Array(bytes[start..<index]))
            index += separator.count
            start = index
        } else {
            index += 1
        }
    }
    parts.append(Array(bytes[start...]))
    return parts
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver.
@_cdecl("FuzzCLIArguments_main")
public func fuzzCLIArgumentsMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    cfuzzer_run_driver(argc, argv)
}

import Testing

@testable import PushRPC

/// The `pushnorm rpc` flags.
@Suite struct RPCServerOptionsTests {
    @Test func defaults() throws {
        let options = try RPCServerOptions(arguments: [])
        #expect(options.maxMessageBytes == 1 << 20)
        #expect(options.logLevel == .warning)
        #expect(options.logFileDescriptor == 2)
        #expect(options.openRPCPath == nil)
        #expect(options.readBlockSize >= 64 * 1024)
    }

    @Test func flagsWithSeparateAndInlineValues() throws {
        let options = try RPCServerOptions(arguments: [
            "--max-message-bytes", "2048", "--log-level=debug", "--openrpc", "/x.json",
        ])
        #expect(options.maxMessageBytes == 2048)
        #expect(options.logLevel == .debug)
        #expect(options.openRPCPath == "/x.json")
    }

    @Test(arguments: [
        ["--max-message-bytes", "0"], ["--max-message-bytes", "-1"], ["--max-message-bytes", "big"],
        ["--max-message-bytes"],
        ["--log-level", "verbose"], ["--nope"], ["positional"],
    ])
    func badFlagsThrow(arguments: [String]) {
        #expect(throws: RPCOptionsError.self) { try RPCServerOptions(arguments: arguments) }
    }

    @Test func logLevelsAreOrdered() {
        #expect(RPCLogLevel.allCases.sorted() == [.error, .warning, .info, .debug])
    }
}

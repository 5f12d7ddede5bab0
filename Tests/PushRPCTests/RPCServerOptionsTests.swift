import Foundation
import JSONCodec
import PushCore
import Testing

@testable import PushRPC

/// The server's settings (the `pushnorm rpc` options are parsed by the executable's option table and checked in
/// CommandLineTests).
@Suite struct RPCServerOptionsTests {
    @Test func defaults() {
        let options = RPCServerOptions()
        #expect(options.maxMessageBytes == 1 << 20)
        #expect(options.logLevel == .warning)
        #expect(options.logFileDescriptor == 2)
        #expect(options.openRPCPath == nil)
        #expect(options.defaultFormatOptions.isEmpty)
        #expect(options.readBlockSize >= 64 * 1024)
    }

    @Test func logLevelsAreOrdered() {
        #expect(RPCLogLevel.allCases.sorted() == [.error, .warning, .info, .debug])
    }

    @Test func serverWideDefaultOptionsApplyAndACallsOptionsOverrideThemByKey() throws {
        var options = RPCTestSupport.quiet
        options.defaultFormatOptions = JSONObject(uniqueKeysWithValues: [
            ("amazonMediaPlacement", "data"), ("amazonMediaKey", "media"),
        ])
        let server = RPCServer(options: options)
        let payload: JSONValue = [
            "aps": ["alert": "hi"], "payload": #"{"image_attachment":"https://x.example/a.jpg"}"#,
        ]
        let placed = try RPCTestSupport.result(
            "convert", ["payload": payload, "from": "zego", "to": "amazon"], server: server)
        #expect(placed["payload"]?["data"]?["media"] == "https://x.example/a.jpg")
        let overridden = try RPCTestSupport.result(
            "convert",
            ["payload": payload, "from": "zego", "to": "amazon", "options": ["amazonMediaPlacement": "top"]],
            server: server)
        #expect(overridden["payload"]?["media"] == "https://x.example/a.jpg")
        // A bad key in a call is still located under /options.
        let error = try RPCTestSupport.error(
            "convert", ["payload": payload, "to": "amazon", "options": ["nope": 1]], server: server)
        #expect(RPCTestSupport.code(error) == -32602)
    }

    @Test func aLogDescriptorThatBlocksDropsLinesInsteadOfBlockingTheCaller() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let logger = RPCLogger(level: .debug, fileDescriptor: fds[1], bufferBytes: 4096)
        // Nobody reads the pipe (64 KiB) yet: 10 000 lines of 100 bytes cannot all fit, and logging must not wait.
        let line = String(repeating: "x", count: 80)
        for _ in 0..<10_000 { logger.log(.debug, line) }
        let dropped = try #require(logger.sink).droppedCount
        #expect(dropped > 9_000)
        // Now read: the queued lines and the drop report arrive; the write end closes only after the sink is done,
        // so no write ever meets a closed pipe.
        // A thread of its own, not the global queue: with the whole suite running in parallel, the queue's
        // threads can all be busy, and a reader that never starts would make the sink give up on the pipe.
        let readerDone = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var received: [UInt8] = []
        let readEnd = fds[0]
        let reader = Thread {
            var block = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = block.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                received += block[0..<count]
            }
            readerDone.signal()
        }
        reader.start()
        #expect(logger.finish() == dropped)
        close(fds[1])
        readerDone.wait()
        close(fds[0])
        let text = String(decoding: received, as: UTF8.self)
        #expect(
            text.hasSuffix("pushnorm rpc: warning: \(dropped) log lines dropped: stderr was not read fast enough\n"))
        #expect(text.split(separator: "\n").count == 10_000 - dropped + 1)
    }
}

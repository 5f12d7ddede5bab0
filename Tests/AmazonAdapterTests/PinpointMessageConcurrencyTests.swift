import AmazonAdapter
import Dispatch
import PushCore
import Testing

/// Pinpoint's tables read from several threads at once, as `convert --jobs N` and the batch converter do. Under
/// ThreadSanitizer, `make test-tsan` reads them so (Tests/Concurrency's ConcurrencyCheck and `convert --jobs 4
/// --to pinpoint-message`): an empty `PinpointMessageHooks` was passed to the engine `inout` at an undefined address
/// (the engine's shared type metadata), which TSan reported as three access races in `WireTable.read` once g21 was
/// merged.
@Suite("pinpoint-message: tables read concurrently")
struct PinpointMessageConcurrencyTests {
    /// An APNSMessage with every kind of line: scalars, both hooks, a wrong type and an unmodelled key.
    static let value: JSONValue = [
        "Title": "Hello", "Body": "World", "MediaUrl": "https://cdn.example.com/a.png", "Badge": 3,
        "Sound": "chime.caf", "ThreadId": "t-1", "Category": "INVITE", "SilentPush": false, "Priority": "10",
        "Unknown": ["k": "v"], "TimeToLive": "wrong",
    ]
    static var message: JSONObject { value.objectValue ?? JSONObject() }

    /// One read: the notification, the keys left over and every finding.
    static func read(_ message: JSONObject) -> (PushNotification, JSONObject, [Diagnostic], [String]) {
        var rest = message
        var n = PushNotification()
        var context = NormaliseContext()
        PinpointMessageFields.read(from: &rest, at: JSONPointer(tokens: ["APNSMessage"]), into: &n, context: &context)
        let provenance = context.provenance.map { "\($0.key) <- \($0.value)" }.sorted()
        return (n, rest, context.diagnostics, provenance)
    }

    @Test func readsOnManyThreadsAgreeWithOneRead() {
        #expect(Self.message.count == 11)
        let expected = Self.read(Self.message)
        #expect(expected.0.title == "Hello" && expected.0.media.first?.url == "https://cdn.example.com/a.png")
        #expect(expected.3.contains("/media/0 <- /APNSMessage/MediaUrl"))
        let rounds = 64
        let agreed = Agreement(count: rounds)
        DispatchQueue.concurrentPerform(iterations: rounds) { round in
            var same = true
            for _ in 0..<20 {
                let read = Self.read(Self.message)
                same =
                    same && read.0 == expected.0 && read.1 == expected.1 && read.2 == expected.2
                    && read.3 == expected.3
            }
            agreed.set(round, same)
        }
        #expect(agreed.all)
    }

    /// A hooks type with no storage gets an undefined address when the engine takes it `inout` (see above).
    @Test func pinpointHooksHaveStorage() {
        #expect(MemoryLayout<PinpointMessageHooks>.size > 0)
        #expect(MemoryLayout<PinpointGCMHooks>.size > 0)
    }
}

/// One flag per round, each set by its own thread.
private final class Agreement: @unchecked Sendable {
    private var flags: UnsafeMutableBufferPointer<Bool>

    init(count: Int) { flags = .allocate(capacity: count); flags.initialize(repeating: false) }
    deinit { flags.deallocate() }

    func set(_ round: Int, _ value: Bool) { flags[round] = value }
    var all: Bool { flags.allSatisfy { $0 } }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A mutex with one condition variable (POSIX), and plain threads to wait on it: what ``BatchPipeline`` needs,
/// without Foundation.
///
/// Invariant that makes the `@unchecked Sendable` safe: the mutex and the condition are allocated once, never
/// moved, and only used through the `pthread_*` calls, which are made for sharing between threads.
final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits for ``signal()`` or ``broadcast()`` (the lock held before and after; spurious wake-ups happen).
    func wait() { pthread_cond_wait(condition, mutex) }
    func signal() { pthread_cond_signal(condition) }
    func broadcast() { pthread_cond_broadcast(condition) }

    /// Starts a detached thread running `body`, with an 8 MiB stack (as a dispatch worker's: the parser and the
    /// writers recurse once per nesting level); false when no thread could be started.
    static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 8 << 20)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, &attributes,
            { context in
                guard let context else { return nil }
                Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, context)
        if started != 0 { Unmanaged<ThreadBody>.fromOpaque(context).release() }
        return started == 0
    }
}

/// What a thread started by ``ConditionLock/detach(_:)`` runs.
private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

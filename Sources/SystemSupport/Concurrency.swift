import Glibc
import Synchronization

/// Work on a thread of its own, whose result only its maker collects with `wait` (even on failure, so the thread is always joined). The work must
/// not wait for the caller: when no thread can be started (a limit on threads or memory) it runs inside `wait`, slower but still complete.
package final class BackgroundWork<Value: Sendable> {
    private let body: @Sendable () -> Value
    private let result = JoinedResult<Value>()
    /// The work's thread, until `wait` joins it.
    private var thread: pthread_t?

    /// Starts `body` on a new thread, if one can be had.
    package init(_ body: @escaping @Sendable () -> Value) {
        self.body = body
        let result = self.result
        // Signals go to the importing thread, which handles them (see `Interruption`).
        thread = startThread { result.value = body() }
    }

    /// Waits for the work to finish (doing it here if it had no thread) and returns its result.
    package func wait() -> Value {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        if result.value == nil { result.value = body() }
        return result.value!
    }
}

/// The result of a `BackgroundWork`. Unchecked Sendable without a lock: the thread that sets `value` is joined, which
/// orders its write before anything else reads or writes it.
private final class JoinedResult<Value: Sendable>: @unchecked Sendable {
    var value: Value?
}

/// A flag one thread sets and clears and others read, such as "stop now".
package final class AtomicFlag: Sendable {
    private let value = Atomic<Bool>(false)

    package init() {}

    package func set() { value.store(true, ordering: .relaxed) }
    package func clear() { value.store(false, ordering: .relaxed) }
    package var isSet: Bool { value.load(ordering: .relaxed) }
}

/// Starts `body` on a new thread that gets no signals; nil if none can start (a limit on threads or memory). Join it.
func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let started = Interruption.blockingSignals {
        pthread_create(
            &thread, nil,
            { context in
                Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
    }
    guard started == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        return nil
    }
    return thread
}

/// A closure for a new thread to run, passed through the C thread API.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

import Glibc
import Synchronization

/// Work running on a thread of its own, whose result is collected with `wait`.
///
/// An import hashes its input with one of these while it reads and writes on its own thread,
/// and waits for it whether it succeeds or fails, so the thread is always joined.
/// The work must not wait for anything the caller does: when the system cannot start another
/// thread (a limit on threads or memory), it runs on the caller's thread inside `wait`, so the
/// import is slower but still completes.
///
/// Only the thread that made it calls `wait`.
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

@available(*, unavailable)
extension BackgroundWork: Sendable {}

/// The result of a `BackgroundWork`, which its thread sets.
///
/// Unchecked: it needs no lock, because the thread that sets `value` is joined (which orders
/// its writes before whatever follows the join) before anything else reads or writes it.
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

/// Starts `body` on a new thread, which signals are not delivered to (they go to the others);
/// nil when the system cannot start a thread (a limit on threads or memory). Join it.
package func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
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

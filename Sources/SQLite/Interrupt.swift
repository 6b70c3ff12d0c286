internal import CSQLite3
import Glibc
import Synchronization
import SystemSupport

/// The part of a connection other threads and signal handlers may use: it only stores to an atomic and calls `sqlite3_interrupt`, the one SQLite
/// call allowed from any thread. It closes the connection when it goes, so no thread interrupts a closed connection.
package final class InterruptHandle: Interruptible, Sendable {
    private let connection: ConnectionPointer
    private let interrupted = Atomic<Bool>(false)

    init(_ connection: OpaquePointer) { self.connection = ConnectionPointer(pointer: connection) }

    /// Runs once neither the `Database` nor any other thread has the connection.
    deinit { sqlite3_close_v2(connection.pointer) }

    /// Stops the connection's work as soon as possible: the running statement, every later one (but `transaction`'s
    /// rollback) and any wait for another connection's lock fail with `.interrupted`.
    package func interrupt() {
        interrupted.store(true, ordering: .relaxed)
        sqlite3_interrupt(connection.pointer)
    }

    /// Stops only the statement running now (for a time limit): later ones run as usual.
    func interruptStatement() { sqlite3_interrupt(connection.pointer) }

    package var isInterrupted: Bool { interrupted.load(ordering: .relaxed) }
}

/// A connection's pointer. Unchecked Sendable: `InterruptHandle` passes it only to `sqlite3_interrupt` (any thread, while open) and to
/// `sqlite3_close_v2` once nothing else has the connection; everything else goes through the `Database`, on one thread.
private struct ConnectionPointer: @unchecked Sendable {
    let pointer: OpaquePointer
}

extension Database {
    package var isInterrupted: Bool { interruptHandle.isInterrupted }

    /// Calls `waiting` once, on the thread that waits, when this connection has waited for
    /// another connection's locks for `duration` in all: to say why nothing seems to happen.
    package func whenWaitingForALock(after duration: Duration, _ waiting: @escaping () -> Void) {
        callbacks.lockWait.announceAfter = duration
        callbacks.lockWait.announce = waiting
    }

    /// Makes statements wait for other connections' locks up to `limit` for all waits together: SQLite asks again for a lock it could not get (at
    /// each spill of a full cache), so a limit per wait would never end. Then later waits fail with `.busy`; an interrupt gives up at once.
    func waitWhenBusy(upTo limit: Duration) {
        callbacks.lockWait.limit = limit
        callbacks.lockWait.connection = handle
        let context = Unmanaged.passUnretained(callbacks).toOpaque()
        sqlite3_busy_handler(
            handle,
            { context, attempt in
                let callbacks = Unmanaged<Callbacks>.fromOpaque(context!).takeUnretainedValue()
                guard callbacks.interruptHandle?.isInterrupted != true else { return 0 }
                let left = callbacks.lockWait.limit - callbacks.lockWait.waited
                guard left > .zero else {
                    // A lock SQLite only tries for (a spill of the cache) gives up quietly and tries
                    // again later: stopping the statement makes the end of the wait an end.
                    callbacks.lockWait.expired = true
                    sqlite3_interrupt(callbacks.lockWait.connection)
                    return 0
                }
                if callbacks.lockWait.waited >= callbacks.lockWait.announceAfter, let announce = callbacks.lockWait.announce {
                    callbacks.lockWait.announce = nil
                    announce()
                }
                // Short sleeps at first, as SQLite's own: most locks are held briefly.
                let pause = min(.milliseconds([1, 2, 5, 10, 20, 50][min(Int(attempt), 5)]), left)
                let start = MonotonicClock.now()
                let (seconds, attoseconds) = pause.components
                usleep(useconds_t(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
                callbacks.lockWait.waited += max(MonotonicClock.duration(from: start, to: MonotonicClock.now()), pause)
                return 1
            }, context)
    }

    /// Whether this connection gave up waiting for a lock (`waitWhenBusy`): the statement it stopped reports
    /// `.interrupted`, which is reported as `.busy`.
    var gaveUpWaitingForALock: Bool { callbacks.lockWait.expired }
}

/// How long a connection has waited for other connections' locks, and may.
struct LockWait {
    /// The connection, to stop its statement when the time is spent.
    var connection: OpaquePointer?
    /// The most all waits may take, and what they have taken.
    var limit = Duration.zero
    var waited = Duration.zero
    var expired = false
    /// Called once after `announceAfter` of waiting.
    var announce: (() -> Void)?
    var announceAfter = Duration.zero
}

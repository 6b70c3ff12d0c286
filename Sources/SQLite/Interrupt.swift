internal import CSQLite3
import Synchronization
import SystemSupport

import Glibc

/// The part of a connection that other threads and signal handlers may use: it only stores to
/// an atomic and calls `sqlite3_interrupt`, the one SQLite call allowed from any thread (the
/// sqlite3 shell's own Ctrl-C handler makes it).
package final class InterruptHandle: Interruptible {
    private let connection: ConnectionPointer
    private let interrupted = Atomic<Bool>(false)

    init(_ connection: OpaquePointer) { self.connection = ConnectionPointer(pointer: connection) }

    /// Stops the connection's work as soon as possible: the statement running fails with
    /// `.interrupted`, and so does every statement run afterwards (but the rollback of
    /// `transaction`) and any wait for another connection's lock.
    package func interrupt() {
        interrupted.store(true, ordering: .relaxed)
        sqlite3_interrupt(connection.pointer)
    }

    /// Stops only the statement running now (for a time limit): later ones run as usual.
    package func interruptStatement() { sqlite3_interrupt(connection.pointer) }

    /// Whether `interrupt` has been called.
    package var isInterrupted: Bool { interrupted.load(ordering: .relaxed) }
}

/// A connection's pointer, for the one call SQLite allows from any thread: `sqlite3_interrupt`.
private struct ConnectionPointer: @unchecked Sendable {
    let pointer: OpaquePointer
}

extension Database {
    /// Stops the work of this connection as soon as possible (see `InterruptHandle.interrupt`).
    package func interrupt() { interruptHandle.interrupt() }

    /// Whether `interrupt` has been called.
    package var isInterrupted: Bool { interruptHandle.isInterrupted }

    /// Calls `waiting` once, on the thread that waits, when this connection has waited for
    /// another connection's locks for `seconds` in all: to say why nothing seems to happen.
    package func whenWaitingForALock(after seconds: Double, _ waiting: @escaping () -> Void) {
        callbacks.lockWait.announceAfter = Int(seconds * 1000)
        callbacks.lockWait.announce = waiting
    }

    /// Makes the statements of this connection that meet another connection's lock wait for it,
    /// as SQLite's own busy timeout does, but `milliseconds` for all their waits together: SQLite
    /// asks again for a lock it could not get (for each spill of a full page cache, say), and a
    /// limit for each wait would have no end. Once the time is spent, the statement running
    /// stops and fails with `.busy`, and so does any later wait. It gives up at once when the
    /// connection is interrupted.
    func waitWhenBusy(upTo milliseconds: Int32) {
        callbacks.lockWait.limit = Int(milliseconds)
        callbacks.lockWait.connection = handle
        let context = Unmanaged.passUnretained(callbacks).toOpaque()
        sqlite3_busy_handler(handle, { context, attempt in
            let callbacks = Unmanaged<Callbacks>.fromOpaque(context!).takeUnretainedValue()
            guard callbacks.interruptHandle?.isInterrupted != true else { return 0 }
            let left = callbacks.lockWait.limit - callbacks.lockWait.waited
            guard left > 0 else {
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
            let pause = min([1, 2, 5, 10, 20, 50][min(Int(attempt), 5)], left)
            let start = MonotonicClock.milliseconds()
            usleep(useconds_t(pause * 1000))
            callbacks.lockWait.waited += max(MonotonicClock.milliseconds() - start, pause)
            return 1
        }, context)
    }

    /// Whether this connection gave up waiting for another connection's lock (see
    /// `waitWhenBusy`): a statement it stopped for that reports `.interrupted`, which is
    /// reported as `.busy`.
    var gaveUpWaitingForALock: Bool { callbacks.lockWait.expired }
}

/// How long a connection has waited for other connections' locks, and may.
struct LockWait {
    /// The connection, to stop its statement when the time is spent.
    var connection: OpaquePointer?
    /// The most all waits may take, and what they have taken, in milliseconds.
    var limit = 0
    var waited = 0
    /// Whether the time was spent.
    var expired = false
    /// Called once after `announceAfter` milliseconds of waiting.
    var announce: (() -> Void)?
    var announceAfter = 0
}

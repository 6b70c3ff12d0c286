import CSQLite3
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Database {
    /// Stops the work of this connection as soon as possible: the statement running fails with
    /// `.interrupted`, and so does every statement run afterwards (but the rollback of
    /// `transaction`) and any wait for another connection's lock. May be called from any
    /// thread, and from a signal handler (it only stores to an atomic and calls
    /// `sqlite3_interrupt`, as the sqlite3 shell's own Ctrl-C handler does).
    public func interrupt() {
        callbacks.interrupted.store(true, ordering: .relaxed)
        sqlite3_interrupt(handle)
    }

    /// Whether `interrupt` has been called.
    public var isInterrupted: Bool { callbacks.interrupted.load(ordering: .relaxed) }

    /// Makes a statement that meets another connection's lock wait for it, up to `milliseconds`,
    /// as SQLite's own busy timeout does, but gives up at once when the connection is
    /// interrupted.
    func waitWhenBusy(upTo milliseconds: Int32) {
        callbacks.busyTimeout = Int(milliseconds)
        let context = Unmanaged.passUnretained(callbacks).toOpaque()
        sqlite3_busy_handler(handle, { context, attempt in
            let callbacks = Unmanaged<Callbacks>.fromOpaque(context!).takeUnretainedValue()
            if attempt == 0 { callbacks.busySince = Callbacks.monotonicMilliseconds() }
            let waited = Callbacks.monotonicMilliseconds() - callbacks.busySince
            guard !callbacks.interrupted.load(ordering: .relaxed), waited < callbacks.busyTimeout else { return 0 }
            // Short sleeps at first, as SQLite's own: most locks are held briefly.
            let pause = min([1, 2, 5, 10, 20, 50][min(Int(attempt), 5)], callbacks.busyTimeout - waited)
            usleep(useconds_t(pause * 1000))
            return 1
        }, context)
    }
}

extension Callbacks {
    static func monotonicMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}

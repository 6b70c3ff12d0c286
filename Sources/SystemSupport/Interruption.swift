import Glibc
import Synchronization

/// Work stopped by a signal: Ctrl-C (SIGINT), SIGTERM or SIGHUP.
package struct Interrupted: Error, Equatable, Sendable {
    /// The signal's number.
    package let signal: Int32

    /// "SIGINT", "SIGTERM" or "SIGHUP".
    package var signalName: String {
        switch signal {
        case SIGINT: "SIGINT (Ctrl-C)"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }

    /// The exit status shells give a process a signal ended: 128 plus the signal's number
    /// (130 for SIGINT, 143 for SIGTERM).
    package var exitStatus: Int32 { 128 + signal }
}

/// Signals caught while an import runs, so that it stops promptly and cleanly instead of dying
/// half way: the database connection it writes with is interrupted (SQLite then rolls the
/// transaction back), the reading stops at the next record and the hashing at the next block.
package enum Interruption {
    /// The signals caught.
    package static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// The first signal received while catching, 0 for none.
    private static let received = Atomic<Int32>(0)
    /// What a signal stops, unretained (nil for none): the handler touches nothing but atomics
    /// and `Interruptible.interrupt`. Set and cleared around the work it guards, which keeps it
    /// alive meanwhile.
    private static let target = Atomic<Unmanaged<InterruptTarget>?>(nil)

    /// Whether a signal has asked the work to stop.
    package static var isRequested: Bool { request != nil }

    /// The signal that asked the work to stop, if one did (it may have come too late to stop it).
    package static var request: Interrupted? {
        let signal = received.load(ordering: .relaxed)
        return signal == 0 ? nil : Interrupted(signal: signal)
    }

    /// Throws `Interrupted` once a signal has arrived.
    package static func check() throws(Interrupted) {
        if let request { throw request }
    }

    /// Runs `body` with `signals` caught, except those the process was told to ignore (as
    /// `nohup` or a shell's background job does), which stay ignored. The first one stops the
    /// work, which then throws `Interrupted` (whatever error the stop surfaced as); a second
    /// one ends the process at once, as it would have without moonshot (SQLite's journal still
    /// restores the database). Work that finished despite a signal (it was committing) returns
    /// its result. The previous handling of each signal is restored afterwards.
    package static func catchingSignals<T>(_ body: () throws -> T) throws -> T {
        received.store(0, ordering: .relaxed)
        target.store(nil, ordering: .relaxed)
        prepareHandler()
        let previous = signals.map { number in
            let old = signal(number, handle)
            if unsafeBitCast(old, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(number, SIG_IGN) }
            return old
        }
        defer { for (number, handler) in zip(signals, previous) { signal(number, handler) } }
        do {
            return try body()
        } catch {
            try check()
            throw error
        }
    }

    /// Runs `body`, during which a signal interrupts `work`.
    package static func interrupting<T>(_ work: any Interruptible, _ body: () throws -> T) throws -> T {
        let box = InterruptTarget(work)
        return try withExtendedLifetime(box) {
            target.store(Unmanaged.passUnretained(box), ordering: .releasing)
            defer { target.store(nil, ordering: .releasing) }
            if isRequested { work.interrupt() }
            return try body()
        }
    }

    /// Runs `body` on a thread that signals are not delivered to (they go to the others): for
    /// a thread started from inside `body`, which inherits that.
    package static func blockingSignals<T>(_ body: () -> T) -> T {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for number in signals { sigaddset(&blocked, number) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    private static let handle: @convention(c) (Int32) -> Void = { number in
        _ = received.compareExchange(expected: 0, desired: number, ordering: .relaxed)
        signal(number, SIG_DFL)
        interrupt(target.load(ordering: .acquiring))
    }

    /// The handler's last step: stops the work `target` holds, if any.
    private static func interrupt(_ target: Unmanaged<InterruptTarget>?) {
        target?.takeUnretainedValue().work.interrupt()
    }

    /// Takes each step of `handle` once, outside any signal handler and to no effect, before
    /// the handler is installed. The Swift runtime makes a type's metadata when code first
    /// needs it (an unoptimized build needs it for generic types such as `Unmanaged`), and makes
    /// it with malloc: in a handler, a signal that arrived inside malloc would wait for malloc's
    /// lock forever (an import stopped by SIGTERM once hung so).
    private static func prepareHandler() {
        _ = received.compareExchange(expected: Int32.min, desired: Int32.min, ordering: .relaxed)
        _ = target.load(ordering: .acquiring)
        let idle = InterruptTarget(NoWork())
        withExtendedLifetime(idle) { interrupt(Unmanaged.passUnretained(idle)) }
    }
}

/// Work that ignores being stopped, for `prepareHandler`.
private final class NoWork: Interruptible {
    func interrupt() {}
}

/// Work that a signal handler may stop: `interrupt` must only store to atomics and call
/// functions that are safe in a signal handler (such as `sqlite3_interrupt`).
package protocol Interruptible: AnyObject, Sendable {
    func interrupt()
}

/// An `Interruptible` in a class of its own, for its address to be kept in an atomic.
private final class InterruptTarget: Sendable {
    let work: any Interruptible
    init(_ work: any Interruptible) { self.work = work }
}

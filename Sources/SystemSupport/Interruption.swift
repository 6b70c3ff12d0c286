import Glibc
import Synchronization

/// Work stopped by a signal: Ctrl-C (SIGINT), SIGTERM or SIGHUP.
package struct Interrupted: Error, Equatable, Sendable {
    package let signal: Int32

    package var signalName: String {
        switch signal {
        case SIGINT: "SIGINT (Ctrl-C)"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }

    /// The exit status shells give a process a signal ended: 128 plus the signal's number.
    package var exitStatus: Int32 { 128 + signal }
}

/// Signals caught while work that changes files runs, so that it stops promptly and cleanly: its connection is interrupted (SQLite rolls the
/// transaction back), the reading stops at the next record and the hashing at the next block.
package enum Interruption {
    package static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// The first signal received while catching, 0 for none.
    private static let received = Atomic<Int32>(0)
    /// What a signal stops, unretained (nil for none), so the handler touches nothing but atomics and
    /// `Interruptible.interrupt`; `interrupting` sets it and keeps it alive meanwhile.
    private static let target = Atomic<Unmanaged<InterruptTarget>?>(nil)

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

    /// Runs `body` with `signals` caught (unless ignored, as under `nohup`): the first stops the work, which throws `Interrupted` unless it
    /// committed; a second ends the process at once (SQLite's journal restores the database).
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

    /// Runs `body` with the signals blocked on this thread, for a thread started inside it to inherit the block.
    static func blockingSignals<T>(_ body: () -> T) -> T {
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

    /// Takes each step of `handle` once, to no effect, before it is installed: the runtime mallocs type metadata on first use (`Unmanaged`,
    /// unoptimized), and in a handler a signal that arrived inside malloc would wait for malloc's lock forever (a SIGTERM'd import hung so).
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

/// Work a signal handler may stop: `interrupt` may only store to atomics and call signal-safe functions
/// (`sqlite3_interrupt`).
package protocol Interruptible: AnyObject, Sendable {
    func interrupt()
}

/// An `Interruptible` in a class of its own, for its address to be kept in an atomic.
private final class InterruptTarget: Sendable {
    let work: any Interruptible
    init(_ work: any Interruptible) { self.work = work }
}

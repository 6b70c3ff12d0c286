import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Work stopped by a signal: Ctrl-C (SIGINT), SIGTERM or SIGHUP.
public struct Interrupted: Error, Equatable, Sendable {
    /// The signal's number.
    public let signal: Int32

    /// "SIGINT", "SIGTERM" or "SIGHUP".
    public var signalName: String {
        switch signal {
        case SIGINT: "SIGINT (Ctrl-C)"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }

    /// The exit status shells give a process a signal ended: 128 plus the signal's number
    /// (130 for SIGINT, 143 for SIGTERM).
    public var exitStatus: Int32 { 128 + signal }
}

/// Signals caught while an import runs, so that it stops promptly and cleanly instead of dying
/// half way: the database connection it writes with is interrupted (SQLite then rolls the
/// transaction back), the reading stops at the next record and the hashing at the next block.
public enum Interruption {
    /// The signals caught.
    public static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// The first signal received while catching, 0 for none.
    private static let received = Atomic<Int32>(0)
    /// The connection a signal interrupts, unretained (0 for none): the handler touches nothing
    /// but atomics. Set and cleared around the work that writes with it.
    private static let target = Atomic<UInt>(0)

    /// Whether a signal has asked the work to stop.
    public static var isRequested: Bool { request != nil }

    /// The signal that asked the work to stop, if one did (it may have come too late to stop it).
    public static var request: Interrupted? {
        let signal = received.load(ordering: .relaxed)
        return signal == 0 ? nil : Interrupted(signal: signal)
    }

    /// Throws `Interrupted` once a signal has arrived.
    public static func check() throws(Interrupted) {
        if let request { throw request }
    }

    /// Runs `body` with `signals` caught, except those the process was told to ignore (as
    /// `nohup` or a shell's background job does), which stay ignored. The first one stops the
    /// work, which then throws `Interrupted` (whatever error the stop surfaced as); a second
    /// one ends the process at once, as it would have without moonshot (SQLite's journal still
    /// restores the database). Work that finished despite a signal (it was committing) returns
    /// its result. The previous handling of each signal is restored afterwards.
    public static func catchingSignals<T>(_ body: () throws -> T) throws -> T {
        received.store(0, ordering: .relaxed)
        target.store(0, ordering: .relaxed)
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

    /// Runs `body`, during which a signal interrupts `database`.
    static func interrupting<T>(_ database: Database, _ body: () throws -> T) throws -> T {
        try withExtendedLifetime(database) {
            target.store(UInt(bitPattern: Unmanaged.passUnretained(database).toOpaque()), ordering: .releasing)
            defer { target.store(0, ordering: .releasing) }
            if isRequested { database.interrupt() }
            return try body()
        }
    }

    /// Runs `body` on a thread that signals are not delivered to (they go to the others): for
    /// a thread started from inside `body`, which inherits that.
    static func blockingSignals<T>(_ body: () -> T) -> T {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for number in signals { sigaddset(&blocked, number) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    private static let handle: @convention(c) (Int32) -> Void = { number in
        _ = received.compareExchange(expected: 0, desired: number, ordering: .relaxed)
        signal(number, SIG_DFL)
        let bits = target.load(ordering: .acquiring)
        if bits != 0 { Unmanaged<Database>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue().interrupt() }
    }
}

internal import CSQLite3
import Glibc
import SystemSupport

/// A time limit on the statements a connection runs inside `run`, however many calls of `run`
/// share it (a command that asks several questions keeps to one limit), set when it is made.
/// A statement still running at the limit throws an error with code `.interrupted`; a `run`
/// begun later than a second after the limit throws that at once.
///
/// A progress handler stops a statement between SQLite's instructions. One instruction can take
/// any time, though (`instr()` of long text is one), so an alarm (a timer's signal to this
/// thread) also interrupts the connection at the limit, which ends the long instructions that
/// heed an interrupt; and if `stuckAfter` later a step of a statement is still inside SQLite, it
/// calls `whenStuck` in the signal handler, which may end the process (a reader's, which leaves
/// nothing half done). Time spent in `run` outside SQLite (writing rows to a slow reader, say)
/// counts towards the limit, and the next step stops. Without a timer to be had, only the
/// progress handler keeps the limit. Like its connection, it is used by the one thread that made it.
package final class TimeLimit {
    /// How long after the limit a step still inside SQLite counts as stuck.
    package static let stuckAfter = Duration.seconds(1)

    private let database: Database
    private let deadline: timespec
    /// Whether a `run` is under way: the alarm acts only then, never on what the connection
    /// runs outside.
    private let running = AtomicFlag()
    private var alarm: Alarm?

    /// Sets the limit, `limit` from now. `whenStuck` runs in a signal handler: it may only do
    /// what is safe there (`write`, `_exit`).
    package init(_ limit: Duration, on database: Database, whenStuck: (@Sendable () -> Void)? = nil) {
        self.database = database
        let now = MonotonicClock.now()
        deadline = MonotonicClock.time(limit, after: now)
        let connection = database.interruptHandle
        let running = self.running
        var steps = [Alarm.Step(after: limit) { if running.isSet { connection.interruptStatement() } }]
        if let whenStuck {
            let stepping = database.callbacks.stepping
            steps.append(
                Alarm.Step(after: limit + Self.stuckAfter) {
                    if running.isSet && stepping.isSet { whenStuck() }
                })
        }
        alarm = Alarm(steps)
    }

    deinit { alarm?.cancel() }

    /// Runs `body` within the limit.
    package func run<T>(_ body: () throws -> T) throws -> T {
        let callbacks = database.callbacks
        callbacks.deadline = deadline
        let context = Unmanaged.passUnretained(callbacks).toOpaque()
        // Called every 10,000 virtual machine instructions: cheap, and often enough.
        sqlite3_progress_handler(
            database.handle, 10_000,
            { context in
                guard let deadline = Unmanaged<Callbacks>.fromOpaque(context!).takeUnretainedValue().deadline else { return 0 }
                return MonotonicClock.duration(from: MonotonicClock.now(), to: deadline) < .zero ? 1 : 0
            }, context)
        running.set()
        defer {
            running.clear()
            sqlite3_progress_handler(database.handle, 0, nil, nil)
            callbacks.deadline = nil
        }
        // The alarm's steps are over: nothing would stop one long call.
        if MonotonicClock.duration(from: MonotonicClock.now(), to: deadline) < .zero - Self.stuckAfter {
            throw SQLiteError(.interrupted, message: "interrupted")
        }
        return try body()
    }
}

@available(*, unavailable)
extension TimeLimit: Sendable {}

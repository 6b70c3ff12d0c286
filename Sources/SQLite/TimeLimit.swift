internal import CSQLite3
import Glibc
import SystemSupport

/// A time limit on the statements a connection runs inside `run`, however many calls share it. A progress handler stops statements, and as one
/// instruction can take any time (`instr()`), an alarm interrupts the connection, then calls `whenStuck` in its signal handler `stuckAfter` later.
package final class TimeLimit {
    /// How long after the limit a step still inside SQLite counts as stuck.
    package static let stuckAfter = Duration.seconds(1)

    private let database: Database
    private let deadline: timespec
    /// Whether a `run` is under way: the alarm acts only then, never on what the connection runs outside.
    private let running = AtomicFlag()
    private var alarm: Alarm?

    /// `whenStuck` runs in a signal handler, so it may only do what is safe there (`write`, `_exit`).
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

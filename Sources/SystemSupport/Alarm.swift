import Glibc

/// Actions run on a thread of their own, each a given time after the alarm was set, until it
/// is cancelled: for a time limit that must hold even while the thread it guards is busy in one
/// long call. Only the thread that set it cancels it; its own thread runs the steps.
package final class Alarm {
    /// An action and when it is due, after the alarm was set.
    package struct Step: Sendable {
        package let after: Duration
        package let action: @Sendable () -> Void

        package init(after: Duration, action: @escaping @Sendable () -> Void) {
            self.after = after
            self.action = action
        }
    }

    private let clock = AlarmClock()
    private var thread: pthread_t?

    /// Sets the alarm: starts a thread that runs `steps` in order, each when it is due. Returns
    /// nil when the system cannot start a thread (a limit on threads or memory).
    package init?(_ steps: [Step]) {
        let run = AlarmRun(clock: clock, steps: steps)
        // Signals go to the guarded thread, which handles them (see `Interruption`).
        guard let thread = startThread(run.run) else { return nil }
        self.thread = thread
    }

    /// Cancels the steps not yet run and waits for the thread to end.
    package func cancel() {
        clock.cancel()
        if let thread { pthread_join(thread, nil) }
        thread = nil
    }

    deinit { cancel() }
}

@available(*, unavailable)
extension Alarm: Sendable {}

/// The time the alarm was set, and a cancellation its thread can wait for.
///
/// Unchecked: `start` is a constant, and `cancelled`, the only variable, is read and written
/// only with `mutex` locked.
private final class AlarmClock: @unchecked Sendable {
    let start: timespec
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Guarded by `mutex`.
    private var cancelled = false

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        start = MonotonicClock.now()
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func cancel() {
        pthread_mutex_lock(mutex)
        cancelled = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Waits until `duration` after `start`, or a cancellation; returns whether the time came first.
    func wait(until duration: Duration) -> Bool {
        var due = MonotonicClock.time(duration, after: start)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !cancelled {
            if pthread_cond_timedwait(condition, mutex, &due) == ETIMEDOUT { return !cancelled }
        }
        return false
    }
}

/// What the alarm's thread runs.
private final class AlarmRun: Sendable {
    let clock: AlarmClock
    let steps: [Alarm.Step]

    init(clock: AlarmClock, steps: [Alarm.Step]) {
        self.clock = clock
        self.steps = steps
    }

    func run() {
        for step in steps {
            guard clock.wait(until: step.after) else { return }
            step.action()
        }
    }
}

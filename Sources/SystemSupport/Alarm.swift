import CSystem
import Glibc

/// Actions run at given times after the alarm was set, until it is cancelled, even while the
/// thread that set it is busy in one long call: a POSIX timer signals that thread (SIGALRM),
/// and the actions run in its signal handler. No thread is started, so a question that ends in
/// milliseconds pays five system calls for it. The actions must be safe in a signal handler:
/// store to atomics, call `sqlite3_interrupt`, `write` or `_exit`. Setting it unblocks SIGALRM
/// on its thread (a process may start with it blocked), and only that thread cancels it.
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

    /// Retained while the timer may fire: the handler finds it through the signal's value.
    private let schedule: Unmanaged<AlarmSchedule>
    /// The timer (the first a process makes is a null pointer), until `cancel` deletes it.
    private let timer: timer_t?
    private var isSet = true

    /// Sets the alarm: a timer that signals this thread when each of `steps` is due, in order.
    /// Returns nil when the system has no timer to give (a limit on signals queued).
    package init?(_ steps: [Step]) {
        guard let first = steps.first else { return nil }
        AlarmSchedule.installHandler()
        var alarm = sigset_t()
        sigemptyset(&alarm)
        sigaddset(&alarm, SIGALRM)
        pthread_sigmask(SIG_UNBLOCK, &alarm, nil)
        let schedule = AlarmSchedule(steps: steps, start: MonotonicClock.now())
        var event = sigevent()
        event.sigev_notify = Int32(SIGEV_THREAD_ID)
        event.sigev_signo = SIGALRM
        event._sigev_un._tid = moonshot_thread_id()
        let retained = Unmanaged.passRetained(schedule)
        event.sigev_value.sival_ptr = retained.toOpaque()
        var timer: timer_t? = nil
        guard timer_create(CLOCK_MONOTONIC, &event, &timer) == 0 else {
            retained.release()
            return nil
        }
        schedule.timer = timer
        self.schedule = retained
        self.timer = timer
        schedule.arm(for: first)
    }

    /// Cancels the steps not yet run. Once it returns, none runs: a signal the timer queued for
    /// this thread, which does not block it, is handled before `timer_delete` returns (and
    /// Linux 6.13 and later take it back with the timer).
    package func cancel() {
        guard isSet else { return }
        timer_delete(timer)
        isSet = false
        schedule.release()
    }

    deinit { cancel() }
}

@available(*, unavailable)
extension Alarm: Sendable {}

/// An alarm's steps and the next one due, which only its signal handler, on the alarm's
/// thread, advances.
///
/// Unchecked: after `init` it is read and written only in the signal handler of the one thread
/// its timer signals, which does not run two at once.
private final class AlarmSchedule: @unchecked Sendable {
    let steps: [Alarm.Step]
    let start: timespec
    /// Set once the timer is made (the first a process makes is a null pointer).
    var timer: timer_t? = nil
    var next = 0

    init(steps: [Alarm.Step], start: timespec) {
        self.steps = steps
        self.start = start
    }

    /// Sets the timer to fire when `step` is due.
    func arm(for step: Alarm.Step) {
        var due = itimerspec()
        due.it_value = MonotonicClock.time(step.after, after: start)
        timer_settime(timer, TIMER_ABSTIME, &due, nil)
    }

    /// Runs the step due, and sets the timer for the one after it.
    func fire() {
        guard next < steps.count else { return }
        let step = steps[next]
        next += 1
        step.action()
        if next < steps.count { arm(for: steps[next]) }
    }

    /// Installs the SIGALRM handler, once for the process, having run its code once outside
    /// any handler (an empty step): the Swift runtime makes a type's metadata with malloc when
    /// code first needs it, and in a handler, a signal that arrived inside malloc would wait
    /// for malloc's lock forever. A SIGALRM that no timer sent (`kill -ALRM`) still ends the
    /// process, as it would without the handler.
    static func installHandler() { _ = installed }

    private static let installed: Void = {
        let idle = AlarmSchedule(steps: [Alarm.Step(after: .zero) {}], start: MonotonicClock.now())
        withExtendedLifetime(idle) { handle(Unmanaged.passUnretained(idle).toOpaque()) }
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { _, info, _ in
            guard let info, info.pointee.si_code == SI_TIMER else {
                signal(SIGALRM, SIG_DFL)
                raise(SIGALRM)
                return
            }
            let saved = errno
            defer { errno = saved }
            AlarmSchedule.handle(info.pointee._sifields._timer.si_sigval.sival_ptr)
        }
        action.sa_flags = SA_SIGINFO | SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGALRM, &action, nil)
    }()

    /// The handler's work: fires the schedule the signal's value points to.
    private static func handle(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        Unmanaged<AlarmSchedule>.fromOpaque(pointer).takeUnretainedValue().fire()
    }
}

import CSystem
import Glibc

/// Runs actions at given times, even while its thread is busy in one long call: a POSIX timer sends that thread SIGALRM and the actions run in
/// the handler, so they must be signal-safe (atomics, `sqlite3_interrupt`, `write`, `_exit`). It starts no thread; only its thread cancels it.
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
    /// Optional because the first timer a process makes is a null pointer; `cancel` deletes it.
    private let timer: timer_t?
    private var isSet = true

    /// Signals this thread as each step falls due; nil when the system has no timer to give (queued-signal limit).
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

    /// Cancels the steps not yet run; none runs after it returns, since a signal queued for this (unblocked) thread is
    /// handled before `timer_delete` returns (Linux 6.13 and later also discard it with the timer).
    package func cancel() {
        guard isSet else { return }
        timer_delete(timer)
        isSet = false
        schedule.release()
    }

    deinit { cancel() }
}

/// An alarm's steps and the next one due. Unchecked Sendable: after `init` only the signal handler of the one thread
/// its timer signals reads or writes it, and that handler never runs twice at once.
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

    func arm(for step: Alarm.Step) {
        var due = itimerspec()
        due.it_value = MonotonicClock.time(step.after, after: start)
        timer_settime(timer, TIMER_ABSTIME, &due, nil)
    }

    func fire() {
        guard next < steps.count else { return }
        let step = steps[next]
        next += 1
        step.action()
        if next < steps.count { arm(for: steps[next]) }
    }

    /// Installs the SIGALRM handler once, after running its code once outside any handler: the runtime mallocs type metadata on first use, and in a
    /// handler a signal that arrived inside malloc would wait for its lock forever. A SIGALRM no timer sent still ends the process.
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

import Glibc

/// The system's monotonic clock, which a change of the time of day does not move: for deadlines and waits.
package enum MonotonicClock {
    package static func now() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now
    }

    package static func time(_ duration: Duration, after start: timespec) -> timespec {
        let (seconds, attoseconds) = duration.components
        var time = start
        time.tv_sec += Int(seconds)
        time.tv_nsec += Int(attoseconds / 1_000_000_000)
        if time.tv_nsec >= 1_000_000_000 {
            time.tv_sec += 1
            time.tv_nsec -= 1_000_000_000
        }
        return time
    }

    /// The time from `start` to `end` (negative when `end` came first).
    package static func duration(from start: timespec, to end: timespec) -> Duration {
        .seconds(end.tv_sec - start.tv_sec) + .nanoseconds(end.tv_nsec - start.tv_nsec)
    }

}

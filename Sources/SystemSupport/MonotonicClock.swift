import Glibc

/// The system's monotonic clock, which a change of the time of day does not move: for
/// deadlines and waits.
package enum MonotonicClock {
    package static func now() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now
    }

    /// The time `seconds` after `start`.
    package static func time(_ seconds: Double, after start: timespec) -> timespec {
        var time = start
        let whole = seconds.rounded(.down)
        time.tv_sec += Int(whole)
        time.tv_nsec += Int((seconds - whole) * 1e9)
        if time.tv_nsec >= 1_000_000_000 {
            time.tv_sec += 1
            time.tv_nsec -= 1_000_000_000
        }
        return time
    }

    /// The seconds from `start` to `end` (negative when `end` came first).
    package static func seconds(from start: timespec, to end: timespec) -> Double {
        Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    /// Now, in milliseconds from a fixed point in the past.
    package static func milliseconds() -> Int {
        let now = now()
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
